#!/bin/sh
# ci.sh -- a bounded fuzzing run for CI: `make fuzz` (clang, libFuzzer, ASan, UBSan), then each
# target for SECONDS_PER_TARGET seconds (default 20) on its seed corpus and the dictionary,
# then the uriparser differential (docs/differential.md) when liburiparser-dev is installed.
# Fails (exit 1) if any target crashes, leaks, times out or breaks an invariant; the input
# that did it is kept as build-fuzz/crash-<target>/... for the log.  New corpus entries go to
# a scratch directory, never into fuzz/corpus/ (regenerate that with fuzz/make-corpus.sh).
#
#   sh fuzz/ci.sh                        every target, 20 s each (about 4 minutes)
#   SECONDS_PER_TARGET=5 sh fuzz/ci.sh parse resolve
# SPDX-License-Identifier: MIT
set -u

cd "$(dirname "$0")/.." || exit 2
T=${SECONDS_PER_TARGET:-20}
B=${FUZZ_B:-build-fuzz}
JOBS=${MAKE_JOBS:-2}

make -j"$JOBS" FUZZ_B="$B" fuzz || exit 2
if [ $# -gt 0 ]; then
    targets="$*"
else
    targets=$(ls fuzz/fuzz_*.c | sed 's|fuzz/fuzz_\(.*\)\.c|\1|')
fi

failed=""
for t in $targets; do
    work="$B/ci-corpus/$t"
    crash="$B/crash-$t"
    rm -rf "$work" "$crash"
    mkdir -p "$work" "$crash"
    seeds="fuzz/corpus/$t"
    [ -d "fuzz/regress/$t" ] && seeds="$seeds fuzz/regress/$t"
    # -close_fd_mask=1 silences the targets' stdout (the CLI target prints nothing anyway).
    # The tool leaves its option table and its per-thread scratch buffers to exit(): leaks are
    # not checked for the CLI target.
    leaks=1
    [ "$t" = cli ] && leaks=0
    if ASAN_OPTIONS="detect_leaks=$leaks" "$B/fuzz_$t" "$work" $seeds -dict=fuzz/uri.dict \
        -max_total_time="$T" -detect_leaks=$leaks \
        -max_len=4096 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$crash/" > "$B/ci-$t.log" 2>&1; then
        runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$B/ci-$t.log")
        echo "fuzz $t: ok, ${runs:-?} executions in ${T}s"
    else
        echo "fuzz $t: FAILED (log $B/ci-$t.log, input in $crash/)"
        grep -E "invariant violated|ERROR: |SUMMARY: " "$B/ci-$t.log" | head -5
        failed="$failed $t"
    fi
done
# The uriparser differential, when liburiparser-dev is installed (all targets runs only).
if [ $# -eq 0 ]; then
    if make FUZZ_B="$B" fuzz-diff > "$B/ci-diff-build.log" 2>&1; then
        mkdir -p "$B/ci-corpus/diff" "$B/crash-diff"
        if "$B/fuzz_diff_uriparser" "$B/ci-corpus/diff" fuzz/corpus/resolve fuzz/corpus/parse \
            fuzz/regress/diff_uriparser \
            -dict=fuzz/uri.dict -max_total_time="$T" -max_len=4096 -timeout=10 \
            -print_final_stats=1 -artifact_prefix="$B/crash-diff/" > "$B/ci-diff.log" 2>&1; then
            runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$B/ci-diff.log")
            echo "fuzz diff_uriparser: ok, ${runs:-?} executions in ${T}s"
        else
            echo "fuzz diff_uriparser: FAILED (log $B/ci-diff.log, input in $B/crash-diff/)"
            grep -E "invariant violated|disagree|ERROR: " "$B/ci-diff.log" | head -5
            failed="$failed diff_uriparser"
        fi
    elif [ -f /usr/include/uriparser/Uri.h ]; then
        # uriparser is there, so the build itself is broken: that fails, it is not a skip
        echo "fuzz diff_uriparser: FAILED to build (log $B/ci-diff-build.log)"
        tail -3 "$B/ci-diff-build.log"
        failed="$failed diff_uriparser-build"
    else
        echo "fuzz diff_uriparser: skipped (liburiparser-dev is not installed)"
    fi
fi
if [ -n "$failed" ]; then
    echo "fuzzing failed:$failed"
    exit 1
fi
echo "fuzzing passed"
