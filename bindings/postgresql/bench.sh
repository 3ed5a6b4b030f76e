#!/bin/sh
# bindings/postgresql/bench.sh ROWS -- run by run.sh bench against its throw-away cluster
# (PGHOST etc. set), with CURI_BENCH_DATA the file of ROWS URLs: the same valid URLs as text
# and as curi, side by side in one session; psql's \timing gives each statement's time.
# Ends with issue 31's two ratios of the curi btree index to the text COLLATE "C" one: build
# time (the best of three runs: it moves with the machine's load) and size (it does not),
# each also against the text index built with deduplicate_items = off (a curi index cannot
# be deduplicated: equal values may differ in their bytes).  run.sh bench runs it against
# the server of its private installation, never the system's: make bench-sql, or
#   CURI_BENCH_DATA=FILE sh bindings/postgresql/run.sh build bench ROWS
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
CREATE INDEX tt_icn ON tt(u COLLATE "C") WITH (deduplicate_items = off);
\\timing off
DROP INDEX tt_icn;
\\timing on
CREATE INDEX tt_icn ON tt(u COLLATE "C") WITH (deduplicate_items = off);
\\timing off
DROP INDEX tt_icn;
\\timing on
CREATE INDEX tt_icn ON tt(u COLLATE "C") WITH (deduplicate_items = off);
CREATE INDEX tc_i ON tc(c);
\\timing off
DROP INDEX tc_i;
\\timing on
CREATE INDEX tc_i ON tc(c);
\\timing off
DROP INDEX tc_i;
\\timing on
CREATE INDEX tc_i ON tc(c);
CREATE INDEX tc_in ON tc((curi_normalize(c)) COLLATE "C");
\\timing off
DROP INDEX tc_in;
\\timing on
CREATE INDEX tc_in ON tc((curi_normalize(c)) COLLATE "C");
\\timing off
DROP INDEX tc_in;
\\timing on
CREATE INDEX tc_in ON tc((curi_normalize(c)) COLLATE "C");
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
SELECT pg_relation_size('tt') AS text_table, pg_relation_size('tc') AS curi_table,
       pg_relation_size('tt_i') AS text_index, pg_relation_size('tt_ic') AS text_c_index,
       pg_relation_size('tt_icn') AS text_c_nodedup_index, pg_relation_size('tc_i') AS curi_index, pg_relation_size('tc_in') AS curi_norm_index,
       (SELECT count(*) FROM tc WHERE curi_raw(c) <> curi_normalize(c)) AS not_normalized,
       (SELECT count(DISTINCT u) FROM tt) AS distinct_text
\\gset
\\echo sizes :text_table :curi_table :text_index :text_c_index :text_c_nodedup_index :curi_index :curi_norm_index :not_normalized :distinct_text
EOF
psql_t -c 'CREATE EXTENSION curi' >/dev/null
psql_t -f /tmp/curi-bench-$$.sql >/tmp/curi-bench-$$.log 2>&1 || { cat /tmp/curi-bench-$$.log; rm -f /tmp/curi-bench-$$.*; exit 1; }
valid=$(grep -A2 valid_rows /tmp/curi-bench-$$.log | tail -1 | tr -d ' ')
echo "PostgreSQL $(pg_config --version | cut -d' ' -f2), $valid valid rows of $ROWS (best of 3; ms, ns/row):"
printf '%s\n' "btree index build, text (C.UTF-8)" "btree index build, text COLLATE \"C\"" "  the same, deduplicate_items = off" "btree index build, curi" "  on (curi_normalize(c) COLLATE \"C\")" "count(DISTINCT text) (C.UTF-8)" "count(DISTINCT text COLLATE \"C\")" "count(DISTINCT curi)" "scan: count(c)" "curi_host(c)" "curi_normalize(c)" "scan: count(u) of text" "substring(u from regexp) host" "curi_url_href(u) of text (WHATWG)" >/tmp/curi-bench-$$.names
grep '^Time:' /tmp/curi-bench-$$.log | awk '{ print $2 }' >/tmp/curi-bench-$$.ms
# Each operation ran three times; the fastest counts (the machine is shared).
awk -v r="$valid" 'NR == FNR { name[NR] = $0; next }
    { q = int((FNR - 1) / 3) + 1; if (!(q in m) || $1 < m[q]) m[q] = $1 }
    END { for (q = 1; q in name; q++) printf "  %-38s %9.1f ms %6.0f ns/row\n", name[q], m[q], m[q] * 1e6 / r }' \
    /tmp/curi-bench-$$.names /tmp/curi-bench-$$.ms
# sizes TT TC TI TIC TICN CI CIN NOTNORM DISTINCT (bytes, then counts)
set -- $(grep '^sizes ' /tmp/curi-bench-$$.log)
shift
mb() { awk -v b="$1" 'BEGIN { printf "%.1f MB", b / 1048576 }'; }
echo "  sizes: table $(mb "$1") (text) and $(mb "$2") (curi); btree index $(mb "$3") (text C.UTF-8),"
echo "    $(mb "$4") (text COLLATE \"C\"), $(mb "$5") (text COLLATE \"C\", deduplicate_items = off), $(mb "$6") (curi),"
echo "    $(mb "$7") (curi_normalize(c) COLLATE \"C\", which PostgreSQL deduplicates)"
echo "  $8 of the $valid values are not their normalized form; $9 distinct texts"
# The two ratios of issue 31: curi's index against text COLLATE "C"'s, build time (the best
# of the three runs above; load-dependent) and size (not).
awk 'NR == FNR { name[NR] = $0; next }
    { q = int((FNR - 1) / 3) + 1; if (!(q in m) || $1 < m[q]) m[q] = $1 }
    END { for (q = 1; q in name; q++) t[name[q]] = m[q]
          c = "btree index build, curi"; x = "btree index build, text COLLATE \"C\""
          n = "  the same, deduplicate_items = off"; e = "  on (curi_normalize(c) COLLATE \"C\")"
          printf "  ratio: index build time, curi / text COLLATE \"C\": %.2fx (/ the same without deduplication: %.2fx)\n",
              t[c] / t[x], t[c] / t[n]
          printf "         on (curi_normalize(c) COLLATE \"C\") / text COLLATE \"C\": %.2fx\n", t[e] / t[x] }' \
    /tmp/curi-bench-$$.names /tmp/curi-bench-$$.ms
awk -v ci="$6" -v cin="$7" -v tic="$4" -v ticn="$5" 'BEGIN {
    printf "  ratio: index size, curi / text COLLATE \"C\": %.2fx (/ the same without deduplication: %.2fx)\n",
        ci / tic, ci / ticn
    printf "         on (curi_normalize(c) COLLATE \"C\") / text COLLATE \"C\": %.2fx\n", cin / tic }'
rm -f /tmp/curi-bench-$$.*
