#!/bin/sh
# coverage.sh -- branch coverage of the library by the test suite (make coverage).
# Builds the library, the vector runner and the limits test with gcc --coverage in
# build-cov/, runs the vectors and the limits test, and prints, per file of src/, the share
# of branches taken at least once (gcov -b), then the total.  Exit 0; the figure is a
# measurement, not a gate.
# SPDX-License-Identifier: MIT
set -eu
cd "$(dirname "$0")/.."
B=build-cov
rm -rf "$B"
make --no-print-directory B=$B CC=gcc OPT="-O0 -g" CFLAGS="--coverage" LDFLAGS="--coverage" \
    $B/curi-test $B/curi-limits >/dev/null
$B/curi-test tests/vectors/*.vec | tail -n 1
$B/curi-limits | tail -n 1
total_taken=0
total_branches=0
printf '%-28s %8s %10s\n' file branches taken
for src in src/*.c src/schemes/*.c src/lint/*.c; do
    obj=$B/obj/${src%.c}.o
    [ -f "${obj%.o}.gcda" ] || continue
    line=$(gcov -b -n -o "$(dirname "$obj")" "$src" 2>/dev/null |
        awk -v f="$src" '$0 ~ "^File .*"f"'"'"'" { want = 1; next }
                         want && /^Taken at least once:/ { print; exit }')
    pct=$(printf '%s\n' "$line" | sed -n 's/^Taken at least once:\([0-9.]*\)% of \([0-9]*\)$/\1 \2/p')
    [ -n "$pct" ] || continue
    set -- $pct
    taken=$(awk -v p="$1" -v n="$2" 'BEGIN { printf "%d", p * n / 100 + 0.5 }')
    total_taken=$((total_taken + taken))
    total_branches=$((total_branches + $2))
    printf '%-28s %8d %9s%%\n' "$src" "$2" "$1"
done
awk -v t="$total_taken" -v n="$total_branches" \
    'BEGIN { printf "%-28s %8d %9.2f%%\n", "total", n, n ? 100 * t / n : 0 }'
