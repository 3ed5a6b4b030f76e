/*
 * query_find.c -- curi_query_find: the value of a key in a query (RFC 3986 3.4), read the
 * way HTML forms write pairs (application/x-www-form-urlencoded) with CURI_QUERY_FORM.
 * Pairs split at '&' (and ';' with CURI_QUERY_SEMICOLON), key and value at the first '='
 * (curi_query_next).  Keys are compared while they are decoded, so a lookup needs no
 * memory.  Writer contract of curi.h.  SPDX-License-Identifier: MIT
 */
#include "internal.h"

#define FIND_FLAGS (CURI_QUERY_SEMICOLON | CURI_QUERY_FORM)

/*
 * The byte at s[*i] decoded, advancing *i past what it took: "%HH" is the byte HH, a '%'
 * that starts no triplet is itself (as CURI_DECODE_LENIENT), '+' is ' ' when plus is set.
 */
static unsigned char decoded_byte(const char *s, size_t n, size_t *i, int plus)
{
    unsigned char c = (unsigned char)s[*i];
    if (c == '+' && plus) {
        *i += 1;
        return ' ';
    }
    if (c == '%' && curi__is_pct(s + *i, s + n)) {
        *i += 3;
        return (unsigned char)(curi__hexval((unsigned char)s[*i - 2]) << 4 |
                               curi__hexval((unsigned char)s[*i - 1]));
    }
    *i += 1;
    return c;
}

/* 1 when s[0..n) decodes to key[0..klen). */
static int key_equals(const char *s, size_t n, const char *key, size_t klen, int plus)
{
    size_t i = 0, k = 0;
    while (i < n && k < klen)
        if (decoded_byte(s, n, &i, plus) != (unsigned char)key[k++])
            return 0;
    return i == n && k == klen;
}

int curi_query_find(char *dst, size_t cap, size_t *outlen, curi_str query, const char *key,
                    size_t klen, unsigned flags, int *found, curi_error *err)
{
    const int plus = (flags & CURI_QUERY_FORM) != 0;
    curi_cursor c;
    curi_str k, v;

    if (found != NULL)
        *found = 0;
    if (!curi__wbegin(dst, cap, outlen, 1) || found == NULL || (key == NULL && klen != 0) ||
        (query.ptr == NULL && query.len != 0) || (flags & ~FIND_FLAGS))
        return curi__fail(err, CURI_ERR_INVALID_ARG, 0);
    if (query.len > CURI_MAX_LEN || klen > CURI_MAX_LEN)
        return curi__wend(CURI_ERR_TOO_LONG, 0, outlen, err);
    (void)curi_query_init(&c, query, flags & CURI_QUERY_SEMICOLON, NULL);
    while (curi_query_next(&c, &k, &v)) {
        /* A pair without '=' has no value to give. */
        if (v.ptr == NULL || !key_equals(k.ptr, k.len, key, klen, plus))
            continue;
        size_t need = 0;
        for (size_t i = 0; i < v.len;) {
            unsigned char b = decoded_byte(v.ptr, v.len, &i, plus);
            if (need < cap)
                dst[need] = (char)b;
            need++;
        }
        *found = 1;
        return curi__wend(need > cap ? CURI_ERR_NOSPACE : CURI_OK, need, outlen, err);
    }
    return curi__wend(CURI_OK, 0, outlen, err);
}
