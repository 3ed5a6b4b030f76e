#!/bin/sh
# bindings/bench-sql.sh B [ROWS] -- the speed runs of issue 16 (make bench-sql): ROWS
# (1,000,000 by default) URLs made by cycling through the lines of ../shared/data/urls/*.txt
# (or of the files CURI_BENCH_SQL_FILES names), then per engine, in one run each, the curi
# functions beside what people write instead.
# Times are wall-clock of whole queries, divided by the number of rows (ns/row).
#   SQLite      curi_host, curi_normalize, curi_url_href beside typeof() and length() (trivial
#               C functions) and the substr/instr expression that takes the host
#   PostgreSQL  btree index build and count(DISTINCT) on curi beside text (the cluster's
#               C.UTF-8 collation, and COLLATE "C"), curi_host beside a plain scan,
#               curi_url_href of the text beside a scan of it
#   DuckDB      curi_host, curi_normalize, curi_url_href beside regexp_extract doing the
#               same, one thread
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
# CURI_BENCH_SQL_FILES unquoted: a list of files, split and globbed.
cat ${CURI_BENCH_SQL_FILES:-"$root"/../shared/data/urls/*.txt} | sed -e 's/^\xEF\xBB\xBF//' -e '/^$/d' -e '/[\\\t]/d' >"$out/base.txt"
n=$(wc -l <"$out/base.txt")
: >"$data"
while [ "$(wc -l <"$data")" -lt "$ROWS" ]; do cat "$out/base.txt" >>"$data"; done
head -n "$ROWS" "$data" >"$out/tmp.txt" && mv "$out/tmp.txt" "$data"
chmod 644 "$data"
chmod 755 "$out"
echo "bench-sql: $ROWS rows cycled from $n lines of ${CURI_BENCH_SQL_FILES:-../shared/data/urls/*.txt}"

# Each query runs REPEAT times in a row; the fastest counts (the machine is shared).
REPEAT=3
# best NAMES TIMES: print "name ns/row" from TIMES (ms, REPEAT per query, in order).
best() {
    awk -F'\t' -v rows="$ROWS" -v rep="$REPEAT" 'NR == FNR { name[NR] = $1; next }
        { q = int((FNR - 1) / rep) + 1; if (!(q in min) || $1 < min[q]) min[q] = $1 }
        END { for (q = 1; q in name; q++) printf "%s\t%.0f\n", name[q], min[q] * 1e6 / rows }' "$1" "$2"
}
# queries FILE: the statements of the "name<TAB>statement" lines, each REPEAT times.
queries() {
    cut -f2 "$1" | while IFS= read -r q; do
        i=0
        while [ $i -lt $REPEAT ]; do echo "$q"; i=$((i + 1)); done
    done
}

# --- SQLite: .timer prints "Run Time: real S user S sys S" after each statement.
if command -v sqlite3 >/dev/null 2>&1 && [ -f "$B/curi.so" ]; then
    echo
    echo "SQLite $(sqlite3 -version | cut -d' ' -f1), ns/row (best of $REPEAT):"
    cat >"$out/sqlite.q" <<'EOF'
typeof(u) (the most trivial C function)	SELECT count(typeof(u)) FROM t;
length(u) (counts UTF-8 characters)	SELECT count(length(u)) FROM t;
curi_host(u)	SELECT count(curi_host(u)) FROM t;
substr/instr host expression	SELECT count(substr(u, instr(u, '//') + 2, instr(substr(u, instr(u, '//') + 2) || '/', '/') - 1)) FROM t;
curi_normalize(u)	SELECT count(curi_normalize(u)) FROM t;
curi_valid(u)	SELECT count(curi_valid(u)) FROM t;
curi_url_href(u) (WHATWG)	SELECT count(curi_url_href(u)) FROM t;
EOF
    { printf 'CREATE TABLE t(u TEXT);\n.mode ascii\n.separator "\\037" "\\n"\n.import %s t\n' "$data"
      printf '.mode list\nSELECT count(length(u)) FROM t;\n.timer on\n'
      queries "$out/sqlite.q"; } >"$out/sqlite.sql"
    sqlite3 -batch :memory: -cmd ".load $B/curi" <"$out/sqlite.sql" >"$out/sqlite.log" 2>&1
    grep 'Run Time' "$out/sqlite.log" | awk '{ print $4 * 1000 }' >"$out/sqlite.ms"
    best "$out/sqlite.q" "$out/sqlite.ms" | awk -F'\t' 'NR == 1 { base = $2 }
        { printf "  %-34s %6d ns/row  (%+d beside typeof)\n", $1, $2, $2 - base }'
else
    echo "bench-sql: SQLite left out (no sqlite3 or no $B/curi.so: make sqlite)"
fi

# --- DuckDB: the extension LOADed in DuckDB's Node.js client; run.cjs -t prints "time: MS ms:
# <statement>" for each statement.
duckdb() { node "$root/bindings/duckdb/run.cjs" "$B/duckdb/node" "$B/curi.duckdb_extension" "$@"; }
if [ -f "$B/curi.duckdb_extension" ] && [ -f "$B/duckdb/node/node_modules/@duckdb/node-api/package.json" ]; then
    echo
    echo "$(duckdb --version), one thread, ns/row (best of $REPEAT):"
    cat >"$out/duckdb.q" <<'EOF'
length(u)	SELECT count(length(u)) FROM t;
curi_host(u)	SELECT count(curi_host(u)) FROM t;
regexp_extract host	SELECT count(regexp_extract(u, '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^@/?#]*@)?(\[[^]]*\]|[^:/?#]*)', 1)) FROM t;
curi_normalize(u)	SELECT count(curi_normalize(u)) FROM t;
lower + regexp_extract/replace	SELECT count(lower(regexp_extract(u, '^([^:/?#]+://[^/?#]*)', 1)) || regexp_replace(regexp_extract(u, '^[^:/?#]+://[^/?#]*(.*)$', 1), '/\./', '/', 'g')) FROM t;
curi_url_href(u) (WHATWG)	SELECT count(curi_url_href(u)) FROM t;
EOF
    { echo "SET threads = 1;"
      echo "CREATE TABLE t AS SELECT u FROM read_csv('$data', header = false, delim = E'\\x1f', quote = '', escape = '', columns = {'u': 'VARCHAR'}, auto_detect = false, strict_mode = false);"
      echo "SELECT count(length(u)) FROM t;"
      queries "$out/duckdb.q"; } >"$out/duckdb.sql"
    duckdb -t "$out/duckdb.sql" >/dev/null 2>"$out/duckdb.log"
    awk 'NR > 3 { print $2 }' "$out/duckdb.log" >"$out/duckdb.ms"
    best "$out/duckdb.q" "$out/duckdb.ms" | awk -F'\t' '{ printf "  %-34s %6d ns/row\n", $1, $2 }'
else
    echo "bench-sql: DuckDB left out (no $B/curi.duckdb_extension or no @duckdb/node-api: make duckdb, and npm)"
fi

# --- PostgreSQL, on a throw-away cluster.
if command -v pg_config >/dev/null 2>&1 && [ -f "$(pg_config --includedir-server)/postgres.h" ]; then
    echo
    CURI_BENCH_DATA=$data sh "$root/bindings/postgresql/run.sh" "$B" bench "$ROWS"
else
    echo "bench-sql: PostgreSQL left out (no pg_config or server headers)"
fi
