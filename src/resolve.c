/*
 * resolve.c -- reference resolution (RFC 3986 section 5.2).
 * A merged path without "." or ".." segments is its own remove_dot_segments and is copied
 * forward as it is.  No other path is built in a scratch buffer either: curi__dots (dots.c) visits,
 * right to left, the path elements that survive 5.2.4, so the exact output length is known
 * before a byte is written and the path is then written backwards into its final place.
 * Linear time, constant stack, no allocation.  A target without authority whose path
 * would start with "//" keeps "/." in front of it, so the output always parses back to
 * its components.
 * SPDX-License-Identifier: MIT
 */
#include <string.h>

#include "internal.h"

/* ------------------------------------------------------------------ output */


/* Append the dot-free path of *it (with "/." first when hole is set), or only count it. */
static void resolve_put_path(curi__out *o, const curi__dots *it, const curi__dots_info *m,
                             int hole)
{
    if (hole) {
        curi__put(o, "/.", 2);
    }
    if (o->len + m->len <= o->cap) {
        curi__dots_write_back(it, m->count, 0, o->dst, o->len + m->len);
    }
    o->len += m->len;
}

static void put_authority(curi__out *o, const curi_uri *a)
{
    curi__put(o, "//", 2);
    curi__put_authority(o, a);
}

/* ------------------------------------------------------------------ 5.2.2 */

size_t curi_resolve_bound(const curi_uri *base, const curi_uri *ref)
{
    const curi_uri *u[2] = {base, ref};
    size_t n = 16; /* ":" "//" "@" ":" "/." "/" "?" "#" */

    for (int i = 0; i < 2; i++) {
        if (u[i] != NULL) {
            const size_t parts[7] = {u[i]->scheme.len, u[i]->userinfo.len, u[i]->host.len,
                                     u[i]->port.len,   u[i]->path.len,     u[i]->query.len,
                                     u[i]->fragment.len};
            for (int k = 0; k < 7; k++) {
                n = curi__add_sat(n, parts[k]);
            }
        }
    }
    return curi__bound(n);
}

/*
 * Resolve ref against base into dst.  The steps of 5.2.2 choose where each component of
 * the target T comes from; nothing is copied until the total length is known.
 */
static int resolve_impl(char *dst, size_t cap, size_t *outlen, const curi_uri *base,
                        const curi_uri *ref, unsigned flags, curi_error *err)
{
    const curi_str *scheme, *query;
    const curi_uri *auth;
    curi_str rscheme, bpath, rpath, s1 = {"", 0}, s2;
    curi__dots it;
    curi__dots_info m;
    curi__out o = {dst, (dst == NULL) ? 0 : cap, 0};
    int hole, mode = CURI__DOTS_RFC, plain;

    /* outlen is the wrapper's own; TOO_LONG and NOSPACE are the wrapper's to report. */
    if (base == NULL || ref == NULL) {
        return curi__fail(err, CURI_ERR_INVALID_ARG, 0);
    }
    /* 5.2.1: the base must be absolute (its fragment, if any, is ignored). */
    if (base->scheme.ptr == NULL) {
        return curi__fail(err, CURI_ERR_BASE_NOT_ABSOLUTE, 0);
    }
    bpath.ptr = (base->path.ptr == NULL) ? "" : base->path.ptr;
    bpath.len = (base->path.ptr == NULL) ? 0 : base->path.len;
    rpath.ptr = (ref->path.ptr == NULL) ? "" : ref->path.ptr;
    rpath.len = (ref->path.ptr == NULL) ? 0 : ref->path.len;
    rscheme = ref->scheme;
    /* 5.2.2, non-strict: "if (R.scheme == Base.scheme) then undefine(R.scheme)". */
    if ((flags & CURI_RESOLVE_NON_STRICT) && rscheme.ptr != NULL &&
        rscheme.len == base->scheme.len &&
        curi__ieq_n(rscheme.ptr, base->scheme.ptr, rscheme.len)) {
        rscheme.ptr = NULL;
    }
    if (rscheme.ptr != NULL) {
        /* T.scheme = R.scheme; T.authority = R.authority; T.path = remove_dot_segments(R.path) */
        scheme = &ref->scheme;
        auth = (ref->host.ptr != NULL) ? ref : NULL;
        s2 = rpath;
        query = &ref->query;
    } else if (ref->host.ptr != NULL) {
        /* T.authority = R.authority; T.path = remove_dot_segments(R.path); T.query = R.query */
        scheme = &base->scheme;
        auth = ref;
        s2 = rpath;
        query = &ref->query;
    } else {
        scheme = &base->scheme;
        auth = (base->host.ptr != NULL) ? base : NULL;
        query = &ref->query;
        if (rpath.len == 0) {
            /* T.path = Base.path (as it is); T.query = R.query if defined, else Base.query */
            s2 = bpath;
            mode = CURI__DOTS_NONE;
            if (ref->query.ptr == NULL) {
                query = &base->query;
            }
        } else if (rpath.ptr[0] == '/') {
            /* T.path = remove_dot_segments(R.path) */
            s2 = rpath;
        } else if (auth != NULL && bpath.len == 0) {
            /* 5.2.3 merge, base with authority and empty path: "/" R.path */
            s1.ptr = "/";
            s1.len = 1;
            s2 = rpath;
        } else {
            /* 5.2.3 merge: base path up to and including its last '/', then R.path */
            size_t d = bpath.len;
            while (d > 0 && bpath.ptr[d - 1] != '/') {
                d--;
            }
            s1.ptr = bpath.ptr;
            s1.len = d;
            s2 = rpath;
        }
    }
    /*
     * T.path is remove_dot_segments(s1 s2) (s1 is empty or ends with '/').  Without a "."
     * or ".." segment that is s1 s2 itself, copied as it is; otherwise the dot walk.
     */
    plain = (mode == CURI__DOTS_NONE) ||
            ((s1.len == 0 || !curi__has_dot_seg(s1.ptr, s1.len)) &&
             !curi__has_dot_seg(s2.ptr, s2.len));
    if (plain) {
        m = curi__dots_measure_plain(s1.ptr, s1.len, s2.ptr, s2.len);
    } else {
        curi__dots_init(&it, s1.ptr, s1.len, s2.ptr, s2.len, mode);
        m = curi__dots_measure(&it);
    }
    /* A path beside an authority must be empty or start with '/' (hand-built bases only). */
    if (auth != NULL && m.len > 0 && !m.rooted) {
        return curi__fail(err, CURI_ERR_STRUCTURE, 0);
    }
    /* The "//" hole: without an authority, "//g" would reparse as authority "g". */
    hole = (auth == NULL && m.dslash);

    /* 5.3: scheme ":" ["//" authority] path ["?" query] ["#" fragment] */
    curi__put(&o, scheme->ptr, scheme->len);
    curi__put(&o, ":", 1);
    if (auth != NULL) {
        put_authority(&o, auth);
    }
    if (plain) {
        if (hole) {
            curi__put(&o, "/.", 2);
        }
        curi__put(&o, s1.ptr, s1.len);
        curi__put(&o, s2.ptr, s2.len);
    } else {
        resolve_put_path(&o, &it, &m, hole);
    }
    curi__put_tail(&o, *query, ref->fragment);
    return curi__out_end(&o, outlen);
}

int curi_resolve(char *dst, size_t cap, size_t *outlen, const curi_uri *base,
                 const curi_uri *ref, unsigned flags, curi_error *err)
{
    return curi__ref_writer(resolve_impl, CURI__RESOLVE_FLAGS, dst, cap, outlen, base, ref, flags, err);
}
