/*
 * pct.c -- percent-encoding and decoding (RFC 3986 sections 2.1 and 2.4).
 * Encoding keeps the bytes a component's ABNF lets stand and writes every other
 * byte as "%HH" with uppercase hex (2.1: "should use uppercase hexadecimal digits").
 * Both directions follow the writer contract of curi.h: never write past cap, always
 * report the exact length needed, CURI_ERR_NOSPACE when it does not fit.
 * SPDX-License-Identifier: MIT
 */
#include "internal.h"
#include "norm_pct.h"

/*
 * The curi__ctab class of each curi_charset: what may stand unencoded.
 *   userinfo  = *( unreserved / pct-encoded / sub-delims / ":" )          (3.2.1)
 *   reg-name  = *( unreserved / pct-encoded / sub-delims )                (3.2.2)
 *   pchar     = unreserved / pct-encoded / sub-delims / ":" / "@"         (3.3)
 *   query     = *( pchar / "/" / "?" ),  fragment = the same              (3.4, 3.5)
 * FORM is the query set minus the form delimiters "&", "=" and "+", which a
 * key or value must encode so the query stays splittable.
 */
static unsigned charset_class(curi_charset set)
{
    switch (set) {
    case CURI_CHARSET_UNRESERVED:
        return CURI__UNRESERVED;
    case CURI_CHARSET_USERINFO:
        return CURI__USERINFO;
    case CURI_CHARSET_HOST:
        return CURI__REGNAME;
    case CURI_CHARSET_SEGMENT:
        return CURI__PCHAR;
    case CURI_CHARSET_PATH:
        return CURI__PATH;
    case CURI_CHARSET_QUERY:
    case CURI_CHARSET_FRAGMENT:
        return CURI__QUERY;
    case CURI_CHARSET_FORM:
        return CURI__FORM;
    }
    return 0;
}

/* pct-encoded = "%" HEXDIG HEXDIG  (2.1), starting at s[i] which is '%'. */
static int is_triplet(const char *s, size_t len, size_t i)
{
    return curi__is_pct(s + i, s + len);
}

size_t curi_pct_encode_bound(size_t len)
{
    return curi__bound(len > CURI_MAX_LEN / 3 ? CURI_MAX_LEN : 3 * len);
}

/*
 * Encode s[0..len) for the component `set`.  With CURI_ENCODE_KEEP_PCT a '%'
 * that starts a valid triplet is copied with its two digits (their case kept);
 * any other '%' becomes "%25".  FORM writes ' ' as '+' (and '+' itself as
 * "%2B", since '+' is not in its set).  Fails only on bad arguments, and with
 * TOO_LONG when the output would pass CURI_MAX_LEN.
 */
int curi_pct_encode(char *dst, size_t cap, size_t *outlen, const char *s, size_t len,
                    curi_charset set, unsigned flags, curi_error *err)
{
    unsigned cls = charset_class(set);
    size_t need = 0;
    size_t i = 0;

    if (!curi__wbegin(dst, cap, outlen, 1) || cls == 0 || (s == NULL && len != 0) ||
        (flags & ~CURI__ENCODE_FLAGS)) {
        return curi__fail(err, CURI_ERR_INVALID_ARG, 0);
    }
    if (len > CURI_MAX_LEN) {
        return curi__wend(CURI_ERR_TOO_LONG, 0, outlen, err);
    }
    /* Stop once the output passes CURI_MAX_LEN: it is TOO_LONG, and need cannot wrap. */
    while (i < len && need <= CURI_MAX_LEN) {
        unsigned char c = (unsigned char)s[i];
        if (curi__is(c, cls) || (set == CURI_CHARSET_FORM && c == ' ')) {
            /* An allowed byte stands as itself; FORM's space is the one substitution. */
            if (need < cap) {
                dst[need] = (c == ' ') ? '+' : (char)c;
            }
            need++;
            i++;
        } else if (c == '%' && (flags & CURI_ENCODE_KEEP_PCT) && is_triplet(s, len, i)) {
            /* An existing triplet is already encoded: copy it untouched. */
            for (size_t k = 0; k < 3; k++) {
                if (need + k < cap) {
                    dst[need + k] = s[i + k];
                }
            }
            need += 3;
            i += 3;
        } else {
            /* Everything else, '%' included, becomes "%HH" with uppercase digits. */
            char trip[3] = {'%', curi__hexdigit(c >> 4), curi__hexdigit(c)};
            for (size_t k = 0; k < 3; k++) {
                if (need + k < cap) {
                    dst[need + k] = trip[k];
                }
            }
            need += 3;
            i++;
        }
    }
    return curi__wend(need > cap ? CURI_ERR_NOSPACE : CURI_OK, need, outlen, err);
}

/*
 * Decode s[0..len).  Validation comes before space: a malformed input fails
 * with its own code (and *outlen = 0) whatever cap is, so the NOSPACE retry
 * promise holds.  '+' becomes ' ' only with CURI_DECODE_PLUS; a '%' that starts
 * no triplet is itself only with CURI_DECODE_LENIENT.
 */
int curi_pct_decode(char *dst, size_t cap, size_t *outlen, const char *s, size_t len,
                    unsigned flags, curi_error *err)
{
    size_t need = 0;
    size_t i = 0;

    if (!curi__wbegin(dst, cap, outlen, 1) || (s == NULL && len != 0) ||
        (flags & ~CURI__DECODE_FLAGS)) {
        return curi__fail(err, CURI_ERR_INVALID_ARG, 0);
    }
    if (len > CURI_MAX_LEN) {
        return curi__wend(CURI_ERR_TOO_LONG, 0, outlen, err);
    }
    while (i < len) {
        unsigned char c = (unsigned char)s[i];
        if (c == '%' && !is_triplet(s, len, i)) {
            /* pct-encoded = "%" HEXDIG HEXDIG; the error points at the '%'. */
            if (!(flags & CURI_DECODE_LENIENT)) {
                return curi__fail(err, CURI_ERR_PCT, i);
            }
            i++;
        } else if (c == '%') {
            c = curi__pct_octet(s + i);
            if (c == 0 && (flags & CURI_DECODE_NO_NUL)) {
                return curi__fail(err, CURI_ERR_PCT_NUL, i);
            }
            i += 3;
        } else {
            if (c == '+' && (flags & CURI_DECODE_PLUS)) {
                c = ' ';
            }
            i++;
        }
        if (need < cap) {
            dst[need] = (char)c;
        }
        need++;
    }
    return curi__wend(need > cap ? CURI_ERR_NOSPACE : CURI_OK, need, outlen, err);
}

/* dst[n..) gets p[0..len) with the percent rules (lowercased when lower); the new n.  dst
 * NULL: the length only (internal.h: normalize.c and the scheme layer's writers use it). */
size_t curi__norm_put(char *dst, size_t n, const char *p, size_t len, unsigned mask, int lower)
{
    if (dst == NULL) {
        return n + pct_len(p, len, mask);
    }
    return (size_t)((lower ? put_lower(dst + n, p, len, mask) : put_pct(dst + n, p, len, mask)) -
                    dst);
}

size_t curi__norm_byte(char *dst, size_t n, char c)
{
    if (dst != NULL) {
        dst[n] = c;
    }
    return n + 1;
}
