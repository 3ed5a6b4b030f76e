#!/bin/sh
# check-exports.sh -- every symbol libcuri.so exports is released or declared new:
#   sh tools/check-exports.sh build/libcuri.so.0 [abi/libcuri.abi [src/libcuri.map]]
# An export name@VERSION passes when abi/libcuri.abi (the ABI of the last release, written by
# make abi-update) records that name under that version, or when VERSION is a node of
# src/libcuri.map that the baseline does not have yet (the release being prepared lists its
# new functions there).  Anything else -- a function exported by accident, or one moved to
# another node -- fails.  Ends with "exports: N passed, N failed".
# SPDX-License-Identifier: MIT
lib=${1:?usage: check-exports.sh LIB [BASELINE [MAP]]}
abi=${2:-abi/libcuri.abi}
map=${3:-src/libcuri.map}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

# name@VERSION of each exported function (nm writes @@ for a default version).
nm -D --defined-only "$lib" | awk '$2 == "T" { sub(/@@/, "@", $3); print $3 }' | sort >"$tmp/exported"
sed -n "s/.*<elf-symbol name='\([^']*\)' version='\([^']*\)'.*type='func-type'.*/\1@\2/p" "$abi" |
    sort >"$tmp/released"
sed -n "s/.*version='\([^']*\)'.*/\1/p" "$abi" | sort -u >"$tmp/released-nodes"
sed -n 's/^\(CURI_[0-9][0-9.]*\) *{.*/\1/p' "$map" | sort -u >"$tmp/map-nodes"
comm -23 "$tmp/map-nodes" "$tmp/released-nodes" >"$tmp/new-nodes"

pass=0
fail=0
while read -r sym; do
    node=${sym#*@}
    if grep -qxF "$sym" "$tmp/released" || grep -qxF "$node" "$tmp/new-nodes"; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "exports: FAIL: $lib exports $sym, which $abi does not record and $node is not a new node of $map"
    fi
done <"$tmp/exported"
# and nothing released went missing (abi-check says it too, with the types)
for sym in $(comm -13 "$tmp/exported" "$tmp/released"); do
    fail=$((fail + 1))
    echo "exports: FAIL: $abi records $sym, which $lib no longer exports"
done
[ -s "$tmp/exported" ] || { fail=$((fail + 1)); echo "exports: FAIL: $lib exports nothing"; }
echo "exports: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
