-- btree and hash operator classes on the normalized form: DISTINCT, GROUP BY, joins and
-- unique indexes treat equivalent URIs as one.
\pset null (null)
CREATE TABLE crawl(id serial, url curi);
INSERT INTO crawl(url) VALUES ('http://Example.com/a/./b'), ('HTTP://example.COM:80/a/b'),
    ('http://example.com/a/%62'), ('https://example.com/a/b'), ('http://other.example/'),
    ('http://OTHER.example'), ('http://other.example/?'), ('mailto:x@example.com');
SELECT count(*) AS rows, count(DISTINCT url) AS distinct_urls FROM crawl;
SELECT curi_normalize(url) AS normalized, count(*), min(id) FROM crawl GROUP BY url ORDER BY url;
SELECT DISTINCT ON (url) id, url FROM crawl ORDER BY url, id;
CREATE INDEX crawl_btree ON crawl(url);
SET enable_seqscan = off;
SET enable_bitmapscan = off;
EXPLAIN (COSTS OFF) SELECT id FROM crawl WHERE url = 'HTTP://EXAMPLE.com/a/b';
SELECT id FROM crawl WHERE url = 'HTTP://EXAMPLE.com/a/b' ORDER BY id;
DROP INDEX crawl_btree;
CREATE INDEX crawl_hash ON crawl USING hash(url);
EXPLAIN (COSTS OFF) SELECT id FROM crawl WHERE url = 'HTTP://EXAMPLE.com/a/b';
SELECT id FROM crawl WHERE url = 'HTTP://EXAMPLE.com/a/b' ORDER BY id;
RESET enable_seqscan;
RESET enable_bitmapscan;
-- Hash and merge joins.
CREATE TABLE seen(url curi);
INSERT INTO seen VALUES ('http://example.com:80/a/b'), ('http://OTHER.EXAMPLE/');
SET enable_mergejoin = off;
SET enable_nestloop = off;
SELECT c.id FROM crawl c JOIN seen s ON c.url = s.url ORDER BY c.id;
RESET enable_mergejoin;
SET enable_hashjoin = off;
SELECT c.id FROM crawl c JOIN seen s ON c.url = s.url ORDER BY c.id;
RESET enable_hashjoin;
RESET enable_nestloop;
-- A unique index refuses an equivalent URI.
CREATE TABLE uniq(url curi UNIQUE);
INSERT INTO uniq VALUES ('http://example.com/a/b');
INSERT INTO uniq VALUES ('HTTP://EXAMPLE.COM:80/a/./b');
-- An expression index on an extractor.
CREATE INDEX crawl_host ON crawl(curi_host(url));
SET enable_seqscan = off;
EXPLAIN (COSTS OFF) SELECT id FROM crawl WHERE curi_host(url) = 'other.example';
RESET enable_seqscan;
-- Sort order with abbreviated keys (the first 8 bytes of the normalized form): 20,000
-- values whose first 8 bytes are mostly distinct (so the sort keeps abbreviating), a third
-- of them not normalized, lengths 2 to 13 before "://"; then 20,000 that share "https://"
-- (so it gives abbreviation up).  Each sorted by curi must be in the order of its normalized
-- forms under COLLATE "C", in a sort and in an index scan.
CREATE TABLE sorted AS
    SELECT i, (CASE WHEN i % 3 = 0 THEN upper(s) ELSE s END || '://h/' || (i % 7))::curi AS c
      FROM (SELECT i, 'a' || substr(md5(i::text), 1, 1 + i % 12) AS s
              FROM generate_series(1, 20000) i) x;
INSERT INTO sorted
    SELECT i, ('https://' || CASE WHEN i % 5 = 0 THEN 'EXAMPLE.com:443/' ELSE 'example.com/' END ||
               (i % 1000))::curi
      FROM generate_series(20001, 40000) i;
SELECT count(*) FILTER (WHERE curi_raw(c) <> curi_normalize(c)) AS not_normalized,
       count(DISTINCT c) AS distinct_values FROM sorted;
SELECT count(*) AS out_of_order
  FROM (SELECT curi_normalize(c) AS n, lag(curi_normalize(c)) OVER (ORDER BY c) AS prev
          FROM sorted) s
 WHERE prev COLLATE "C" > n;
SELECT count(*) AS out_of_order
  FROM (SELECT curi_normalize(c) AS n, lag(curi_normalize(c)) OVER (ORDER BY c) AS prev
          FROM sorted WHERE i > 20000) s
 WHERE prev COLLATE "C" > n;
CREATE INDEX sorted_c ON sorted(c);
SET enable_seqscan = off;
SET enable_bitmapscan = off;
CREATE TABLE scanned AS SELECT row_number() OVER () AS r, curi_normalize(c) AS n
  FROM (SELECT c FROM sorted ORDER BY c) s;
RESET enable_seqscan;
RESET enable_bitmapscan;
SELECT count(*) AS out_of_order FROM scanned a JOIN scanned b ON b.r = a.r + 1
 WHERE a.n COLLATE "C" > b.n;
SELECT count(*) AS rows_scanned FROM scanned;
-- How a value is stored: a normalized URI as its bytes (under a 1-byte varlena header), any
-- other as a tag, the normalized form's length, the normalized form and the text; past 64 KiB
-- the length takes 4 bytes (STORAGE EXTERNAL: the long ones are moved out of line, not
-- compressed, so that pg_column_size shows their size).
CREATE TABLE stored(c curi);
ALTER TABLE stored ALTER c SET STORAGE EXTERNAL;
INSERT INTO stored VALUES (''), ('http://a/'), ('HTTP://a/'), ('a'), ('%7e'),
    ('HTTP://a/' || repeat('x', 70000)), ('http://a/' || repeat('x', 70000));
SELECT left(curi_raw(c), 12) AS raw, left(curi_normalize(c), 12) AS normalized,
       length(curi_raw(c)) AS raw_len, length(curi_normalize(c)) AS norm_len,
       pg_column_size(c) AS stored_size, curi_path(c) IS NOT NULL AS has_path,
       length(curi_path(c)) AS path_len
  FROM stored;
SELECT count(DISTINCT c) AS distinct_long FROM stored WHERE length(curi_raw(c)) > 70000;
-- docs/sql.md's recipe for a deduplicated index: the normalized form as text, COLLATE "C".
CREATE INDEX crawl_norm ON crawl ((curi_normalize(url)) COLLATE "C");
SET enable_seqscan = off;
EXPLAIN (COSTS OFF)
SELECT id FROM crawl WHERE curi_normalize(url) COLLATE "C" = curi_normalize('HTTP://Example.com:80/a/b');
SELECT id FROM crawl WHERE curi_normalize(url) COLLATE "C" = curi_normalize('HTTP://Example.com:80/a/b')
 ORDER BY id;
RESET enable_seqscan;
