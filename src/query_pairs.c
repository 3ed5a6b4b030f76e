/*
 * query_pairs.c -- the key=value pairs of a query (RFC 3986 3.4), read the way HTML forms
 * write them (application/x-www-form-urlencoded) with CURI_QUERY_FORM: curi_query_find
 * (the value of a key) and curi_query_edit (remove, replace, append, sort).  Pairs split at
 * '&' (and ';' with CURI_QUERY_SEMICOLON), key and value at the first '=' (curi_query_next).
 * Keys are compared and matched while they are decoded, so neither function needs memory.
 * Writer contract of curi.h.  SPDX-License-Identifier: MIT
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

/*
 * ---------------------------------------------------------------------------
 * curi_query_edit
 * ---------------------------------------------------------------------------
 * The ops form a pipeline: each is a filter over the stream of pairs with one bit of state
 * (REPLACE: a pair with the key went by), and APPEND and REPLACE_APPEND add their pair at
 * the end of their stream.  So each pair of the query, then each appended pair, runs
 * through the ops after its own in one step, and the result is written as it comes: no
 * list of pairs is kept, and the length is known exactly even when dst is too small.
 */
#define EDIT_FLAGS (CURI_QUERY_SEMICOLON | CURI_QUERY_FORM | CURI_QUERY_SORT)

static int is_separator(char c, unsigned flags)
{
    return c == '&' || (c == ';' && (flags & CURI_QUERY_SEMICOLON));
}

/* The length of the key of the pair p[0..n): up to its first '='. */
static size_t pair_key_len(const char *p, size_t n)
{
    const char *eq = n ? memchr(p, '=', n) : NULL;
    return eq ? (size_t)(eq - p) : n;
}

/*
 * 1 when s[0..n) decodes to a match of the glob pat[0..pn): '*' any run of bytes, '?' any
 * one byte, '\' makes the next byte literal.  Greedy, backtracking to the last '*' only (a
 * later '*' can absorb whatever an earlier one would have): O(pn * n) steps at worst.
 */
static int glob_decoded(const char *pat, size_t pn, const char *s, size_t n, int plus)
{
    size_t pi = 0, si = 0, star = SIZE_MAX, star_si = 0;
    while (si < n) {
        if (pi < pn && pat[pi] == '*') {
            star = ++pi;
            star_si = si;
            continue;
        }
        if (pi < pn) {
            size_t next = si;
            const unsigned char b = decoded_byte(s, n, &next, plus);
            unsigned char c = (unsigned char)pat[pi];
            size_t step = 1;
            if (c == '\\' && pi + 1 < pn) {
                c = (unsigned char)pat[pi + 1];
                step = 2;
            } else if (c == '?') {
                pi++;
                si = next;
                continue;
            }
            if (c == b) {
                pi += step;
                si = next;
                continue;
            }
        }
        if (star == SIZE_MAX)
            return 0;
        /* The last '*' takes one more decoded byte. */
        pi = star;
        (void)decoded_byte(s, n, &star_si, plus);
        si = star_si;
    }
    while (pi < pn && pat[pi] == '*')
        pi++;
    return pi == pn;
}

/* The decoded keys a[0..an) and b[0..bn) compared bytewise, a prefix first: <0, 0, >0. */
static int key_cmp(const char *a, size_t an, const char *b, size_t bn, int plus)
{
    size_t i = 0, j = 0;
    while (i < an && j < bn) {
        const unsigned char x = decoded_byte(a, an, &i, plus), y = decoded_byte(b, bn, &j, plus);
        if (x != y)
            return x < y ? -1 : 1;
    }
    return (i < an) - (j < bn);
}

struct qedit {
    const curi_query_op *ops;
    size_t nops;
    int plus;
    uint64_t found; /* bit e: a pair with ops[e]'s key has gone through ops[e] */
    int changed;    /* an op matched a pair or appended one */
    int unsorted;   /* a written pair's key is below the one before it */
    const char *prev; /* the key of the pair written last */
    size_t prevk;
    char *dst;
    size_t cap, len, count;
    char sep;
};

/* The pair p[0..n) through ops[from..nops): written unless an op removes it. */
static void run_pair(struct qedit *q, const char *p, size_t n, size_t from)
{
    for (size_t e = from; e < q->nops; e++) {
        const curi_query_op *op = &q->ops[e];
        const size_t kl = pair_key_len(p, n);
        if (op->op == CURI_QUERY_REMOVE) {
            if (glob_decoded(op->key, op->klen, p, kl, q->plus)) {
                q->changed = 1;
                return;
            }
        } else if (op->op != CURI_QUERY_APPEND && key_equals(p, kl, op->key, op->klen, q->plus)) {
            /* The first pair with the key takes the new text; the later ones go. */
            q->changed = 1;
            if (q->found >> e & 1u)
                return;
            q->found |= (uint64_t)1 << e;
            p = op->pair;
            n = op->plen;
        }
    }
    const size_t kl = pair_key_len(p, n);
    if (q->count > 0 && key_cmp(q->prev, q->prevk, p, kl, q->plus) > 0)
        q->unsorted = 1;
    q->prev = p;
    q->prevk = kl;
    if (q->count++ > 0) {
        if (q->len < q->cap)
            q->dst[q->len] = q->sep;
        q->len++;
    }
    if (n <= q->cap && q->len <= q->cap - n)
        memcpy(q->dst + q->len, p, n);
    q->len += n;
}

/* Reverses p[0..n). */
static void reverse(char *p, size_t n)
{
    size_t i = 0, j = n;
    while (i + 1 < j) {
        const char t = p[i];
        p[i++] = p[--j];
        p[j] = t;
    }
}

/*
 * A stable insertion sort of the pairs of d[0..len), joined by sep, by decoded key: each
 * pair moves left past the pairs whose keys are above its own, by three reversals
 * ("A sep P" reversed is "rev(P) sep rev(A)"; reversing both parts gives "P sep A").  For n
 * pairs: at most len bytes compared, scanned and moved twice per pair, O(n * len).
 */
static void sort_pairs(char *d, size_t len, char sep, int plus)
{
    size_t s = 0;
    while (s < len && d[s] != sep)
        s++;
    for (s++; s < len;) {
        size_t e = s;
        while (e < len && d[e] != sep)
            e++;
        const size_t kl = pair_key_len(d + s, e - s);
        size_t ins = s;
        while (ins > 0) {
            /* The pair before the one at ins ends at the separator ins - 1. */
            size_t ps = ins - 1;
            while (ps > 0 && d[ps - 1] != sep)
                ps--;
            if (key_cmp(d + ps, pair_key_len(d + ps, ins - 1 - ps), d + s, kl, plus) <= 0)
                break;
            ins = ps;
        }
        if (ins < s) {
            reverse(d + ins, e - ins);
            reverse(d + ins, e - s);
            reverse(d + ins + (e - s) + 1, s - 1 - ins);
        }
        s = e + 1;
    }
}

int curi_query_edit(char *dst, size_t cap, size_t *outlen, curi_str query,
                    const curi_query_op *ops, size_t nops, unsigned flags, int *changed,
                    curi_error *err)
{
    if (changed != NULL)
        *changed = 0;
    if (!curi__wbegin(dst, cap, outlen, 1) || changed == NULL ||
        (query.ptr == NULL && query.len != 0) || (flags & ~EDIT_FLAGS) ||
        (ops == NULL && nops != 0) || nops > CURI_QUERY_OPS_MAX)
        return curi__fail(err, CURI_ERR_INVALID_ARG, 0);
    if (query.len > CURI_MAX_LEN)
        return curi__wend(CURI_ERR_TOO_LONG, 0, outlen, err);
    /* The output is at most the query and each op's pair with a separator. */
    size_t bound = query.len;
    for (size_t e = 0; e < nops; e++) {
        const curi_query_op *op = &ops[e];
        if (op->op < CURI_QUERY_REMOVE || op->op > CURI_QUERY_APPEND ||
            (op->key == NULL && op->klen != 0) || (op->pair == NULL && op->plen != 0))
            return curi__fail(err, CURI_ERR_INVALID_ARG, 0);
        if (op->klen > CURI_MAX_LEN || op->plen > CURI_MAX_LEN)
            return curi__wend(CURI_ERR_TOO_LONG, 0, outlen, err);
        if (op->op == CURI_QUERY_REMOVE)
            continue;
        if (op->plen == 0)
            return curi__fail(err, CURI_ERR_INVALID_ARG, 0);
        for (size_t i = 0; i < op->plen; i++)
            if (is_separator(op->pair[i], flags))
                return curi__fail(err, CURI_ERR_INVALID_ARG, 0);
        bound += op->plen + 1;
        if (bound > CURI_MAX_LEN)
            return curi__wend(CURI_ERR_TOO_LONG, 0, outlen, err);
    }

    struct qedit q = {.ops = ops, .nops = nops, .plus = (flags & CURI_QUERY_FORM) != 0,
                      .dst = dst, .cap = cap};
    /* The result is joined by the query's first separator. */
    for (size_t i = 0; i < query.len && q.sep == 0; i++)
        if (is_separator(query.ptr[i], flags))
            q.sep = query.ptr[i];
    if (q.sep == 0)
        q.sep = (flags & CURI_QUERY_SEMICOLON) ? ';' : '&';

    curi_cursor c;
    curi_str k, v;
    (void)curi_query_init(&c, query, flags & CURI_QUERY_SEMICOLON, NULL);
    while (curi_query_next(&c, &k, &v))
        run_pair(&q, k.ptr, v.ptr != NULL ? (size_t)(v.ptr + v.len - k.ptr) : k.len, 0);
    /* At the end of op e's stream, its pair (if it adds one) runs through the ops after it. */
    for (size_t e = 0; e < nops; e++)
        if (ops[e].op == CURI_QUERY_APPEND ||
            (ops[e].op == CURI_QUERY_REPLACE_APPEND && !(q.found >> e & 1u))) {
            q.changed = 1;
            run_pair(&q, ops[e].pair, ops[e].plen, e + 1);
        }

    const int sort = (flags & CURI_QUERY_SORT) && q.unsorted;
    if (!q.changed && !sort) {
        /* Nothing to do: the query as it is, empty pairs and all. */
        if (query.len > cap)
            return curi__wend(CURI_ERR_NOSPACE, query.len, outlen, err);
        if (query.len > 0)
            memcpy(dst, query.ptr, query.len);
        return curi__wend(CURI_OK, query.len, outlen, err);
    }
    *changed = 1;
    if (q.len > cap)
        return curi__wend(CURI_ERR_NOSPACE, q.len, outlen, err);
    if (sort)
        sort_pairs(dst, q.len, q.sep, q.plus);
    return curi__wend(CURI_OK, q.len, outlen, err);
}
