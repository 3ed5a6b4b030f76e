#!/bin/sh
# bindings/sqlite/run-tests.sh B -- the SQLite extension's tests (make check-sqlite).
#
# Each tests/NAME.sql runs in a fresh in-memory database of the sqlite3 shell with B/curi.so
# loaded; its standard output must equal tests/NAME.out byte for byte, and its standard
# error must hold each line of tests/NAME.err (when there is one; else be empty) as a
# substring, in that order and no other error line: the shell's wording around an error
# ("Runtime error near line N", the extended code) differs between SQLite versions.
# Then curi_parse() and curi_check() are compared with `curi parse --json` and `curi check
# --json` over every data file in ../shared/data/urls/ (one test per file and function; left
# out with a message when the files are not there) and over an input with 21 findings, and
# curi_url_href() and curi_url_host() with `curi url` over the same files.  Ends with
# "N passed, N failed".
set -u
B=${1:-build}
dir=$(dirname "$0")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
pass=0
fail=0

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); printf 'FAIL: %s\n' "$1"; }

for sql in "$dir"/tests/*.sql; do
    name=$(basename "$sql" .sql)
    sqlite3 -batch :memory: -cmd ".load $B/curi" <"$sql" >"$tmp/out" 2>"$tmp/err"
    if ! cmp -s "$dir/tests/$name.out" "$tmp/out"; then
        bad "$name: standard output differs"
        diff "$dir/tests/$name.out" "$tmp/out" | head -20
        continue
    fi
    expect="$dir/tests/$name.err"
    [ -f "$expect" ] || expect=/dev/null
    if [ "$(wc -l <"$expect")" != "$(wc -l <"$tmp/err")" ]; then
        bad "$name: $(wc -l <"$tmp/err") error lines, expected $(wc -l <"$expect")"
        cat "$tmp/err"
        continue
    fi
    n=0
    good=1
    while IFS= read -r want; do
        n=$((n + 1))
        got=$(sed -n "${n}p" "$tmp/err")
        case $got in
        *"$want"*) ;;
        *) good=0; printf '  error line %d: %s\n  expected it to contain: %s\n' "$n" "$got" "$want" ;;
        esac
    done <"$expect"
    if [ $good = 1 ]; then ok; else bad "$name: standard error differs"; fi
done

# Loaded from Python's sqlite3 module, as conn.load_extension("build/curi").
if /usr/bin/python3 -c 'import sqlite3; sqlite3.connect(":memory:").enable_load_extension(True)' 2>/dev/null; then
    got=$(/usr/bin/python3 - "$B/curi" <<'EOF'
import sqlite3, sys
conn = sqlite3.connect(":memory:")
conn.enable_load_extension(True)
conn.load_extension(sys.argv[1])
print(conn.execute("SELECT curi_host(?), curi_normalize(?), curi_error(?)",
                   ("https://Example.ORG:8080/x", "HTTP://A:80/./b", b"http://a\x00/")).fetchone())
EOF
)
    if [ "$got" = "('Example.ORG', 'http://a/b', 'HOST_CHAR@8')" ]; then ok; else bad "python: $got"; fi
else
    echo "sqlite: Python's sqlite3 cannot load extensions here: the Python test is left out"
fi

# curi_parse() against the tool, line by line.  The shell's .import drops empty lines, so
# both sides read the file without them, and without a leading byte order mark (which the
# tool skips and .import would keep).
data=$(ls "$dir"/../../../shared/data/urls/*.txt 2>/dev/null)
if [ -z "$data" ]; then
    echo "sqlite: no ../shared/data/urls/*.txt: the comparison with curi parse --json is left out"
fi
# One input with more findings than the extension's first array holds (16).
many='http://a/%00%00%00%00%00%00%00%00%00%00%00%00%00%00%00%00%00%00%00%00 x'
printf '%s\n' "$many" >"$tmp/many"
set -- $data "$tmp/many"
for f in "$@"; do
    [ -n "$f" ] || continue
    name=$(basename "$f")
    sed -e '1s/^\xEF\xBB\xBF//' -e '/^$/d' "$f" >"$tmp/in"
    for fn in parse check; do
        "$B/curi" $fn --json <"$tmp/in" >"$tmp/want" 2>/dev/null
        sqlite3 -batch :memory: -cmd ".load $B/curi" \
            "CREATE TABLE t(u TEXT)" ".mode ascii" ".separator \"\\037\" \"\\n\"" \
            ".import $tmp/in t" ".mode list" "SELECT curi_$fn(u) FROM t ORDER BY rowid" \
            >"$tmp/got" 2>"$tmp/err"
        if [ -s "$tmp/err" ] || ! cmp -s "$tmp/want" "$tmp/got"; then
            bad "curi_$fn() and curi $fn --json differ on $name"
            cat "$tmp/err"
            diff "$tmp/want" "$tmp/got" | head -6
        else
            ok
        fi
    done
done

# curi_url_href() against `curi url` (the same WHATWG parser; an empty line for a failure),
# line by line over the same files.
for f in $data; do
    name=$(basename "$f")
    sed -e '1s/^\xEF\xBB\xBF//' -e '/^$/d' "$f" >"$tmp/in"
    "$B/curi" url <"$tmp/in" >"$tmp/want" 2>/dev/null
    sqlite3 -batch :memory: -cmd ".load $B/curi" \
        "CREATE TABLE t(u TEXT)" ".mode ascii" ".separator \"\\037\" \"\\n\"" \
        ".import $tmp/in t" ".mode list" "SELECT coalesce(curi_url_href(u), '') FROM t ORDER BY rowid" \
        >"$tmp/got" 2>"$tmp/err"
    if [ -s "$tmp/err" ] || ! cmp -s "$tmp/want" "$tmp/got"; then
        bad "curi_url_href() and curi url differ on $name"
        cat "$tmp/err"
        diff "$tmp/want" "$tmp/got" | head -6
    else
        ok
    fi
    # curi_url_host() against the hostname of `curi url --json` (which is "" both for a null
    # host and after a failure, where the function gives NULL): rows that differ.
    "$B/curi" url --json <"$tmp/in" >"$tmp/json" 2>/dev/null
    got=$(sqlite3 -batch :memory: -cmd ".load $B/curi" \
        "CREATE TABLE t(u TEXT)" "CREATE TABLE j(x TEXT)" ".mode ascii" ".separator \"\\037\" \"\\n\"" \
        ".import $tmp/in t" ".import $tmp/json j" ".mode list" \
        "SELECT count(*), sum(coalesce(curi_url_host(u), '') <> coalesce(json_extract(x, '\$.hostname'), ''))
           FROM t JOIN j ON t.rowid = j.rowid" 2>&1)
    if [ "$got" = "$(wc -l <"$tmp/json" | tr -d ' ')|0" ]; then
        ok
    else
        bad "curi_url_host() and curi url --json's hostname differ on $name: rows|differing = $got"
    fi
done

echo "sqlite: $pass passed, $fail failed"
[ $fail = 0 ]
