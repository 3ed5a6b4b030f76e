-- curi--0.3.0.sql: the type curi and its functions (curi_pg.c says how a value is stored).
-- Every function is IMMUTABLE STRICT PARALLEL SAFE: NULL in, NULL out.
\echo Use "CREATE EXTENSION curi" to load this file. \quit

CREATE TYPE curi;

CREATE FUNCTION curi_in(cstring) RETURNS curi
    AS 'MODULE_PATHNAME', 'pgcuri_curi_in' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION curi_out(curi) RETURNS cstring
    AS 'MODULE_PATHNAME', 'pgcuri_curi_out' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION curi_recv(internal) RETURNS curi
    AS 'MODULE_PATHNAME', 'pgcuri_curi_recv' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION curi_send(curi) RETURNS bytea
    AS 'MODULE_PATHNAME', 'pgcuri_curi_send' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE TYPE curi (
    INPUT = curi_in,
    OUTPUT = curi_out,
    RECEIVE = curi_recv,
    SEND = curi_send,
    INTERNALLENGTH = VARIABLE,
    ALIGNMENT = int4,     -- as text: a short (1-byte header) value is stored unaligned
    STORAGE = extended    -- packable: values under 127 bytes take a 1-byte header
);
COMMENT ON TYPE curi IS 'an RFC 3986 URI reference: the text as written, its parts, its normalized form';

-- Conversions.
CREATE FUNCTION curi(text) RETURNS curi
    AS 'MODULE_PATHNAME', 'pgcuri_curi_from_text' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION try_curi(text) RETURNS curi
    AS 'MODULE_PATHNAME', 'pgcuri_try_curi' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION curi_raw(curi) RETURNS text
    AS 'MODULE_PATHNAME', 'pgcuri_curi_raw' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE CAST (text AS curi) WITH FUNCTION curi(text) AS ASSIGNMENT;
CREATE CAST (curi AS text) WITH FUNCTION curi_raw(curi) AS ASSIGNMENT;

-- Comparison of the normalized forms (memcmp order); curi_sortsupport gives sorts and index
-- builds abbreviated keys, as text has.
CREATE FUNCTION curi_cmp(curi, curi) RETURNS integer
    AS 'MODULE_PATHNAME', 'pgcuri_curi_cmp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION curi_eq(curi, curi) RETURNS boolean
    AS 'MODULE_PATHNAME', 'pgcuri_curi_eq' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION curi_ne(curi, curi) RETURNS boolean
    AS 'MODULE_PATHNAME', 'pgcuri_curi_ne' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION curi_lt(curi, curi) RETURNS boolean
    AS 'MODULE_PATHNAME', 'pgcuri_curi_lt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION curi_le(curi, curi) RETURNS boolean
    AS 'MODULE_PATHNAME', 'pgcuri_curi_le' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION curi_gt(curi, curi) RETURNS boolean
    AS 'MODULE_PATHNAME', 'pgcuri_curi_gt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION curi_ge(curi, curi) RETURNS boolean
    AS 'MODULE_PATHNAME', 'pgcuri_curi_ge' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION curi_sortsupport(internal) RETURNS void
    AS 'MODULE_PATHNAME', 'pgcuri_sortsupport' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION curi_hash(curi) RETURNS integer
    AS 'MODULE_PATHNAME', 'pgcuri_curi_hash' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION curi_hash_extended(curi, bigint) RETURNS bigint
    AS 'MODULE_PATHNAME', 'pgcuri_curi_hash_extended' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION curi_equal(curi, curi) RETURNS boolean
    AS 'MODULE_PATHNAME', 'pgcuri_curi_eq' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE OPERATOR = (LEFTARG = curi, RIGHTARG = curi, PROCEDURE = curi_eq,
    COMMUTATOR = =, NEGATOR = <>, RESTRICT = eqsel, JOIN = eqjoinsel, HASHES, MERGES);
CREATE OPERATOR <> (LEFTARG = curi, RIGHTARG = curi, PROCEDURE = curi_ne,
    COMMUTATOR = <>, NEGATOR = =, RESTRICT = neqsel, JOIN = neqjoinsel);
CREATE OPERATOR < (LEFTARG = curi, RIGHTARG = curi, PROCEDURE = curi_lt,
    COMMUTATOR = >, NEGATOR = >=, RESTRICT = scalarltsel, JOIN = scalarltjoinsel);
CREATE OPERATOR <= (LEFTARG = curi, RIGHTARG = curi, PROCEDURE = curi_le,
    COMMUTATOR = >=, NEGATOR = >, RESTRICT = scalarlesel, JOIN = scalarlejoinsel);
CREATE OPERATOR > (LEFTARG = curi, RIGHTARG = curi, PROCEDURE = curi_gt,
    COMMUTATOR = <, NEGATOR = <=, RESTRICT = scalargtsel, JOIN = scalargtjoinsel);
CREATE OPERATOR >= (LEFTARG = curi, RIGHTARG = curi, PROCEDURE = curi_ge,
    COMMUTATOR = <=, NEGATOR = <, RESTRICT = scalargesel, JOIN = scalargejoinsel);

CREATE OPERATOR CLASS curi_ops DEFAULT FOR TYPE curi USING btree AS
    OPERATOR 1 <, OPERATOR 2 <=, OPERATOR 3 =, OPERATOR 4 >=, OPERATOR 5 >,
    FUNCTION 1 curi_cmp(curi, curi),
    FUNCTION 2 curi_sortsupport(internal);
CREATE OPERATOR CLASS curi_hash_ops DEFAULT FOR TYPE curi USING hash AS
    OPERATOR 1 =,
    FUNCTION 1 curi_hash(curi),
    FUNCTION 2 curi_hash_extended(curi, bigint);

-- The parts, from the stored text parsed again: NULL when absent, '' when empty.
CREATE FUNCTION curi_scheme(curi) RETURNS text
    AS 'MODULE_PATHNAME', 'pgcuri_curi_scheme' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION curi_userinfo(curi) RETURNS text
    AS 'MODULE_PATHNAME', 'pgcuri_curi_userinfo' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION curi_host(curi) RETURNS text
    AS 'MODULE_PATHNAME', 'pgcuri_curi_host' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION curi_host_type(curi) RETURNS text
    AS 'MODULE_PATHNAME', 'pgcuri_curi_host_type' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION curi_port(curi) RETURNS text
    AS 'MODULE_PATHNAME', 'pgcuri_curi_port' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION curi_path(curi) RETURNS text
    AS 'MODULE_PATHNAME', 'pgcuri_curi_path' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION curi_query(curi) RETURNS text
    AS 'MODULE_PATHNAME', 'pgcuri_curi_query' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION curi_fragment(curi) RETURNS text
    AS 'MODULE_PATHNAME', 'pgcuri_curi_fragment' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION curi_param(curi, text) RETURNS text
    AS 'MODULE_PATHNAME', 'pgcuri_curi_param' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION curi_param_remove(curi, text) RETURNS curi
    AS 'MODULE_PATHNAME', 'pgcuri_curi_param_remove' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- Normalization, resolution, relative references.
CREATE FUNCTION curi_normalize(curi) RETURNS text
    AS 'MODULE_PATHNAME', 'pgcuri_curi_normalized' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION curi_normalize(curi, text) RETURNS text
    AS 'MODULE_PATHNAME', 'pgcuri_curi_normalize_level' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION curi_resolve(curi, text) RETURNS curi
    AS 'MODULE_PATHNAME', 'pgcuri_curi_resolve' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION curi_relative(curi, curi) RETURNS text
    AS 'MODULE_PATHNAME', 'pgcuri_curi_relative' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- Functions of any text.
CREATE FUNCTION curi_valid(text) RETURNS boolean
    AS 'MODULE_PATHNAME', 'pgcuri_curi_valid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION curi_error(text) RETURNS text
    AS 'MODULE_PATHNAME', 'pgcuri_curi_error_text' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION curi_parse(text) RETURNS json
    AS 'MODULE_PATHNAME', 'pgcuri_curi_parse_json' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION curi_check(text) RETURNS json
    AS 'MODULE_PATHNAME', 'pgcuri_curi_check_json' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- The WHATWG URL Standard (what a browser fetches), of any text: the href, parsed against a
-- base when one is given, and the host (the URL API's hostname); NULL when either fails.
CREATE FUNCTION curi_url_href(text) RETURNS text
    AS 'MODULE_PATHNAME', 'pgcuri_curi_url_href' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION curi_url_href(text, text) RETURNS text
    AS 'MODULE_PATHNAME', 'pgcuri_curi_url_href' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION curi_url_host(text) RETURNS text
    AS 'MODULE_PATHNAME', 'pgcuri_curi_url_host' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION curi_url_host(text, text) RETURNS text
    AS 'MODULE_PATHNAME', 'pgcuri_curi_url_host' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- Query pairs (form-decoded, in order) and path segments (raw) as rows.
CREATE FUNCTION curi_query_each(curi, OUT key text, OUT value text) RETURNS SETOF record
    AS 'MODULE_PATHNAME', 'pgcuri_curi_query_each' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 4;
CREATE FUNCTION curi_segments(curi) RETURNS SETOF text
    AS 'MODULE_PATHNAME', 'pgcuri_curi_segments' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 4;
