/*
 * query.c -- the key=value pairs of a query, read and edited the way HTML forms
 * write them (application/x-www-form-urlencoded layered on RFC 3986 3.4): pairs
 * split at '&' (and ';' with CURI_QUERY_SEMICOLON), key and value split at the
 * first '=', and both decoded with '+' as a space.  "curi get {query:KEY}" reads
 * values; "curi set --trim/--replace/--append query=/--sort-query" edits pairs
 * with curi_query_edit.  SPDX-License-Identifier: MIT
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static int hexval(unsigned char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/*
 * The byte at s[*i] after form decoding, advancing *i past it.  A '%' not
 * followed by two hex digits stands for itself: a parsed query never has one,
 * but a key typed on the command line may.
 */
static unsigned char form_byte(const char *s, size_t n, size_t *i)
{
    unsigned char c = (unsigned char)s[*i];
    if (c == '+') {
        *i += 1;
        return ' ';
    }
    if (c == '%' && n - *i >= 3) {
        int hi = hexval((unsigned char)s[*i + 1]), lo = hexval((unsigned char)s[*i + 2]);
        if (hi >= 0 && lo >= 0) {
            *i += 3;
            return (unsigned char)(hi * 16 + lo);
        }
    }
    *i += 1;
    return c;
}

void form_decode(struct buf *b, const char *s, size_t n)
{
    size_t got = 0;
    buf_reserve(b, n);
    /* Lenient decoding fails on nothing and never grows the text. */
    if (curi_pct_decode(b->p + b->len, n, &got, s, n, CURI_DECODE_PLUS | CURI_DECODE_LENIENT,
                        NULL) == CURI_OK)
        b->len += got;
}

/* Compares while decoding, so that looking a key up allocates nothing. */
int form_key_equals(const char *s, size_t n, const char *key, size_t klen)
{
    size_t i = 0, k = 0;
    while (i < n && k < klen)
        if (form_byte(s, n, &i) != (unsigned char)key[k++])
            return 0;
    return i == n && k == klen;
}

void encode_also(struct buf *b, const char *s, size_t n, curi_charset set, const char *extra)
{
    static const char hexdig[] = "0123456789ABCDEF";
    size_t cap = curi_pct_encode_bound(n), len = 0;
    buf_reserve(b, cap);
    if (curi_pct_encode(b->p + b->len, cap, &len, s, n, set, 0, NULL) != CURI_OK)
        len = 0; /* never happens: the bound always fits */
    if (extra == NULL || *extra == '\0') {
        b->len += len;
        return;
    }
    /*
     * The encoder's output holds only allowed bytes and %HH triplets, so a byte
     * of extra found in it is a literal input byte: widen it to %HH in place,
     * from the end so that each byte moves once.
     */
    size_t more = 0;
    char *o = b->p + b->len;
    for (size_t i = 0; i < len; i++)
        if (o[i] != '\0' && strchr(extra, o[i]) != NULL)
            more += 2;
    buf_reserve(b, len + more);
    o = b->p + b->len;
    for (size_t i = len, j = len + more; i > 0;) {
        unsigned char c = (unsigned char)o[--i];
        if (c != '\0' && strchr(extra, (char)c) != NULL) {
            o[--j] = hexdig[c & 15];
            o[--j] = hexdig[c >> 4];
            o[--j] = '%';
        } else {
            o[--j] = (char)c;
        }
    }
    b->len += len + more;
}

/* --query-separator C: pairs always split at '&'; ';' may be added, nothing else. */
unsigned query_separator(const struct common *c, const char *v)
{
    if (strcmp(v, ";") == 0)
        return CURI_QUERY_SEMICOLON;
    if (strcmp(v, "&") == 0)
        return 0;
    usage_error(c, "--query-separator accepts only ';' or '&', got", v);
    return 0;
}

void query_values(struct buf *out, curi_str query, const char *key, size_t klen, int all,
                  unsigned flags)
{
    curi_cursor c;
    curi_str k, v;
    int shown = 0;
    if (!all) {
        /* The first value: the library's lookup (a value is never longer than the query). */
        size_t got = 0;
        buf_reserve(out, query.len);
        if (curi_query_find(out->p + out->len, query.len, &got, query, key, klen,
                            flags | CURI_QUERY_FORM, &shown, NULL) == CURI_OK)
            out->len += got;
        return;
    }
    curi_query_init(&c, query, flags, NULL);
    while (curi_query_next(&c, &k, &v)) {
        /* A pair without '=' has no value to show (trurl skips it too). */
        if (v.ptr == NULL || !form_key_equals(k.ptr, k.len, key, klen))
            continue;
        if (shown)
            buf_putc(out, ' ');
        form_decode(out, v.ptr, v.len);
        shown = 1;
    }
}

/*
 * The editor is the library's curi_query_edit (form-aware); more edits than one call takes
 * (CURI_QUERY_OPS_MAX) are applied in several calls, each over the last one's result.
 */
int query_edit(struct buf *out, curi_str query, const curi_query_op *ed, size_t ned, int sort,
               unsigned flags)
{
    struct buf cur = {0}, next = {0};
    size_t done = 0;
    int any = 0;
    do {
        size_t n = ned - done < CURI_QUERY_OPS_MAX ? ned - done : CURI_QUERY_OPS_MAX;
        unsigned f = flags | CURI_QUERY_FORM | (sort && done + n == ned ? CURI_QUERY_SORT : 0u);
        size_t cap = query.len, got = 0;
        int changed = 0;
        for (size_t e = done; e < done + n; e++)
            cap += ed[e].plen + 1;
        next.len = 0;
        buf_reserve(&next, cap);
        int rc = curi_query_edit(next.p, cap, &got, query, ed + done, n, f, &changed, NULL);
        if (rc != CURI_OK) {
            /* The pairs were checked when the options were read: not reached. */
            fprintf(stderr, "curi: query edit: %s\n", curi_strerror(rc));
            exit(EXIT_IO);
        }
        next.len = got;
        any |= changed;
        struct buf t = cur;
        cur = next;
        next = t;
        query = (curi_str){cur.p, cur.len};
        done += n;
    } while (done < ned);

    int rc = QUERY_SAME;
    if (any && cur.len == 0) {
        rc = QUERY_NONE;
    } else if (any) {
        buf_put(out, cur.p, cur.len);
        rc = QUERY_NEW;
    }
    buf_free(&cur);
    buf_free(&next);
    return rc;
}
