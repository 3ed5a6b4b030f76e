-- The component extractors: NULL when absent or when the input is invalid, '' when empty,
-- NULL in -> NULL out, BLOBs read as bytes.
.nullvalue NULL
SELECT 'full', curi_scheme(u), curi_userinfo(u), curi_host(u), curi_host_type(u), curi_port(u),
       curi_path(u), curi_query(u), curi_fragment(u)
  FROM (SELECT 'HTTPS://user:pw@Example.COM:8443/a/b?x=1&y=2#top' AS u);
SELECT 'empty parts', quote(curi_userinfo(u)), quote(curi_host(u)), quote(curi_port(u)),
       quote(curi_path(u)), quote(curi_query(u)), quote(curi_fragment(u))
  FROM (SELECT 'http://@:?#' AS u);
SELECT 'absent parts', quote(curi_scheme(u)), quote(curi_host(u)), quote(curi_host_type(u)),
       quote(curi_port(u)), quote(curi_path(u)), quote(curi_query(u)), quote(curi_fragment(u))
  FROM (SELECT 'a/b' AS u);
SELECT 'file', quote(curi_host(u)), curi_host_type(u), curi_path(u) FROM (SELECT 'file:///etc/hosts' AS u);
SELECT 'ipv4', curi_host('http://192.0.2.1/'), curi_host_type('http://192.0.2.1/');
SELECT 'ipv6', curi_host('http://[2001:db8::1]:80/'), curi_host_type('http://[2001:db8::1]:80/');
SELECT 'ipvfuture', curi_host('http://[v7.x]/'), curi_host_type('http://[v7.x]/');
SELECT 'not dotted quad', curi_host_type('http://1.2.3.256/');
SELECT 'urn', curi_scheme('urn:isbn:0451450523'), curi_path('urn:isbn:0451450523');
SELECT 'invalid', quote(curi_scheme(u)), quote(curi_host(u)), quote(curi_path(u)) FROM (SELECT 'http://a b/' AS u);
SELECT 'null', quote(curi_host(NULL)), quote(curi_valid(NULL)), quote(curi_error(NULL)),
       quote(curi_parse(NULL)), quote(curi_param(NULL, 'a')), quote(curi_param('http://a/?a=1', NULL));
SELECT 'blob', curi_host(CAST('http://blob.example/' AS BLOB)), curi_valid(x'687474703a2f2f612f00');
SELECT 'number', curi_path(12), curi_valid(3.5);
SELECT 'port range kept', curi_port('http://a:99999/');
