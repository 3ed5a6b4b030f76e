/*
 * relative.c -- the inverse of reference resolution: the shortest reference that
 * curi_resolve (strict, RFC 3986 5.2.2) turns back into the target, dot segments of the
 * target removed.  Candidates, from the most to the least relative: a same-document
 * reference ("", "?query", "#fragment"), a relative-path ("../x"), an absolute-path
 * ("/x"), a network-path ("//host/x") and the full target; the shortest valid one wins,
 * earlier on a tie.  Paths without "." or ".." segments are compared and copied as the
 * bytes they are; others element by element through curi__dots, right to left.  Nothing
 * is allocated.
 * SPDX-License-Identifier: MIT
 */
#include <string.h>

#include "internal.h"


static int same_str(curi_str a, curi_str b)
{
    if ((a.ptr == NULL) != (b.ptr == NULL)) {
        return 0;
    }
    return a.ptr == NULL || (a.len == b.len && (a.len == 0 || memcmp(a.ptr, b.ptr, a.len) == 0));
}

/* The same with ASCII letters compared without regard to case (both present or absent). */
static int same_str_nocase(curi_str a, curi_str b)
{
    return (a.ptr == NULL) == (b.ptr == NULL) && a.len == b.len &&
           curi__ieq_n(a.ptr, b.ptr, a.len);
}

/*
 * Two hosts are the same byte for byte, or with CURI_RELATIVE_IGNORE_CASE without regard to
 * case (RFC 3986 3.2.2: the host is case-insensitive), but for an IPv6 zone ID, which RFC
 * 6874 leaves to the system and so is compared as written.
 */
static int same_host(const curi_uri *a, const curi_uri *b, unsigned flags)
{
    curi_str ha = a->host, hb = b->host;

    if (!(flags & CURI_RELATIVE_IGNORE_CASE)) {
        return same_str(ha, hb);
    }
    if ((a->zone.ptr == NULL) != (b->zone.ptr == NULL) || !same_str(a->zone, b->zone)) {
        return 0;
    }
    if (a->zone.ptr != NULL) {
        /* "[" address "%25" zone "]": the part before the zone (which curi_parse and
         * curi_set keep inside the host's view; compared as written if it is not) */
        if (a->zone.ptr < ha.ptr || a->zone.ptr > ha.ptr + ha.len || b->zone.ptr < hb.ptr ||
            b->zone.ptr > hb.ptr + hb.len) {
            return same_str(ha, hb);
        }
        ha.len = (size_t)(a->zone.ptr - ha.ptr);
        hb.len = (size_t)(b->zone.ptr - hb.ptr);
    }
    return same_str_nocase(ha, hb);
}

/* Two authorities are the same when userinfo and port match byte for byte and the hosts
 * match (same_host). */
static int same_authority(const curi_uri *a, const curi_uri *b, unsigned flags)
{
    if ((a->host.ptr == NULL) != (b->host.ptr == NULL)) {
        return 0;
    }
    return a->host.ptr == NULL || (same_str(a->userinfo, b->userinfo) &&
                                   same_host(a, b, flags) && same_str(a->port, b->port));
}

typedef curi__dots_info pinfo;

/* The elements of a dot-free path: one per '/', plus the first segment of a rootless path. */
static size_t count_elements(const char *p, size_t n)
{
    size_t count = (n > 0 && p[0] != '/') ? 1u : 0u;

    for (const char *q = p; n > 0 && (q = memchr(q, '/', n - (size_t)(q - p))) != NULL; q++) {
        count++;
    }
    return count;
}

/* Skip k elements from the right. */
static void skip_elements(curi__dots *it, size_t k)
{
    curi_str seg;
    int slash;

    while (k-- > 0 && curi__dots_prev(it, &seg, &slash)) {
    }
}

/*
 * Is the dot-free path of *d (with "/." first when hole) byte for byte equal to p?  With
 * d NULL the path has no dot segments and is tp itself.
 */
static int path_equals(const curi__dots *d, const char *tp, const pinfo *m, int hole,
                       curi_str p)
{
    curi__dots it;
    curi_str seg;
    int slash;
    size_t end = p.len;

    if (p.len != m->len + (hole ? 2u : 0u)) {
        return 0;
    }
    if (hole && (p.ptr[0] != '/' || p.ptr[1] != '.')) {
        return 0;
    }
    if (d == NULL) {
        return m->len == 0 || memcmp(p.ptr + (hole ? 2 : 0), tp, m->len) == 0;
    }
    it = *d;
    while (curi__dots_prev(&it, &seg, &slash)) {
        end -= seg.len;
        if (seg.len > 0 && memcmp(p.ptr + end, seg.ptr, seg.len) != 0) {
            return 0;
        }
        if (slash && p.ptr[--end] != '/') {
            return 0;
        }
    }
    return !hole || (p.ptr[0] == '/' && p.ptr[1] == '.');
}

/* A relative-path candidate: "../" * ups, "./" when needed, then elements j+1.. of D. */
typedef struct relpath {
    int valid;
    size_t ups, j, len;
    size_t off; /* a dot-free D: the tail written is D[off..) */
    int dot;  /* "./" in front */
    int bare; /* only D's final empty element is left: "./" is ".", a last "../" is ".." */
} relpath;

/*
 * The base "directory" B of 5.2.3 merge is base.path up to its last '/' ("/" for a base
 * with authority and empty path).  Its dot-free elements, except the last (always the
 * empty one after the final '/'), are directories.  The reference keeps the directories
 * D shares with B (j of them, never D's last element), climbs out of the others with
 * "../", and spells the rest of D.
 */
static relpath relative_path_dots(const char *bp, size_t bl, const curi__dots *d, const pinfo *dm)
{
    relpath r = {0, 0, 0, 0, 0, 0, 0};
    curi__dots b, bi, di;
    pinfo bm;
    size_t dirs, m, mismatch = 0;
    curi_str s1, s2, first;
    int sl1, sl2, firstslash;

    curi__dots_init(&b, "", 0, bp, bl, CURI__DOTS_RFC);
    bm = curi__dots_measure(&b);
    if (dm->count == 0) {
        /* An empty D: only "." against an empty directory ("." merges to "" and is gone). */
        r.valid = (bm.count == 0);
        r.len = 1;
        return r;
    }
    if (bm.count == 0) {
        /* Nothing to climb out of: R.path is D itself, which must then be rootless. */
        if (dm->rooted) {
            return r;
        }
    } else if (bm.rooted != dm->rooted) {
        return r;
    }
    dirs = (bm.count > 0) ? bm.count - 1 : 0;
    m = (dirs < dm->count - 1) ? dirs : dm->count - 1;
    /* Compare element i of B and D for i = m down to 1; the smallest mismatch bounds j. */
    bi = b;
    di = *d;
    skip_elements(&bi, bm.count - m);
    skip_elements(&di, dm->count - m);
    for (size_t i = m; i >= 1; i--) {
        curi__dots_prev(&bi, &s1, &sl1);
        curi__dots_prev(&di, &s2, &sl2);
        if (sl1 != sl2 || s1.len != s2.len || (s1.len > 0 && memcmp(s1.ptr, s2.ptr, s1.len) != 0)) {
            mismatch = i;
        }
    }
    r.j = (mismatch > 0) ? mismatch - 1 : m;
    /* A rootless D must keep its first segment: climbing past it would root the path. */
    if (!dm->rooted && bm.count > 0 && r.j == 0) {
        return r;
    }
    r.ups = dirs - r.j;
    /* Element j+1 of D is written without its '/'; find it to decide about "./". */
    di = *d;
    skip_elements(&di, dm->count - r.j - 1);
    curi__dots_prev(&di, &first, &firstslash);
    if (r.ups == 0) {
        /* Its first segment must not be empty (it would read as "/...") or hold ':' (4.2). */
        r.dot = (first.len == 0 || memchr(first.ptr, ':', first.len) != NULL);
    }
    r.len = 3 * r.ups + (r.dot ? 2u : 0u);
    /* "." and ".." at the end of a reference keep the trailing "/" (5.2.4 steps B, C). */
    if (r.j + 1 == dm->count && first.len == 0 && (r.ups > 0 || r.dot)) {
        r.bare = 1;
        r.len -= 1;
    }
    /* The bytes of elements j+1..count: D's length minus that of elements 1..j. */
    {
        curi__dots hi = *d;
        size_t tail = 0;
        for (size_t i = dm->count; i > r.j; i--) {
            curi__dots_prev(&hi, &s1, &sl1);
            tail += s1.len + (size_t)sl1;
        }
        r.len += tail - (size_t)firstslash;
        r.off = dm->len - (tail - (size_t)firstslash); /* used when D has no dots */
    }
    r.valid = 1;
    return r;
}

/*
 * The same candidate when neither D nor B has a dot segment, read off the bytes: element
 * boundaries are the '/' bytes (one at offset 0 starts the first element), and the shared
 * elements are the ones that end at a '/' inside the common prefix of B and D.
 */
static relpath relative_path_plain(const char *bp, size_t bl, const char *dp, const pinfo *dm)
{
    relpath r = {0, 0, 0, 0, 0, 0, 0};
    size_t dl = dm->len, i, start = 0, dirs = 0, fs, flen;
    int brooted = (bl > 0 && bp[0] == '/');
    const char *q;

    if (dm->count == 0) {
        r.valid = (bl == 0);
        r.len = 1;
        return r;
    }
    if (bl == 0) {
        if (dm->rooted) {
            return r;
        }
    } else if (brooted != dm->rooted) {
        return r;
    }
    /* Directories of B: every element but the empty one after its final '/'. */
    for (q = bp; (q = memchr(q, '/', bl - (size_t)(q - bp))) != NULL; q++) {
        dirs++;
    }
    dirs -= (size_t)brooted;
    /* j: the elements ending at a '/' (not the one at offset 0) within the common prefix. */
    for (i = 0; i < bl && i < dl && bp[i] == dp[i]; i++) {
        if (bp[i] == '/' && i > 0) {
            r.j++;
            start = i;
        }
    }
    if (!dm->rooted && bl > 0 && r.j == 0) {
        return r;
    }
    r.ups = dirs - r.j;
    /* Element j+1 of D starts at `start`; its segment follows its '/', if any. */
    fs = (dp[start] == '/');
    q = memchr(dp + start + fs, '/', dl - start - fs);
    flen = (q == NULL) ? dl - start - fs : (size_t)(q - (dp + start + fs));
    if (r.ups == 0) {
        r.dot = (flen == 0 || memchr(dp + start + fs, ':', flen) != NULL);
    }
    r.len = 3 * r.ups + (r.dot ? 2u : 0u);
    if (start + fs == dl && (r.ups > 0 || r.dot)) {
        r.bare = 1;
        r.len -= 1;
    }
    r.off = start + fs;
    r.len += dl - r.off;
    r.valid = 1;
    return r;
}

/* The base directory B (5.2.3 merge), then the candidate by the fast or the dot walk. */
static relpath relative_path(const curi_uri *base, const curi__dots *d, const pinfo *dm,
                             const char *dp, int plain)
{
    const char *bp = (base->path.ptr == NULL) ? "" : base->path.ptr;
    size_t bl = (base->path.ptr == NULL) ? 0 : base->path.len;
    curi__dots dd;

    if (base->host.ptr != NULL && bl == 0) {
        bp = "/";
        bl = 1;
    } else {
        while (bl > 0 && bp[bl - 1] != '/') {
            bl--;
        }
    }
    if (plain && !curi__has_dot_seg(bp, bl)) {
        return relative_path_plain(bp, bl, dp, dm);
    }
    if (plain) {
        /* A dotted base directory: walk D too (d was not set up for a dot-free D). */
        curi__dots_init(&dd, "", 0, dp, dm->len, CURI__DOTS_RFC);
        d = &dd;
    }
    return relative_path_dots(bp, bl, d, dm);
}

size_t curi_relative_bound(const curi_uri *base, const curi_uri *target)
{
    size_t n = curi_resolve_bound(target, target);

    /* A relative path climbs at most one "../" per '/' of the base path. */
    if (base != NULL && base->path.ptr != NULL) {
        n = curi__add_sat(n, base->path.len > SIZE_MAX / 3 ? SIZE_MAX : 3 * base->path.len);
    }
    return curi__bound(curi__add_sat(n, 4));
}

enum { F_SAME, F_REL, F_ABS, F_NET, F_FULL };

static int relative_impl(char *dst, size_t cap, size_t *outlen, const curi_uri *base,
                         const curi_uri *target, unsigned flags, curi_error *err)
{
    const char *tp;
    size_t tl, best;
    curi__dots d;
    pinfo dm;
    relpath rp = {0, 0, 0, 0, 0, 0, 0};
    int tauth, hole, plain, form = F_FULL;
    size_t len_abs = 0, len_net = 0;
    curi__out o = {dst, (dst == NULL) ? 0 : cap, 0};

    /* outlen is the wrapper's own; TOO_LONG and NOSPACE are the wrapper's to report. */
    if (base == NULL || target == NULL) {
        return curi__fail(err, CURI_ERR_INVALID_ARG, 0);
    }
    if (base->scheme.ptr == NULL) {
        return curi__fail(err, CURI_ERR_BASE_NOT_ABSOLUTE, 0);
    }
    if (target->scheme.ptr == NULL) {
        return curi__fail(err, CURI_ERR_SCHEME_MISSING, 0);
    }
    /*
     * A reference without a scheme inherits the base's scheme as spelled there, so the
     * schemes must match byte for byte (or, with CURI_RELATIVE_IGNORE_CASE, but for case:
     * RFC 3986 3.1); otherwise (even "HTTP" against "http") the full target is the answer.
     * curi_resolve writes exactly that for a target with a scheme.
     */
    if ((flags & CURI_RELATIVE_IGNORE_CASE) ? !same_str_nocase(base->scheme, target->scheme)
                                            : !same_str(base->scheme, target->scheme)) {
        return curi_resolve(dst, cap, outlen, base, target, 0, err);
    }
    tauth = target->host.ptr != NULL;
    tp = (target->path.ptr == NULL) ? "" : target->path.ptr;
    tl = (target->path.ptr == NULL) ? 0 : target->path.len;
    /* A target path without "." or ".." segments is its own dot-free path. */
    plain = !curi__has_dot_seg(tp, tl);
    if (plain) {
        dm = curi__dots_measure_plain("", 0, tp, tl);
        dm.count = count_elements(tp, tl);
    } else {
        curi__dots_init(&d, "", 0, tp, tl, CURI__DOTS_RFC);
        dm = curi__dots_measure(&d);
    }
    hole = !tauth && dm.dslash;

    if (!same_authority(base, target, flags)) {
        /* A different authority is written out; no authority at all needs the scheme. */
        if (!tauth) {
            return curi_resolve(dst, cap, outlen, base, target, 0, err);
        }
        form = F_NET;
    } else if (path_equals(plain ? NULL : &d, tp, &dm, hole,
                           base->path.ptr ? base->path : (curi_str){"", 0}) &&
               (same_str(base->query, target->query) || target->query.ptr != NULL)) {
        /* 5.2.2 with an empty R.path: Base.path, and R.query or else Base.query. */
        form = F_SAME;
    } else if (tauth && (flags & CURI_RELATIVE_NETPATH)) {
        form = F_NET;
    } else {
        size_t full = target->scheme.len + 1 + (hole ? 2 : 0) + dm.len;

        if (tauth) {
            full += 2 + target->host.len;
            full += target->userinfo.ptr ? target->userinfo.len + 1 : 0;
            full += target->port.ptr ? target->port.len + 1 : 0;
        }
        best = full;
        len_net = tauth ? full - target->scheme.len - 1 : 0;
        len_abs = dm.len + (dm.dslash ? 2 : 0);
        rp = relative_path(base, &d, &dm, tp, plain);
        if ((flags & CURI_RELATIVE_ABSPATH) && dm.count > 0 && dm.rooted) {
            rp.valid = 0;
        }
        /* Shortest wins; on a tie the more relative form (rel, then abs, then net). */
        if (tauth && len_net <= best) {
            form = F_NET;
            best = len_net;
        }
        if (dm.count > 0 && dm.rooted && len_abs <= best) {
            form = F_ABS;
            best = len_abs;
        }
        if (rp.valid && rp.len <= best) {
            form = F_REL;
        }
    }

    switch (form) {
    case F_SAME:
        /* "" keeps Base.query; "?query" replaces it. */
        if (!same_str(base->query, target->query)) {
            curi__put(&o, "?", 1);
            curi__put(&o, target->query.ptr, target->query.len);
        }
        break;
    case F_REL:
        if (dm.count == 0) {
            curi__put(&o, ".", 1);
        } else {
            for (size_t i = 0; i < rp.ups; i++) {
                curi__put(&o, "../", (rp.bare && i + 1 == rp.ups) ? 2 : 3);
            }
            if (rp.dot) {
                curi__put(&o, "./", rp.bare ? 1 : 2);
            }
            if (!rp.bare) {
                size_t tail = rp.len - 3 * rp.ups - (rp.dot ? 2u : 0u);
                if (plain) {
                    curi__put(&o, tp + rp.off, tail);
                } else {
                    if (o.len + tail <= o.cap) {
                        curi__dots_write_back(&d, dm.count, rp.j + 1, o.dst, o.len + tail);
                    }
                    o.len += tail;
                }
            }
        }
        break;
    case F_NET:
    case F_ABS:
        if (form == F_NET) {
            curi__put(&o, "//", 2);
            curi__put_authority(&o, target);
        } else if (dm.dslash) {
            /* "/.//x": remove_dot_segments gives "//x" back, and it cannot read as "//host". */
            curi__put(&o, "/.", 2);
        }
        if (plain) {
            curi__put(&o, tp, tl);
        } else {
            if (o.len + dm.len <= o.cap) {
                curi__dots_write_back(&d, dm.count, 0, o.dst, o.len + dm.len);
            }
            o.len += dm.len;
        }
        break;
    default:
        return curi_resolve(dst, cap, outlen, base, target, 0, err);
    }
    curi_str none = {NULL, 0};
    curi__put_tail(&o, form != F_SAME ? target->query : none, target->fragment);
    return curi__out_end(&o, outlen);
}

int curi_relative(char *dst, size_t cap, size_t *outlen, const curi_uri *base,
                 const curi_uri *target, unsigned flags, curi_error *err)
{
    return curi__ref_writer(relative_impl, CURI__RELATIVE_FLAGS, dst, cap, outlen, base, target, flags, err);
}
