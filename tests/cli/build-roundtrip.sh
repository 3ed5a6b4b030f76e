#!/bin/sh
# build-roundtrip.sh -- curi build of curi parse --json output gives the input back, over
# every URL list in ../shared/data/urls (the valid lines of each).  Skips visibly when the
# shared data sets are not beside the checkout.  Prints "N passed, N failed" (one per file).
#   CURI=build/curi sh tests/cli/build-roundtrip.sh
# SPDX-License-Identifier: MIT
set -u
CURI=${CURI:-build/curi}
dir=../shared/data/urls
pass=0 fail=0
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
if ! ls "$dir"/*.txt >/dev/null 2>&1; then
    echo "build-roundtrip: SKIPPED: no $dir (the shared data sets are not beside this checkout)"
    echo "0 passed, 0 failed"
    exit 0
fi
for f in "$dir"/*.txt; do
    "$CURI" get --skip-invalid '{uri}' <"$f" >"$tmp/valid" 2>/dev/null
    "$CURI" parse --json <"$tmp/valid" | "$CURI" build >"$tmp/back"
    n=$(wc -l <"$tmp/valid")
    if cmp -s "$tmp/valid" "$tmp/back"; then
        pass=$((pass + 1))
        echo "build-roundtrip: $f: $n lines, 0 differ"
    else
        fail=$((fail + 1))
        echo "build-roundtrip: FAIL: $f: $n lines, $(diff "$tmp/valid" "$tmp/back" | grep -c '^<') differ"
        diff "$tmp/valid" "$tmp/back" | head -n 6
    fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
