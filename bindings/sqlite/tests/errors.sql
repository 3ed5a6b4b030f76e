-- Usage errors are SQL errors (not NULL): an unknown normalization level, a table-valued
-- function without its argument.
SELECT curi_normalize('http://a/', 'rfc');
SELECT * FROM curi_query_each;
SELECT 'still running';
