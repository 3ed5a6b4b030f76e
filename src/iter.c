/*
 * iter.c -- cursors over the segments of a path (RFC 3986 3.3) and the key=value
 * pairs of a query (the application/x-www-form-urlencoded convention layered on 3.4).
 * A cursor holds two pointers into the caller's string; nothing is copied or decoded.
 * SPDX-License-Identifier: MIT
 */
#include "internal.h"

/*
 * path = path-abempty / path-absolute / path-noscheme / path-rootless / path-empty
 * Every form is segments joined by "/", with one leading "/" when rooted.  So
 * after dropping that leading "/" the segments are the pieces between slashes:
 * "/" is one empty segment, "" is none.  A finished cursor has p == NULL.
 */
void curi_segments_init(curi_cursor *c, curi_str path)
{
    if (c == NULL) {
        return;
    }
    c->flags = 0;
    c->reserved = 0;
    if (path.ptr == NULL || path.len == 0) {
        /* path-empty: no segment at all. */
        c->p = NULL;
        c->end = NULL;
        return;
    }
    c->end = path.ptr + path.len;
    c->p = (path.ptr[0] == '/') ? path.ptr + 1 : path.ptr;
}

int curi_segments_next(curi_cursor *c, curi_str *segment)
{
    const char *q;

    if (c == NULL || segment == NULL || c->p == NULL) {
        return 0;
    }
    q = c->p;
    while (q < c->end && *q != '/') {
        q++;
    }
    segment->ptr = c->p;
    segment->len = (size_t)(q - c->p);
    /* The last segment has no "/" after it; one more follows each "/" seen. */
    c->p = (q < c->end) ? q + 1 : NULL;
    return 1;
}

/*
 * The query is split at "&" (and ";" with CURI_QUERY_SEMICOLON) into pairs;
 * each pair splits at its first "=" into key and value.  Empty pairs are
 * skipped, so "a=1&&b=2&" has two.  Finished when p reaches end.
 */
int curi_query_init(curi_cursor *c, curi_str query, unsigned flags, curi_error *err)
{
    if (c == NULL) {
        return curi__fail(err, CURI_ERR_INVALID_ARG, 0);
    }
    c->reserved = 0;
    c->p = NULL;
    c->end = NULL;
    /* An unknown flag bit: refused, and a cursor that yields nothing all the same. */
    if (flags & ~CURI__QUERY_FLAGS) {
        c->flags = 0;
        return curi__fail(err, CURI_ERR_INVALID_ARG, 0);
    }
    c->flags = flags;
    if (query.ptr != NULL) {
        c->p = query.ptr;
        c->end = query.ptr + query.len;
    }
    return curi__ok(err);
}

static int is_pair_sep(const curi_cursor *c, char ch)
{
    return ch == '&' || (ch == ';' && (c->flags & CURI_QUERY_SEMICOLON));
}

int curi_query_next(curi_cursor *c, curi_str *key, curi_str *value)
{
    if (c == NULL || key == NULL || value == NULL) {
        return 0;
    }
    while (c->p != NULL && c->p < c->end) {
        const char *start = c->p;
        const char *q = start;
        const char *eq = NULL;

        while (q < c->end && !is_pair_sep(c, *q)) {
            if (*q == '=' && eq == NULL) {
                eq = q;
            }
            q++;
        }
        /* Step past the separator (or to the end) before deciding about this pair. */
        c->p = (q < c->end) ? q + 1 : c->end;
        if (q == start) {
            continue; /* "&&": an empty pair is no pair */
        }
        key->ptr = start;
        if (eq == NULL) {
            /* "a": a key without "=" has an absent value. */
            key->len = (size_t)(q - start);
            value->ptr = NULL;
            value->len = 0;
        } else {
            key->len = (size_t)(eq - start);
            value->ptr = eq + 1;
            value->len = (size_t)(q - eq - 1);
        }
        return 1;
    }
    return 0;
}
