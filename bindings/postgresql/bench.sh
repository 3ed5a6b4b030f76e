#!/bin/sh
# bindings/postgresql/bench.sh ROWS -- run by run.sh bench against its throw-away cluster
# (PGHOST etc. set), with CURI_BENCH_DATA the file of ROWS URLs: the same valid URLs as text
# and as curi, side by side in one session; psql's \timing gives each statement's time.
set -eu
ROWS=$1
psql_t() { "$(pg_config --bindir)/psql" -X -q -v ON_ERROR_STOP=1 "$@"; }
cat >/tmp/curi-bench-$$.sql <<EOF
SET max_parallel_workers_per_gather = 0;
SET max_parallel_maintenance_workers = 0;
SET maintenance_work_mem = '512MB';
SET work_mem = '512MB';
CREATE TABLE raw(u text);
\\copy raw FROM '$CURI_BENCH_DATA' WITH (FORMAT text, DELIMITER E'\\x1f')
CREATE TABLE tt AS SELECT u FROM raw WHERE curi_valid(u);
CREATE TABLE tc AS SELECT u::curi AS c FROM tt;
VACUUM ANALYZE tt;
VACUUM ANALYZE tc;
SELECT count(*) AS valid_rows FROM tt;
\\timing on
CREATE INDEX tt_i ON tt(u);
\\timing off
DROP INDEX tt_i;
\\timing on
CREATE INDEX tt_i ON tt(u);
\\timing off
DROP INDEX tt_i;
\\timing on
CREATE INDEX tt_i ON tt(u);
CREATE INDEX tt_ic ON tt(u COLLATE "C");
\\timing off
DROP INDEX tt_ic;
\\timing on
CREATE INDEX tt_ic ON tt(u COLLATE "C");
\\timing off
DROP INDEX tt_ic;
\\timing on
CREATE INDEX tt_ic ON tt(u COLLATE "C");
CREATE INDEX tc_i ON tc(c);
\\timing off
DROP INDEX tc_i;
\\timing on
CREATE INDEX tc_i ON tc(c);
\\timing off
DROP INDEX tc_i;
\\timing on
CREATE INDEX tc_i ON tc(c);
SELECT count(DISTINCT u) FROM tt;
SELECT count(DISTINCT u) FROM tt;
SELECT count(DISTINCT u) FROM tt;
SELECT count(DISTINCT u COLLATE "C") FROM tt;
SELECT count(DISTINCT u COLLATE "C") FROM tt;
SELECT count(DISTINCT u COLLATE "C") FROM tt;
SELECT count(DISTINCT c) FROM tc;
SELECT count(DISTINCT c) FROM tc;
SELECT count(DISTINCT c) FROM tc;
SELECT count(c) FROM tc;
SELECT count(c) FROM tc;
SELECT count(c) FROM tc;
SELECT count(curi_host(c)) FROM tc;
SELECT count(curi_host(c)) FROM tc;
SELECT count(curi_host(c)) FROM tc;
SELECT count(curi_normalize(c)) FROM tc;
SELECT count(curi_normalize(c)) FROM tc;
SELECT count(curi_normalize(c)) FROM tc;
SELECT count(u) FROM tt;
SELECT count(u) FROM tt;
SELECT count(u) FROM tt;
SELECT count(substring(u from '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^@/?#]*@)?(\\[[^]]*\\]|[^:/?#]*)')) FROM tt;
SELECT count(substring(u from '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^@/?#]*@)?(\\[[^]]*\\]|[^:/?#]*)')) FROM tt;
SELECT count(substring(u from '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^@/?#]*@)?(\\[[^]]*\\]|[^:/?#]*)')) FROM tt;
SELECT count(curi_url_href(u)) FROM tt;
SELECT count(curi_url_href(u)) FROM tt;
SELECT count(curi_url_href(u)) FROM tt;
\\timing off
SELECT pg_size_pretty(pg_relation_size('tt')) AS text_table, pg_size_pretty(pg_relation_size('tc')) AS curi_table,
       pg_size_pretty(pg_relation_size('tt_i')) AS text_index, pg_size_pretty(pg_relation_size('tc_i')) AS curi_index;
EOF
psql_t -c 'CREATE EXTENSION curi' >/dev/null
psql_t -f /tmp/curi-bench-$$.sql >/tmp/curi-bench-$$.log 2>&1 || { cat /tmp/curi-bench-$$.log; rm -f /tmp/curi-bench-$$.*; exit 1; }
valid=$(grep -A2 valid_rows /tmp/curi-bench-$$.log | tail -1 | tr -d ' ')
echo "PostgreSQL $(pg_config --version | cut -d' ' -f2), $valid valid rows of $ROWS (best of 3; ms, ns/row):"
printf '%s\n' "btree index build, text (C.UTF-8)" "btree index build, text COLLATE \"C\"" "btree index build, curi" "count(DISTINCT text) (C.UTF-8)" "count(DISTINCT text COLLATE \"C\")" "count(DISTINCT curi)" "scan: count(c)" "curi_host(c)" "curi_normalize(c)" "scan: count(u) of text" "substring(u from regexp) host" "curi_url_href(u) of text (WHATWG)" >/tmp/curi-bench-$$.names
grep '^Time:' /tmp/curi-bench-$$.log | awk '{ print $2 }' >/tmp/curi-bench-$$.ms
# Each operation ran three times; the fastest counts (the machine is shared).
awk -v r="$valid" 'NR == FNR { name[NR] = $0; next }
    { q = int((FNR - 1) / 3) + 1; if (!(q in m) || $1 < m[q]) m[q] = $1 }
    END { for (q = 1; q in name; q++) printf "  %-38s %9.1f ms %6.0f ns/row\n", name[q], m[q], m[q] * 1e6 / r }' \
    /tmp/curi-bench-$$.names /tmp/curi-bench-$$.ms
grep -A2 text_table /tmp/curi-bench-$$.log | sed 's/^/  /'
rm -f /tmp/curi-bench-$$.*
