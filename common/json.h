/*
 * json.h -- the JSON of the curi tool and the SQL bindings (common/): strings escaped for
 * display, members, and the objects of `curi parse --json` and `curi check --json`, which
 * SQL's curi_parse() and curi_check() return byte for byte.  Uses libcuri through its
 * public header only.  SPDX-License-Identifier: MIT
 *
 * Strings (RFC 8259): '"', '\' and the bytes 0x00-0x1F and 0x7F are \" \\ \u00xx; the C1
 * controls and the bidi and line-separator code points are \uXXXX (curi_escape_display with
 * CURI_ESCAPE_JSON); a byte that is not part of valid UTF-8 becomes U+FFFD, and the member
 * gets a twin, KEY_hex, holding every byte of the value in lowercase hex: the output stays
 * valid for every JSON parser and the exact bytes are never lost.
 */
#ifndef CURI_COMMON_JSON_H
#define CURI_COMMON_JSON_H

#include "buf.h"
#include "curi.h"

/* After a json_string that lost bytes: ,"key_hex":"<every byte of s in hex>". */
void json_hex_twin(struct buf *b, const char *key, const char *s, size_t n);

/* Inlined where they are used: strlen of a literal key then folds to a constant. */
#if defined(__GNUC__) || defined(__clang__)
#define JSON_INLINE static inline __attribute__((always_inline))
#else
#define JSON_INLINE static inline
#endif

/* Long strings are escaped in pieces of this many bytes, each reserving its worst case. */
#define JSON_PIECE 65536

/* json_string for a string longer than JSON_PIECE or not UTF-8 (json.c). */
int json_string_pieces(struct buf *b, const char *s, size_t n);

/*
 * Append s[0..n) as a quoted JSON string: 1 when exact, 0 when a byte became U+FFFD.  The
 * usual case in one call of the library, inline: a short string that is UTF-8, written
 * into room for its worst case.
 */
JSON_INLINE int json_string(struct buf *b, const char *s, size_t n)
{
    if (n <= JSON_PIECE && buf_reserve(b, 6 * n + 2)) {
        char *o = b->p + b->len;
        size_t got = 0;
        if (curi_escape_display(o + 1, 6 * n, &got, s, n, CURI_ESCAPE_JSON | CURI_ESCAPE_STRICT,
                                NULL) == CURI_OK) {
            o[0] = '"';
            o[got + 1] = '"';
            b->len += got + 2;
            return 1;
        }
    }
    return json_string_pieces(b, s, n);
}

/* Append "key": preceded by ',' unless it is the first member of the object. */
JSON_INLINE void json_key(struct buf *b, const char *key)
{
    size_t n = strlen(key);
    if (!buf_reserve(b, n + 4))
        return;
    if (b->len > 0 && b->p[b->len - 1] != '{')
        b->p[b->len++] = ',';
    b->p[b->len++] = '"';
    memcpy(b->p + b->len, key, n);
    b->len += n;
    b->p[b->len++] = '"';
    b->p[b->len++] = ':';
}

/* Append "key":"value" (or "key":null when s is NULL), and the KEY_hex twin when lossy. */
JSON_INLINE void json_member(struct buf *b, const char *key, const char *s, size_t n)
{
    json_key(b, key);
    if (s == NULL)
        buf_put(b, "null", 4);
    else if (!json_string(b, s, n))
        json_hex_twin(b, key, s, n);
}

JSON_INLINE void json_member_str(struct buf *b, const char *key, curi_str v)
{
    json_member(b, key, v.ptr, v.len);
}

/* "reg-name", "ipv4", "ipv6", "ipvfuture"; NULL for CURI_HOST_NONE (no authority). */
const char *json_host_type_name(int host_type);

/* {"input":...,"error":NAME,"message":...,"offset":N}: a reference that did not parse. */
void json_parse_error_object(struct buf *out, const char *s, size_t n, const curi_error *e);

/*
 * The object of `curi parse --json` for u, parsed from s[0..n), left open (the caller
 * may add members, then writes '}'): input, scheme, userinfo, host, host_type, port, path,
 * query, fragment, segments, params (form-decoded pairs, split with qflags, a CURI_QUERY_*
 * word; null without a query or when the scheme's query is not form data), labels.  tmp is
 * scratch.
 */
void json_parse_open(struct buf *out, const char *s, size_t n, const curi_uri *u, unsigned qflags,
                     struct buf *tmp);

/*
 * The object of `curi check --json`, in three steps: json_check_open writes {"input":...
 * (and "uri":... when uri is not NULL: the URI an IRI became, which the spans index),
 * then "findings":[; json_finding one finding (first: the first of the array) with its
 * message; json_check_close the end, with "more":N when more findings were left out.
 * Once per input: inline.
 */
JSON_INLINE void json_check_open(struct buf *out, const char *in, size_t inlen, const char *uri,
                                 size_t ulen)
{
    buf_putc(out, '{');
    json_member(out, "input", in, inlen);
    if (uri != NULL)
        json_member(out, "uri", uri, ulen); /* the spans are in it */
    json_key(out, "findings");
    buf_putc(out, '[');
}

void json_finding(struct buf *out, int first, const curi_finding *f, const char *msg, size_t mlen);

JSON_INLINE void json_check_close(struct buf *out, size_t more)
{
    buf_putc(out, ']');
    if (more > 0) {
        json_key(out, "more");
        buf_putu(out, more);
    }
    buf_putc(out, '}');
}

/* scheme_json.c: ,"parts":{...} of curi parse --scheme --json (null outside the layer). */
void json_scheme_parts(struct buf *out, const curi_scheme_parts *sp, const curi_uri *u,
                       struct buf *tmp);

/* For curi url and curi diff (and the web inspector): the members of `curi url --json` after
 * input and base: href, origin, protocol, username, password, host, hostname, port, pathname,
 * search, hash (the URL API's values). */
void json_url_members(struct buf *out, const curi_url *u);

/* urldiff.c, for curi diff and the web inspector: s[0..n) read by RFC 3986 (resolved against
 * rbase when not NULL) and by the WHATWG URL Standard (against wbase), compared; writes the
 * line of `curi diff` ("agree", or "differ: " and the classes), or with json its object
 * (input, base: base_text, agree, rfc, whatwg, classes), newline included; 1 when the two
 * agree.  tmp is scratch. */
int urldiff(struct buf *out, const char *s, size_t n, const curi_uri *rbase, const curi_url *wbase,
            const char *base_text, int json, struct buf *tmp);

#endif /* CURI_COMMON_JSON_H */
