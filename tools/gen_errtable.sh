#!/bin/sh
# gen_errtable.sh -- print the error-code table of libcuri(3) from the CURI_ERRNO_MAP
# X-macro list in include/curi.h, as tbl rows: number, constant, message.
#
#   tools/gen_errtable.sh [HEADER]          print the rows
#   tools/gen_errtable.sh --check PAGE [HEADER]
#                                           exit 1 unless PAGE holds exactly these rows
#                                           between its ".\" errtable begin/end" comments
#
# The rows are pasted into docs/libcuri.3 between those two comment lines, so the page's
# numbers and messages come from the header and cannot drift.  POSIX sh, sed and awk only.
# SPDX-License-Identifier: MIT
set -eu

check=
if [ "${1:-}" = "--check" ]; then
    check=${2:?usage: gen_errtable.sh --check PAGE [HEADER]}
    shift 2
fi
header=${1:-include/curi.h}

rows() {
    # One XX(num, NAME, "message") per line.  In roff: a backslash is written \e, a
    # hyphen-minus \-, and a cell starting with ' or . is guarded with \& so it is text.
    sed -n 's/^[[:space:]]*XX(\([0-9][0-9]*\),[[:space:]]*\([A-Z0-9_]*\),[[:space:]]*"\(.*\)")[[:space:]\\]*$/\1 \2 \3/p' \
        "$header" |
        awk '{
            num = $1; name = $2
            msg = $0; sub(/^[^ ]* [^ ]* /, "", msg)
            gsub(/\\/, "\\e", msg); gsub(/-/, "\\-", msg)
            cname = (num == 0) ? "CURI_OK" : "CURI_ERR_" name
            if (msg ~ /^[.'\'']/) msg = "\\&" msg
            printf "%s\t\\fB%s\\fP\tT{\n%s\nT}\n", num, cname, msg
        }'
}

if [ -z "$check" ]; then
    rows
    exit 0
fi

# --check: compare the rows with what the page holds between the markers.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rows >"$tmp/want"
sed -n '/^\.\\" errtable begin$/,/^\.\\" errtable end$/p' "$check" | sed '1d;$d' >"$tmp/have"
if [ ! -s "$tmp/want" ] || ! cmp -s "$tmp/want" "$tmp/have"; then
    echo "gen_errtable.sh: the error table in $check does not match $header:" >&2
    diff "$tmp/want" "$tmp/have" >&2 || true
    exit 1
fi
