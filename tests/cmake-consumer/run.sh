#!/bin/sh
# run.sh -- make check-cmake: `make install` into a temporary prefix, then configure this
# directory's project against it with cmake (find_package(curi 0.3) through
# CMAKE_PREFIX_PATH), build it and run what it built: curi::curi (libcuri.so, found at run time
# through LD_LIBRARY_PATH), curi::curi_static (libcuri.a), and a request for a version the
# package must refuse.  Run as
#   sh tests/cmake-consumer/run.sh "$(MAKE)" $(B) "$(CC)"
# The last line is "check-cmake: N passed, N failed".
# SPDX-License-Identifier: MIT

make=${1:?usage: tests/cmake-consumer/run.sh MAKE B CC}
b=${2:?usage: tests/cmake-consumer/run.sh MAKE B CC}
cc=${3:?usage: tests/cmake-consumer/run.sh MAKE B CC}
src=$(cd "$(dirname "$0")" && pwd)

if ! command -v cmake >/dev/null 2>&1; then
    echo "check-cmake: FAIL: no cmake on PATH (Debian: apt-get install cmake)"
    exit 1
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/curi-cmake.XXXXXX") || exit 3
trap 'rm -rf "$tmp"' EXIT INT TERM
p=$tmp/prefix
# Every directory variable given, so that none set on the command line gets in; a multiarch
# LIBDIR, as Debian has, so that the config file's way from LIBDIR to INCDIR is exercised.
lib=$p/lib/$($cc -dumpmachine 2>/dev/null || echo multiarch)
vars="PREFIX=$p LIBDIR=$lib INCDIR=$p/include BINDIR=$p/bin
MANDIR=$p/share/man BASHCOMPDIR=$p/share/bash-completion/completions
ZSHCOMPDIR=$p/share/zsh/site-functions FISHCOMPDIR=$p/share/fish/vendor_completions.d"

pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "check-cmake: FAIL: $*"; }

if $make --no-print-directory install B="$b" $vars >"$tmp/log" 2>&1; then ok; else
    bad "make install $vars:"
    sed 's/^/  /' "$tmp/log"
fi

# Configure and build the consumer; CMake is told the compiler make used.
if cmake -S "$src" -B "$tmp/build" -DCMAKE_PREFIX_PATH="$p" -DCMAKE_C_COMPILER="$cc" \
    >"$tmp/log" 2>&1 && cmake --build "$tmp/build" >>"$tmp/log" 2>&1; then
    ok
else
    bad "cmake configure and build of tests/cmake-consumer:"
    sed 's/^/  /' "$tmp/log"
fi
want=http://example.com/a/c
for exe in consumer consumer_static; do
    got=$(LD_LIBRARY_PATH=$lib "$tmp/build/$exe" 2>&1)
    if [ $? = 0 ] && [ "$got" = "$want" ]; then ok; else
        bad "$exe printed '$got', wanted '$want'"
    fi
done
# curi::curi is libcuri.so: the consumer needs libcuri.so.0, consumer_static does not.
if command -v readelf >/dev/null 2>&1; then
    if readelf -d "$tmp/build/consumer" | grep -q 'NEEDED.*\[libcuri\.so\.0\]' &&
        ! readelf -d "$tmp/build/consumer_static" | grep -q 'NEEDED.*libcuri'; then
        ok
    else
        bad "consumer should need libcuri.so.0 and consumer_static should not"
    fi
fi

# The version file: 0.3 and 0.3.0 are met; another minor version is refused.  (A project
# without a language would not search the multiarch LIBDIR: C it is.)
for req in "0.3:0" "0.3.0:0" "0.2:1" "0.4:1" "1.0:1" "0.1...0.5:0" "0.4...0.5:1"; do
    v=${req%%:*}
    st=${req##*:}
    mkdir -p "$tmp/v"
    printf 'cmake_minimum_required(VERSION 3.19)\nproject(v C)\nfind_package(curi %s REQUIRED)\n' \
        "$v" >"$tmp/v/CMakeLists.txt"
    rm -rf "$tmp/vb"
    cmake -S "$tmp/v" -B "$tmp/vb" -DCMAKE_PREFIX_PATH="$p" >"$tmp/log" 2>&1
    got=$?
    [ $got = 0 ] || got=1
    if [ $got = "$st" ]; then ok; else
        bad "find_package(curi $v) exited $got, wanted $st:"
        sed 's/^/  /' "$tmp/log"
    fi
done

# A merged-/usr root (lib -> usr/lib, as Debian 12 has): the prefix moved to ROOT/usr and found
# through ROOT, so that the config file sits at ROOT/lib/<triplet>/cmake/curi and must find
# curi.h in ROOT/usr/include, not ROOT/include.
r=$tmp/root
mkdir -p "$r"
mv "$p" "$r/usr"
ln -s usr/lib "$r/lib"
printf 'cmake_minimum_required(VERSION 3.19)\nproject(v C)\nfind_package(curi 0.3 REQUIRED)\nget_target_property(i curi::curi INTERFACE_INCLUDE_DIRECTORIES)\nmessage(STATUS "curi include: ${i}")\n' >"$tmp/v/CMakeLists.txt"
rm -rf "$tmp/vb"
if cmake -S "$tmp/v" -B "$tmp/vb" -DCMAKE_PREFIX_PATH="$r" -DCMAKE_LIBRARY_ARCHITECTURE="${lib##*/}" \
    >"$tmp/log" 2>&1 && grep -q "curi include: .*/usr/include$" "$tmp/log"; then ok; else
    bad "find_package(curi) through a lib -> usr/lib symlink:"
    sed 's/^/  /' "$tmp/log"
fi
mv "$r/usr" "$p"

echo "check-cmake: $pass passed, $fail failed"
[ $fail = 0 ]
