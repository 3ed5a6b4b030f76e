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
