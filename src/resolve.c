/*
 * resolve.c -- reference resolution (RFC 3986 section 5.2) and remove_dot_segments (5.2.4).
 * A merged path without "." or ".." segments is its own remove_dot_segments and is copied
 * forward as it is.  No other path is built in a scratch buffer either: curi__dots visits,
 * right to left, the path elements that survive 5.2.4, so the exact output length is known
 * before a byte is written and the path is then written backwards into its final place.
 * Linear time, constant stack, no allocation.  A target without authority whose path
 * would start with "//" keeps "/." in front of it, so the output always parses back to
 * its components.
 * SPDX-License-Identifier: MIT
 */
#include <string.h>

#include "internal.h"

/* ------------------------------------------------------------------ 5.2.4, in place */

/*
 * remove_dot_segments with a read index r and a write index w <= r in the same buffer.
 * The input buffer of 5.2.4 is buf[r..len); the output buffer is buf[0..w).  Popping the
 * last output segment scans back over bytes that step E wrote, and each written byte is
 * scanned back at most once, so the whole pass is linear.
 */
size_t curi_remove_dot_segments(char *buf, size_t len)
{
    size_t r = 0, w = 0;

    while (r < len) {
        const char *p = buf + r;
        size_t rest = len - r;

        /* A: a leading "../" or "./" is removed. */
        if (rest >= 3 && p[0] == '.' && p[1] == '.' && p[2] == '/') {
            r += 3;
        } else if (rest >= 2 && p[0] == '.' && p[1] == '/') {
            r += 2;
        /* B: "/./" becomes "/" (keep the second '/'), "/." at the end becomes "/". */
        } else if (rest >= 3 && p[0] == '/' && p[1] == '.' && p[2] == '/') {
            r += 2;
        } else if (rest == 2 && p[0] == '/' && p[1] == '.') {
            buf[w++] = '/';
            r = len;
        /* C: "/../" or a final "/.." becomes "/" and the last output segment goes. */
        } else if (rest >= 3 && p[0] == '/' && p[1] == '.' && p[2] == '.' &&
                   (rest == 3 || p[3] == '/')) {
            while (w > 0 && buf[w - 1] != '/') {
                w--;
            }
            if (w > 0) {
                w--; /* the segment's own leading '/' */
            }
            if (rest == 3) {
                buf[w++] = '/';
                r = len;
            } else {
                r += 3; /* buf[r] is now the '/' that begins the rest */
            }
        /* D: a lone "." or ".." is removed. */
        } else if ((rest == 1 && p[0] == '.') || (rest == 2 && p[0] == '.' && p[1] == '.')) {
            r = len;
        } else {
            /* E: move "/segment" or "segment" to the output (w <= r: a forward copy). */
            buf[w++] = buf[r++];
            while (r < len && buf[r] != '/') {
                buf[w++] = buf[r++];
            }
        }
    }
    return w;
}

/* ------------------------------------------------------------------ 5.2.4, right to left */

/*
 * Why right to left works: after the leading "../" and "./" are stripped (step A), the
 * input is an optional first segment s0 followed by '/'-led segments.  Step C pairs each
 * ".." with the nearest unpaired segment to its left (s0 included) exactly as a counter
 * of pending ".." does when walking leftwards.  A final "." or ".." (steps B and C at the
 * end of the input) leaves one more "/" at the end of the output: the `trail` element.
 */
static char at(const curi__dots *it, size_t i)
{
    return (i < it->n1) ? it->s1[i] : it->s2[i - it->n1];
}

/* Number of dots if [a, b) is only "." (or "%2E" in PCT mode) atoms, else 0. */
static int dot_atoms(const curi__dots *it, size_t a, size_t b)
{
    int k = 0;

    if (it->mode == CURI__DOTS_NONE) {
        return 0;
    }
    while (a < b) {
        if (k == 2) {
            return 0; /* "..." is an ordinary segment */
        }
        if (at(it, a) == '.') {
            a += 1;
        } else if (it->mode == CURI__DOTS_PCT && b - a >= 3 && at(it, a) == '%' &&
                   at(it, a + 1) == '2' && (at(it, a + 2) | 0x20) == 'e') {
            a += 3;
        } else {
            return 0;
        }
        k++;
    }
    return (a == b) ? k : 0;
}

static size_t resolve_seg_end(const curi__dots *it, size_t i)
{
    while (i < it->n && at(it, i) != '/') {
        i++;
    }
    return i;
}

void curi__dots_init(curi__dots *it, const char *s1, size_t n1, const char *s2, size_t n2,
                     int mode)
{
    size_t p = 0, e, last;

    it->s1 = s1;
    it->s2 = s2;
    it->n1 = n1;
    it->n = n1 + n2;
    it->mode = mode;
    it->pops = 0;
    it->trail = 0;
    it->s0done = 0;
    /* Step A (and D): strip leading "../" and "./"; a lone "." or ".." leaves nothing. */
    while (mode != CURI__DOTS_NONE && p < it->n && at(it, p) != '/') {
        e = resolve_seg_end(it, p);
        if (dot_atoms(it, p, e) == 0) {
            break;
        }
        p = (e < it->n) ? e + 1 : it->n;
    }
    it->s0 = p;
    it->lo = (p < it->n && at(it, p) != '/') ? resolve_seg_end(it, p) : p;
    it->pos = it->n;
    /* A final "/." or "/.." is replaced by "/": one empty element stays at the end. */
    if (it->lo < it->n) {
        last = it->n;
        while (at(it, last - 1) != '/') {
            last--;
        }
        it->trail = dot_atoms(it, last, it->n) != 0;
    }
}

/* A view of [a, b), which lies wholly in s1 or wholly in s2. */
static curi_str view(const curi__dots *it, size_t a, size_t b)
{
    curi_str s;

    s.ptr = (a < it->n1) ? it->s1 + a : it->s2 + (a - it->n1);
    s.len = b - a;
    return s;
}

int curi__dots_prev(curi__dots *it, curi_str *seg, int *slash)
{
    if (it->trail) {
        it->trail = 0;
        seg->ptr = "";
        seg->len = 0;
        *slash = 1;
        return 1;
    }
    while (it->pos > it->lo) {
        size_t b = it->pos, a = b;
        int dots;

        while (at(it, a - 1) != '/') {
            a--;
        }
        it->pos = a - 1; /* it->lo holds a '/', so the scan stops at or after it */
        dots = dot_atoms(it, a, b);
        if (dots == 2) {
            it->pops++;
        } else if (dots == 1) {
            continue;
        } else if (it->pops > 0) {
            it->pops--;
        } else {
            *seg = view(it, a, b);
            *slash = 1;
            return 1;
        }
    }
    if (!it->s0done) {
        it->s0done = 1;
        if (it->s0 < it->lo && it->pops == 0) {
            *seg = view(it, it->s0, it->lo);
            *slash = 0;
            return 1;
        }
    }
    return 0;
}

/*
 * The fast test: a dot segment is a '.' that starts a segment and is followed by the end,
 * a '/', or one more '.' and then the end or a '/'.  memchr finds the candidates; most
 * paths hold at most a '.' or two, inside a segment ("index.html").
 */
int curi__has_dot_seg(const char *p, size_t n)
{
    size_t i = 0;

    while (i < n) {
        const char *q = memchr(p + i, '.', n - i);
        size_t k, rest;

        if (q == NULL) {
            return 0;
        }
        k = (size_t)(q - p);
        rest = n - k;
        if ((k == 0 || p[k - 1] == '/') &&
            (rest == 1 || p[k + 1] == '/' ||
             (p[k + 1] == '.' && (rest == 2 || p[k + 2] == '/')))) {
            return 1;
        }
        i = k + 1;
    }
    return 0;
}

/* ------------------------------------------------------------------ output */


static int eq_nocase(curi_str a, curi_str b)
{
    if (a.len != b.len) {
        return 0;
    }
    for (size_t i = 0; i < a.len; i++) {
        if (curi__lower((unsigned char)a.ptr[i]) != curi__lower((unsigned char)b.ptr[i])) {
            return 0;
        }
    }
    return 1;
}

/* The length a path iterator will produce, and whether it needs "/." in front. */
typedef struct plen {
    size_t len;
    int lead_slash; /* the leftmost element is '/'-led (or there is none) */
    int dslash;     /* the path starts with "//" */
} plen;

static plen resolve_measure(const curi__dots *start)
{
    curi__dots it = *start;
    curi_str seg;
    int slash, left_empty = 0;
    size_t count = 0;
    plen m = {0, 1, 0};

    while (curi__dots_prev(&it, &seg, &slash)) {
        m.len += seg.len + (size_t)slash;
        m.lead_slash = slash;
        left_empty = slash && seg.len == 0;
        count++;
    }
    m.dslash = left_empty && count >= 2;
    return m;
}

/* Write the elements of *start backwards so that they end at dst + end. */
static void write_back(const curi__dots *start, char *dst, size_t end)
{
    curi__dots it = *start;
    curi_str seg;
    int slash;

    while (curi__dots_prev(&it, &seg, &slash)) {
        end -= seg.len;
        if (seg.len > 0) {
            memcpy(dst + end, seg.ptr, seg.len);
        }
        if (slash) {
            dst[--end] = '/';
        }
    }
}

/*
 * The same for a path s1 s2 without dot segments: 5.2.4 leaves it as it is, so its
 * length, its first byte and whether it starts with "//" are read off directly.
 */
static plen resolve_measure_plain(const char *s1, size_t n1, const char *s2, size_t n2)
{
    plen m = {n1 + n2, 1, 0};
    char c0, c1;

    if (m.len > 0) {
        c0 = (n1 > 0) ? s1[0] : s2[0];
        m.lead_slash = (c0 == '/');
        if (m.len >= 2) {
            c1 = (n1 > 1) ? s1[1] : s2[1 - n1];
            m.dslash = (c0 == '/' && c1 == '/');
        }
    }
    return m;
}

/* Append the path of *it (with "/." first when hole is set), or only count it. */
static void resolve_put_path(curi__out *o, const curi__dots *it, const plen *m, int hole)
{
    if (hole) {
        curi__put(o, "/.", 2);
    }
    if (o->len + m->len <= o->cap) {
        write_back(it, o->dst, o->len + m->len);
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
CURI__INLINE int resolve_impl(char *dst, size_t cap, size_t *outlen, const curi_uri *base,
                        const curi_uri *ref, unsigned flags, curi_error *err)
{
    const curi_str *scheme, *query;
    const curi_uri *auth;
    curi_str rscheme, bpath, rpath, s1 = {"", 0}, s2;
    curi__dots it;
    plen m;
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
        eq_nocase(rscheme, base->scheme)) {
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
            (!curi__has_dot_seg(s1.ptr, s1.len) && !curi__has_dot_seg(s2.ptr, s2.len));
    if (plain) {
        m = resolve_measure_plain(s1.ptr, s1.len, s2.ptr, s2.len);
    } else {
        curi__dots_init(&it, s1.ptr, s1.len, s2.ptr, s2.len, mode);
        m = resolve_measure(&it);
    }
    /* A path beside an authority must be empty or start with '/' (hand-built bases only). */
    if (auth != NULL && m.len > 0 && !m.lead_slash) {
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
    if (query->ptr != NULL) {
        curi__put(&o, "?", 1);
        curi__put(&o, query->ptr, query->len);
    }
    if (ref->fragment.ptr != NULL) {
        curi__put(&o, "#", 1);
        curi__put(&o, ref->fragment.ptr, ref->fragment.len);
    }
    *outlen = o.len;
    return o.len > o.cap ? CURI_ERR_NOSPACE : CURI_OK;
}

int curi_resolve(char *dst, size_t cap, size_t *outlen, const curi_uri *base,
                 const curi_uri *ref, unsigned flags, curi_error *err)
{
    size_t n = 0;
    if (!curi__wbegin(dst, cap, outlen, 0) || (flags & ~CURI__RESOLVE_FLAGS)) {
        return curi__wend(curi__fail(err, CURI_ERR_INVALID_ARG, 0), 0, outlen, err);
    }
    /* The work first: the arguments of one call are evaluated in no fixed order. */
    int rc = resolve_impl(dst, cap, &n, base, ref, flags, err);
    return curi__wend(rc, n, outlen, err);
}
