-- curi_equal and curi_check (the rest of ops is in functions.sql): NULL in -> NULL out,
-- curi_equal NULL when either side is invalid.
SELECT curi_equal('http://a:80/', 'HTTP://A'), curi_equal('http://a/%7e', 'http://a/~'),
       curi_equal('http://a/x', 'http://a/y'), curi_equal('http://a/', 'http://a b/'),
       curi_equal(NULL, 'http://a/'), curi_equal('http://a/', NULL);
SELECT curi_check('https://example.com/'), curi_check(NULL);
SELECT unnest(from_json(json_extract(curi_check('http://user:pw@h/'), '$.findings[*].rule'), '["VARCHAR"]'));
SELECT count(*) FROM (SELECT unnest(from_json(json_extract(curi_check('http://a b/'), '$.findings[*].rule'), '["VARCHAR"]')) AS r)
 WHERE r = 'syntax-invalid';
-- issue 26 item 2: a 360 KB run of %41 (one finding per three bytes) gives the first 1000
-- findings and "more" for the rest.
SELECT json_array_length(c, '$.findings'), json_extract(c, '$.more'), json_extract(c, '$.findings[999].start')
  FROM (SELECT curi_check('http://h/' || repeat('%41', 120000)) AS c);
-- Over several chunks, with NULL rows.
SELECT count(*), count(curi_equal(u, 'http://x/' || (i % 7))), sum(CASE WHEN curi_equal(u, 'HTTP://X:80/' || (i % 7)) THEN 1 ELSE 0 END),
       count(curi_check(u))
  FROM (SELECT i, CASE WHEN i % 5 = 0 THEN NULL ELSE 'http://x/' || (i % 7) END AS u FROM range(10000) t(i));
