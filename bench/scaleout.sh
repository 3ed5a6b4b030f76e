#!/bin/sh
# scaleout.sh -- the seen-set job over COPIES copies of the URL lists, four ways, timed:
#   the tool alone (curi normalize, one process), the shell pipeline with GNU parallel
#   (-j 1 and -j 2), and examples/dask_dedup.py on a LocalCluster of 1 and of 2 workers.
#
#   PYTHONPATH=build/python sh bench/scaleout.sh [CURI [DATA [COPIES]]]
#
# CURI defaults to build/curi, DATA to ../shared/data/urls, COPIES to 8.  Each copy of a file
# is the same lines, so the distinct count is that of one copy while every line is still
# parsed, normalized, shuffled and deduplicated.  Numbers go to stdout; the inputs and outputs
# live in a temporary directory that is removed at the end.  docs/scale-out.md has a run.
# SPDX-License-Identifier: MIT
set -eu
CURI=${CURI:-${1:-build/curi}}
DATA=${2:-../shared/data/urls}
COPIES=${3:-8}
PY=${PYTHON:-/usr/bin/python3}
here=$(cd "$(dirname "$0")/.." && pwd)
CURI=$(cd "$(dirname "$CURI")" && pwd)/$(basename "$CURI")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/in"
i=0
while [ $i -lt "$COPIES" ]; do
    for f in "$DATA"/*.txt; do
        # each copy ends with '\n', so that the concatenation below keeps lines apart
        { cat "$f"; tail -c1 "$f" | od -An -c | grep -q '\\n' || echo; } >"$tmp/in/$i-$(basename "$f")"
    done
    i=$((i + 1))
done
cat "$tmp"/in/*.txt >"$tmp/all.txt"
lines=$(wc -l <"$tmp/all.txt")
bytes=$(wc -c <"$tmp/all.txt")
echo "input: $COPIES copies of $DATA/*.txt: $lines lines, $bytes bytes"

t() { # label command...: wall seconds of the command, its output's last line
    label=$1; shift
    s=$(date +%s.%N)
    out=$("$@" | tail -n1)
    e=$(date +%s.%N)
    secs=$(echo "$e - $s" | bc)
    printf '%-44s %8.2f s %10.0f lines/s   %s\n' "$label" "$secs" "$(echo "$lines / $secs" | bc)" "$out"
}
export LC_ALL=C
t "curi normalize >/dev/null (1 process)" sh -c "'$CURI' normalize <'$tmp/all.txt' >/dev/null 2>&1; echo"
t "curi normalize | sort -u | wc -l" sh -c "'$CURI' normalize <'$tmp/all.txt' 2>/dev/null | sort -u | wc -l"
for j in 1 2; do
    t "parallel -j$j --pipepart --block 8M | sort -u" sh -c \
        "parallel --will-cite -j$j --pipepart --block 8M -a '$tmp/all.txt' '$CURI' normalize 2>/dev/null | sort -u | wc -l"
done
for w in 1 2; do
    rm -rf "$tmp/out"
    t "dask_dedup.py, LocalCluster of $w worker(s)" "$PY" "$here/examples/dask_dedup.py" \
        --workers "$w" --out "$tmp/out" --split-out 4 "$tmp"/in/*.txt
done
