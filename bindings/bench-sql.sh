#!/bin/sh
# bindings/bench-sql.sh B [ROWS] -- the speed runs of issue 16 (make bench-sql): ROWS
# (1,000,000 by default) URLs made by cycling through the lines of ../shared/data/urls/*.txt,
# then per engine, in one run each, the curi functions beside what people write instead.
# Times are wall-clock of whole queries, divided by the number of rows (ns/row).
#   SQLite      curi_host, curi_normalize beside length() (a trivial C function) and the
#               substr/instr expression that takes the host
#   PostgreSQL  btree index build and count(DISTINCT) on curi beside text (the cluster's
#               C.UTF-8 collation, and COLLATE "C"), curi_host beside a plain scan
#   DuckDB      curi_host, curi_normalize beside regexp_extract doing the same, one thread
# An engine that is missing is left out with a message.  Timings are not pass/fail.
set -eu
B=$1
ROWS=${2:-1000000}
root=$(cd "$(dirname "$0")/.." && pwd)
case $B in /*) ;; *) B=$root/$B ;; esac
out=$B/sql-bench
mkdir -p "$out"
data=$out/urls.txt
# One URL a line, no empty line, no byte order mark, no backslash or tab (COPY's text format).
cat "$root"/../shared/data/urls/*.txt | sed -e 's/^\xEF\xBB\xBF//' -e '/^$/d' -e '/[\\\t]/d' >"$out/base.txt"
n=$(wc -l <"$out/base.txt")
: >"$data"
while [ "$(wc -l <"$data")" -lt "$ROWS" ]; do cat "$out/base.txt" >>"$data"; done
head -n "$ROWS" "$data" >"$out/tmp.txt" && mv "$out/tmp.txt" "$data"
chmod 644 "$data"
chmod 755 "$out"
echo "bench-sql: $ROWS rows cycled from $n lines of ../shared/data/urls/*.txt"

ns() { awk -v ms="$1" -v rows="$ROWS" 'BEGIN { printf "%.0f", ms * 1e6 / rows }'; }

# --- SQLite: .timer prints "Run Time: real S user S sys S" after each statement.
if command -v sqlite3 >/dev/null 2>&1 && [ -f "$B/curi.so" ]; then
    echo
    echo "SQLite $(sqlite3 -version | cut -d' ' -f1), ns/row (real time / rows):"
    sqlite3 -batch :memory: -cmd ".load $B/curi" >"$out/sqlite.log" 2>&1 <<EOF
CREATE TABLE t(u TEXT);
.mode ascii
.separator "\\037" "\\n"
.import $data t
.mode list
.timer on
SELECT count(length(u)) FROM t;
SELECT count(length(u)) FROM t;
SELECT count(curi_host(u)) FROM t;
SELECT count(substr(u, instr(u, '//') + 2, instr(substr(u, instr(u, '//') + 2) || '/', '/') - 1)) FROM t;
SELECT count(curi_normalize(u)) FROM t;
SELECT count(curi_valid(u)) FROM t;
EOF
    grep 'Run Time' "$out/sqlite.log" | awk '{ print $4 * 1000 }' >"$out/sqlite.ms"
    set -- "warm-up" "length(u) (trivial C function)" "curi_host(u)" "substr/instr host expression" \
        "curi_normalize(u)" "curi_valid(u)"
    i=0
    base=0
    while read -r ms; do
        i=$((i + 1))
        name=$(eval echo "\${$i}")
        [ $i = 1 ] && continue
        v=$(ns "$ms")
        [ $i = 2 ] && base=$v
        printf '  %-34s %6s ns/row  (%+d beside length)\n' "$name" "$v" $((v - base))
    done <"$out/sqlite.ms"
else
    echo "bench-sql: SQLite left out (no sqlite3 or no $B/curi.so: make sqlite)"
fi

# --- DuckDB: curi-duckdb -t prints "time: MS ms: <statement>" for each statement.
if [ -x "$B/duckdb/curi-duckdb" ]; then
    echo
    echo "$("$B/duckdb/curi-duckdb" --version </dev/null), one thread, ns/row:"
    host_re="'^[A-Za-z][A-Za-z0-9+.-]*://(?:[^@/?#]*@)?(\\[[^]]*\\]|[^:/?#]*)'"
    cat >"$out/duckdb.sql" <<EOF
SET threads = 1;
CREATE TABLE t AS SELECT u FROM read_csv('$data', header = false, delim = E'\\x1f', quote = '', escape = '', columns = {'u': 'VARCHAR'}, auto_detect = false, strict_mode = false);
SELECT count(length(u)) FROM t;
SELECT count(length(u)) FROM t;
SELECT count(curi_host(u)) FROM t;
SELECT count(regexp_extract(u, $host_re, 1)) FROM t;
SELECT count(curi_normalize(u)) FROM t;
SELECT count(lower(regexp_extract(u, '^([^:/?#]+://[^/?#]*)', 1)) || regexp_replace(regexp_extract(u, '^[^:/?#]+://[^/?#]*(.*)$', 1), '/\\./', '/', 'g')) FROM t;
EOF
    "$B/duckdb/curi-duckdb" -t "$out/duckdb.sql" >/dev/null 2>"$out/duckdb.log"
    set -- "set" "load" "warm-up" "length(u)" "curi_host(u)" "regexp_extract host" \
        "curi_normalize(u)" "lower + regexp_extract/replace"
    i=0
    while read -r _ ms _; do
        i=$((i + 1))
        [ $i -le 3 ] && continue
        name=$(eval echo "\${$i}")
        printf '  %-34s %6s ns/row\n' "$name" "$(ns "$ms")"
    done <"$out/duckdb.log"
else
    echo "bench-sql: DuckDB left out (no $B/duckdb/curi-duckdb: make duckdb)"
fi

# --- PostgreSQL, on a throw-away cluster.
if command -v pg_config >/dev/null 2>&1 && [ -f "$(pg_config --includedir-server)/postgres.h" ]; then
    echo
    CURI_BENCH_DATA=$data sh "$root/bindings/postgresql/run.sh" "$B" bench "$ROWS"
else
    echo "bench-sql: PostgreSQL left out (no pg_config or server headers)"
fi
