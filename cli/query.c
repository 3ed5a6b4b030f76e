/*
 * query.c -- the key=value pairs of a query, read and edited the way HTML forms
 * write them (application/x-www-form-urlencoded layered on RFC 3986 3.4): pairs
 * split at '&' (and ';' with CURI_QUERY_SEMICOLON), key and value split at the
 * first '=', and both decoded with '+' as a space.  "curi get {query:KEY}" reads
 * values; "curi set --trim/--replace/--append query=/--sort-query" edits pairs.
 * Invariant of the editor: a pair it does not touch is copied byte for byte,
 * never decoded and re-encoded.  SPDX-License-Identifier: MIT
 */
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

/*
 * '*' matches any run of bytes, '?' any one byte, '\' makes the next byte
 * literal.  Greedy with backtracking to the last '*' only, which is enough
 * because a later '*' can absorb whatever an earlier one would have: linear
 * space, O(len(pat) * n) time at worst.
 */
int glob_match(const char *pat, size_t pn, const char *s, size_t n)
{
    size_t pi = 0, si = 0, star = (size_t)-1, star_si = 0;
    while (si < n) {
        if (pi < pn && pat[pi] == '*') {
            star = ++pi;
            star_si = si;
            continue;
        }
        if (pi < pn) {
            char c = pat[pi];
            size_t step = 1;
            if (c == '\\' && pi + 1 < pn) {
                c = pat[pi + 1];
                step = 2;
            } else if (c == '?') {
                pi++;
                si++;
                continue;
            }
            if (c == s[si]) {
                pi += step;
                si++;
                continue;
            }
        }
        if (star == (size_t)-1)
            return 0;
        pi = star;
        si = ++star_si;
    }
    while (pi < pn && pat[pi] == '*')
        pi++;
    return pi == pn;
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
 * ---------------------------------------------------------------------------
 * The editor
 * ---------------------------------------------------------------------------
 */

/* One pair of the query being edited; p == NULL once removed. */
struct pair {
    const char *p;
    size_t len;
};

static int is_sep(char c, unsigned flags)
{
    return c == '&' || (c == ';' && (flags & CURI_QUERY_SEMICOLON));
}

/* The length of the key of a pair: up to its first '='. */
static size_t key_len(const struct pair *p)
{
    const char *eq = memchr(p->p, '=', p->len);
    return eq ? (size_t)(eq - p->p) : p->len;
}

/* The decoded keys of the sort, as offsets into one buffer (it may move while it grows). */
struct sortkey {
    size_t off, len;
};

static int key_cmp(const struct buf *keys, const struct sortkey *a, const struct sortkey *b)
{
    size_t n = a->len < b->len ? a->len : b->len;
    int r = n ? memcmp(keys->p + a->off, keys->p + b->off, n) : 0;
    if (r != 0)
        return r;
    return (a->len > b->len) - (a->len < b->len);
}

/*
 * Stable bottom-up merge sort of idx[0..n) by key, using tmp[0..n): equal keys
 * keep their order, and n log n comparisons for any input.
 */
static void sort_pairs(size_t *idx, size_t *tmp, size_t n, const struct buf *keys,
                       const struct sortkey *sk)
{
    for (size_t w = 1; w < n; w *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * w) {
            size_t mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n;
            size_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi)
                tmp[k++] = key_cmp(keys, &sk[idx[j]], &sk[idx[i]]) < 0 ? idx[j++] : idx[i++];
            while (i < mid)
                tmp[k++] = idx[i++];
            while (j < hi)
                tmp[k++] = idx[j++];
        }
        memcpy(idx, tmp, n * sizeof *idx);
    }
}

int query_edit(struct buf *out, curi_str query, const struct qedit *ed, size_t ned, int sort,
               unsigned flags)
{
    size_t cap = ned + 1, n = 0;
    char sep = 0;
    if (query.ptr != NULL)
        for (size_t i = 0; i < query.len; i++)
            cap += is_sep(query.ptr[i], flags);
    struct pair *pr = xmalloc(cap * sizeof *pr);
    struct buf kb = {0};
    int changed = 0;

    /* The non-empty pairs, and the first separator, which joins the result. */
    if (query.ptr != NULL) {
        size_t start = 0;
        for (size_t i = 0; i <= query.len; i++) {
            if (i < query.len && !is_sep(query.ptr[i], flags))
                continue;
            if (i < query.len && sep == 0)
                sep = query.ptr[i];
            if (i > start)
                pr[n++] = (struct pair){query.ptr + start, i - start};
            start = i + 1;
        }
    }
    if (sep == 0)
        sep = (flags & CURI_QUERY_SEMICOLON) ? ';' : '&';

    for (size_t e = 0; e < ned; e++) {
        const struct qedit *q = &ed[e];
        int found = 0;
        switch (q->kind) {
        case QEDIT_TRIM:
            for (size_t i = 0; i < n; i++) {
                if (pr[i].p == NULL)
                    continue;
                kb.len = 0;
                form_decode(&kb, pr[i].p, key_len(&pr[i]));
                if (glob_match(q->key, q->klen, kb.p, kb.len)) {
                    pr[i].p = NULL;
                    changed = 1;
                }
            }
            break;
        case QEDIT_REPLACE:
        case QEDIT_FORCE_REPLACE:
            /* The first pair with the key takes the new text; later ones go (as trurl). */
            for (size_t i = 0; i < n; i++) {
                if (pr[i].p == NULL || !form_key_equals(pr[i].p, key_len(&pr[i]), q->key, q->klen))
                    continue;
                if (found) {
                    pr[i].p = NULL;
                } else {
                    pr[i] = (struct pair){q->pair, q->plen};
                    found = 1;
                }
                changed = 1;
            }
            /* --force-replace of an absent key appends. */
            if (!found && q->kind == QEDIT_FORCE_REPLACE) {
                pr[n++] = (struct pair){q->pair, q->plen};
                changed = 1;
            }
            break;
        case QEDIT_APPEND:
            pr[n++] = (struct pair){q->pair, q->plen};
            changed = 1;
            break;
        }
    }

    /* Drop the removed pairs, keeping the order of the others. */
    size_t live = 0;
    for (size_t i = 0; i < n; i++)
        if (pr[i].p != NULL)
            pr[live++] = pr[i];

    size_t *idx = NULL;
    if (sort && live > 1) {
        struct sortkey *sk = xmalloc(live * sizeof *sk);
        size_t *tmp = xmalloc(live * sizeof *tmp);
        idx = xmalloc(live * sizeof *idx);
        kb.len = 0;
        for (size_t i = 0; i < live; i++) {
            sk[i].off = kb.len;
            form_decode(&kb, pr[i].p, key_len(&pr[i]));
            sk[i].len = kb.len - sk[i].off;
            idx[i] = i;
        }
        sort_pairs(idx, tmp, live, &kb, sk);
        for (size_t i = 0; i < live; i++)
            changed |= idx[i] != i;
        free(tmp);
        free(sk);
    }

    int rc = QUERY_SAME;
    if (changed && live == 0) {
        rc = QUERY_NONE;
    } else if (changed) {
        for (size_t i = 0; i < live; i++) {
            const struct pair *p = &pr[idx ? idx[i] : i];
            if (i > 0)
                buf_putc(out, sep);
            buf_put(out, p->p, p->len);
        }
        rc = QUERY_NEW;
    }
    free(idx);
    buf_free(&kb);
    free(pr);
    return rc;
}
