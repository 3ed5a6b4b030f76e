-- A percent-decoded value that is not text in the database's encoding (UTF-8 here) is
-- refused with an error, never returned as a text value that would fail later.
SELECT curi_param('http://a/?x=%ff', 'x');
SELECT * FROM curi_query_each('http://a/?c=%ff');
SELECT * FROM curi_query_each('http://a/?%ff=1');
-- valid UTF-8 decodes as before
SELECT curi_param('http://a/?x=%C3%A9', 'x');
SELECT * FROM curi_query_each('http://a/?c=%C3%A9&d');
