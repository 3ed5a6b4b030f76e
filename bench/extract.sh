#!/bin/sh
# extract.sh -- curi extract against grep -oE and linkify-it on two corpora, and its peak
# memory on inputs made to defeat a line or candidate buffer.
#
#   sh bench/extract.sh CURI [MB]          (make bench-extract; not part of make check)
#
# The corpora, in $BENCH_EXTRACT_DIR (default build/bench-extract):
#   sparse  the machine's /usr/share/doc/*/copyright and changelog files (gzipped ones
#           decompressed) concatenated, then repeated until it holds at least MB megabytes
#           (default 190: once, on a Debian machine with a few hundred packages);
#   dense   URL-dense prose: each URL of the data files kasztp.txt and debian_homepages.txt
#           (../shared/data/urls, or $BENCH_URLS) set in one of six sentences, in <...>,
#           "...", (...), or running text before ',' or '.', repeated to at least 90 MB.
# Each tool reads the corpus once, from a file, writing to a file:
#   curi extract < corpus
#   LC_ALL=C grep -oE 'https?://[^][:space:]<>"()]+' corpus     (a simple URL regex)
#   linkify-it (npm), with fuzzyLink and fuzzyEmail off, over the corpus in 4 MB pieces cut
#   at line ends: only when node and npm are there; the package is installed into
#   $BENCH_EXTRACT_DIR/node (never into the source tree).
# Each row gives the wall time of that one run, the CPU time (user + system) and the peak
# memory (maximum resident set, from /usr/bin/time when it is there), and the URI count; then
# grep's time over curi's, by wall and by CPU time (one run each: on a loaded machine the
# CPU ratio is the steadier one).  Last, curi extract's peak memory on 1 GB of the sparse
# corpus with its newlines made spaces and on a 100 MB run of URI characters, both made
# on the fly through a pipe.
# SPDX-License-Identifier: MIT
set -u
curi=${1:?usage: extract.sh CURI [MB]}
mb=${2:-190}
work=${BENCH_EXTRACT_DIR:-build/bench-extract}
here=$(cd "$(dirname "$0")" && pwd)
urls=${BENCH_URLS:-$here/../../shared/data/urls}
mkdir -p "$work" && work=$(cd "$work" && pwd) || exit 2
sparse=$work/corpus.txt
dense=$work/dense.txt
base=$work/base.txt
gnutime=
[ -x /usr/bin/time ] && gnutime=/usr/bin/time

if [ ! -s "$sparse" ] || [ "$(wc -c <"$sparse")" -lt $((mb * 1000000)) ]; then
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
    : >"$sparse"
    while [ "$(wc -c <"$sparse")" -lt $((mb * 1000000)) ]; do
        cat "$base" >>"$sparse"
    done
    rm -f "$base"
fi

if [ ! -s "$dense" ] && [ -s "$urls/kasztp.txt" ] && [ -s "$urls/debian_homepages.txt" ]; then
    LC_ALL=C awk '{
        sub(/^\357\273\277/, ""); sub(/\r$/, ""); u = $0; k = NR % 6
        if (k == 0) printf "See %s for details.\n", u
        else if (k == 1) printf "The sources live in <%s>; mirrors are listed there.\n", u
        else if (k == 2) printf "Homepage (%s), bug tracker and mailing list: %s, %s\n", u, u, u
        else if (k == 3) printf "  * Update the watch file to \"%s\" (closes: #%d).\n", u, NR
        else if (k == 4) printf "Documentation: %s and %s.\n", u, u
        else printf "It was fetched from %s, then verified.\n", u
    }' "$urls/kasztp.txt" "$urls/debian_homepages.txt" >"$base"
    : >"$dense"
    while [ "$(wc -c <"$dense")" -lt 90000000 ]; do
        cat "$base" >>"$dense"
    done
    rm -f "$base"
fi

now() { date +%s.%N; }
# run NAME COMMAND...: run once (stdin from /dev/null), output to $work/out; leaves the
# wall seconds in $wall, CPU seconds in $cpu, peak KB in $kb ("-" without /usr/bin/time),
# and prints a table row.
run() {
    name=$1
    shift
    t0=$(now)
    if [ -n "$gnutime" ]; then
        $gnutime -f '%U %S %M' -o "$work/time" "$@" >"$work/out" 2>"$work/err" </dev/null
    else
        "$@" >"$work/out" 2>"$work/err" </dev/null
    fi
    rc=$?
    t1=$(now)
    wall=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }')
    cpu=- kb=-
    if [ -n "$gnutime" ]; then
        cpu=$(tail -n 1 "$work/time" | awk '{ printf "%.2f", $1 + $2 }')
        kb=$(tail -n 1 "$work/time" | awk '{ print $3 }')
    fi
    n=$(wc -l <"$work/out")
    awk -v name="$name" -v s="$wall" -v cpu="$cpu" -v kb="$kb" -v b="$bytes" -v n="$n" \
        -v rc="$rc" 'BEGIN {
        printf "| %s | %.2f | %s | %.0f | %s | %d |%s\n", name, s, cpu, b / s / 1e6,
            (kb == "-" ? "-" : sprintf("%.1f", kb / 1024)), n, (rc > 1 ? " exit " rc : "")
    }'
}

# table FILE TITLE: every tool over FILE, then grep's time over curi extract's.
table() {
    file=$1
    bytes=$(wc -c <"$file")
    echo "$2: $bytes bytes ($(wc -l <"$file") lines)"
    echo
    echo "| tool | seconds | CPU s | MB/s | peak MB | URIs |"
    echo "|---|---:|---:|---:|---:|---:|"
    run "curi extract" sh -c "exec \"$curi\" extract <\"$file\""
    cw=$wall cc=$cpu ckb=$kb
    run "curi extract --complete" sh -c "exec \"$curi\" extract --complete <\"$file\""
    run "grep -oE (LC_ALL=C)" env LC_ALL=C grep -oE 'https?://[^][:space:]<>"()]+' "$file"
    gw=$wall gc=$cpu gkb=$kb
    if command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1; then
        if [ ! -d "$work/node/node_modules/linkify-it" ]; then
            npm install --silent --no-audit --no-fund --prefix "$work/node" linkify-it \
                >/dev/null 2>&1
        fi
        if [ -d "$work/node/node_modules/linkify-it" ]; then
            run "linkify-it $(node -p "require('$work/node/node_modules/linkify-it/package.json').version" 2>/dev/null)" \
                env NODE_PATH="$work/node/node_modules" node "$here/extract_linkify.cjs" "$file"
        else
            echo "linkify-it: npm install failed: SKIPPED"
        fi
    else
        echo "linkify-it: node or npm not found: SKIPPED"
    fi
    echo
    awk -v cw="$cw" -v gw="$gw" -v cc="$cc" -v gc="$gc" -v ckb="$ckb" -v gkb="$gkb" 'BEGIN {
        printf "grep / curi extract: %.2fx by wall time", gw / cw
        if (cc != "-" && cc > 0)
            printf ", %.2fx by CPU time", gc / cc
        if (ckb != "-")
            printf "; peak memory %.1f MB (grep %.1f MB)", ckb / 1024, gkb / 1024
        printf "\n"
    }'
    echo
}

table "$sparse" "sparse: /usr/share/doc copyright and changelog files"
if [ -s "$dense" ]; then
    table "$dense" "dense: URL-dense prose from kasztp.txt and debian_homepages.txt"
else
    echo "dense: no $urls/kasztp.txt: SKIPPED"
    echo
fi

# peak NAME PRODUCER: curi extract's peak memory on PRODUCER's output.
peak() {
    if [ -z "$gnutime" ]; then
        echo "peak memory ($1): no /usr/bin/time: SKIPPED"
        return
    fi
    sh -c "$2" | $gnutime -f '%M' -o "$work/time" "$curi" extract >"$work/out" 2>"$work/err"
    awk -v name="$1" -v kb="$(tail -n 1 "$work/time")" -v n="$(wc -l <"$work/out")" \
        'BEGIN { printf "curi extract peak memory, %s: %.1f MB (%d URIs)\n", name, kb / 1024, n }'
}
peak "1 GB without newlines" \
    "n=0; while [ \$n -lt 1000000000 ]; do tr '\\n' ' ' <\"$sparse\"; n=\$((n + $(wc -c <"$sparse"))); done | head -c 1000000000"
peak "a 100 MB run of URI characters" \
    "printf 'see http://'; head -c 100000000 /dev/zero | tr '\\0' a; printf ' end\\n'"
