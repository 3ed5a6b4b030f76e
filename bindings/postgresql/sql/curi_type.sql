-- The type: input parses once (an error with the curi error name, offset and a caret),
-- output gives the text as written, casts, try_curi, comparison of normalized forms.
\pset null (null)
CREATE EXTENSION curi;
SELECT 'HTTP://Example.COM:80/a/./b?q#f'::curi AS as_written;
SELECT curi_raw('HTTP://Example.COM:80/a/./b?q#f'), curi_normalize('HTTP://Example.COM:80/a/./b?q#f');
SELECT 'http://a b/'::curi;
SELECT 'http://[::1/x'::curi;
SELECT curi('http://example.com/' || repeat('a', 100) || '^' || repeat('b', 100));
SELECT E'http://x/\x01'::curi;
SELECT try_curi('http://a b/') IS NULL AS invalid_is_null, try_curi('http://a/b')::text AS valid;
SELECT 'http://a/'::text::curi, 'http://a/'::curi::text;
CREATE TABLE casts(u curi);
INSERT INTO casts VALUES ('mailto:x@y');        -- unknown literal
INSERT INTO casts SELECT 'urn:a:b'::text;       -- assignment cast from text
SELECT u FROM casts ORDER BY u;
-- Binary I/O: the text's bytes, through COPY's binary format (the program runs in the
-- data directory).
SELECT curi_send('HTTP://a/'::curi);
COPY casts TO PROGRAM 'cat > curi_copy.bin' (FORMAT binary);
CREATE TABLE casts2(u curi);
COPY casts2 FROM PROGRAM 'cat curi_copy.bin' (FORMAT binary);
SELECT u, curi_scheme(u) FROM casts2 ORDER BY u;
-- Equivalent URIs are equal; order is the byte order of the normalized forms.
SELECT 'http://a:80/'::curi = 'HTTP://A'::curi AS port_and_case,
       'http://a/%7e'::curi = 'http://a/~'::curi AS unreserved,
       'http://a/b/../c'::curi = 'http://a/c'::curi AS dots,
       'http://a/x'::curi = 'http://a/X'::curi AS path_case,
       'http://a/?'::curi = 'http://a/'::curi AS empty_query,
       'http://a/'::curi <> 'https://a/'::curi AS scheme;
SELECT 'http://a/b'::curi < 'http://a/c'::curi, 'http://B/'::curi > 'http://a/'::curi,
       'http://a/'::curi <= 'HTTP://a:80'::curi, 'http://a/'::curi >= 'http://a/'::curi,
       curi_cmp('http://a/', 'http://a/a'), curi_cmp('http://a/a', 'http://a/'), curi_equal('http://a:80', 'http://A/');
SELECT curi_hash('http://a:80/') = curi_hash('HTTP://A/') AS same_hash,
       curi_hash_extended('http://a:80/', 7) = curi_hash_extended('HTTP://A/', 7) AS same_hash_extended;
-- Long values take the 4-byte offsets.
SELECT length(curi_raw(u)), curi_host(u), length(curi_path(u)), curi_query(u), curi_fragment(u)
  FROM (SELECT ('http://h.example/' || repeat('p', 70000) || '?q#f')::curi AS u) s;
SELECT ('HTTP://H/' || repeat('%7e', 30000))::curi = ('http://h/' || repeat('~', 30000))::curi AS long_equal;
