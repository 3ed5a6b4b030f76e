#!/bin/sh
# check-deb.sh -- make check-deb: the Debian packages `make deb` built, unpacked into a
# throw-away root (dpkg-deb -x: no root needed, nothing written outside it), used the way
# their users would:
#   - docs/example.c compiled against the unpacked header and libcuri.so through
#     pkg-config --cflags --libs libcuri (libcuri-dev's libcuri.pc), run on libcuri0;
#   - the unpacked curi (the curi package) run on examples/urls.txt;
#   - `import curi` in /usr/bin/python3 from outside the source tree (python3-curi);
#   - every file the packages ship belongs to the package it should, and what links
#     libcuri needs libcuri.so.0, which libcuri0 provides.
# Run as
#   sh tests/check-deb.sh DEBDIR CC
# The last line is "check-deb: N passed, N failed"; its status is 0 only when all passed.
# SPDX-License-Identifier: MIT

dir=${1:?usage: tests/check-deb.sh DEBDIR CC}
cc=${2:?usage: tests/check-deb.sh DEBDIR CC}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/curi-deb.XXXXXX") || exit 3
trap 'rm -rf "$tmp"' EXIT INT TERM
root=$tmp/root

pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "check-deb: FAIL: $*"; }

arch=$(dpkg --print-architecture 2>/dev/null)
multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null)
if [ -z "$arch" ] || [ -z "$multiarch" ]; then
    echo "check-deb: FAIL: dpkg and dpkg-architecture are needed (Debian: dpkg-dev)"
    echo "check-deb: 0 passed, 1 failed"
    exit 1
fi
lib=/usr/lib/$multiarch

# The four packages, one .deb each, and their contents unpacked into the root.
for p in libcuri0 libcuri-dev curi python3-curi; do
    set -- "$dir/${p}_"*"_$arch.deb"
    if [ $# = 1 ] && [ -f "$1" ]; then
        ok
        dpkg-deb -x "$1" "$root" && dpkg-deb -c "$1" | awk '{ print $6 }' >"$tmp/$p.files"
    else
        bad "no single $dir/${p}_*_$arch.deb (run make deb first)"
        : >"$tmp/$p.files"
    fi
done

# Each file in its package.
has() { grep -qx "\\.$2" "$tmp/$1.files" || bad "$1 does not ship $2"; }
for f in $lib/libcuri.so.0; do has libcuri0 "$f"; done
for f in /usr/include/curi.h $lib/libcuri.a $lib/libcuri.so $lib/pkgconfig/libcuri.pc \
    $lib/cmake/curi/curiConfig.cmake $lib/cmake/curi/curiConfigVersion.cmake \
    /usr/share/man/man3/libcuri.3.gz /usr/share/man/man3/curi_parse.3.gz; do
    has libcuri-dev "$f"
done
for f in /usr/bin/curi /usr/share/man/man1/curi.1.gz /usr/share/bash-completion/completions/curi \
    /usr/share/zsh/site-functions/_curi /usr/share/fish/vendor_completions.d/curi.fish; do
    has curi "$f"
done
has python3-curi /usr/lib/python3/dist-packages/curi/__init__.py
[ "$fail" = 0 ] && ok

# The tool and the Python modules are linked with libcuri.so.0, and libcuri0's shlibs say so.
for f in "$root/usr/bin/curi" "$root/usr/lib/python3/dist-packages/curi/"_*.so; do
    if readelf -d "$f" 2>/dev/null | grep -q 'NEEDED.*\[libcuri\.so\.0\]'; then ok; else
        bad "${f#"$root"} does not need libcuri.so.0"
    fi
done
for p in curi python3-curi; do
    if dpkg-deb -f "$dir/${p}_"*"_$arch.deb" Depends 2>/dev/null | grep -q 'libcuri0 (>= 0\.'; then
        ok
    else
        bad "$p does not depend on libcuri0 (>= 0.x)"
    fi
done

# docs/example.c against the unpacked header and library, through the unpacked libcuri.pc.
run_lib="LD_LIBRARY_PATH=$root$lib"
flags=$(PKG_CONFIG_LIBDIR=$root$lib/pkgconfig PKG_CONFIG_SYSROOT_DIR=$root \
    pkg-config --cflags --libs libcuri 2>"$tmp/log")
if [ -n "$flags" ] && $cc -o "$tmp/example" docs/example.c $flags >>"$tmp/log" 2>&1 &&
    env "$run_lib" "$tmp/example" >>"$tmp/log" 2>&1; then
    ok
else
    bad "docs/example.c with pkg-config --cflags --libs libcuri ($flags):"
    sed 's/^/  /' "$tmp/log"
fi

# The packaged tool on examples/urls.txt: every line normalized.
if env "$run_lib" "$root/usr/bin/curi" --version >"$tmp/log" 2>&1 &&
    grep -qx "curi $(sed -n 's/^#define CURI_VERSION_STRING "\(.*\)"$/\1/p' include/curi.h)" \
        "$tmp/log"; then
    ok
else
    bad "the packaged curi --version:"
    sed 's/^/  /' "$tmp/log"
fi
env "$run_lib" "$root/usr/bin/curi" normalize <examples/urls.txt >"$tmp/out" 2>"$tmp/log"
st=$?
n_in=$(grep -c '' examples/urls.txt)
n_out=$(grep -c '' "$tmp/out")
if [ $st = 0 ] && [ "$n_out" = "$n_in" ] && [ "$n_in" -gt 0 ]; then ok; else
    bad "curi normalize <examples/urls.txt: status $st, $n_out lines out of $n_in:"
    sed 's/^/  /' "$tmp/log"
fi

# import curi in Debian's Python, from a directory outside the source tree, and normalize
# examples/urls.txt again: the same lines as the packaged tool.
cp examples/urls.txt "$tmp/urls.txt"
out=$(cd "$tmp" && env "$run_lib" PYTHONPATH="$root/usr/lib/python3/dist-packages" \
    PYTHONDONTWRITEBYTECODE=1 /usr/bin/python3 -c '
import curi, sys
assert curi.__file__.startswith(sys.argv[1] + "/"), curi.__file__
with open("urls.txt") as f, open("out") as g:
    mine = [curi.normalize(line.rstrip("\n")) for line in f]
    tool = [line.rstrip("\n") for line in g]
print("same" if mine == tool else "differ: %r %r" % (mine, tool))
' "$root" 2>&1)
if [ "$out" = "same" ]; then ok; else
    bad "import curi from python3-curi (cwd outside the tree), normalize urls.txt: $out"
fi

echo "check-deb: $pass passed, $fail failed"
[ $fail = 0 ]
