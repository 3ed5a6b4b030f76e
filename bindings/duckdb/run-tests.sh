#!/bin/sh
# bindings/duckdb/run-tests.sh B -- the DuckDB extension's tests (make check-duckdb).
#
# Each tests/NAME.sql runs in DuckDB's Node.js client (run.cjs: an in-memory database that
# has run SET allow_unsigned_extensions and LOAD 'B/curi.duckdb_extension'); its output must
# equal tests/NAME.out; tables.sql again in a second database of the same process.  Then two
# LOADs that must fail: the extension in a database that does
# not allow unsigned extensions, and the shared library without the metadata footer.  Then curi_parse() is
# compared with `curi parse --json`, and curi_url_href() with `curi url`, over every data
# file of ../shared/data/urls/, read with DuckDB's read_csv (one test per file and function).
# Ends with "N passed, N failed".
set -u
B=${1:-build}
dir=$(dirname "$0")
# The client: run.cjs with @duckdb/node-api from B/duckdb/node (make check-duckdb installs it).
host() { node "$dir/run.cjs" "$B/duckdb/node" "$B/curi.duckdb_extension" "$@"; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
pass=0
fail=0
echo "duckdb: $(host --version </dev/null)"
# same WHAT WANT GOT: one test, passed when the files WANT and GOT are equal.
same() {
    if cmp -s "$2" "$3"; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL: $1"
        diff "$2" "$3" | head -20
    fi
}
for sql in "$dir"/tests/*.sql; do
    name=$(basename "$sql" .sql)
    host "$sql" >"$tmp/out" 2>&1
    same "$name" "$dir/tests/$name.out" "$tmp/out"
done

# A second database in the same process LOADs the extension again (its copy of DuckDB's
# function pointers is already there) and answers the same.
host --second "$dir/tests/tables.sql" >"$tmp/out" 2>&1
same "tables in a second database" "$dir/tests/tables.out" "$tmp/out"

# The LOAD itself: DuckDB refuses the file when unsigned extensions are not allowed (the
# signature is zero), and the library without the metadata footer in any case.
load_fails() {
    node "$dir/run.cjs" "$B/duckdb/node" "$1" $2 --version >"$tmp/out" 2>&1
    if [ $? = 2 ] && grep -q "$3" "$tmp/out"; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL: LOAD '$1' $2 did not fail with '$3':"
        cat "$tmp/out"
    fi
}
load_fails "$B/curi.duckdb_extension" --signed-only 'signature is either missing or invalid'
mkdir "$tmp/bare" && cp "$B/duckdb/curi.so" "$tmp/bare/curi.duckdb_extension"
load_fails "$tmp/bare/curi.duckdb_extension" '' 'metadata at the end of the file is invalid'

data=$(ls "$dir"/../../../shared/data/urls/*.txt 2>/dev/null)
[ -n "$data" ] || echo "duckdb: no ../shared/data/urls/*.txt: the comparison with curi parse --json is left out"
for f in $data; do
    name=$(basename "$f")
    # Without a leading byte order mark (the tool skips it) and empty lines (read_csv does).
    sed -e '1s/^\xEF\xBB\xBF//' -e '/^$/d' "$f" >"$tmp/in"
    for fn in parse url; do
        # curi_parse() against `curi parse --json`; curi_url_href() against `curi url` (an
        # empty line for a failure).
        if [ $fn = parse ]; then
            "$B/curi" parse --json <"$tmp/in" >"$tmp/want" 2>/dev/null
            expr="curi_parse(u)"
        else
            "$B/curi" url <"$tmp/in" >"$tmp/want" 2>/dev/null
            expr="coalesce(curi_url_href(u), '')"
        fi
        echo "SELECT $expr FROM read_csv('$tmp/in', header = false, delim = E'\\x1f', quote = '',
              escape = '', columns = {'u': 'VARCHAR'}, auto_detect = false, strict_mode = false);" |
            host >"$tmp/got" 2>&1
        same "$expr and curi $fn differ on $name" "$tmp/want" "$tmp/got"
    done
done
echo "duckdb: $pass passed, $fail failed"
[ $fail = 0 ]
