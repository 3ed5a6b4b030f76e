/*
 * fuzz_iter.c -- libFuzzer target for the path-segment and query-pair cursors.
 * The whole input is used raw as a path and as a query, and, when it parses,
 * its own path and query are iterated too.  Invariants:
 *  - segments are consecutive views of the path and join back to it with "/"
 *    (a leading "/" is not a segment; "" has none, "/" has one empty segment);
 *  - query pairs equal a literal split: on '&' (and ';' with
 *    CURI_QUERY_SEMICOLON), empty pairs skipped, key and value split at the
 *    first '=', value absent when there is none; views point into the query;
 *  - each iteration ends, after at most len + 1 steps, and stays ended.
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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *s = fz_dup(data, size);
    curi_str raw = {s, size};
    curi_uri u;

    check_segments(raw);
    check_query(raw, 0);
    check_query(raw, CURI_QUERY_SEMICOLON);
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
