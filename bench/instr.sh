#!/bin/sh
# instr.sh -- instructions/URL of every curi-bench runner, counted by callgrind.
#
#   sh bench/instr.sh [--only A,B] [--csv FILE] build/curi-bench FILE...     (make bench-instr)
#
# Where perf_event_open cannot count instructions (a virtual machine without a PMU, as on
# the project's machines), callgrind can: curi-bench --callgrind runs each runner once
# uncounted (warm-up), once counted, and dumps the count with "file runner urls" as the
# dump's description.  This script reads the dumps and divides.  The counts are exact and
# repeatable (valgrind emulates the CPU), but they are valgrind's: glibc may pick other
# string-function variants under valgrind than on the bare CPU.
# SPDX-License-Identifier: MIT
set -eu

only=""
csv=""
while [ $# -gt 0 ]; do
    case "$1" in
    --only) only="$2"; shift 2 ;;
    --csv) csv="$2"; shift 2 ;;
    *) break ;;
    esac
done
if [ $# -lt 2 ]; then
    echo "usage: sh bench/instr.sh [--only A,B] [--csv FILE] CURI_BENCH FILE..." >&2
    exit 2
fi
bench="$1"
shift
if ! command -v valgrind >/dev/null 2>&1; then
    echo "instr.sh: valgrind is not installed" >&2
    exit 2
fi

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# Collection starts off: curi-bench turns it on around each counted pass.
valgrind --tool=callgrind --collect-atstart=no --callgrind-out-file="$dir/cg.out" \
    "$bench" --callgrind ${only:+--only "$only"} "$@" >"$dir/stdout" 2>"$dir/stderr" || {
    cat "$dir/stderr" >&2
    exit 1
}

# Each dump: "desc: Trigger: Client Request: FILE RUNNER URLS" then "summary: INSTRUCTIONS",
# then the costs, per object ("ob=") and function.  Besides the total, count the instructions
# spent in the benchmark executable itself ("own": libcuri is linked in statically, with the
# harness's loop): they depend only on our code and the compiler, while the rest (libc, and the
# peers' shared libraries) also depends on the libc version and on which string-function
# variants the CPU makes libc pick.  A line after "calls=" is the inclusive cost of a call, not
# a cost of the calling object; "ob=(N) NAME" and "cob=(N) NAME" name an object once, later
# lines say only "(N)".
i=1
while [ -f "$dir/cg.out.$i" ]; do
    f="$dir/cg.out.$i"
    i=$((i + 1))
    awk -v exe="$bench" '
    function obname(s,    id, rest) {
        if (match(s, /^\([0-9]+\)/)) {
            id = substr(s, 1, RLENGTH); rest = substr(s, RLENGTH + 2)
            if (rest != "") name[id] = rest
            return name[id]
        }
        return s
    }
    function base(p) { sub(/.*\//, "", p); return p }
    /^desc: Trigger: Client Request:/ { file = $5; runner = $6; urls = $7; next }
    /^summary:/ { total = $2; next }
    /^ob=/ { cur = obname(substr($0, 4)); next }
    /^cob=/ { obname(substr($0, 5)); next }
    /^calls=/ { skip = 1; next }
    /^[0-9+*-]/ {
        if (skip) { skip = 0; next }
        if (base(cur) == base(exe)) own += $NF
        next
    }
    END { if (urls > 0) printf "%s,%s,%.1f,%.1f\n", file, runner, total / urls, own / urls }' "$f"
done | sort -t, -k1,1 -s >"$dir/rows"

{
    echo "| file | runner | instructions/URL (callgrind) | of which in $(basename "$bench") |"
    echo "|---|---|---:|---:|"
    awk -F, '{ printf "| %s | %s | %.0f | %.0f |\n", $1, $2, $3, $4 }' "$dir/rows"
}
if [ -n "$csv" ]; then
    { echo "file,runner,instructions_per_url,own_per_url"; cat "$dir/rows"; } >"$csv"
fi
