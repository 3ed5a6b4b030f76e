#!/bin/sh
# clean-web.sh -- issue 11's speed target measured on what it names: clean web URLs.
#
#   sh bench/clean-web.sh [BUILD_DIR] [FILE...]        (make bench-clean-web)
#
# Keeps the lines of FILE... (default ../shared/data/urls/*.txt) that are http, https, ws or
# wss URLs with no finding at all (`curi check --json`), then times curi-check beside
# curi-parse on them (one run of curi-bench, thread CPU time) and, when valgrind is there,
# counts their instructions per line (bench/instr.sh).  The target: curi-check at most 3x
# curi-parse.
# SPDX-License-Identifier: MIT
set -eu

b=${1:-build}
[ $# -gt 0 ] && shift
if [ $# -eq 0 ]; then
    set -- ../shared/data/urls/*.txt
fi
for f in "$@"; do
    if [ ! -f "$f" ]; then
        echo "clean-web.sh: no data file $f" >&2
        exit 2
    fi
done
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
sub="$dir/clean-web.txt"

# One JSON object per line; keep the inputs of the web URLs without findings.
cat "$@" | "$b/curi" check --json --fail-on none | /usr/bin/python3 -c '
import json, sys
out = open(sys.argv[1], "w")
for line in sys.stdin:
    o = json.loads(line)
    u = o.get("input")
    if u is not None and not o["findings"] and \
            u.lower().startswith(("http://", "https://", "ws://", "wss://")):
        out.write(u + "\n")
' "$sub"
echo "clean web URLs: $(wc -l < "$sub") of $(cat "$@" | wc -l) lines"
"$b/curi-bench" --rounds 5 --no-node --only curi-parse,curi-check "$sub"
if command -v valgrind >/dev/null 2>&1; then
    sh bench/instr.sh --only curi-parse,curi-check "$b/curi-bench" "$sub"
fi
