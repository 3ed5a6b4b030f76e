-- curi_url_href and curi_url_host: the WHATWG URL Standard's parser (issue 28 item 5), not
-- RFC 3986, on any text.  STRICT: NULL in, NULL out; NULL when the input or the base fails
-- the Standard's parser; the host is the URL API's hostname, NULL when the URL's host is
-- null.  (A text holds neither NUL bytes nor invalid UTF-8 here: SQLite's tests have those.)
\pset null (null)
-- Special schemes: lowercased host, default port dropped, dot segments removed, '/' added.
SELECT curi_url_href(u), curi_url_host(u)
  FROM (VALUES ('https://EXAMPLE.com/'), ('HTTP://example.COM:80/a/./b/../c'), ('https://example.com:443'),
               ('wss://h:443/'), ('ftp://h:21/x'), ('http://h:8080'), ('http://u:p@Example.ORG.:81/?q#f'),
               ('file:///etc/hosts'), ('file://Server/share')) v(u);
-- Non-special schemes: the host is opaque (case kept), the path percent-encoded, an opaque
-- path ("mailto:") has a null host.
SELECT curi_url_href(u), curi_url_host(u)
  FROM (VALUES ('foo://Host/a b'), ('mailto:Someone@Example.com'), ('urn:isbn:0451450523'), ('foo:/p'),
               ('foo:///p'), ('foo:\\x\y')) v(u);
-- Backslashes count as slashes in special URLs; spaces are percent-encoded; leading and
-- trailing C0 controls and spaces go, tabs and newlines inside are skipped.
SELECT curi_url_href('http:\\example.com\a b'), curi_url_host('http:\\example.com\a b'),
       curi_url_href(E' \x01http://a/\tb\nc \x1f'), curi_url_href('http://a/b?c d#e f'),
       curi_url_href('https:example.com');
-- Against a base: relative references, scheme-relative hosts (the open-redirect pattern),
-- a base with an opaque path (no relative URL against it), an absolute input; a base
-- that fails makes the result NULL, as new URL(input, base) throws.
SELECT u, b, curi_url_href(u, b), curi_url_host(u, b)
  FROM (VALUES ('../c?x#y', 'http://a/b/d/e'), ('//evil.example/x', 'https://site.example/p'),
               ('\\evil.example', 'https://site.example/'), ('?q', 'http://a/b'), ('#f', 'mailto:x'),
               ('g', 'mailto:x'), ('https://other/', 'http://a/'), ('', 'http://a/b?c#d'),
               ('x', 'file:///C:/dir/f'), ('/p', 'not a url'), ('http://a/', 'not a url'),
               ('/p', 'http://a b/')) v(u, b);
SELECT curi_url_href('x') IS NULL AS relative_without_base;
-- Hosts: domain to ASCII (UTS #46 as the Standard configures it), IPv4 in every form,
-- IPv6 compressed and in brackets.
SELECT u, curi_url_href(u), curi_url_host(u)
  FROM (VALUES ('https://ｅｘａｍｐｌｅ.com'), ('http://Bücher.example/'), ('http://¡/'), ('http://a。b/'),
               ('http://faß.de/'), ('http://xn--bcher-kva.example/'), ('http://0x7f.1/'), ('http://0177.0.0.1/'),
               ('http://2130706433/'), ('http://%EF%BC%91%EF%BC%92%EF%BC%97.0.0.1/'), ('http://192.168.0.257/'),
               ('foo://0x7f.1/'), ('http://[::1]:80/'), ('http://[0:0:0:0:0:0:0:1]/'),
               ('http://[2001:DB8:0:0:1:0:0:1]/'), ('http://[::ffff:192.0.2.1]/')) v(u);
-- Failures give NULL.
SELECT u, curi_url_href(u) IS NULL AS href_null, curi_url_host(u) IS NULL AS host_null
  FROM (VALUES ('http://a b/'), ('http://[::1/'), ('http://h:99999/'), ('https://'), ('http://a.xn--tešla/'),
               ('http://1.2.3.4.5.6/'), ('http://0x100000000/'), (''), ('http://a%00b/'), ('http://u@/')) v(u);
-- Long inputs: a 100,000-byte path, 3,000 spaces (three bytes each in the href),
-- 3,000 segments and as many "..", a long input against a long base.
SELECT length(curi_url_href('http://h/' || repeat('0', 100000))) AS long_path,
       length(curi_url_href('http://h/' || repeat(' ', 3000) || 'x')) AS spaces,
       curi_url_href('http://h/' || repeat('a\', 3000) || repeat('..\', 3000) || 'z') AS dots,
       length(curi_url_href(repeat('x', 100000), 'http://h/' || repeat('y', 100000) || '/')) AS long_base;
-- SQL NULL.
SELECT curi_url_href(NULL) IS NULL AS a, curi_url_href(NULL, 'http://a/') IS NULL AS b,
       curi_url_href('http://a/', NULL) IS NULL AS c, curi_url_host(NULL) IS NULL AS d,
       curi_url_host(NULL, NULL) IS NULL AS e;
-- Where the two standards disagree on the host (the SSRF pattern: one component checks
-- the RFC 3986 host, the browser fetches the WHATWG one).
SELECT u, curi_host(try_curi(u)) AS rfc_host, curi_url_host(u) AS whatwg_host
  FROM (VALUES ('http://0x7f.1/'), ('http://EXAMPLE.com/'), ('http:\\evil.example\@good.example/'),
               ('http://a b/'), ('https://ｅｘａｍｐｌｅ.com')) v(u)
 WHERE curi_host(try_curi(u)) IS DISTINCT FROM curi_url_host(u);
-- In an index (the functions are IMMUTABLE), and grouped.
CREATE TABLE links(id serial, url text);
INSERT INTO links(url) VALUES ('https://A.example/x'), ('https://a.example:443/y'), ('http:\\a.example'),
                              ('https://b.example'), ('bad'), (NULL);
CREATE INDEX links_host ON links (curi_url_host(url));
SELECT curi_url_host(url) AS host, count(*) FROM links GROUP BY 1 ORDER BY 1 NULLS FIRST;
SET enable_seqscan = off;
SELECT id FROM links WHERE curi_url_host(url) = 'a.example' ORDER BY id;
RESET enable_seqscan;
