#!/bin/sh
# run.sh -- curi_extract over the machine's real text: sh tests/textprop/run.sh path/to/curi-textprop
#
# A few rendered man pages, when man(1) and the pages are installed (UTF-8 rendering, so that
# groff's U+27E8/U+27E9 link brackets appear), then every file under /usr/share/doc that is not
# compressed, up to CURI_TEXTPROP_BYTES bytes in all (default 20 MB).  See textprop.c for the
# properties checked.  make check runs it.
# SPDX-License-Identifier: MIT
prog=${1:?usage: run.sh path/to/curi-textprop}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/curi-textprop.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
if command -v man >/dev/null 2>&1; then
    for page in 7:uri 7:glibc 5:fonts-conf 1:bash 1:curl 1:gcc 3:getnameinfo 7:man-pages; do
        LC_ALL=C.UTF-8 MANWIDTH=80 man -E UTF-8 -P cat "${page%%:*}" "${page#*:}" \
            >"$tmp/${page#*:}.${page%%:*}.txt" 2>/dev/null || rm -f "$tmp/${page#*:}.${page%%:*}.txt"
    done
fi
exec "$prog" --max-bytes "${CURI_TEXTPROP_BYTES:-20000000}" "$tmp" /usr/share/doc
