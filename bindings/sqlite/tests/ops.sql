-- curi_param, curi_normalize, curi_resolve, curi_relative, curi_equal, curi_check.
.nullvalue NULL
SELECT 'param', curi_param(u, 'q'), curi_param(u, 'a b'), quote(curi_param(u, 'flag')),
       quote(curi_param(u, 'none')), quote(curi_param(u, 'e')), curi_param(u, 'x')
  FROM (SELECT 'http://a/s?q=caf%C3%A9+au+lait&a+b=%2B1&flag&e=&x=first&x=second' AS u);
SELECT 'param no query', quote(curi_param('http://a/', 'q')), quote(curi_param('http://a b/?q=1', 'q'));
SELECT 'normalize', curi_normalize('HTTP://User@Example.COM:80/a/./b/../%7euser/%2f?Q#F');
SELECT 'normalize syntax', curi_normalize('HTTP://Example.COM:80/a/../b', 'syntax');
SELECT 'normalize scheme', curi_normalize('https://Example.COM:443', 'scheme');
SELECT 'normalize invalid', quote(curi_normalize('http://a b/')), quote(curi_normalize(NULL, 'syntax')),
       quote(curi_normalize('http://a/', NULL));
SELECT 'resolve', curi_resolve('http://a/b/c/d;p?q', 'g'), curi_resolve('http://a/b/c/d;p?q', '../..'),
       curi_resolve('http://a/b/c/d;p?q', '?y'), curi_resolve('http://a/b/c/d;p?q', 'g:h');
SELECT 'resolve no base', quote(curi_resolve('/relative', 'g')), quote(curi_resolve('http://a/', 'a b'));
SELECT 'relative', curi_relative('http://a/b/c/d', 'http://a/b/e'), curi_relative('http://a/b/', 'http://x/y'),
       quote(curi_relative('http://a/b', 'http://a/b'));
SELECT 'equal', curi_equal('http://a:80/', 'HTTP://A'), curi_equal('http://a/%7e', 'http://a/~'),
       curi_equal('http://a/x', 'http://a/y'), quote(curi_equal('http://a/', 'http://a b/'));
SELECT 'check clean', curi_check('https://example.com/');
SELECT 'check', json_extract(value, '$.rule') FROM json_each(json_extract(curi_check('http://user:pw@h/'), '$.findings'));
SELECT 'check invalid', count(*) FROM json_each(json_extract(curi_check('http://a b/'), '$.findings'))
 WHERE json_extract(value, '$.rule') = 'syntax-invalid';
-- issue 26 item 2: a 360 KB run of %41 (one finding per three bytes) gives the first 1000
-- findings and "more" for the rest, in time linear in the length
SELECT 'check more', json_array_length(c, '$.findings'), json_extract(c, '$.more'),
       json_extract(c, '$.findings[999].start')
  FROM (SELECT curi_check('http://h/' || replace(hex(zeroblob(120000)), '00', '%41')) AS c);
