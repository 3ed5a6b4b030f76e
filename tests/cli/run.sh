#!/bin/sh
# run.sh -- run the curi command-line tests: CURI=path/to/curi sh tests/cli/run.sh FILE.t...
#
# A .t file is a list of blocks; outside blocks, blank lines and '#' comments are ignored.
#
#   $ COMMAND         a shell command; "curi" in it runs $CURI (pipes and redirections allowed)
#   TEXT              an expected line of standard output (inside a block, an empty line is one too)
#   | TEXT            an expected stdout line written with a prefix, for lines that begin with
#                     "$ ", "! ", "? " or "| " or are empty ("|" alone)
#   ! TEXT            an expected line of standard error ("!" alone: an empty one)
#   ? N               the expected exit status; ends the block
#
# stdout and stderr must match exactly (a block without '!' lines expects an empty stderr).
# Failures print FILE:LINE, the command and a diff.  Each file ends with a progress line
# "FILE: N passed, N failed" (its own counts); the last line is "N passed, N failed" (all files).
# SPDX-License-Identifier: MIT

: "${CURI:?set CURI to the curi binary}"
case $CURI in /*) ;; *) CURI=$(pwd)/$CURI ;; esac
export CURI
# Fixed, locale-independent behaviour for the tools the tests call.
LC_ALL=C
export LC_ALL
unset NO_COLOR

tmp=$(mktemp -d "${TMPDIR:-/tmp}/curi-cli.XXXXXX") || exit 3
trap 'rm -rf "$tmp"' EXIT INT TERM

pass=0
fail=0

# Run one block: $cmd, expected files, $want (status), $file:$start for messages.
run_block() {
    sh -c "curi() { \"\$CURI\" \"\$@\"; }
$cmd" >"$tmp/out" 2>"$tmp/err" </dev/null
    got=$?
    ok=1
    cmp -s "$tmp/out" "$tmp/exp.out" || ok=0
    cmp -s "$tmp/err" "$tmp/exp.err" || ok=0
    [ "$got" = "$want" ] || ok=0
    if [ $ok = 1 ]; then
        pass=$((pass + 1))
        return
    fi
    fail=$((fail + 1))
    printf "FAIL %s:%s: \$ %s\n" "$file" "$start" "$cmd"
    if [ "$got" != "$want" ]; then
        echo "  exit status: wanted $want, got $got"
    fi
    if ! cmp -s "$tmp/out" "$tmp/exp.out"; then
        echo "  stdout (- wanted, + got):"
        diff -u "$tmp/exp.out" "$tmp/out" | sed -e '1,2d' -e 's/^/    /'
    fi
    if ! cmp -s "$tmp/err" "$tmp/exp.err"; then
        echo "  stderr (- wanted, + got):"
        diff -u "$tmp/exp.err" "$tmp/err" | sed -e '1,2d' -e 's/^/    /'
    fi
}

for file in "$@"; do
    pass0=$pass
    fail0=$fail
    n=0
    inblock=0
    while IFS= read -r line || [ -n "$line" ]; do
        n=$((n + 1))
        if [ $inblock = 0 ]; then
            case $line in
            '' | '#'*) continue ;;
            '$ '*)
                cmd=${line#'$ '}
                start=$n
                inblock=1
                : >"$tmp/exp.out"
                : >"$tmp/exp.err"
                ;;
            *)
                echo "$file:$n: expected '\$ COMMAND', got: $line"
                fail=$((fail + 1))
                ;;
            esac
            continue
        fi
        case $line in
        '? '*)
            want=${line#'? '}
            inblock=0
            run_block
            ;;
        '$ '*)
            echo "$file:$n: block of line $start has no '? STATUS' line"
            fail=$((fail + 1))
            cmd=${line#'$ '}
            start=$n
            : >"$tmp/exp.out"
            : >"$tmp/exp.err"
            ;;
        '!') echo >>"$tmp/exp.err" ;;
        '! '*) printf '%s\n' "${line#'! '}" >>"$tmp/exp.err" ;;
        '|') echo >>"$tmp/exp.out" ;;
        '| '*) printf '%s\n' "${line#'| '}" >>"$tmp/exp.out" ;;
        *) printf '%s\n' "$line" >>"$tmp/exp.out" ;;
        esac
    done <"$file"
    if [ $inblock = 1 ]; then
        echo "$file:$start: block has no '? STATUS' line"
        fail=$((fail + 1))
    fi
    echo "$file: $((pass - pass0)) passed, $((fail - fail0)) failed"
done

echo "$pass passed, $fail failed"
[ $fail = 0 ]
