-- Deterministic and innocuous: the functions work in an expression index, a generated
-- column, a CHECK constraint and a view (with trusted_schema off), and the planner uses
-- an index on curi_normalize(url) for the dedup query.
.nullvalue NULL
PRAGMA trusted_schema = OFF;
CREATE TABLE crawl(id INTEGER PRIMARY KEY,
                   url TEXT CHECK (curi_valid(url)),
                   host TEXT GENERATED ALWAYS AS (lower(curi_host(url))) VIRTUAL);
CREATE INDEX crawl_norm ON crawl(curi_normalize(url));
CREATE VIEW hosts AS SELECT host, count(*) AS n FROM crawl GROUP BY host;
INSERT INTO crawl(url) VALUES ('http://Example.com/a/./b'), ('HTTP://example.COM:80/a/b'),
    ('http://example.com/a/%62'), ('https://example.com/a/b'), ('http://other.example/'),
    ('http://OTHER.example'), ('http://other.example/?'), ('mailto:x@example.com');
INSERT INTO crawl(url) VALUES ('http://a b/');
SELECT 'hosts', quote(host), n FROM hosts ORDER BY n DESC, host;
-- Dedup: the duplicate groups, through the index.
EXPLAIN QUERY PLAN
SELECT curi_normalize(url), count(*) FROM crawl GROUP BY curi_normalize(url) HAVING count(*) > 1;
SELECT 'dup', curi_normalize(url), count(*) FROM crawl GROUP BY curi_normalize(url) HAVING count(*) > 1
 ORDER BY 2;
-- Lookup of one URI by its normalized form.
EXPLAIN QUERY PLAN
SELECT id FROM crawl WHERE curi_normalize(url) = curi_normalize('HTTP://EXAMPLE.com/a/b');
SELECT 'lookup', group_concat(id) FROM crawl WHERE curi_normalize(url) = curi_normalize('HTTP://EXAMPLE.com/a/b');
-- Keep the first of each normalized form.
DELETE FROM crawl WHERE id NOT IN (SELECT min(id) FROM crawl GROUP BY curi_normalize(url));
SELECT 'kept', id, url FROM crawl ORDER BY id;
-- A unique index on the normalized form refuses an equivalent URI.
CREATE UNIQUE INDEX crawl_unique ON crawl(curi_normalize(url));
INSERT INTO crawl(url) VALUES ('http://example.com:/a/b');
