#!/bin/sh
# extract.sh -- curi extract against grep -oE and linkify-it on a large text corpus.
#
#   sh bench/extract.sh CURI [MB]          (make bench-extract; not part of make check)
#
# The corpus is the machine's /usr/share/doc/*/copyright and changelog files (gzipped ones
# decompressed) concatenated, then repeated until it holds at least MB megabytes (default
# 300), in $BENCH_EXTRACT_DIR (default build/bench-extract).  Each tool reads it once, from a
# file, writing to a file; the wall time of that one run is reported with its URI count:
#   curi extract < corpus
#   LC_ALL=C grep -oE 'https?://[^][:space:]<>"()]+' corpus     (a simple URL regex)
#   linkify-it (npm), with fuzzyLink and fuzzyEmail off, over the corpus in 4 MB pieces cut
#   at line ends: only when node and npm are there; the package is installed into
#   $BENCH_EXTRACT_DIR/node (never into the source tree).
# SPDX-License-Identifier: MIT
set -u
curi=${1:?usage: extract.sh CURI [MB]}
mb=${2:-300}
work=${BENCH_EXTRACT_DIR:-build/bench-extract}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$work" && work=$(cd "$work" && pwd) || exit 2
corpus=$work/corpus.txt
base=$work/base.txt

if [ ! -s "$corpus" ] || [ "$(wc -c <"$corpus")" -lt $((mb * 1000000)) ]; then
    : >"$base"
    for f in /usr/share/doc/*/copyright /usr/share/doc/*/changelog*; do
        [ -f "$f" ] || continue
        case $f in
        *.gz) gzip -dc "$f" >>"$base" 2>/dev/null ;;
        *) cat "$f" >>"$base" ;;
        esac
    done
    if [ ! -s "$base" ]; then
        echo "bench-extract: no copyright or changelog files under /usr/share/doc: SKIPPED"
        exit 0
    fi
    : >"$corpus"
    while [ "$(wc -c <"$corpus")" -lt $((mb * 1000000)) ]; do
        cat "$base" >>"$corpus"
    done
fi
bytes=$(wc -c <"$corpus")

now() { date +%s.%N; }
# row NAME COMMAND...: run once, print a table row.
row() {
    name=$1
    shift
    t0=$(now)
    "$@" >"$work/out" 2>"$work/err"
    rc=$?
    t1=$(now)
    n=$(wc -l <"$work/out")
    awk -v name="$name" -v t0="$t0" -v t1="$t1" -v b="$bytes" -v n="$n" -v rc="$rc" 'BEGIN {
        s = t1 - t0
        printf "| %s | %.2f | %.0f | %d |%s\n", name, s, b / s / 1e6, n, (rc > 1 ? " exit " rc : "")
    }'
}

echo "corpus: $bytes bytes ($(wc -l <"$corpus") lines) from /usr/share/doc copyright and changelog files"
echo
echo "| tool | seconds | MB/s | URIs |"
echo "|---|---:|---:|---:|"
row "curi extract" sh -c "\"$curi\" extract <\"$corpus\""
row "curi extract --complete" sh -c "\"$curi\" extract --complete <\"$corpus\""
row "grep -oE (LC_ALL=C)" env LC_ALL=C grep -oE 'https?://[^][:space:]<>"()]+' "$corpus"
if command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1; then
    if [ ! -d "$work/node/node_modules/linkify-it" ]; then
        npm install --silent --no-audit --no-fund --prefix "$work/node" linkify-it >/dev/null 2>&1
    fi
    if [ -d "$work/node/node_modules/linkify-it" ]; then
        row "linkify-it $(node -p "require('$work/node/node_modules/linkify-it/package.json').version" 2>/dev/null)" \
            env NODE_PATH="$work/node/node_modules" node "$here/extract_linkify.cjs" "$corpus"
    else
        echo "linkify-it: npm install failed: SKIPPED"
    fi
else
    echo "linkify-it: node or npm not found: SKIPPED"
fi
