#!/bin/sh
# report.sh -- merge a curi-bench CSV and a bench/instr.sh CSV into one markdown table per file.
#
#   sh bench/report.sh build/bench.csv [build/instr.csv]
#
# Columns: median ns/URL and MB/s from the timed run; instructions/URL from perf (the timed
# run's own column) or else from callgrind (the second CSV); and both ratios to the curi
# runner of the same operation (parse, normalize, resolve, relative, url; node-url is compared
# with curi-url, the same WHATWG parse and href).
# SPDX-License-Identifier: MIT
set -eu
if [ $# -lt 1 ]; then
    echo "usage: sh bench/report.sh BENCH_CSV [INSTR_CSV]" >&2
    exit 2
fi
icsv=${2:-/dev/null}

awk -F, '
function op(r) {
    if (r == "node-canparse") return "parse"
    sub(/^[a-z]+-/, "", r)
    return r
}
FNR == 1 { next }
FILENAME == ARGV[1] { instr[$1 "," $2] = $3; next }
{
    key = $1 "," $2
    if (!($1 in seen)) { seen[$1] = 1; files[++nf] = $1 }
    rows[$1, ++nr[$1]] = $2
    ns[key] = $3; mb[key] = $4
    if ($5 != "") instr[key] = $5
}
END {
    for (f = 1; f <= nf; f++) {
        file = files[f]
        printf "\n#### %s\n\n", file
        print "| runner | ns/URL | MB/s | instructions/URL | time vs curi | instructions vs curi |"
        print "|---|---:|---:|---:|---:|---:|"
        for (i = 1; i <= nr[file]; i++) {
            r = rows[file, i]; key = file "," r; ref = file ",curi-" op(r)
            t = (ref in ns && ns[ref] > 0) ? sprintf("%.2fx", ns[key] / ns[ref]) : "-"
            in_ = (key in instr && instr[key] != "") ? sprintf("%.0f", instr[key]) : "n/a"
            ir = (key in instr && ref in instr && instr[ref] > 0) ? \
                 sprintf("%.2fx", instr[key] / instr[ref]) : "-"
            printf "| %s | %.1f | %.0f | %s | %s | %s |\n", r, ns[key], mb[key], in_, t, ir
        }
    }
}' "$icsv" "$1"
