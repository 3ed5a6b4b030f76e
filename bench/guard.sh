#!/bin/sh
# guard.sh -- fail when a curi-bench runner costs more than 3% more instructions than in
# bench/baseline.csv (issue 31, "A guard in CI").
#
#   sh bench/guard.sh build/curi-bench             compare with bench/baseline.csv (make bench-guard)
#   sh bench/guard.sh --update build/curi-bench    rewrite bench/baseline.csv (make bench-baseline)
#
# The data: ../shared/data/urls/kasztp.txt (web URLs) whole, and the first 20,000 lines of
# node_files.txt (file paths and file: URLs, the contrasting shape), named node_files-20k.txt.
# bench/instr.sh counts every runner under callgrind: one counted pass over the lines, collection
# toggled on around the runner's loop only, so loading the data and starting up are not counted.
#
# What is compared is the "own" column: instructions spent in the curi-bench executable itself
# (libcuri is linked in statically, with the harness's loop).  That count depends only on our
# code, the compiler and the data; the total (the "instructions_per_url" column, also recorded)
# adds libc and the peers' shared libraries, whose counts change with a Debian point release of
# libc, libcurl, GLib or uriparser and with the string-function variant libc picks for the CPU.
# Totals are printed beside the verdict, not held.  For the peers' runners the own column is the
# harness's call alone: it is held too, but the peers' libraries are not ours to guard.
#
# The rule: a runner whose own instructions/URL grow by more than 3% over the baseline fails the
# guard, and so do a runner missing from the baseline and a curi runner missing from the run.
# A commit that makes a runner slower on purpose updates bench/baseline.csv in the same commit
# (make bench-baseline) and says in its message why; the guard compares with the baseline in the
# tree, so such a commit passes by construction and a later one is held to the new figure.
#
# The baseline was counted with gcc 12 (Debian 12) at -O2 on an x86-64 with AVX2 (libcuri picks
# its AVX2 scanners at run time; valgrind 3.19 passes AVX2 through): on a CPU without AVX2, or
# with another compiler, the counts are not comparable: without AVX2 the guard says so and
# stops without a verdict (SKIPPED, exit 0), since no figure of such a run could be held to
# the baseline; another compiler shows as a failure.
# SPDX-License-Identifier: MIT
set -eu
cd "$(dirname "$0")/.."

update=0
if [ "${1:-}" = "--update" ]; then
    update=1
    shift
fi
if [ $# -ne 1 ]; then
    echo "usage: sh bench/guard.sh [--update] CURI_BENCH" >&2
    exit 2
fi
bench="$1"
baseline=bench/baseline.csv
data=../shared/data/urls
limit=3 # percent

if ! grep -qw avx2 /proc/cpuinfo 2>/dev/null; then
    echo "bench-guard: SKIPPED: this CPU has no AVX2; $baseline was counted on one that has (see bench/guard.sh)" >&2
    exit 0
fi

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
head -n 20000 "$data/node_files.txt" >"$dir/node_files-20k.txt"
sh bench/instr.sh --csv "$dir/now.csv" "$bench" "$data/kasztp.txt" "$dir/node_files-20k.txt" \
    >"$dir/table"

if [ "$update" = 1 ]; then
    cp "$dir/now.csv" "$baseline"
    echo "bench-guard: wrote $baseline; commit it with a message saying why"
    exit 0
fi

# Join on file,runner.  Print every row; fail on growth over the limit or a missing row.
awk -F, -v limit="$limit" '
FNR == 1 { next }
FILENAME == ARGV[1] { base[$1 "," $2] = $4; btot[$1 "," $2] = $3; border[++nb] = $1 "," $2; next }
{ now[$1 "," $2] = $4; ntot[$1 "," $2] = $3; norder[++nn] = $1 "," $2 }
END {
    bad = 0
    printf "%-40s %10s %10s %8s %12s %12s\n", "file,runner", "baseline", "now", "own", "total base", "total now"
    for (i = 1; i <= nn; i++) {
        k = norder[i]
        if (!(k in base)) {
            printf "%-40s %10s %10.1f %8s  FAIL: not in bench/baseline.csv (make bench-baseline)\n", k, "-", now[k], "-"
            bad++
            continue
        }
        d = base[k] > 0 ? 100 * (now[k] - base[k]) / base[k] : 0
        verdict = ""
        if (d > limit) { verdict = sprintf("  FAIL: +%.1f%% > %d%%", d, limit); bad++ }
        else if (d < -limit) verdict = "  (faster: the baseline may be lowered)"
        printf "%-40s %10.1f %10.1f %+7.1f%% %12.1f %12.1f%s\n", k, base[k], now[k], d, btot[k], ntot[k], verdict
    }
    for (i = 1; i <= nb; i++) {
        k = border[i]
        if (!(k in now)) {
            split(k, p, ",")
            if (p[2] ~ /^curi-/) { printf "%-40s  FAIL: in the baseline, not run\n", k; bad++ }
            else printf "%-40s  not run (its library is missing here)\n", k
        }
    }
    if (bad) {
        printf "bench-guard: %d row(s) failed.  A commit that makes a runner slower on purpose updates\n", bad
        print "bench/baseline.csv in the same commit (make bench-baseline) and says why in its message."
        exit 1
    }
    printf "bench-guard: no runner grew by more than %d%% over bench/baseline.csv\n", limit
}' "$baseline" "$dir/now.csv"
