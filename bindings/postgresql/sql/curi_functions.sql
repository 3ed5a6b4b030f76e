-- Extractors (from the stored offsets), parameters, normalize, resolve, relative, the
-- text functions and the set-returning ones.  Everything is STRICT: NULL in, NULL out.
\pset null (null)
SELECT curi_scheme(u), curi_userinfo(u), curi_host(u), curi_host_type(u), curi_port(u),
       curi_path(u), curi_query(u), curi_fragment(u)
  FROM (VALUES ('HTTPS://user:pw@Example.COM:8443/a/b?x=1&y=2#top'::curi), ('http://@:?#'),
               ('a/b'), ('file:///etc/hosts'), ('http://192.0.2.1'), ('//[2001:db8::1]:80/'),
               ('http://[v7.x]/'), ('urn:isbn:0451450523'), ('http://h:/p'), ('?q'), ('#f'),
               (''), ('s:'), ('http://u@h'), ('x://h:99999')) v(u);
SELECT curi_host(NULL::curi) IS NULL AS null_in_null_out;
SELECT curi_param(u, 'q'), curi_param(u, 'a b'), curi_param(u, 'flag') IS NULL AS no_value,
       curi_param(u, 'none') IS NULL AS missing, curi_param(u, 'e'), curi_param(u, 'x')
  FROM (SELECT 'http://a/s?q=caf%C3%A9+au+lait&a+b=%2B1&flag&e=&x=first&x=second'::curi AS u) s;
SELECT curi_param('http://a/', 'q') IS NULL AS no_query;
SELECT curi_normalize('HTTP://User@Example.COM:80/a/./b/../%7euser/%2f?Q#F'),
       curi_normalize('HTTP://Example.COM:80/a/../b', 'syntax'),
       curi_normalize('https://Example.COM:443', 'scheme');
SELECT curi_normalize('http://a/', 'rfc');
SELECT curi_resolve('http://a/b/c/d;p?q', 'g'), curi_resolve('http://a/b/c/d;p?q', '../..'),
       curi_resolve('http://a/b/c/d;p?q', '?y'), curi_resolve('http://a/b/c/d;p?q', 'g:h'),
       curi_resolve('http://a/b/c/d;p?q', 'a b') IS NULL AS invalid_ref,
       curi_resolve('/relative', 'g') IS NULL AS relative_base;
SELECT curi_host(curi_resolve('http://a/b', '//other.example/x')) AS resolved_is_curi;
SELECT curi_relative('http://a/b/c/d', 'http://a/b/e'), curi_relative('http://a/b/', 'http://x/y'),
       curi_relative('http://a/b', 'http://a/b'), curi_relative('/x', 'http://a/') IS NULL AS relative_base;
SELECT curi_valid('http://a/'), curi_valid('http://a b/'), curi_error('http://a/'),
       curi_error('http://a b/'), curi_error('http://[fe80::1%25]/'), curi_error('1a:b');
SELECT curi_parse('http://u@a.b/x/y?k=v&z#f');
SELECT curi_parse('http://a b');
SELECT curi_parse('https://www.example.org/a?b=1')->'labels'->>1 AS label;
SELECT curi_check('https://example.com/');
SELECT f->>'rule' AS rule FROM json_array_elements(curi_check('http://user:pw@h/')->'findings') f;
SELECT * FROM curi_query_each('http://a/?a=1&b&c=%41+b&&=x&a=2#f');
SELECT count(*) FROM curi_query_each('http://a/');
SELECT * FROM curi_segments('http://a/x%2Fy/z/');
SELECT count(*) FROM curi_segments('http://a');
-- As rows of a table.
CREATE TABLE log(id int, url curi);
INSERT INTO log VALUES (1, 'https://s.example/search?q=sql&lang=en'),
                       (2, 'https://s.example/search?q=uri+parsing'), (3, 'https://s.example/');
SELECT l.id, e.key, e.value FROM log l, curi_query_each(l.url) e ORDER BY l.id, e.key;
SELECT e.value, count(*) FROM log, curi_query_each(url) e WHERE e.key = 'q' GROUP BY 1 ORDER BY 1;
-- Every function is IMMUTABLE STRICT PARALLEL SAFE.
SELECT p.proname, p.provolatile, p.proisstrict, p.proparallel
  FROM pg_proc p JOIN pg_depend d ON d.objid = p.oid JOIN pg_extension x ON d.refobjid = x.oid
 WHERE x.extname = 'curi' AND (p.provolatile <> 'i' OR NOT p.proisstrict OR p.proparallel <> 's');
