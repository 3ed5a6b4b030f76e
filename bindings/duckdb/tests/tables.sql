-- The table functions, as in the SQLite extension: curi_query_each(u) -> (key, value)
-- form-decoded, in order, value NULL for a pair without '='; curi_segments(u) -> (segment,
-- decoded).  No rows for NULL, for an invalid input, for an absent query.
SELECT key, value FROM curi_query_each('http://a/?a=1&b&c=%41+b&&=x&a=2#f');
SELECT count(*) FROM curi_query_each('http://a/?');
SELECT count(*) FROM curi_query_each('http://a/');
SELECT count(*) FROM curi_query_each('not a uri');
SELECT count(*) FROM curi_query_each(NULL);
SELECT segment, decoded FROM curi_segments('http://a/x%2Fy/z/');
SELECT segment FROM curi_segments('rel/a');
SELECT count(*) FROM curi_segments('http://a');
SELECT count(*) FROM curi_segments(NULL);
SELECT count(*) FROM curi_segments('http://a b/c');
-- Column names, and an argument that is an expression.
SELECT * FROM curi_query_each('http://a/?k=v');
SELECT * FROM curi_segments('http://a/' || 'p');
-- More rows than one chunk (2048): 5000 pairs, 5001 segments (the last one empty).
-- (DuckDB's table functions take no subquery: the arguments are built with repeat.)
SELECT count(*), count(DISTINCT key), min(value), max(value)
  FROM curi_query_each('http://a/?' || repeat('k=1&', 4999) || 'k=2');
SELECT count(*), count(DISTINCT segment), min(decoded), max(decoded)
  FROM curi_segments('http://a/' || repeat('s%20/', 5000));
-- Top parameter keys of a crawl: DuckDB's C API table functions take constant arguments,
-- so a per-row breakdown goes through the scalar curi_param.
SELECT key, count(*) FROM curi_query_each('https://s.example/search?q=sql&lang=en&q=uri') GROUP BY key ORDER BY key;
-- A decoded value that is not UTF-8 is NULL: a VARCHAR cannot hold the byte 0xFF.
SELECT key, value IS NULL AS value_null FROM curi_query_each('http://a/?c=%ff&d=%C3%A9');
SELECT segment, decoded FROM curi_segments('http://a/%ff/%C3%A9');
SELECT curi_param('http://a/?x=%ff', 'x') IS NULL, curi_param('http://a/?x=%C3%A9', 'x');
