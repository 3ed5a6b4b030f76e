#!/bin/sh
# trurl-doc.sh -- run every curi command of the table in docs/trurl.md as it is written:
#   CURI=path/to/curi sh tests/cli/trurl-doc.sh [docs/trurl.md]
#
# A command is a `code span` of the table's curi column (the last) that starts with "curi "
# or pipes into curi ("echo ... \| curi build"; the table writes '|' as '\|').  The words
# URL, URL2, FILE, BASE and REF stand for sample inputs and are replaced before it runs.
# Each must exit 0 with nothing on standard error, or 1 where its row says "exit status
# 1".  tests/cli/trurl.t checks
# what the commands print; this script keeps the table itself honest.  The last line is
# "trurl-doc: N passed, N failed".
# SPDX-License-Identifier: MIT

: "${CURI:?set CURI to the curi binary}"
case $CURI in /*) ;; *) CURI=$(pwd)/$CURI ;; esac
export CURI
doc=${1:-docs/trurl.md}
LC_ALL=C.UTF-8
export LC_ALL

tmp=$(mktemp -d "${TMPDIR:-/tmp}/curi-trurl.XXXXXX") || exit 3
trap 'rm -rf "$tmp"' EXIT INT TERM
printf 'http://example.com/1\nhttp://example.com/2\n' >"$tmp/urls.txt"

# One command a line: the wanted status, a tab, the command with the samples put in.
# Rows of the table are the lines that start with '|' after the header's |---| line.
awk -v urls="$tmp/urls.txt" '
    # s with every whole word w (not part of a longer word) replaced by r
    function word(s, w, r,    out, i, before, after) {
        out = ""
        while ((i = index(s, w)) > 0) {
            before = i > 1 ? substr(s, i - 1, 1) : ""
            after = substr(s, i + length(w), 1)
            if (before ~ /[A-Za-z0-9_]/ || after ~ /[A-Za-z0-9_]/)
                out = out substr(s, 1, i + length(w) - 1)
            else
                out = out substr(s, 1, i - 1) r
            s = substr(s, i + length(w))
        }
        return out s
    }
    /^\|---/ { table = 1; next }
    table && !/^\|/ { table = 0 }
    !table { next }
    {
        row = $0
        want = row ~ /exit status 1/ ? 1 : 0
        gsub(/\\\|/, "\001", row)           # an escaped | is not a cell border
        n = split(row, cell, "|")
        col = cell[n - 1]                   # the last cell (the row ends with "|")
        while (match(col, /`[^`]*`/)) {
            cmd = substr(col, RSTART + 1, RLENGTH - 2)
            col = substr(col, RSTART + RLENGTH)
            gsub(/\001/, "|", cmd)
            if (cmd !~ /^curi / && cmd !~ /\| curi /) continue
            cmd = word(cmd, "URL2", "http://example.org/other")
            cmd = word(cmd, "URL", "'\''http://user:pw@xn--bcher-kva.example:8080/a/b?a=1&utm_source=x#f'\''")
            cmd = word(cmd, "FILE", urls)
            cmd = word(cmd, "BASE", "http://h/a/b")
            cmd = word(cmd, "REF", "../c")
            print want "\t" cmd
        }
    }
' "$doc" >"$tmp/cmds" || exit 3

pass=0
fail=0
tab=$(printf '\t')
while IFS="$tab" read -r want cmd; do
    sh -c "curi() { \"\$CURI\" \"\$@\"; }
$cmd" >"$tmp/out" 2>"$tmp/err" </dev/null
    got=$?
    if [ "$got" = "$want" ] && { [ "$want" = 1 ] || [ ! -s "$tmp/err" ]; }; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL $doc: \$ $cmd"
        echo "  exit status: wanted $want, got $got"
        sed 's/^/  stderr: /' "$tmp/err"
    fi
done <"$tmp/cmds"
[ $((pass + fail)) -gt 0 ] || { echo "trurl-doc: no curi command found in $doc"; fail=1; }
echo "trurl-doc: $pass passed, $fail failed"
[ -z "$TRURL_DOC_SHOW" ] || cat "$tmp/cmds"
[ "$fail" = 0 ]
