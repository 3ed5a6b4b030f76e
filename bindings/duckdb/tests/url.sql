-- curi_url_href and curi_url_host: the WHATWG URL Standard's parser (issue 28 item 5), not
-- RFC 3986.  NULL in -> NULL out; NULL when the input or the base fails the Standard's
-- parser; the host is the URL API's hostname, NULL when the URL's host is null.
-- Special schemes: lowercased host, default port dropped, dot segments removed, '/' added.
SELECT curi_url_href('https://EXAMPLE.com/'), curi_url_href('HTTP://example.COM:80/a/./b/../c'),
       curi_url_href('https://example.com:443'), curi_url_href('wss://h:443/'), curi_url_href('ftp://h:21/x'),
       curi_url_href('http://h:8080'), curi_url_href('http://u:p@h/?q#f');
SELECT curi_url_host('https://EXAMPLE.com/'), curi_url_host('http://h:8080/'),
       curi_url_host('http://u:p@Example.ORG.:81/'), '[' || curi_url_host('file:///etc/hosts') || ']',
       curi_url_host('file://Server/share');
-- Non-special schemes: the host is opaque (case kept), the path percent-encoded, an opaque
-- path ("mailto:") has a null host.
SELECT curi_url_href('foo://Host/a b'), curi_url_host('foo://Host/a b'),
       curi_url_href('mailto:Someone@Example.com'), curi_url_host('mailto:Someone@Example.com'),
       curi_url_href('urn:isbn:0451450523'), curi_url_host('urn:isbn:0451450523'),
       curi_url_href('foo:/p'), curi_url_host('foo:/p'), '[' || curi_url_host('foo:///p') || ']';
-- Backslashes count as slashes in special URLs; spaces are percent-encoded; leading and
-- trailing C0 controls and spaces go, tabs and newlines inside are skipped.
SELECT curi_url_href('http:\\example.com\a b'), curi_url_host('http:\\example.com\a b'),
       curi_url_href('foo:\\x\y'), curi_url_href('  http://a/' || chr(9) || 'b' || chr(10) || 'c  '),
       curi_url_href('http://a/b?c d#e f'), curi_url_href('https:example.com');
-- Against a base: relative references, scheme-relative hosts (the open-redirect pattern),
-- a base with an opaque path (no relative URL against it), an absolute input.
SELECT curi_url_href('../c?x#y', 'http://a/b/d/e'), curi_url_href('//evil.example/x', 'https://site.example/p'),
       curi_url_host('//evil.example/x', 'https://site.example/p'), curi_url_href('\\evil.example', 'https://site.example/'),
       curi_url_href('?q', 'http://a/b'), curi_url_href('#f', 'mailto:x'), curi_url_href('g', 'mailto:x'),
       curi_url_href('https://other/', 'http://a/'), curi_url_href('', 'http://a/b?c#d');
SELECT curi_url_href('x'), curi_url_href('/p', 'not a url'), curi_url_href('http://a/', 'not a url'),
       curi_url_host('/p', 'http://a b/'), curi_url_href('http://a/', NULL), curi_url_host('/p', NULL);
-- Hosts: domain to ASCII (UTS #46 as the Standard configures it), IPv4 in every form,
-- IPv6 compressed and in brackets.
SELECT curi_url_href('https://ｅｘａｍｐｌｅ.com'), curi_url_host('https://ｅｘａｍｐｌｅ.com'),
       curi_url_host('http://Bücher.example/'), curi_url_host('http://¡/'), curi_url_host('http://a。b/'),
       curi_url_host('http://faß.de/'), curi_url_host('http://xn--bcher-kva.example/');
SELECT curi_url_href('http://0x7f.1/'), curi_url_host('http://0x7f.1/'), curi_url_host('http://0177.0.0.1/'),
       curi_url_host('http://2130706433/'), curi_url_host('http://%EF%BC%91%EF%BC%92%EF%BC%97.0.0.1/'),
       curi_url_host('http://192.168.0.257/'), curi_url_host('foo://0x7f.1/');
SELECT curi_url_href('http://[::1]:80/'), curi_url_host('http://[::1]:80/'),
       curi_url_host('http://[0:0:0:0:0:0:0:1]/'), curi_url_host('http://[2001:DB8:0:0:1:0:0:1]/'),
       curi_url_host('http://[::ffff:192.0.2.1]/');
-- Failures give NULL.
SELECT curi_url_href('http://a b/'), curi_url_href('http://[::1/'), curi_url_href('http://h:99999/'),
       curi_url_href('https://'), curi_url_href('http://a.xn--tešla/'), curi_url_href('http://1.2.3.4.5.6/'),
       curi_url_href('http://0x100000000/'), curi_url_href(''), curi_url_host('http://a%00b/'),
       curi_url_href('http://u@/');
-- NUL bytes in a VARCHAR: a C0 control percent-encoded in a path (and stripped at the end
-- like any C0 control), forbidden in a host.
SELECT curi_url_href('http://a/b' || chr(0) || 'c'), curi_url_href('http://a/' || chr(0) || 'b#' || chr(0)),
       curi_url_href('http://a' || chr(0) || 'b/'), curi_url_host('foo://a' || chr(0) || 'b/');
-- Long inputs: a 100,000-byte path; 3,000 spaces (three bytes each in the href, the most a
-- valid UTF-8 byte takes); 3,000 segments and as many "..", backslashed; a long input
-- against a long base.  (A VARCHAR is valid UTF-8: the inputs that outgrow the first try's
-- room, three bytes per input byte, are the SQLite tests' invalid UTF-8 BLOBs.)
SELECT length(curi_url_href('http://h/' || repeat('0', 100000))),
       length(curi_url_href('http://h/' || repeat(' ', 3000) || 'x')),
       curi_url_href('http://h/' || repeat('a\', 3000) || repeat('..\', 3000) || 'z'),
       length(curi_url_href(repeat('x', 100000), 'http://h/' || repeat('y', 100000) || '/'));
-- SQL NULL.
SELECT curi_url_href(NULL), curi_url_href(NULL, 'http://a/'), curi_url_host(NULL), curi_url_host(NULL, NULL);
-- Several chunks (2048 rows each) with NULL rows, a base per row, and constants.
SELECT count(*), count(curi_url_href(u)), count(DISTINCT curi_url_host(u)), min(curi_url_host(u)),
       max(curi_url_href(u, 'http://base.example/dir/')), count(curi_url_href(u, b))
  FROM (SELECT CASE WHEN i % 3 = 0 THEN NULL WHEN i % 3 = 1 THEN 'HTTP://H' || (i % 100) || '.example:80/p?i=' || i
                    ELSE 'rel/' || i END AS u,
               CASE WHEN i % 2 = 0 THEN 'https://b.example/' ELSE 'mailto:x' END AS b
          FROM range(10000) t(i));
WITH t(u) AS (VALUES ('https://A.example/x'), ('https://a.example:443/y'), ('http:\\a.example'),
                     ('https://b.example'), ('bad'), (NULL))
SELECT curi_url_host(u) AS h, count(*) FROM t GROUP BY h ORDER BY h NULLS FIRST;
