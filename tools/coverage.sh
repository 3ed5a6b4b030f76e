#!/bin/sh
# coverage.sh -- branch coverage of the library by the test suite (make coverage).
#
#   sh tools/coverage.sh            the table; exit 0 (a measurement)
#   sh tools/coverage.sh --check    the same table, then exit 1 when the total is under
#                                   TOTAL_MIN or a file of src/ under FILE_MIN (make
#                                   coverage-check, and CI)
#
# Builds the library, the vector runner, the limits test and the conformance runner with gcc
# --coverage (-O0) in build-cov/, runs the vectors, the limits test and the published
# conformance data (UTS #46, WHATWG URL), and prints, per file of src/, the share
# of branches taken at least once (gcov -b), then the total.  A file of src/ that the run
# never reached (no .gcda) counts as 0 of its branches; one with no code (tables) as none;
# one that gcov cannot read makes --check fail.  Branches
# are gcov's for the lines of each .c file (code inlined from headers is counted in none).
# A test that does not pass fails --check too.
# SPDX-License-Identifier: MIT
set -eu
cd "$(dirname "$0")/.."

TOTAL_MIN=90
FILE_MIN=85
check=0
case "${1-}" in
--check) check=1 ;;
"") ;;
*) echo "usage: sh tools/coverage.sh [--check]" >&2; exit 2 ;;
esac

B=build-cov
rm -rf "$B"
make -j2 --no-print-directory B=$B CC=gcc OPT="-O0 -g" CFLAGS="--coverage" LDFLAGS="--coverage" \
    $B/curi-test $B/curi-limits $B/curi-conform >/dev/null
tests_ok=1
$B/curi-test tests/vectors/*.vec >$B/vectors.log 2>&1 || tests_ok=0
$B/curi-limits >$B/limits.log 2>&1 || tests_ok=0
# the published conformance data (make check runs the same five)
{ $B/curi-conform idna tests/data/IdnaTestV2.txt &&
  $B/curi-conform idna-whatwg tests/data/IdnaTestV2.txt &&
  $B/curi-conform urltestdata tests/data/urltestdata.json &&
  $B/curi-conform toascii tests/data/toascii.json &&
  $B/curi-conform setters tests/data/setters_tests.json; } >$B/conform.log 2>&1 || tests_ok=0
tail -n 1 $B/vectors.log
tail -n 1 $B/limits.log
grep 'passed, ' $B/conform.log

# One line per file: "src taken branches" (taken -1 when gcov has no figure for it).
for src in src/*.c src/schemes/*.c src/lint/*.c; do
    obj=$B/obj/${src%.c}.o
    gcov -b -n -o "$(dirname "$obj")" "$src" 2>/dev/null |
        awk -v f="$src" '/^File / { seen = 1 }
                         $0 ~ "^File .*"f"'"'"'" { want = 1; next }
                         want && /^Taken at least once:/ {
                             sub(/^Taken at least once:/, ""); split($0, a, "% of ")
                             printf "%s %d %d\n", f, a[1] * a[2] / 100 + 0.5, a[2]; done = 1; exit }
                         (want || !seen) && /^No (branches|executable lines)/ {
                             printf "%s 0 0\n", f; done = 1; exit }
                         END { if (!done) printf "%s -1 0\n", f }'
done >$B/coverage.txt

awk -v check=$check -v tmin=$TOTAL_MIN -v fmin=$FILE_MIN -v tests_ok=$tests_ok '
    BEGIN { printf "%-28s %8s %10s\n", "file", "branches", "taken" }
    {
        note = ""
        if ($2 < 0) {
            note = "  gcov gave no figure"; bad++
            printf "%-28s %8s %10s%s\n", $1, "?", "-", note
            next
        }
        if ($3 == 0) { printf "%-28s %8d %10s\n", $1, 0, "-"; next } # data only
        pct = 100 * $2 / $3
        if (pct < fmin) { note = "  below " fmin "%"; bad++ }
        printf "%-28s %8d %9.2f%%%s\n", $1, $3, pct, note
        t += $2; n += $3
    }
    END {
        total = n ? 100 * t / n : 0
        printf "%-28s %8d %9.2f%%%s\n", "total", n, total, total < tmin ? "  below " tmin "%" : ""
        if (!check) exit 0
        if (!tests_ok) print "coverage: a test failed (" "build-cov/vectors.log, limits.log, conform.log)"
        if (total < tmin || bad || !tests_ok) {
            printf "coverage: FAILED: the line is %d%% of all branches and %d%% of each file of src/\n", tmin, fmin
            exit 1
        }
        printf "coverage: OK (at least %d%% in total and %d%% in every file of src/)\n", tmin, fmin
    }' $B/coverage.txt
