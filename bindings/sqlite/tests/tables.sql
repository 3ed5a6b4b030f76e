-- curi_query_each(u) -> (key, value) decoded, in order; curi_segments(u) -> (segment, decoded).
.nullvalue NULL
.headers on
SELECT rowid, key, value FROM curi_query_each('http://a/?a=1&b&c=%41+b&&=x&a=2#f');
SELECT key, value FROM curi_query_each('http://a/?');
SELECT key, value FROM curi_query_each('http://a/');
SELECT key, value FROM curi_query_each('not a uri');
SELECT key, value FROM curi_query_each(NULL);
SELECT rowid, segment, decoded FROM curi_segments('http://a/x%2Fy/z/');
SELECT segment FROM curi_segments('rel/a');
SELECT count(*) AS n FROM curi_segments('http://a');
.headers off
-- Joined with a table: one row per pair.
CREATE TABLE log(id INTEGER PRIMARY KEY, url TEXT);
INSERT INTO log(url) VALUES ('https://s.example/search?q=sql&lang=en'),
                            ('https://s.example/search?q=uri+parsing'),
                            ('https://s.example/'),
                            ('bad url');
SELECT t.id, e.key, e.value FROM log t, curi_query_each(t.url) e ORDER BY t.id, e.rowid;
SELECT e.value, count(*) FROM log, curi_query_each(log.url) AS e WHERE e.key = 'q' GROUP BY 1 ORDER BY 1;
SELECT t.id, group_concat(s.segment, '|') FROM log t, curi_segments(t.url) s GROUP BY t.id ORDER BY t.id;
