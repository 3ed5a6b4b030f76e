/*
 * fuzz_iter.c -- libFuzzer target for the path-segment and query-pair cursors.
 * The whole input is used raw as a path and as a query, and, when it parses,
 * its own path and query are iterated too.  Invariants:
 *  - segments are consecutive views of the path and join back to it with "/"
 *    (a leading "/" is not a segment; "" has none, "/" has one empty segment);
 *  - query pairs equal a literal split: on '&' (and ';' with
 *    CURI_QUERY_SEMICOLON), empty pairs skipped, key and value split at the
 *    first '=', value absent when there is none; views point into the query;
 *  - each iteration ends, after at most len + 1 steps, and stays ended;
 *  - curi_query_edit: no op leaves the query as it is; the sort keeps every pair,
 *    orders them by decoded key and is idempotent; removing a key K, then appending
 *    K=1, then replace-appending K=2 and appending "_" leaves the other pairs, K=2 and
 *    _; NOSPACE at cap = outlen - 1 with the same length.
 * SPDX-License-Identifier: MIT
 */
#include <stdlib.h>
#include <string.h>

#include "util.h"

static void check_segments(curi_str path)
{
    curi_cursor c;
    curi_str seg;
    size_t at = (path.len > 0 && path.ptr[0] == '/') ? 1 : 0, count = 0;

    curi_segments_init(&c, path);
    while (curi_segments_next(&c, &seg)) {
        FZ_CHECKF(++count <= path.len + 1, "too many segments in %s", fz_show(path.ptr, path.len));
        /* Each segment starts where the previous one's "/" ended and stops at a "/" or the end. */
        FZ_CHECKF(seg.ptr == path.ptr + at, "segment %zu of %s at the wrong place", count,
                  fz_show(path.ptr, path.len));
        FZ_CHECK(seg.len <= path.len - at && memchr(seg.ptr, '/', seg.len) == NULL);
        at += seg.len;
        FZ_CHECK(at == path.len || path.ptr[at] == '/');
        at++;
    }
    FZ_CHECKF(at == path.len + 1 || (path.len == 0 && count == 0),
              "segments of %s stop at %zu", fz_show(path.ptr, path.len), at);
    if (path.len == 1 && path.ptr[0] == '/')
        FZ_CHECK(count == 1);
    FZ_CHECK(curi_segments_next(&c, &seg) == 0);
}

static void check_query(curi_str q, unsigned flags)
{
    curi_cursor c;
    curi_str key, value;
    size_t i = 0, count = 0;

    FZ_CHECK(curi_query_init(&c, q, flags, NULL) ==
             ((flags & ~(unsigned)CURI_QUERY_SEMICOLON) ? CURI_ERR_INVALID_ARG : CURI_OK));
    for (;;) {
        /* The next non-empty pair of the literal split, if any. */
        size_t start, end, eq;
        int more = curi_query_next(&c, &key, &value);
        while (i < q.len && (q.ptr[i] == '&' || ((flags & CURI_QUERY_SEMICOLON) && q.ptr[i] == ';')))
            i++;
        if (i >= q.len) {
            FZ_CHECKF(!more, "extra pair after %zu in %s", count, fz_show(q.ptr, q.len));
            break;
        }
        FZ_CHECKF(more, "pair %zu of %s missing", count + 1, fz_show(q.ptr, q.len));
        FZ_CHECK(++count <= q.len);
        start = i;
        end = i;
        while (end < q.len && q.ptr[end] != '&' &&
               !((flags & CURI_QUERY_SEMICOLON) && q.ptr[end] == ';'))
            end++;
        eq = start;
        while (eq < end && q.ptr[eq] != '=')
            eq++;
        FZ_CHECKF(key.ptr == q.ptr + start && key.len == eq - start, "key %zu of %s is %s",
                  count, fz_show(q.ptr, q.len), fz_show2(key.ptr, key.len));
        if (eq == end) {
            FZ_CHECKF(value.ptr == NULL, "pair %zu of %s has a value", count, fz_show(q.ptr, q.len));
        } else {
            FZ_CHECKF(value.ptr == q.ptr + eq + 1 && value.len == end - eq - 1,
                      "value %zu of %s is %s", count, fz_show(q.ptr, q.len),
                      fz_show2(value.ptr, value.len));
        }
        i = end;
    }
    FZ_CHECK(curi_query_next(&c, &key, &value) == 0);
}

/* The decoded key (form decoding) of the pair p[0..n), in buf (at least n bytes). */
static size_t decoded_key(char *buf, const char *p, size_t n)
{
    const char *eq = n ? memchr(p, '=', n) : NULL;
    size_t kl = eq ? (size_t)(eq - p) : n, got = 0;
    FZ_CHECK(curi_pct_decode(buf, kl, &got, p, kl, CURI_DECODE_PLUS | CURI_DECODE_LENIENT,
                             NULL) == CURI_OK);
    return got;
}

static int is_sep(char c, unsigned flags)
{
    return c == '&' || (c == ';' && (flags & CURI_QUERY_SEMICOLON));
}

/* The number of non-empty pairs of q; with key, those whose decoded key is not key. */
static size_t count_pairs(curi_str q, unsigned flags, const char *key, size_t klen, char *tmp)
{
    size_t n = 0;
    for (size_t i = 0; i < q.len;) {
        size_t e = i;
        while (e < q.len && !is_sep(q.ptr[e], flags))
            e++;
        if (e > i) {
            size_t kl = key ? decoded_key(tmp, q.ptr + i, e - i) : 0;
            n += key == NULL || kl != klen || memcmp(tmp, key, kl) != 0;
        }
        i = e + 1;
    }
    return n;
}

/* curi_query_edit into out (at least cap bytes), with the writer contract checked once. */
static int edit(char *out, size_t cap, size_t *len, curi_str q, const curi_query_op *ops,
                size_t nops, unsigned flags, int *changed)
{
    int rc = curi_query_edit(out, cap, len, q, ops, nops, flags, changed, NULL);
    if (rc == CURI_OK && *len > 0) {
        size_t need = 0;
        int ch = 0;
        FZ_CHECK(curi_query_edit(out, *len - 1, &need, q, ops, nops, flags, &ch, NULL) ==
                     CURI_ERR_NOSPACE &&
                 need == *len);
        rc = curi_query_edit(out, cap, len, q, ops, nops, flags, changed, NULL);
    }
    return rc;
}

static void check_edit(curi_str q, unsigned flags)
{
    size_t cap = q.len + 16, len = 0, len2 = 0;
    char *out = malloc(cap), *out2 = malloc(cap), *k1 = malloc(cap), *k2 = malloc(cap);
    int changed = 7;

    /* Nothing to do: the query back, byte for byte. */
    FZ_CHECK(edit(out, cap, &len, q, NULL, 0, flags, &changed) == CURI_OK && changed == 0 &&
             len == q.len && memcmp(out, q.ptr, len) == 0);
    /* The sort: the same pairs, in order of decoded key; sorting again changes nothing. */
    if (edit(out, cap, &len, q, NULL, 0, flags | CURI_QUERY_FORM | CURI_QUERY_SORT, &changed) ==
        CURI_OK) {
        curi_str r = {out, len};
        FZ_CHECK(count_pairs(r, flags, NULL, 0, k1) == count_pairs(q, flags, NULL, 0, k1));
        FZ_CHECK(edit(out2, cap, &len2, r, NULL, 0, flags | CURI_QUERY_FORM | CURI_QUERY_SORT,
                      &changed) == CURI_OK &&
                 changed == 0);
        size_t prev = 0, pl = 0;
        for (size_t i = 0; i < len;) {
            size_t e = i;
            while (e < len && !is_sep(out[e], flags))
                e++;
            if (e > i) {
                size_t kl = decoded_key(k2, out + i, e - i);
                size_t m = kl < pl ? kl : pl;
                int c = m ? memcmp(k1, k2, m) : 0;
                FZ_CHECKF(prev == 0 || c < 0 || (c == 0 && pl <= kl), "sort of %s: %s",
                          fz_show(q.ptr, q.len), fz_show2(out, len));
                memcpy(k1, k2, kl);
                pl = kl;
                prev = 1;
            }
            i = e + 1;
        }
    }
    /* A key made of the query's first letters (at most 3), else "k". */
    char key[4];
    size_t klen = 0;
    for (size_t i = 0; i < q.len && klen < 3; i++)
        if ((q.ptr[i] >= 'a' && q.ptr[i] <= 'z') || (q.ptr[i] >= '0' && q.ptr[i] <= '9'))
            key[klen++] = q.ptr[i];
    if (klen == 0)
        key[klen++] = 'k';
    char p1[8], p2[8];
    memcpy(p1, key, klen);
    memcpy(p1 + klen, "=1", 2);
    memcpy(p2, key, klen);
    memcpy(p2 + klen, "=2", 2);
    const curi_query_op ops[] = {{CURI_QUERY_REMOVE, key, klen, NULL, 0},
                                 {CURI_QUERY_APPEND, NULL, 0, p1, klen + 2},
                                 {CURI_QUERY_REPLACE_APPEND, key, klen, p2, klen + 2},
                                 {CURI_QUERY_APPEND, NULL, 0, "_", 1}};
    FZ_CHECK(edit(out, cap, &len, q, ops, 4, flags | CURI_QUERY_FORM, &changed) == CURI_OK &&
             changed == 1);
    curi_str r = {out, len};
    int found = 0;
    FZ_CHECK(count_pairs(r, flags, key, klen, k1) == count_pairs(q, flags, key, klen, k1) + 1);
    FZ_CHECKF(curi_query_find(out2, cap, &len2, r, key, klen, flags | CURI_QUERY_FORM, &found,
                              NULL) == CURI_OK &&
                  found && len2 == 1 && out2[0] == '2',
              "edit of %s: %s", fz_show(q.ptr, q.len), fz_show2(out, len));
    FZ_CHECK(len >= 1 && out[len - 1] == '_' && (len == 1 || is_sep(out[len - 2], flags)));
    free(out);
    free(out2);
    free(k1);
    free(k2);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *s = fz_dup(data, size);
    curi_str raw = {s, size};
    curi_uri u;

    check_segments(raw);
    check_query(raw, 0);
    check_query(raw, CURI_QUERY_SEMICOLON);
    check_edit(raw, 0);
    check_edit(raw, CURI_QUERY_SEMICOLON);
    if (fz_parse(&u, s, size, 0, NULL) == CURI_OK) {
        check_segments(u.path);
        if (u.query.ptr != NULL) {
            check_query(u.query, 0);
            check_query(u.query, CURI_QUERY_SEMICOLON);
        }
    }
    free(s);
    return 0;
}
