/*
 * normalize.c -- normalization and comparison (RFC 3986 section 6.2).
 * curi_normalize writes forward: each component goes to dst in order, runs of bytes without
 * '%' are copied eight at a time (case folded for the scheme and host), and the path's dot
 * segments are removed in place, only when a segment may be one (it starts with '.', or the
 * path holds a '%').  A small buffer gets the exact length from a count pass first.
 * One generator also yields the normalized form byte by byte, from the LAST byte to the
 * first, with a fixed-size state (the path comes out of curi__dots, which walks right to
 * left).  It is the reference that the forward writer was checked against, and it streams
 * where the forward writer would need a buffer the size of the input:
 *   curi_is_normalized  compares the normalized form with the mask-0 form (the
 *                       recomposition), curi_compare the two forms at each rung of the 6.2
 *                       ladder: both written forward into fixed 512-byte buffers when they
 *                       fit, else one generator beside the other, byte by byte;
 *   curi_normalize      uses it only for a buffer that holds the output but not the path
 *                       before its dot segments go.
 * Steps (one mask bit each): CASE lowercases the scheme and the host (after decoding);
 * PCT_HEX uppercases the hex of "%hh"; UNRESERVED decodes "%hh" of ALPHA DIGIT - . _ ~
 * in every component; DOTS applies 5.2.4 (with "%2E" counted as ".") to the path of a
 * URI with a scheme and to an absolute path of a relative reference; PORT drops an empty
 * or default port; EMPTY_PATH writes "/" for an empty path beside an authority where the
 * scheme table says so; IPV6 rewrites IPv6 literals in RFC 5952 form.
 * SPDX-License-Identifier: MIT
 */
#include <string.h>

#include "internal.h"

/* Transform of a span: none, percent rules only, percent rules plus lowercase (host). */
enum { T_RAW, T_PCT, T_LOWER };

/* The backward stages; each component's content comes before its delimiter. */
enum {
    S_FRAG, S_FRAG_SEP, S_QUERY, S_QUERY_SEP, S_PATH, S_PATH_HEAD, S_PORT, S_PORT_SEP,
    S_HOST_C, S_HOST_Z, S_HOST_A, S_USER_SEP, S_USER, S_SLASHES, S_SCHEME_SEP, S_SCHEME,
    S_END
};

/* The decisions both writers take once, before any byte is produced. */
typedef struct plan {
    int slash_scheme; /* the scheme table says an empty path is "/" */
    int show_port, canon6;
    size_t zone_at, zone_end; /* IPv6 host: zone bytes [zone_at, zone_end), else 0, 0 */
    char text6[48];           /* "[" RFC 5952 text, and "%25" when a zone follows */
    size_t text6_len;
} plan;

typedef struct gen {
    const curi_uri *u;
    unsigned mask;
    int stage;
    /* The span being emitted backwards: p[0..i) is still to come. */
    const char *p;
    size_t i;
    int tmode;
    /* Bytes to emit before anything else, popped from the top. */
    char pend[4];
    int npend;
    /* The path: its iterator, elements seen, the leftmost one, a '/' owed by it. */
    curi__dots it;
    size_t elems;
    int left_empty, slash_owed;
    plan pl;
} gen;

static const char hexdig[] = "0123456789abcdef";

/* RFC 5952: lowercase hex, no leading zeros, the longest run (>= 2, first on a tie) of zero
 * groups as "::", and dotted IPv4 for IPv4-mapped addresses (::ffff:0:0/96, section 5). */
static size_t ipv6_text(char *t, const unsigned char ip[16])
{
    unsigned g[8];
    int best = -1, bestlen = 1, groups = 8;
    size_t n = 0;

    for (int i = 0; i < 8; i++) {
        g[i] = (unsigned)ip[2 * i] << 8 | ip[2 * i + 1];
    }
    if (g[0] == 0 && g[1] == 0 && g[2] == 0 && g[3] == 0 && g[4] == 0 && g[5] == 0xffff) {
        groups = 6;
    }
    for (int i = 0; i < groups;) {
        int j = i;
        while (j < groups && g[j] == 0) {
            j++;
        }
        if (j - i > bestlen) {
            best = i;
            bestlen = j - i;
        }
        i = (j > i) ? j : i + 1;
    }
    for (int i = 0; i < groups; i++) {
        if (i == best) {
            t[n++] = ':';
            t[n++] = ':';
            i += bestlen - 1;
            continue;
        }
        if (i > 0 && i != best + bestlen) {
            t[n++] = ':';
        }
        for (int sh = 12, started = 0; sh >= 0; sh -= 4) {
            unsigned d = (g[i] >> sh) & 15u;
            if (d != 0 || started || sh == 0) {
                t[n++] = hexdig[d];
                started = 1;
            }
        }
    }
    if (groups == 6) {
        for (int k = 12; k < 16; k++) {
            unsigned v = ip[k];
            if (k > 12 || best + bestlen != 6) {
                t[n++] = (k > 12) ? '.' : ':';
            }
            if (v >= 100) {
                t[n++] = (char)('0' + v / 100);
            }
            if (v >= 10) {
                t[n++] = (char)('0' + v / 10 % 10);
            }
            t[n++] = (char)('0' + v % 10);
        }
    }
    return n;
}

/* The value of the port digits, saturating above 65535; -1 when empty. */
static long port_value(curi_str port)
{
    unsigned v;

    if (port.len == 0) {
        return -1;
    }
    (void)curi__port_digits(port.ptr, port.len, &v);
    return (long)v;
}

/*
 * The decisions of 6.2.3 and of the host, taken once.  The scheme table is read only when
 * a decision needs it: a port under PORT, or (when eager, or when the path is empty) the
 * empty-path rule; the generator asks eagerly, since it does not check the structure.
 */
static void plan_init(plan *pl, const curi_uri *u, unsigned mask, int eager)
{
    const curi_scheme *si = NULL;
    int has_host = u->host.ptr != NULL;
    int need_port = has_host && u->port.ptr != NULL && (mask & CURI_NORM_PORT);
    int need_slash = eager || (has_host && (mask & CURI_NORM_EMPTY_PATH) &&
                               (u->path.ptr == NULL || u->path.len == 0));

    pl->slash_scheme = 0;
    pl->canon6 = 0;
    pl->zone_at = 0;
    pl->zone_end = 0;
    pl->text6_len = 0;
    if (u->scheme.ptr != NULL && (need_port || need_slash)) {
        si = curi_scheme_find(u->scheme.ptr, u->scheme.len);
    }
    /* 6.2.3: an empty port, or the scheme's default one, is dropped. */
    pl->show_port = has_host && u->port.ptr != NULL;
    if (need_port) {
        long v = port_value(u->port);
        if (v < 0 || (si != NULL && curi_scheme_default_port(si) >= 0 && v == curi_scheme_default_port(si))) {
            pl->show_port = 0;
        }
    }
    pl->slash_scheme = (curi_scheme_flags(si) & CURI_SCHEME_EMPTY_PATH_SLASH) != 0;
    /* An IPv6 literal: the zone, if any, follows the first '%' ("%25", RFC 6874). */
    if (has_host && u->host_type == CURI_HOST_IPV6 && u->host.len >= 2) {
        const char *pct = memchr(u->host.ptr, '%', u->host.len);
        if (pct != NULL && (size_t)(pct - u->host.ptr) + 3 <= u->host.len - 1) {
            pl->zone_at = (size_t)(pct - u->host.ptr) + 3;
            pl->zone_end = u->host.len - 1;
        }
        if (mask & CURI_NORM_IPV6) {
            pl->canon6 = 1;
            pl->text6[0] = '[';
            pl->text6_len = 1 + ipv6_text(pl->text6 + 1, u->ip);
            if (pl->zone_at > 0) {
                memcpy(pl->text6 + pl->text6_len, "%25", 3);
                pl->text6_len += 3;
            }
        }
    }
}

/* 6.2.2.3 applies to a URI's path, or to an absolute path of a relative reference (whose
 * dots would vanish against any base); a relative-path reference keeps its dot segments. */
static int dots_apply(const curi_uri *u, unsigned mask)
{
    return (mask & CURI_NORM_DOTS) &&
           (u->scheme.ptr != NULL ||
            (u->path.ptr != NULL && u->path.len > 0 && u->path.ptr[0] == '/'));
}

static void gen_init(gen *g, const curi_uri *u, unsigned mask)
{
    const char *path = (u->path.ptr == NULL) ? "" : u->path.ptr;
    size_t plen = (u->path.ptr == NULL) ? 0 : u->path.len;

    memset(g, 0, sizeof *g);
    g->u = u;
    g->mask = mask;
    g->stage = S_FRAG - 1;
    curi__dots_init(&g->it, "", 0, path, plen,
                    dots_apply(u, mask) ? CURI__DOTS_PCT : CURI__DOTS_NONE);
    plan_init(&g->pl, u, mask, 1);
}

static void span(gen *g, const char *p, size_t n, int tmode)
{
    g->p = p;
    g->i = (p == NULL) ? 0 : n;
    g->tmode = tmode;
}

static void push(gen *g, char c)
{
    g->pend[g->npend++] = c;
}

/* Set up the next stage; the '/' owed by the last path element is paid first. */
static void advance(gen *g)
{
    const curi_uri *u = g->u;
    int has_host = u->host.ptr != NULL;

    g->stage++;
    switch (g->stage) {
    case S_FRAG:
        span(g, u->fragment.ptr, u->fragment.len, T_PCT);
        break;
    case S_FRAG_SEP:
        if (u->fragment.ptr != NULL) {
            push(g, '#');
        }
        break;
    case S_QUERY:
        span(g, u->query.ptr, u->query.len, T_PCT);
        break;
    case S_QUERY_SEP:
        if (u->query.ptr != NULL) {
            push(g, '?');
        }
        break;
    case S_PATH: {
        curi_str seg;
        int slash;
        if (curi__dots_prev(&g->it, &seg, &slash)) {
            span(g, seg.ptr, seg.len, T_PCT);
            g->slash_owed = slash;
            g->elems++;
            g->stage--; /* stay in S_PATH until the iterator is done */
            g->left_empty = slash && seg.len == 0;
        }
        break;
    }
    case S_PATH_HEAD:
        if (g->elems == 0) {
            /* 6.2.3: an empty path beside an authority is "/" for these schemes. */
            if (has_host && (g->mask & CURI_NORM_EMPTY_PATH) && g->pl.slash_scheme) {
                push(g, '/');
            }
        } else if (!has_host && g->left_empty && g->elems >= 2) {
            /* The "//" hole: keep "/." in front so no authority is read (5.2 note). */
            push(g, '/');
            push(g, '.');
        }
        break;
    case S_PORT:
        span(g, g->pl.show_port ? u->port.ptr : NULL, u->port.len, T_RAW);
        break;
    case S_PORT_SEP:
        if (g->pl.show_port) {
            push(g, ':');
        }
        break;
    case S_HOST_C:
        /* A host, backwards: "]" after a zone, the zone, then the rest. */
        if (has_host && (g->pl.zone_at > 0 || g->pl.canon6)) {
            push(g, ']');
        }
        break;
    case S_HOST_Z:
        if (has_host && g->pl.zone_at > 0) {
            span(g, u->host.ptr + g->pl.zone_at, g->pl.zone_end - g->pl.zone_at, T_PCT);
        }
        break;
    case S_HOST_A:
        if (!has_host) {
            break;
        }
        if (g->pl.canon6) {
            span(g, g->pl.text6, g->pl.text6_len, T_RAW);
        } else if (g->pl.zone_at > 0) {
            span(g, u->host.ptr, g->pl.zone_at, T_LOWER);
        } else {
            span(g, u->host.ptr, u->host.len, T_LOWER);
        }
        break;
    case S_USER_SEP:
        if (has_host && u->userinfo.ptr != NULL) {
            push(g, '@');
        }
        break;
    case S_USER:
        if (has_host) {
            span(g, u->userinfo.ptr, u->userinfo.len, T_PCT);
        }
        break;
    case S_SLASHES:
        if (has_host) {
            push(g, '/');
            push(g, '/');
        }
        break;
    case S_SCHEME_SEP:
        if (u->scheme.ptr != NULL) {
            push(g, ':');
        }
        break;
    case S_SCHEME:
        span(g, u->scheme.ptr, u->scheme.len, T_LOWER);
        break;
    default:
        g->stage = S_END;
        break;
    }
}

static unsigned char upper_hex(unsigned char c)
{
    return (c >= 'a' && c <= 'f') ? (unsigned char)(c - 32) : c;
}

/* The next byte of the normalized form, from the end; -1 when done. */
static int gen_prev(gen *g)
{
    for (;;) {
        if (g->npend > 0) {
            return (unsigned char)g->pend[--g->npend];
        }
        if (g->i > 0) {
            const char *p = g->p;
            size_t i = g->i;
            unsigned char c = (unsigned char)p[i - 1];
            int lower = g->tmode == T_LOWER && (g->mask & CURI_NORM_CASE);

            /* pct-encoded = "%" HEXDIG HEXDIG, met at its last byte. */
            if (g->tmode != T_RAW && i >= 3 && p[i - 3] == '%' &&
                curi__is((unsigned char)p[i - 2], CURI__HEX) && curi__is(c, CURI__HEX)) {
                unsigned char h1 = (unsigned char)p[i - 2];
                unsigned v = curi__hexval(h1) << 4 | curi__hexval(c);
                g->i -= 3;
                /* 6.2.2.2: an encoded unreserved character is decoded. */
                if ((g->mask & CURI_NORM_UNRESERVED) &&
                    curi__is((unsigned char)v, CURI__UNRESERVED)) {
                    return lower ? curi__lower((unsigned char)v) : (int)v;
                }
                /* 6.2.2.1: the hex digits of the triplet are uppercased. */
                if (g->mask & CURI_NORM_PCT_HEX) {
                    h1 = upper_hex(h1);
                    c = upper_hex(c);
                }
                push(g, '%');
                push(g, (char)h1);
                return c;
            }
            g->i -= 1;
            return lower ? curi__lower(c) : c;
        }
        if (g->slash_owed) {
            g->slash_owed = 0;
            return '/';
        }
        if (g->stage >= S_END) {
            return -1;
        }
        advance(g);
    }
}

/* ------------------------------------------------------------------ the forward writer */

/*
 * curi_normalize does not use the generator: it writes dst front to back, component by
 * component, and removes dot segments from the written path in place.  Runs of bytes
 * without '%' are copied eight at a time (SWAR on a uint64_t: little-endian only, the
 * byte loops below serve every other machine).  The generator stays the reference.
 */
#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) && \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define SWAR 1
#else
#define SWAR 0
#endif

#define ONES 0x0101010101010101ull
#define HIGHS 0x8080808080808080ull

static uint64_t load8(const char *p)
{
    uint64_t x;

    memcpy(&x, p, 8);
    return x;
}

static void store8(char *d, uint64_t x)
{
    memcpy(d, &x, 8);
}

/* The eight bytes of x with 'A'..'Z' lowercased, as curi__lower does one at a time. */
static uint64_t lower8(uint64_t x)
{
    uint64_t h = x & ~HIGHS;
    uint64_t ge_a = h + ONES * (0x80 - 'A');
    uint64_t gt_z = h + ONES * (0x80 - 'Z' - 1);

    return x | ((ge_a & ~gt_z & ~x & HIGHS) >> 2);
}

/* The specializations are inlined by hand (GCC, Clang), so that lower and cand fold. */
#if defined(__GNUC__) || defined(__clang__)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define ALWAYS_INLINE inline
#endif

/* The n < 8 bytes at p, zero-padded, in at most three loads that stay inside [p, p + n). */
static ALWAYS_INLINE uint64_t load_tail(const char *p, size_t n)
{
    uint32_t a, b;

    if (n >= 4) {
        memcpy(&a, p, 4);
        memcpy(&b, p + n - 4, 4);
        return a | (uint64_t)b << (8 * (n - 4));
    }
    return (uint64_t)(unsigned char)p[0] | (uint64_t)(unsigned char)p[n / 2] << (8 * (n / 2)) |
           (uint64_t)(unsigned char)p[n - 1] << (8 * (n - 1));
}

/* Store the low n < 8 bytes of x at d, the same way. */
static ALWAYS_INLINE void store_tail(char *d, uint64_t x, size_t n)
{
    if (n >= 4) {
        uint32_t a = (uint32_t)x, b = (uint32_t)(x >> (8 * (n - 4)));
        memcpy(d, &a, 4);
        memcpy(d + n - 4, &b, 4);
        return;
    }
    d[0] = (char)x;
    d[n / 2] = (char)(x >> (8 * (n / 2)));
    d[n - 1] = (char)(x >> (8 * (n - 1)));
}

/* Nonzero when some byte of x equals c.  Exact as a yes/no answer; the 0x80 marks it
 * leaves are exact up to the first match and may also mark a byte c ^ 1 just above one,
 * which the dot test below only uses as a hint (a false hint costs time, not results). */
static uint64_t has8(uint64_t x, unsigned char c)
{
    uint64_t y = x ^ (ONES * c);

    return (y - ONES) & ~y & HIGHS;
}

/*
 * One span with the percent rules of mask (6.2.2.1 hex case, 6.2.2.2 unreserved), and
 * lowercased when lower (scheme, host).  The hex digits of a triplet that stays encoded
 * are never lowercased.  Returns the end of what was written; never longer than n.
 * When cand is not NULL (a path), *cand says whether a segment may be a dot segment:
 * one starting with '.', or any '%' at all (for "%2E").
 */
static ALWAYS_INLINE char *pct_span(char *d, const char *p, size_t n, unsigned mask, int lower,
                                    int *cand)
{
    const char *end = p + n, *run = p;
    uint64_t carry = 0x80; /* the path's start counts as a '/' before it */
    uint64_t dots = SWAR ? 0 : 1, x, s;

    for (;;) {
        /* A run without '%' (from run on): eight bytes at a time, copied as they are. */
        while (SWAR && end - p >= 8) {
            x = load8(p);
            if (has8(x, '%') != 0) {
                goto bytes;
            }
            if (cand != NULL) {
                /* A '.' right after a '/'. */
                s = has8(x, '/');
                dots |= has8(x, '.') & (s << 8 | carry);
                carry = s >> 56;
            }
            store8(d, lower ? lower8(x) : x);
            p += 8;
            d += 8;
        }
        if (SWAR && p < end) {
            size_t r = (size_t)(end - p);
            if (end - run >= 8) {
                /* The last eight bytes of the run, overlapping what is already copied. */
                x = load8(end - 8);
                if (has8(x, '%') != 0) {
                    goto bytes;
                }
                if (cand != NULL) {
                    dots |= has8(x, '.') & has8(x, '/') << 8;
                }
                store8(d + r - 8, lower ? lower8(x) : x);
            } else {
                x = load_tail(p, r);
                if (has8(x, '%') != 0) {
                    goto bytes;
                }
                if (cand != NULL) {
                    dots |= has8(x, '.') & (has8(x, '/') << 8 | carry);
                }
                store_tail(d, lower ? lower8(x) : x, r);
            }
            d += r;
            p = end;
        }
    bytes:
        while (p < end && *p != '%') {
            *d++ = lower ? (char)curi__lower((unsigned char)*p) : *p;
            p++;
        }
        if (p == end) {
            break;
        }
        dots = 1;
        /* pct-encoded = "%" HEXDIG HEXDIG */
        if (curi__is_pct(p, end)) {
            unsigned char h1 = (unsigned char)p[1], h2 = (unsigned char)p[2];
            unsigned char v = (unsigned char)(curi__hexval(h1) << 4 | curi__hexval(h2));
            if ((mask & CURI_NORM_UNRESERVED) && curi__is(v, CURI__UNRESERVED)) {
                *d++ = (char)(lower ? curi__lower(v) : v);
            } else {
                if (mask & CURI_NORM_PCT_HEX) {
                    h1 = upper_hex(h1);
                    h2 = upper_hex(h2);
                }
                d[0] = '%';
                d[1] = (char)h1;
                d[2] = (char)h2;
                d += 3;
            }
            p += 3;
        } else {
            *d++ = '%';
            p++;
        }
        run = p;
    }
    if (cand != NULL) {
        *cand = dots != 0;
    }
    return d;
}

/* The three specializations: plain components, scheme and host, the path. */
static ALWAYS_INLINE char *put_pct(char *d, const char *p, size_t n, unsigned mask)
{
    return pct_span(d, p, n, mask, 0, NULL);
}

static ALWAYS_INLINE char *put_lower(char *d, const char *p, size_t n, unsigned mask)
{
    return pct_span(d, p, n, mask, 1, NULL);
}

static char *norm_put_path(char *d, const char *p, size_t n, unsigned mask, int *cand)
{
    return pct_span(d, p, n, mask, 0, cand);
}

static char *put_raw(char *d, const char *p, size_t n)
{
    if (n > 0) {
        memcpy(d, p, n);
    }
    return d + n;
}

/* The length put_pct would write, without writing: two bytes less per decoded triplet. */
static size_t pct_len(const char *p, size_t n, unsigned mask)
{
    const char *end = p + n, *q = p;
    size_t len = n;

    if (p == NULL || !(mask & CURI_NORM_UNRESERVED)) {
        return (p == NULL) ? 0 : n;
    }
    while ((q = memchr(q, '%', (size_t)(end - q))) != NULL) {
        if (curi__is_pct(q, end)) {
            unsigned v = curi__hexval((unsigned char)q[1]) << 4 |
                         curi__hexval((unsigned char)q[2]);
            len -= curi__is((unsigned char)v, CURI__UNRESERVED) ? 2 : 0;
            q += 3;
        } else {
            q += 1;
        }
    }
    return len;
}

/*
 * Write the normalized form into dst, front to back.  cap must hold the path as written
 * before its dot segments go: the caller checks cap >= curi_normalize_bound, or knows
 * the exact length fits; then 0 means the path did not fit and nothing useful was done.
 */
static int forward_write(char *dst, size_t cap, size_t *outlen, const curi_uri *u,
                         unsigned mask)
{
    plan pl;
    char *d = dst, *ps;
    int has_host = u->host.ptr != NULL;
    int lower = (mask & CURI_NORM_CASE) != 0;
    size_t plen = (u->path.ptr == NULL) ? 0 : u->path.len;

    /* The common case (no port, no IPv6 literal, a path) needs no decision at all. */
    if ((has_host && (u->port.ptr != NULL || u->host_type == CURI_HOST_IPV6)) || plen == 0) {
        plan_init(&pl, u, mask, 0);
    } else {
        pl.show_port = 0;
        pl.canon6 = 0;
        pl.zone_at = 0;
        pl.zone_end = 0;
        pl.slash_scheme = 0;
        pl.text6_len = 0;
    }
    /* scheme ":" (6.2.2.1: lowercase) */
    if (u->scheme.ptr != NULL) {
        d = lower ? put_lower(d, u->scheme.ptr, u->scheme.len, mask)
                  : put_pct(d, u->scheme.ptr, u->scheme.len, mask);
        *d++ = ':';
    }
    /* "//" [ userinfo "@" ] host [ ":" port ] */
    if (has_host) {
        *d++ = '/';
        *d++ = '/';
        if (u->userinfo.ptr != NULL) {
            d = put_pct(d, u->userinfo.ptr, u->userinfo.len, mask);
            *d++ = '@';
        }
        if (pl.canon6) {
            d = put_raw(d, pl.text6, pl.text6_len);
        } else {
            /* Lowercase after decoding (6.2.2.1 after 6.2.2.2); not the zone ID. */
            size_t hl = (pl.zone_at > 0) ? pl.zone_at : u->host.len;
            d = lower ? put_lower(d, u->host.ptr, hl, mask) : put_pct(d, u->host.ptr, hl, mask);
        }
        if (pl.zone_at > 0) {
            d = put_pct(d, u->host.ptr + pl.zone_at, pl.zone_end - pl.zone_at, mask);
            *d++ = ']';
        } else if (pl.canon6) {
            *d++ = ']';
        }
        if (pl.show_port) {
            *d++ = ':';
            d = put_raw(d, u->port.ptr, u->port.len);
        }
    }
    /* path-abempty / path-absolute / path-rootless / path-empty */
    if (cap - (size_t)(d - dst) < plen) {
        return 0;
    }
    ps = d;
    if (plen > 0) {
        int cand;
        d = norm_put_path(d, u->path.ptr, plen, mask, &cand);
        if (cand && dots_apply(u, mask)) {
            d = ps + curi__dots_inplace(ps, (size_t)(d - ps), CURI__DOTS_PCT);
        }
    }
    if (d == ps) {
        /* 6.2.3: an empty path beside an authority is "/" for these schemes. */
        if (has_host && (mask & CURI_NORM_EMPTY_PATH) && pl.slash_scheme) {
            *d++ = '/';
        }
    } else if (!has_host && d - ps >= 2 && ps[0] == '/' && ps[1] == '/') {
        /* The "//" hole: "/." in front, so that no authority is read (5.2 note). */
        memmove(ps + 2, ps, (size_t)(d - ps));
        ps[0] = '/';
        ps[1] = '.';
        d += 2;
    }
    /* [ "?" query ] [ "#" fragment ] */
    if (u->query.ptr != NULL) {
        *d++ = '?';
        d = put_pct(d, u->query.ptr, u->query.len, mask);
    }
    if (u->fragment.ptr != NULL) {
        *d++ = '#';
        d = put_pct(d, u->fragment.ptr, u->fragment.len, mask);
    }
    *outlen = (size_t)(d - dst);
    return 1;
}

/* The exact length forward_write produces, without writing (for a buffer too small). */
static size_t forward_count(const curi_uri *u, unsigned mask)
{
    plan pl;
    size_t n = 0, plen = (u->path.ptr == NULL) ? 0 : u->path.len, pn = 0;
    int has_host = u->host.ptr != NULL;

    plan_init(&pl, u, mask, 0);
    if (u->scheme.ptr != NULL) {
        n += pct_len(u->scheme.ptr, u->scheme.len, mask) + 1;
    }
    if (has_host) {
        n += 2;
        if (u->userinfo.ptr != NULL) {
            n += pct_len(u->userinfo.ptr, u->userinfo.len, mask) + 1;
        }
        if (pl.canon6) {
            n += pl.text6_len;
        } else {
            n += pct_len(u->host.ptr, (pl.zone_at > 0) ? pl.zone_at : u->host.len, mask);
        }
        if (pl.zone_at > 0) {
            n += pct_len(u->host.ptr + pl.zone_at, pl.zone_end - pl.zone_at, mask) + 1;
        } else if (pl.canon6) {
            n += 1;
        }
        n += pl.show_port ? u->port.len + 1 : 0;
    }
    if (plen > 0 && dots_apply(u, mask)) {
        /* The surviving elements, right to left; the leftmost decides the "//" hole. */
        curi__dots it;
        curi_str seg;
        int slash, left_empty = 0;
        size_t elems = 0;
        curi__dots_init(&it, "", 0, u->path.ptr, plen, CURI__DOTS_PCT);
        while (curi__dots_prev(&it, &seg, &slash)) {
            pn += pct_len(seg.ptr, seg.len, mask) + (size_t)slash;
            elems++;
            left_empty = slash && seg.len == 0;
        }
        pn += (!has_host && left_empty && elems >= 2) ? 2 : 0;
    } else if (plen > 0) {
        pn = pct_len(u->path.ptr, plen, mask);
        pn += (!has_host && plen >= 2 && u->path.ptr[0] == '/' && u->path.ptr[1] == '/') ? 2 : 0;
    }
    if (pn == 0 && has_host && (mask & CURI_NORM_EMPTY_PATH) && pl.slash_scheme) {
        pn = 1;
    }
    n += pn;
    n += (u->query.ptr != NULL) ? pct_len(u->query.ptr, u->query.len, mask) + 1 : 0;
    n += (u->fragment.ptr != NULL) ? pct_len(u->fragment.ptr, u->fragment.len, mask) + 1 : 0;
    return n;
}

size_t curi_normalize_bound(const curi_uri *u)
{
    if (u == NULL) {
        return 0;
    }
    /* Nothing grows except: "/." (hole), "/" (empty path), RFC 5952 text (<= 47 bytes). */
    return curi__bound(curi__add_sat(curi_recompose_bound(u), 3 + 48));
}

/* curi_normalize_bound without the calls: the component lengths and every byte a step
 * may add.  When no length exceeds SIZE_MAX / 8 the sum cannot wrap; else no fast path. */
static size_t fast_bound(const curi_uri *u)
{
    size_t s = u->scheme.len, a = u->userinfo.len, h = u->host.len, o = u->port.len;
    size_t p = u->path.len, q = u->query.len, f = u->fragment.len;

    if ((s | a | h | o | p | q | f) > SIZE_MAX / 8) {
        return SIZE_MAX;
    }
    return s + a + h + o + p + q + f + 7 + 3 + 48;
}

/* What curi_normalize accepts: a path beside an authority is empty or starts with '/'. */
static int normalizable(const curi_uri *u)
{
    return !(u->host.ptr != NULL && u->path.ptr != NULL && u->path.len > 0 &&
             u->path.ptr[0] != '/');
}

/*
 * The writer contract (curi__wbegin, curi__wend in internal.h) is applied at
 * each return rather than around a separate body: this is the hottest writer,
 * and the direct form costs nothing over the checks themselves.
 */
int curi_normalize(char *dst, size_t cap, size_t *outlen, const curi_uri *u, unsigned mask,
                   curi_error *err)
{
    gen g;
    size_t n = 0;

    if (!curi__wbegin(dst, cap, outlen, 0) || u == NULL || (mask & ~CURI__NORM_FLAGS)) {
        return curi__wend(curi__fail(err, CURI_ERR_INVALID_ARG, 0), 0, outlen, err);
    }
    /* A path beside an authority must be empty or start with '/' (hand-built only). */
    if (!normalizable(u)) {
        return curi__wend(curi__fail(err, CURI_ERR_STRUCTURE, 0), 0, outlen, err);
    }
    /* The usual case: room for everything, the path before its dots go included. */
    if (dst != NULL && cap >= fast_bound(u) && forward_write(dst, cap, &n, u, mask)) {
        return curi__wend(CURI_OK, n, outlen, err);
    }
    n = forward_count(u, mask);
    if (dst == NULL || n > cap || n > CURI_MAX_LEN) {
        return curi__wend(n == 0 ? CURI_OK : CURI_ERR_NOSPACE, n, outlen, err);
    }
    /* It fits, so everything but the path before dot removal does: try forward first. */
    if (!forward_write(dst, cap, &n, u, mask)) {
        /* A tight buffer and a path that shrinks: the generator writes only final bytes. */
        size_t at = n;
        gen_init(&g, u, mask);
        for (int c = gen_prev(&g); c >= 0; c = gen_prev(&g)) {
            dst[--at] = (char)c;
        }
    }
    return curi__wend(CURI_OK, n, outlen, err);
}

/* URIs whose bound fits this (almost all) are compared as two forward-written strings. */
#define SMALL_CAP 512

/* The forward writer into a fixed buffer: 0 when the URI is too long for it or its path
 * does not start with '/' beside an authority (the generator takes such hand-built ones). */
static int small_write(char *buf, size_t *n, const curi_uri *u, unsigned mask)
{
    if (u->host.ptr != NULL && u->path.ptr != NULL && u->path.len > 0 && u->path.ptr[0] != '/') {
        return 0;
    }
    return fast_bound(u) <= SMALL_CAP && forward_write(buf, SMALL_CAP, n, u, mask);
}

/* 1 when the two normalized forms are the same bytes. */
static int same_output(const curi_uri *a, unsigned ma, const curi_uri *b, unsigned mb)
{
    gen ga, gb;
    int ca, cb;
    char sa[SMALL_CAP], sb[SMALL_CAP];
    size_t na, nb;

    if (small_write(sa, &na, a, ma) && small_write(sb, &nb, b, mb)) {
        return na == nb && memcmp(sa, sb, na) == 0;
    }
    /* Long ones stream from the generators, with no buffer. */
    gen_init(&ga, a, ma);
    gen_init(&gb, b, mb);
    do {
        ca = gen_prev(&ga);
        cb = gen_prev(&gb);
        if (ca != cb) {
            return 0;
        }
    } while (ca >= 0);
    return 1;
}

int curi_is_normalized(const curi_uri *u, unsigned mask)
{
    /* What curi_normalize refuses is not normalized; an unknown mask bit neither. */
    if (u == NULL || (mask & ~CURI__NORM_FLAGS) || !normalizable(u)) {
        return 0;
    }
    return same_output(u, mask, u, 0);
}

curi_equiv curi_compare(const curi_uri *a, const curi_uri *b, curi_equiv max_level)
{
    /* A reference curi_normalize refuses is equivalent to nothing, at any rung. */
    if (a == NULL || b == NULL || (int)max_level < CURI_EQ_NONE || max_level > CURI_EQ_SCHEME ||
        !normalizable(a) || !normalizable(b)) {
        return CURI_EQ_NONE;
    }
    /* 6.2.1, then 6.2.2, then 6.2.3: the first rung at which the two agree. */
    if (max_level >= CURI_EQ_STRING && same_output(a, 0, b, 0)) {
        return CURI_EQ_STRING;
    }
    if (max_level >= CURI_EQ_SYNTAX && same_output(a, CURI_NORM_SYNTAX, b, CURI_NORM_SYNTAX)) {
        return CURI_EQ_SYNTAX;
    }
    if (max_level >= CURI_EQ_SCHEME && same_output(a, CURI_NORM_DEFAULT, b, CURI_NORM_DEFAULT)) {
        return CURI_EQ_SCHEME;
    }
    return CURI_EQ_NONE;
}
