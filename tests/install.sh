#!/bin/sh
# install.sh -- make install into a temporary DESTDIR, check what it wrote, then make uninstall
# with the same variables and check that no file is left behind.  make check runs it as
#   sh tests/install.sh "$(MAKE)" $(B) "$(CC) $(SANFLAGS)"
# so the sub-makes see the same command-line variables (B, CC, SAN, CFLAGS) and find the build
# up to date.  The last line is "install: N passed, N failed".
# SPDX-License-Identifier: MIT

make=${1:?usage: tests/install.sh MAKE B CC}
b=${2:?usage: tests/install.sh MAKE B CC}
cc=${3:?usage: tests/install.sh MAKE B CC}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/curi-install.XXXXXX") || exit 3
trap 'rm -rf "$tmp"' EXIT INT TERM
root=$tmp/root
p=/opt/curi
# Every directory variable given, so that none set on make check's command line gets in.
vars="DESTDIR=$root PREFIX=$p LIBDIR=$p/lib INCDIR=$p/include BINDIR=$p/bin MANDIR=$p/share/man
BASHCOMPDIR=$p/share/bash-completion/completions ZSHCOMPDIR=$p/share/zsh/site-functions
FISHCOMPDIR=$p/share/fish/vendor_completions.d"

pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "install: FAIL: $*"; }

version=$(sed -n 's/^#define CURI_VERSION_STRING "\(.*\)"$/\1/p' include/curi.h)
funcs=$(sh tools/list-functions.sh include/curi.h)

# The function list that names the man3 pages is the one the shared library exports.
# Each export carries a symbol version of src/libcuri.map: one default (name@@CURI_x.y) per
# name, and maybe older shapes beside it (name@CURI_x.y, src/compat/).
nm -D --defined-only "$b/libcuri.so" | awk '$2 == "T" && $3 ~ /^curi_/ { print $3 }' | sort \
    >"$tmp/versioned"
if grep -qv '@@\{0,1\}CURI_[0-9]*\.[0-9]*$' "$tmp/versioned"; then
    bad "exports without a CURI_ symbol version:" $(grep -v '@CURI_' "$tmp/versioned")
else
    ok
fi
grep '@@' "$tmp/versioned" | sed 's/@.*//' >"$tmp/exported"
if sed 's/@.*//' "$tmp/versioned" | sort -u | cmp -s - "$tmp/exported"; then ok; else
    bad "an export without a default version (name@@CURI_x.y)"
fi
printf '%s\n' $funcs | sort >"$tmp/declared"
if cmp -s "$tmp/declared" "$tmp/exported"; then ok; else
    bad "tools/list-functions.sh (-) and the exports of $b/libcuri.so (+) differ:"
    diff "$tmp/declared" "$tmp/exported" | sed -n 's/^</  -/p; s/^>/  +/p'
fi
# A link page leads to libcuri(3), so libcuri(3) must show the function.
for f in $funcs; do
    if grep -Eq "^\.BI? \"[a-z_ ]*[ *]$f\(" docs/libcuri.3; then ok; else
        bad "docs/libcuri.3 has no SYNOPSIS line for $f"
    fi
done

if $make --no-print-directory install $vars >"$tmp/log" 2>&1; then ok; else
    bad "make install $vars:"
    sed 's/^/  /' "$tmp/log"
fi

want="$p/include/curi.h $p/lib/libcuri.a $p/lib/libcuri.so $p/lib/libcuri.so.0
$p/lib/libcuri.so.$version $p/lib/pkgconfig/libcuri.pc $p/bin/curi $p/share/man/man1/curi.1
$p/share/man/man3/libcuri.3 $p/share/bash-completion/completions/curi
$p/share/zsh/site-functions/_curi $p/share/fish/vendor_completions.d/curi.fish
$p/lib/cmake/curi/curiConfig.cmake $p/lib/cmake/curi/curiConfigVersion.cmake"
for f in $funcs; do
    want="$want $p/share/man/man3/$f.3"
done
for f in $want; do
    if [ -f "$root$f" ]; then ok; else bad "make install did not write $f"; fi
done
# Nothing beyond the list, so that "uninstall leaves nothing" below means it removes exactly it.
(cd "$root" && find . ! -type d | sed 's/^\.//' | sort) >"$tmp/got"
printf '%s\n' $want | sort >"$tmp/want"
if cmp -s "$tmp/want" "$tmp/got"; then ok; else
    bad "make install wrote other files than expected (- expected, + written):"
    diff "$tmp/want" "$tmp/got" | sed -n 's/^</  -/p; s/^>/  +/p'
fi

if [ "$(cat "$root$p/share/man/man3/curi_parse.3" 2>/dev/null)" = ".so man3/libcuri.3" ]; then
    ok
else
    bad "curi_parse.3 is not the line '.so man3/libcuri.3'"
fi
# The completion scripts are the ones the installed tool writes from its option table.
if "$root$p/bin/curi" completion bash | cmp -s - "$root$p/share/bash-completion/completions/curi" &&
    "$root$p/bin/curi" completion zsh | cmp -s - "$root$p/share/zsh/site-functions/_curi" &&
    "$root$p/bin/curi" completion fish |
    cmp -s - "$root$p/share/fish/vendor_completions.d/curi.fish"; then
    ok
else
    bad "the installed completion scripts differ from curi completion bash / zsh / fish"
fi
if [ "$("$root$p/bin/curi" --version 2>&1)" = "curi $version" ]; then ok; else
    bad "the installed curi --version does not print 'curi $version'"
fi

# Link the API example against the installed libcuri.so the way the README says, through
# pkg-config; the sysroot variable prefixes DESTDIR to the paths in libcuri.pc.
if command -v pkg-config >/dev/null 2>&1; then
    flags=$(PKG_CONFIG_LIBDIR=$root$p/lib/pkgconfig PKG_CONFIG_SYSROOT_DIR=$root \
        pkg-config --cflags --libs libcuri) &&
        $cc -o "$tmp/example" docs/example.c $flags >"$tmp/log" 2>&1 &&
        LD_LIBRARY_PATH=$root$p/lib "$tmp/example" >>"$tmp/log" 2>&1
    if [ $? = 0 ]; then ok; else
        bad "docs/example.c built with pkg-config against the installed libcuri.so:"
        sed 's/^/  /' "$tmp/log"
    fi
else
    echo "install: pkg-config not found: linking through libcuri.pc SKIPPED"
fi

if $make --no-print-directory uninstall $vars >"$tmp/log" 2>&1; then ok; else
    bad "make uninstall $vars:"
    sed 's/^/  /' "$tmp/log"
fi
left=$(cd "$root" && find . ! -type d | sed 's/^\.//')
if [ -z "$left" ]; then ok; else bad "make uninstall left" $left; fi

echo "install: $pass passed, $fail failed"
[ $fail = 0 ]
