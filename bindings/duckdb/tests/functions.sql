-- The extractors, curi_host_type, curi_valid, curi_error, curi_normalize, curi_resolve,
-- curi_relative, curi_param, curi_parse: NULL in -> NULL out, NULL for an invalid input,
-- NULL when a part is absent, '' when it is empty.
SELECT curi_scheme(u), curi_userinfo(u), curi_host(u), curi_host_type(u), curi_port(u),
       curi_path(u), curi_query(u), curi_fragment(u)
  FROM (VALUES ('HTTPS://user:pw@Example.COM:8443/a/b?x=1&y=2#top'), ('http://@:?#'), ('a/b'),
               ('file:///etc/hosts'), ('//[2001:db8::1]:80/'), ('http://[v7.x]/'), ('http://192.0.2.1'),
               ('urn:isbn:0451450523'), ('http://a b/'), (NULL)) t(u);
SELECT '[' || curi_host('http://@:?#') || '|' || curi_port('http://@:?#') || '|' || curi_query('http://@:?#') || ']';
SELECT curi_valid('http://a/'), curi_valid('http://a b/'), curi_valid(NULL), curi_valid('');
SELECT curi_error('http://a/'), curi_error('http://a b/'), curi_error('http://[::1/'), curi_error('1a:b');
SELECT curi_normalize('HTTP://User@Example.COM:80/a/./b/../%7euser/%2f?Q#F'),
       curi_normalize('HTTP://Example.COM:80/a/../b', 'syntax'), curi_normalize('https://Example.COM:443', 'scheme'),
       curi_normalize('http://a b/'), curi_normalize(NULL);
SELECT curi_normalize('http://a/', 'rfc');
SELECT curi_resolve('http://a/b/c/d;p?q', 'g'), curi_resolve('http://a/b/c/d;p?q', '../..'),
       curi_resolve('http://a/b/c/d;p?q', '?y'), curi_resolve('http://a/b/c/d;p?q', 'g:h'),
       curi_resolve('/relative', 'g'), curi_resolve('http://a/', 'a b'), curi_resolve(NULL, 'g');
SELECT curi_relative('http://a/b/c/d', 'http://a/b/e'), curi_relative('http://a/b/', 'http://x/y');
SELECT curi_param(u, 'q'), curi_param(u, 'a b'), curi_param(u, 'flag'), curi_param(u, 'none'), curi_param(u, 'x')
  FROM (SELECT 'http://a/s?q=caf%C3%A9+au+lait&a+b=%2B1&flag&x=first&x=second' AS u);
SELECT curi_parse('http://u@a.b/x/y?k=v&z#f');
SELECT curi_parse('http://a b');
-- Values of 12 bytes are stored inline by DuckDB, longer ones behind a pointer.
SELECT curi_host('http://a.bc/'), curi_host('http://a.bcd/'), curi_path('http://a/bcd'), curi_path('http://a/bcde');
-- Several chunks (2048 rows each), NULL rows among them, and constants.
SELECT count(*), count(curi_host(u)), count(DISTINCT curi_host(u)), min(curi_host(u)), max(curi_host(u)),
       sum(CASE WHEN curi_valid(u) THEN 1 ELSE 0 END)
  FROM (SELECT CASE WHEN i % 3 = 0 THEN NULL WHEN i % 3 = 1 THEN 'http://h' || (i % 100) || '.example/p?i=' || i
                    ELSE 'bad url ' || i END AS u FROM range(10000) t(i));
SELECT count(*) FROM range(5000) t(i) WHERE curi_normalize('HTTP://X:80/' || i) = 'http://x/' || i;
-- Dedup and top hosts.
CREATE TABLE crawl AS SELECT * FROM (VALUES (1, 'http://Example.com/a/./b'), (2, 'HTTP://example.COM:80/a/b'),
    (3, 'http://example.com/a/%62'), (4, 'https://example.com/a/b'), (5, 'http://other.example/'),
    (6, 'http://OTHER.example'), (7, 'bad url')) t(id, url);
SELECT curi_normalize(url) AS n, count(*), min(id) FROM crawl GROUP BY n ORDER BY n NULLS LAST;
SELECT lower(curi_host(url)) AS host, count(*) AS n FROM crawl GROUP BY host ORDER BY n DESC, host NULLS LAST;
