/*
 * normalize.c -- normalization and comparison (RFC 3986 section 6.2).
 * The normalized form is described once, by layout_init(): the pieces before the path (scheme,
 * authority), the path with its dot rule, and the pieces after it (query, fragment), each
 * piece a span of the input with its delimiters and one transform: copied, percent rules
 * (6.2.2.1 hex case, 6.2.2.2 unreserved), or percent rules and lowercase.  The transform
 * exists once too, as pct_span (write) and pct_len (the length it will write), and dot
 * segments are dots.c's.  The writers:
 *   forward_write   front to back into dst, a word at a time where there is no '%' (span16:
 *                   sixteen bytes with SSE2; span8, its scalar twin: eight),
 *                   the path's dot segments removed in place (curi__dots_inplace): the
 *                   usual curi_normalize, and both sides of a short comparison.  The hot
 *                   path spells the layout out component by component (walking the pieces
 *                   is slower); the vector suite, the URL
 *                   lists and fuzz_normalize hold it byte for byte to the two below;
 *   forward_count   the exact length, for a buffer that is too small or absent;
 *   back_write      the layout's pieces and the path's surviving elements (curi__dots, right to
 *                   left) written from the end into their final places: curi_normalize
 *                   into a buffer that holds the output but not the path before its dot
 *                   segments go;
 *   rev_fill        the same walk, a chunk at a time into a small buffer, so that two long
 *                   references are compared from their ends with fixed memory.
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
#include "norm_pct.h"
#include "schemes/schemes.h"

/* The transform of a span: copied, percent rules, percent rules and lowercase. */
enum { T_RAW, T_PCT, T_LOWER };

/* The decisions of 6.2.3 and of the host, taken once. */
typedef struct plan {
    int slash_scheme; /* the scheme table says an empty path is "/" */
    int show_port, canon6;
    size_t zone_at, zone_end; /* IPv6 host: zone bytes [zone_at, zone_end), else 0, 0 */
    char text6[48];           /* "[" RFC 5952 text, and "%25" when a zone follows */
    size_t text6_len;
} plan;

/* lead (0 to 3 delimiter bytes), then p[0..n) transformed by t, then trail (a byte or 0). */
typedef struct norm_piece {
    const char *lead, *p;
    size_t n;
    unsigned char nlead, t;
    char trail;
} norm_piece;

/* The normalized form: pre, the path, post. */
typedef struct layout {
    norm_piece pre[6]; /* scheme ":", "//" userinfo "@", host, zone "]", ":" port */
    norm_piece post[2]; /* "?" query, "#" fragment */
    int npre, npost;
    const char *path;
    size_t plen;
    int dots;       /* 6.2.2.3 applies to the path */
    int has_host;
    int slash_if_empty; /* an empty path is written "/" (6.2.3) */
    unsigned mask;
    plan pl;
} layout;

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
 * The decisions of 6.2.3 and of the host, taken once.  si is u's scheme's entry in the
 * registry (NULL: none), looked up once per call by scheme_view; it is read only when a
 * decision needs it: a port under PORT, or (when the path is empty) the empty-path rule.
 */
static void plan_init(plan *pl, const curi_uri *u, unsigned mask, const curi_scheme *si)
{
    int has_host = u->host.ptr != NULL;
    int need_port = has_host && u->port.ptr != NULL && (mask & CURI_NORM_PORT);
    int need_slash = (has_host && (mask & CURI_NORM_EMPTY_PATH) &&
                               (u->path.ptr == NULL || u->path.len == 0));

    pl->slash_scheme = 0;
    pl->canon6 = 0;
    pl->zone_at = 0;
    pl->zone_end = 0;
    pl->text6_len = 0;
    /* 6.2.3: an empty port, or the scheme's default one, is dropped. */
    pl->show_port = has_host && u->port.ptr != NULL;
    if (need_port) {
        long v = port_value(u->port);
        if (v < 0 || (si != NULL && curi_scheme_default_port(si) >= 0 && v == curi_scheme_default_port(si))) {
            pl->show_port = 0;
        }
    }
    pl->slash_scheme = need_slash && (curi_scheme_flags(si) & CURI_SCHEME_EMPTY_PATH_SLASH) != 0;
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


#if !defined(__SSE2__) || defined(CURI_NO_SIMD)
/*
 * The usual span, one without '%', in whole words: copied (lowercased when lower) eight
 * bytes at a time, the last word overlapping the one before it, a span under eight bytes
 * in one load (load_tail: nothing outside [p, p + n) is read).  Every store is a whole
 * word, so up to 7 bytes past d + n are written too: the caller has WIDE bytes of room
 * after the form.  NULL when the span has a '%' (then pct_span writes it again).  Only on
 * a little-endian machine (SWAR): the dot test's shifts and load_tail's padding read the
 * bytes in memory order there, and a big-endian one (s390x in check-cross) takes pct_span.  When dots
 * is not NULL (a path), *dots is nonzero when a '.' follows a '/' or starts the span: the
 * word y is zero where x has '/', z where x has '.', so a zero byte of y << 8 | z marks
 * the pair (the carry byte is the previous word's last '/' test; 0 at the start).
 */
static ALWAYS_INLINE char *span8(char *d, const char *p, size_t n, int lower, uint64_t *dots)
{
    const char *last;
    uint64_t x, y, w, acc = 0, carry = 0;

    if (n < 8) {
        if (n == 0) {
            if (dots != NULL) {
                *dots = 0;
            }
            return d;
        }
        x = load_tail(p, n); /* zero-padded: a 0 byte is neither '/' nor '.' nor '%' */
        if (has8(x, '%') != 0) {
            return NULL;
        }
        if (dots != NULL) {
            w = (x ^ ONES * '/') << 8 | (x ^ ONES * '.');
            *dots = (w - ONES) & ~w & HIGHS;
        }
        store8(d, lower ? lower8(x) : x);
        return d + n;
    }
    last = p + n - 8;
    while (p < last) {
        x = load8(p);
        if (has8(x, '%') != 0) {
            return NULL;
        }
        if (dots != NULL) {
            y = x ^ ONES * '/';
            w = (y << 8 | carry) | (x ^ ONES * '.');
            acc |= (w - ONES) & ~w;
            carry = y >> 56;
        }
        store8(d, lower ? lower8(x) : x);
        p += 8;
        d += 8;
    }
    /* The last word: when it overlaps the one before, its first byte was tested there with
     * the byte before it; else that byte's test is the carry (0 at the start). */
    x = load8(last);
    if (has8(x, '%') != 0) {
        return NULL;
    }
    if (dots != NULL) {
        w = ((x ^ ONES * '/') << 8 | (last == p ? carry : 0xFF)) | (x ^ ONES * '.');
        *dots = (acc | ((w - ONES) & ~w)) & HIGHS;
    }
    d -= p - last;
    store8(d, lower ? lower8(x) : x);
    return d + 8;
}

#endif

#if defined(__SSE2__) && !defined(CURI_NO_SIMD)
/*
 * span8 sixteen bytes at a time (SSE2, which every x86-64 has), the scalar span8 its twin
 * (-DCURI_NO_SIMD builds it alone; the suites hold both to the layout's other walkers).
 * A span of 8 to 15 bytes is its first and last eight bytes in one register (the halves
 * overlap, and every pair of neighbours but p[7] p[8] lies inside one half, that one
 * inside the second when n < 16); under 8, one load_tail.  The dot test is span8's, on
 * the masks of '/' and '.': a '.' whose left neighbour is a '/' (or the start, bit 1).
 */
#include <emmintrin.h>

static ALWAYS_INLINE __m128i lower16(__m128i v)
{
    /* 'A'..'Z' as signed bytes (those >= 0x80 are negative: never in the range) */
    __m128i up = _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8('A' - 1)),
                               _mm_cmplt_epi8(v, _mm_set1_epi8('Z' + 1)));
    return _mm_or_si128(v, _mm_and_si128(up, _mm_set1_epi8(0x20)));
}

static ALWAYS_INLINE unsigned mask16(__m128i v, char c)
{
    return (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(c)));
}

static ALWAYS_INLINE char *span16(char *d, const char *p, size_t n, int lower, uint64_t *dots)
{
    const char *last;
    unsigned acc = 0, carry = 1;
    __m128i v;

    if (n < 16) {
        if (n >= 8) {
            v = _mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)(const void *)p),
                                   _mm_loadl_epi64((const __m128i *)(const void *)(p + n - 8)));
        } else if (n > 0) {
            v = _mm_set_epi64x(0, (long long)load_tail(p, n)); /* zero-padded */
        } else {
            if (dots != NULL) {
                *dots = 0;
            }
            return d;
        }
        if (mask16(v, '%') != 0) {
            return NULL;
        }
        if (dots != NULL) {
            /* the second half's first byte has its left neighbour in the first half */
            *dots = ((mask16(v, '/') << 1 | 1) & ~0x100u) & mask16(v, '.');
        }
        if (lower) {
            v = lower16(v);
        }
        _mm_storel_epi64((__m128i *)(void *)d, v);
        if (n >= 8) {
            _mm_storel_epi64((__m128i *)(void *)(d + n - 8), _mm_unpackhi_epi64(v, v));
        }
        return d + n;
    }
    last = p + n - 16;
    while (p < last) {
        v = _mm_loadu_si128((const __m128i *)(const void *)p);
        if (mask16(v, '%') != 0) {
            return NULL;
        }
        if (dots != NULL) {
            unsigned sl = mask16(v, '/');
            acc |= (sl << 1 | carry) & mask16(v, '.');
            carry = sl >> 15;
        }
        _mm_storeu_si128((__m128i *)(void *)d, lower ? lower16(v) : v);
        p += 16;
        d += 16;
    }
    /* The last sixteen bytes, as span8's last word. */
    v = _mm_loadu_si128((const __m128i *)(const void *)last);
    if (mask16(v, '%') != 0) {
        return NULL;
    }
    if (dots != NULL) {
        *dots = acc | ((mask16(v, '/') << 1 | (last == p ? carry : 0)) & mask16(v, '.'));
    }
    d -= p - last;
    _mm_storeu_si128((__m128i *)(void *)d, lower ? lower16(v) : v);
    return d + 16;
}
#define span_words span16
#else
#define span_words span8
#endif

static char *norm_put_path(char *d, const char *p, size_t n, unsigned mask, int *cand)
{
    return pct_span(d, p, n, mask, 0, cand);
}

/* The spans span8 leaves (a '%' in them), out of line: they are rare. */
static NOINLINE char *put_slow(char *d, const char *p, size_t n, unsigned mask, int lower)
{
    return lower ? put_lower(d, p, n, mask) : put_pct(d, p, n, mask);
}

/* A span of forward_write: in words (span8) when wide, else or when it has a '%', by the
 * percent rules. */
static ALWAYS_INLINE char *put_word(char *d, const char *p, size_t n, unsigned mask, int lower,
                                    int wide)
{
    char *e = (SWAR && wide) ? span_words(d, p, n, lower, NULL) : NULL;

    return (e != NULL) ? e : put_slow(d, p, n, mask, lower);
}

static char *put_raw(char *d, const char *p, size_t n)
{
    if (n > 0) {
        memcpy(d, p, n);
    }
    return d + n;
}

/* ------------------------------------------------------------------ the layout */

static ALWAYS_INLINE norm_piece *add(norm_piece *x, const char *lead, unsigned nlead,
                                     const char *p, size_t n, int t, char trail)
{
    x->lead = lead;
    x->nlead = (unsigned char)nlead;
    x->p = p;
    x->n = n;
    x->t = (unsigned char)t;
    x->trail = trail;
    return x + 1;
}

/*
 * The normalized form of u under mask, RFC 3986 5.3 order:
 * scheme ":" ["//" [userinfo "@"] host [":" port]] path ["?" query] ["#" fragment].
 */
static ALWAYS_INLINE void layout_init(layout *L, const curi_uri *u, unsigned mask)
{
    int has_host = u->host.ptr != NULL;
    int tl = (mask & CURI_NORM_CASE) ? T_LOWER : T_PCT;
    const char *slashes = "//";
    unsigned ns = 2;
    norm_piece *x = L->pre, *y = L->post;

    /* The common case (no port, no IPv6 literal, a path) needs no decision at all. */
    if ((has_host && (u->port.ptr != NULL || u->host_type == CURI_HOST_IPV6)) ||
        u->path.ptr == NULL || u->path.len == 0) {
        plan_init(&L->pl, u, mask, curi__scheme_of(u));
    } else {
        L->pl.show_port = 0;
        L->pl.canon6 = 0;
        L->pl.zone_at = 0;
        L->pl.slash_scheme = 0;
    }
    L->mask = mask;
    L->has_host = has_host;
    if (u->scheme.ptr != NULL) {
        /* "://" is one lead when an authority follows: fewer pieces, same bytes. */
        if (has_host && u->userinfo.ptr == NULL) {
            x = add(x, "", 0, u->scheme.ptr, u->scheme.len, tl, 0);
            slashes = "://";
            ns = 3;
        } else {
            x = add(x, "", 0, u->scheme.ptr, u->scheme.len, tl, ':');
        }
    }
    if (has_host) {
        const plan *pl = &L->pl;
        if (u->userinfo.ptr != NULL) {
            x = add(x, slashes, ns, u->userinfo.ptr, u->userinfo.len, T_PCT, '@');
            ns = 0;
        }
        if (pl->canon6) {
            x = add(x, slashes, ns, pl->text6, pl->text6_len, T_RAW, pl->zone_at > 0 ? 0 : ']');
        } else {
            /* Lowercase after decoding (6.2.2.1 after 6.2.2.2); not the zone ID. */
            x = add(x, slashes, ns, u->host.ptr, pl->zone_at > 0 ? pl->zone_at : u->host.len, tl,
                    0);
        }
        if (pl->zone_at > 0) {
            x = add(x, "", 0, u->host.ptr + pl->zone_at, pl->zone_end - pl->zone_at, T_PCT, ']');
        }
        if (pl->show_port) {
            x = add(x, ":", 1, u->port.ptr, u->port.len, T_RAW, 0);
        }
    }
    L->npre = (int)(x - L->pre);
    L->path = (u->path.ptr == NULL) ? "" : u->path.ptr;
    L->plen = (u->path.ptr == NULL) ? 0 : u->path.len;
    L->dots = dots_apply(u, mask);
    L->slash_if_empty = has_host && (mask & CURI_NORM_EMPTY_PATH) && L->pl.slash_scheme;
    if (u->query.ptr != NULL) {
        y = add(y, "?", 1, u->query.ptr, u->query.len, T_PCT, 0);
    }
    if (u->fragment.ptr != NULL) {
        y = add(y, "#", 1, u->fragment.ptr, u->fragment.len, T_PCT, 0);
    }
    L->npost = (int)(y - L->post);
}

/* The bytes a piece's span becomes. */
static size_t span_len(const norm_piece *x, unsigned mask)
{
    return (x->t == T_RAW) ? x->n : pct_len(x->p, x->n, mask);
}

static size_t piece_len(const norm_piece *x, unsigned mask)
{
    return x->nlead + span_len(x, mask) + (x->trail != 0);
}

/* Transform [p, p + n) as piece x says, to d; the end of what was written. */
static ALWAYS_INLINE char *put_span(char *d, const char *p, size_t n, int t, unsigned mask)
{
    if (t == T_LOWER) {
        return put_lower(d, p, n, mask);
    }
    if (t == T_PCT) {
        return put_pct(d, p, n, mask);
    }
    return put_raw(d, p, n);
}

/* ------------------------------------------------------------------ forward */

/*
 * Write the normalized form into dst, front to back: the layout of layout_init, spelled
 * out component by component because this is the hot path (the piece loop is slower); the
 * suites hold it byte for byte to back_write and
 * the streaming reader, which walk the layout.  wide (words, which may store up to WIDE
 * bytes past the form): each piece is checked against the room left before it is
 * written, so that any cap may be given and 0 means "did not fit, nothing useful was
 * done" (a piece's length plus a few bytes cannot wrap: the view is in memory).  Not wide
 * (bytes): the caller knows the exact length fits, so everything but the path as written
 * before its dot segments go does; 0 means that path did not fit.
 */
/* The room span16 and span8 need after the form: their last store may write 7 bytes past it. */
#define WIDE 8

/* In forward_write: wide, and fewer than k bytes left at d. */
#define NO_ROOM(k) (wide && (k) > cap - (size_t)(d - dst))

/* Inlined where the compiler optimizes (curi_normalize's call: its frame cost as much as a
 * tenth of the call); one copy at -O0, so that a coverage build counts its branches once. */
#if defined(__OPTIMIZE__)
#define FORWARD_INLINE ALWAYS_INLINE
#else
#define FORWARD_INLINE inline
#endif

static FORWARD_INLINE int forward_write(char *dst, size_t cap, size_t *outlen,
                                        const curi_uri *u, unsigned mask, int wide,
                                        const curi_scheme *si)
{
    plan pl;
    char *d = dst, *ps;
    int has_host = u->host.ptr != NULL;
    int lower = (mask & CURI_NORM_CASE) != 0;
    size_t plen = (u->path.ptr == NULL) ? 0 : u->path.len;

    /* The common case (no port, no IPv6 literal, a path) needs no decision at all. */
    if ((has_host && (u->port.ptr != NULL || u->host_type == CURI_HOST_IPV6)) || plen == 0) {
        plan_init(&pl, u, mask, si);
    } else {
        pl.show_port = 0;
        pl.canon6 = 0;
        pl.zone_at = 0;
        pl.zone_end = 0;
        pl.slash_scheme = 0;
        pl.text6_len = 0;
    }
    /* scheme ":" (6.2.2.1: lowercase).  A registered scheme of up to eight bytes is its
     * entry's key, whose bytes are the lowercase name (zero-padded): one store. */
    if (u->scheme.ptr != NULL) {
        if (NO_ROOM(u->scheme.len + 1 + WIDE)) {
            return 0;
        }
        if (SWAR && wide && lower && si != NULL && si->len <= 8) {
            store8(d, bswap64(si->key));
            d += si->len;
        } else {
            d = put_word(d, u->scheme.ptr, u->scheme.len, mask, lower, wide);
        }
        *d++ = ':';
    }
    /* "//" [ userinfo "@" ] host [ ":" port ] */
    if (has_host) {
        /* Room for the host or its RFC 5952 text (at most 48 bytes), its zone, and "]"; for
         * "//" too when no userinfo comes between. */
        if (u->userinfo.ptr == NULL) {
            if (NO_ROOM(u->host.len + 2 + 48 + 1 + WIDE)) {
                return 0;
            }
            *d++ = '/';
            *d++ = '/';
        } else {
            if (NO_ROOM(u->userinfo.len + 3 + WIDE)) {
                return 0;
            }
            *d++ = '/';
            *d++ = '/';
            d = put_word(d, u->userinfo.ptr, u->userinfo.len, mask, 0, wide);
            *d++ = '@';
            if (NO_ROOM(u->host.len + 48 + 1 + WIDE)) {
                return 0;
            }
        }
        if (pl.canon6) {
            d = put_raw(d, pl.text6, pl.text6_len);
        } else {
            /* Lowercase after decoding (6.2.2.1 after 6.2.2.2); not the zone ID. */
            size_t hl = (pl.zone_at > 0) ? pl.zone_at : u->host.len;
            d = put_word(d, u->host.ptr, hl, mask, lower, wide);
        }
        if (pl.zone_at > 0) {
            d = put_slow(d, u->host.ptr + pl.zone_at, pl.zone_end - pl.zone_at, mask, 0);
            *d++ = ']';
        } else if (pl.canon6) {
            *d++ = ']';
        }
        if (pl.show_port) {
            if (NO_ROOM(u->port.len + 1 + WIDE)) {
                return 0;
            }
            *d++ = ':';
            d = put_raw(d, u->port.ptr, u->port.len);
        }
    }
    /* path-abempty / path-absolute / path-rootless / path-empty; wide: and the "/." of
     * the hole or the "/" of an empty path */
    if (cap - (size_t)(d - dst) < plen || NO_ROOM(plen + 2 + WIDE)) {
        return 0;
    }
    ps = d;
    if (plen > 0) {
        int cand;
        uint64_t dots = 0;
        char *e = (SWAR && wide) ? span_words(d, u->path.ptr, plen, 0, &dots) : NULL;
        if (e != NULL) {
            d = e;
            cand = dots != 0;
        } else {
            d = norm_put_path(d, u->path.ptr, plen, mask, &cand);
        }
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
        if (NO_ROOM(u->query.len + 1 + WIDE)) {
            return 0;
        }
        *d++ = '?';
        d = put_word(d, u->query.ptr, u->query.len, mask, 0, wide);
    }
    if (u->fragment.ptr != NULL) {
        if (NO_ROOM(u->fragment.len + 1 + WIDE)) {
            return 0;
        }
        *d++ = '#';
        d = put_word(d, u->fragment.ptr, u->fragment.len, mask, 0, wide);
    }
    *outlen = (size_t)(d - dst);
    return 1;
}

/* forward_write out of line, for the callers off the hot path (curi_normalize inlines the
 * wide one). */
static NOINLINE int forward_bytes(char *dst, size_t cap, size_t *outlen, const curi_uri *u,
                                  unsigned mask, const curi_scheme *si)
{
    return forward_write(dst, cap, outlen, u, mask, 0, si);
}

static NOINLINE int forward_words(char *dst, size_t cap, size_t *outlen, const curi_uri *u,
                                  unsigned mask, const curi_scheme *si)
{
    return forward_write(dst, cap, outlen, u, mask, 1, si);
}

/* The path's surviving elements, right to left: its walk, and what decides the head. */
static void path_walk(curi__dots *it, const layout *L)
{
    curi__dots_init(it, "", 0, L->path, L->plen, L->dots ? CURI__DOTS_PCT : CURI__DOTS_NONE);
}

/* What comes before the path's first element: "/." (the "//" hole), "/" (an empty path
 * under 6.2.3), or nothing, given the elements and whether the leftmost is "/" alone. */
static const char *path_head(const layout *L, size_t elems, int left_empty)
{
    if (elems == 0) {
        return L->slash_if_empty ? "/" : "";
    }
    return (!L->has_host && left_empty && elems >= 2) ? "/." : "";
}

/* The exact length forward_write produces, without writing. */
static size_t forward_count(const layout *L)
{
    size_t n = 0, elems = 0;
    unsigned mask = L->mask;
    int left_empty = 0;

    for (int k = 0; k < L->npre; k++) {
        n += piece_len(&L->pre[k], mask);
    }
    for (int k = 0; k < L->npost; k++) {
        n += piece_len(&L->post[k], mask);
    }
    if (L->dots || !L->has_host) {
        curi__dots it;
        curi_str seg;
        int slash;
        path_walk(&it, L);
        while (curi__dots_prev(&it, &seg, &slash)) {
            n += pct_len(seg.ptr, seg.len, mask) + (size_t)slash;
            elems++;
            left_empty = slash && seg.len == 0;
        }
    } else {
        /* Beside an authority without dot removal: the path as it is, transformed. */
        n += pct_len(L->path, L->plen, mask);
        elems = L->plen > 0;
    }
    return n + strlen(path_head(L, elems, left_empty));
}

/* ------------------------------------------------------------------ backward */

/*
 * The walk from the end: post pieces (last first), the path's surviving elements (each a
 * piece with lead "/" or none), the path's head, the pre pieces (last first).
 */
typedef struct rev {
    layout L;
    int stage, k;      /* stage 0 post, 1 path, 2 head, 3 pre, 4 done; k: piece index */
    curi__dots it;
    size_t elems;
    int left_empty;
} rev;

static void rev_init(rev *r, const curi_uri *u, unsigned mask)
{
    layout_init(&r->L, u, mask);
    r->stage = 0;
    r->k = r->L.npost;
    path_walk(&r->it, &r->L);
    r->elems = 0;
    r->left_empty = 0;
}

/* The next piece from the end into *x: 1, or 0 when the walk is done. */
static int rev_next(rev *r, norm_piece *x)
{
    curi_str seg;
    int slash;

    for (;;) {
        switch (r->stage) {
        case 0:
            if (r->k > 0) {
                *x = r->L.post[--r->k];
                return 1;
            }
            r->stage = 1;
            break;
        case 1:
            if (curi__dots_prev(&r->it, &seg, &slash)) {
                r->elems++;
                r->left_empty = slash && seg.len == 0;
                x->lead = "/";
                x->nlead = (unsigned char)slash;
                x->p = seg.ptr;
                x->n = seg.len;
                x->t = T_PCT;
                x->trail = 0;
                return 1;
            }
            r->stage = 2;
            break;
        case 2:
            r->stage = 3;
            r->k = r->L.npre;
            x->lead = path_head(&r->L, r->elems, r->left_empty);
            x->nlead = (unsigned char)strlen(x->lead);
            x->p = "";
            x->n = 0;
            x->t = T_RAW;
            x->trail = 0;
            return 1;
        case 3:
            if (r->k > 0) {
                *x = r->L.pre[--r->k];
                return 1;
            }
            r->stage = 4;
            break;
        default:
            return 0;
        }
    }
}

/* The normalized form written from dst + n back to dst, piece by piece (n is its length). */
static void back_write(char *dst, size_t n, const curi_uri *u, unsigned mask)
{
    rev r;
    norm_piece x;

    rev_init(&r, u, mask);
    while (rev_next(&r, &x)) {
        if (x.trail != 0) {
            dst[--n] = x.trail;
        }
        n -= span_len(&x, mask);
        (void)put_span(dst + n, x.p, x.n, x.t, mask);
        n -= x.nlead;
        memcpy(dst + n, x.lead, x.nlead);
    }
}

/*
 * A span is cut into chunks from its end; a cut never falls inside a "%hh" triplet
 * (triplets never overlap, so the one that would straddle the cut is found by looking at
 * the two bytes before it).
 */
#define CHUNK 256

typedef struct rstream {
    rev r;
    norm_piece x;  /* the piece being read: p[0..i) of its span is still to come */
    size_t i;
    int phase;     /* 0 trail, 1 span, 2 lead, 3 next piece */
    size_t lim;    /* chunk size, at most CHUNK (the suites use small ones) */
    char buf[CHUNK + 2]; /* a chunk grows by up to 2 bytes so as not to cut a triplet */
} rstream;

/* The next bytes from the end into s->buf: their number, 0 when the form is done. */
static size_t rev_fill(rstream *s)
{
    unsigned mask = s->r.L.mask;

    for (;;) {
        switch (s->phase) {
        case 0:
            s->phase = 1;
            s->i = s->x.n;
            if (s->x.trail != 0) {
                s->buf[0] = s->x.trail;
                return 1;
            }
            break;
        case 1:
            if (s->i > 0) {
                size_t at = (s->i > s->lim) ? s->i - s->lim : 0;
                const char *p = s->x.p, *end = p + s->x.n;
                size_t got;
                if (at > 0 && s->x.t != T_RAW) {
                    if (p[at - 1] == '%' && curi__is_pct(p + at - 1, end)) {
                        at -= 1;
                    } else if (at >= 2 && p[at - 2] == '%' && curi__is_pct(p + at - 2, end)) {
                        at -= 2;
                    }
                }
                got = (size_t)(put_span(s->buf, p + at, s->i - at, s->x.t, mask) - s->buf);
                s->i = at;
                if (got > 0) {
                    return got;
                }
                break;
            }
            s->phase = 2;
            break;
        case 2:
            s->phase = 3;
            if (s->x.nlead > 0) {
                memcpy(s->buf, s->x.lead, s->x.nlead);
                return s->x.nlead;
            }
            break;
        default:
            if (!rev_next(&s->r, &s->x)) {
                return 0;
            }
            s->phase = 0;
            break;
        }
    }
}

/* 1 when the normalized forms of a under ma and b under mb are the same bytes: both read
 * from the end, a chunk at a time, with fixed memory whatever their length. */
static int same_stream(const curi_uri *a, unsigned ma, const curi_uri *b, unsigned mb)
{
    rstream sa, sb;
    size_t na = 0, nb = 0, k;

    rev_init(&sa.r, a, ma);
    rev_init(&sb.r, b, mb);
    sa.phase = 3;
    sb.phase = 3;
    sa.lim = CHUNK;
    sb.lim = CHUNK;
    for (;;) {
        if (na == 0) {
            na = rev_fill(&sa);
        }
        if (nb == 0) {
            nb = rev_fill(&sb);
        }
        if (na == 0 || nb == 0) {
            return na == nb;
        }
        k = (na < nb) ? na : nb;
        if (memcmp(sa.buf + na - k, sb.buf + nb - k, k) != 0) {
            return 0;
        }
        na -= k;
        nb -= k;
    }
}

/* ------------------------------------------------------------------ public */

size_t curi_normalize_bound(const curi_uri *u)
{
    if (u == NULL) {
        return 0;
    }
    /* Nothing grows except: "/." (hole), "/" (empty path), RFC 5952 text (<= 47 bytes). */
    return curi__bound(curi__add_sat(curi_recompose_bound(u), 3 + 48));
}

/* What curi_normalize accepts: a path beside an authority is empty or starts with '/'. */
static int normalizable(const curi_uri *u)
{
    return !(u->host.ptr != NULL && u->path.ptr != NULL && u->path.len > 0 &&
             u->path.ptr[0] != '/');
}


/*
 * u as the scheme layer reads it (src/schemes/normal.c, curi__scheme_norm: one registry
 * lookup, then the scheme's operations), with the mask its writers use and, in *own, the
 * operations of a scheme whose canonical form is a fold or a writer of its own.
 */
typedef const struct curi__scheme_ops *own_ops;

CURI__INLINE const curi_uri *scheme_view(const curi_uri *u, unsigned *mask, curi_uri *tmp,
                                          own_ops *own, const curi_scheme **sip,
                                          curi_scheme_parts *sp)
{
    const curi_scheme *si = curi__scheme_of(u);
    const struct curi__scheme_ops *ops;
    const curi_uri *v;

    *own = NULL;
    *sip = si;
    if (si == NULL || (ops = si->ops) == NULL) {
        return u;
    }
    /* most schemes (http, https: most inputs) have no normalization of their own */
    if ((ops->norm_never | ops->norm_off) == 0 && ops->norm_view == NULL &&
        ops->norm_fold == NULL && ops->norm_write == NULL) {
        return u;
    }
    v = curi__scheme_norm(si, u, mask, tmp, own, sp);
    if (v->scheme.ptr != u->scheme.ptr || v->scheme.len != u->scheme.len) {
        /* no view changes the scheme today; if one did */
        *sip = curi_scheme_find(v->scheme.ptr, v->scheme.len);
    }
    return v;
}

/* The fold of a scheme whose canonical form only changes case, in place. */
static void own_fold(own_ops own, char *dst, size_t n)
{
    if (own != NULL && own->norm_fold != NULL) {
        own->norm_fold(dst, n);
    }
}

/*
 * A tel or data URI the scheme layer accepts (its operations' norm_write, in
 * src/schemes/normal.c): its canonical form drops or adds bytes inside the path, so it has
 * its own writer rather than a fold in place.  Neither has an authority: the scheme, ':',
 * the path as the scheme says, then the query and the fragment with the percent rules.
 * The writer counts what it writes, so dst only needs the final length; dst NULL: the
 * length only.
 */
static size_t own_write(char *dst, const curi_uri *u, unsigned mask, own_ops own,
                        const curi_scheme_parts *sp)
{
    size_t n = curi__norm_put(dst, 0, u->scheme.ptr, u->scheme.len, mask,
                              (mask & CURI_NORM_CASE) != 0);

    n = curi__norm_byte(dst, n, ':');
    n = own->norm_write(dst, n, u, mask, sp);
    if (u->query.ptr != NULL) {
        n = curi__norm_byte(dst, n, '?');
        n = curi__norm_put(dst, n, u->query.ptr, u->query.len, mask, 0);
    }
    if (u->fragment.ptr != NULL) {
        n = curi__norm_byte(dst, n, '#');
        n = curi__norm_put(dst, n, u->fragment.ptr, u->fragment.len, mask, 0);
    }
    return n;
}

/*
 * The writer contract (curi__wbegin, curi__wend in internal.h) is applied at
 * each return rather than around a separate body: this is the hottest writer,
 * and the direct form costs nothing over the checks themselves.
 */
int curi_normalize(char *dst, size_t cap, size_t *outlen, const curi_uri *u, unsigned mask,
                   curi_error *err)
{
    layout L;
    size_t n = 0;
    curi_uri tmp;
    own_ops own;
    const curi_scheme *si;
    curi_scheme_parts sp;

    if (!curi__wbegin(dst, cap, outlen, 0) || u == NULL || (mask & ~CURI__NORM_FLAGS)) {
        return curi__wend(curi__fail(err, CURI_ERR_INVALID_ARG, 0), 0, outlen, err);
    }
    /* A path beside an authority must be empty or start with '/' (hand-built only). */
    if (!normalizable(u)) {
        return curi__wend(curi__fail(err, CURI_ERR_STRUCTURE, 0), 0, outlen, err);
    }
    u = scheme_view(u, &mask, &tmp, &own, &si, &sp);
    if (own != NULL && own->norm_write != NULL) {
        n = own_write(NULL, u, mask, own, &sp);
        if (dst == NULL || n > cap || n > CURI_MAX_LEN) {
            return curi__wend(n == 0 ? CURI_OK : CURI_ERR_NOSPACE, n, outlen, err);
        }
        return curi__wend(CURI_OK, own_write(dst, u, mask, own, &sp), outlen, err);
    }
    /* The usual case: room for everything, the path before its dots go included. */
    if (dst != NULL && forward_write(dst, cap, &n, u, mask, 1, si)) {
        own_fold(own, dst, n);
        return curi__wend(CURI_OK, n, outlen, err);
    }
    layout_init(&L, u, mask);
    n = forward_count(&L);
    if (dst == NULL || n > cap || n > CURI_MAX_LEN) {
        return curi__wend(n == 0 ? CURI_OK : CURI_ERR_NOSPACE, n, outlen, err);
    }
    /* It fits, so everything but the path before dot removal does: try forward first. */
    if (!forward_bytes(dst, cap, &n, u, mask, si)) {
        /* A tight buffer and a path that shrinks: only final bytes, from the end. */
        back_write(dst, n, u, mask);
    }
    own_fold(own, dst, n);
    return curi__wend(CURI_OK, n, outlen, err);
}

/* URIs whose bound fits this (almost all) are compared as two forward-written strings. */
#define SMALL_CAP 512

/* The forward writer into a fixed buffer: 0 when the URI is too long for it. */
static int small_write(char *buf, size_t *n, const curi_uri *u, unsigned mask,
                       const curi_scheme *si)
{
    return forward_words(buf, SMALL_CAP, n, u, mask, si);
}

/* 1 when the two normalized forms are the same bytes (both normalizable). */
static int same_output(const curi_uri *a, unsigned ma, const curi_uri *b, unsigned mb,
                       int stream)
{
    char sa[SMALL_CAP], sb[SMALL_CAP];
    size_t na, nb;
    curi_uri ta, tb;
    own_ops fa, fb;
    const curi_scheme *sia, *sib;

    /* the fold is left out: curi__is_normalized asks it apart, and curi__compare's scheme
     * rung reaches every pair it makes equal through curi__scheme_equivalent */
    a = scheme_view(a, &ma, &ta, &fa, &sia, NULL);
    b = scheme_view(b, &mb, &tb, &fb, &sib, NULL);

    if (!stream && small_write(sa, &na, a, ma, sia) && small_write(sb, &nb, b, mb, sib)) {
        return na == nb && memcmp(sa, sb, na) == 0;
    }
    return same_stream(a, ma, b, mb);
}

int curi__is_normalized(const curi_uri *u, unsigned mask, int stream, int *result,
                        curi_error *err)
{
    own_ops own;
    const curi_scheme *si;
    curi_scheme_parts sp;
    unsigned m = mask;
    curi_uri tmp;

    if (result == NULL || u == NULL || (mask & ~CURI__NORM_FLAGS)) {
        if (result != NULL)
            *result = 0;
        return curi__fail(err, CURI_ERR_INVALID_ARG, 0);
    }
    /* What curi_normalize refuses has no normalized form: its error, as curi_normalize's. */
    if (!normalizable(u)) {
        *result = 0;
        return curi__fail(err, CURI_ERR_STRUCTURE, 0);
    }
    (void)scheme_view(u, &m, &tmp, &own, &si, &sp);
    *result = same_output(u, mask, u, 0, stream) &&
              !(own != NULL && own->norm_changes != NULL && own->norm_changes(u, &sp));
    return curi__ok(err);
}

int curi_is_normalized(const curi_uri *u, unsigned mask, int *result, curi_error *err)
{
    return curi__is_normalized(u, mask, 0, result, err);
}

/* The first rung of the ladder (up to max_level) at which a and b, both normalizable, agree. */
static curi_equiv ladder(const curi_uri *a, const curi_uri *b, curi_equiv max_level, int stream)
{
    /* 6.2.1, then 6.2.2, then 6.2.3: the first rung at which the two agree. */
    if (max_level >= CURI_EQ_STRING && same_output(a, 0, b, 0, stream)) {
        return CURI_EQ_STRING;
    }
    if (max_level >= CURI_EQ_SYNTAX &&
        same_output(a, CURI_NORM_SYNTAX, b, CURI_NORM_SYNTAX, stream)) {
        return CURI_EQ_SYNTAX;
    }
    if (max_level >= CURI_EQ_SCHEME) {
        curi_uri ta, tb;
        const curi_uri *va = curi__scheme_equiv_view(a, &ta);
        const curi_uri *vb = curi__scheme_equiv_view(b, &tb);
        if (same_output(a, CURI_NORM_DEFAULT, b, CURI_NORM_DEFAULT, stream) ||
            ((va != a || vb != b) &&
             same_output(va, CURI_NORM_DEFAULT, vb, CURI_NORM_DEFAULT, stream)) ||
            curi__scheme_equivalent(a, b)) {
            return CURI_EQ_SCHEME;
        }
    }
    return CURI_EQ_NONE;
}

int curi__compare(const curi_uri *a, const curi_uri *b, curi_equiv max_level, int stream,
                  curi_equiv *level, curi_error *err)
{
    if (level == NULL || a == NULL || b == NULL || (int)max_level < CURI_EQ_NONE ||
        max_level > CURI_EQ_SCHEME) {
        if (level != NULL)
            *level = CURI_EQ_NONE;
        return curi__fail(err, CURI_ERR_INVALID_ARG, 0);
    }
    /* A reference curi_normalize refuses is compared with nothing: its error. */
    *level = CURI_EQ_NONE;
    if (!normalizable(a) || !normalizable(b)) {
        return curi__fail(err, CURI_ERR_STRUCTURE, 0);
    }
    *level = ladder(a, b, max_level, stream);
    return curi__ok(err);
}

int curi_compare(const curi_uri *a, const curi_uri *b, curi_equiv max_level, curi_equiv *level,
                 curi_error *err)
{
    return curi__compare(a, b, max_level, 0, level, err);
}

/*
 * The other walks written out, for the suites (testing.h): how = 1 back_write, how = 2 the
 * streaming reader (its chunks, last first, placed from the end), how = 3 to 8 the same
 * with chunks of that many bytes, so that short inputs meet the cuts between chunks too.  The length, or 0 when
 * u is not normalizable or the form does not fit cap.
 */
size_t curi__normalize_twin(char *dst, size_t cap, const curi_uri *u, unsigned mask, int how)
{
    layout L;
    rstream st;
    size_t n, got;
    curi_uri tmp;
    own_ops own;
    const curi_scheme *si;
    curi_scheme_parts sp;

    if (u == NULL || (mask & ~CURI__NORM_FLAGS) || !normalizable(u)) {
        return 0;
    }
    u = scheme_view(u, &mask, &tmp, &own, &si, &sp);
    if (own != NULL && own->norm_write != NULL) {
        n = own_write(NULL, u, mask, own, &sp);
        return n <= cap ? own_write(dst, u, mask, own, &sp) : 0;
    }
    layout_init(&L, u, mask);
    n = forward_count(&L);
    if (n > cap) {
        return 0;
    }
    if (how == 1) {
        back_write(dst, n, u, mask);
        own_fold(own, dst, n);
        return n;
    }
    rev_init(&st.r, u, mask);
    st.phase = 3;
    st.lim = (how == 2) ? CHUNK : (size_t)how;
    got = n;
    for (size_t k = rev_fill(&st); k > 0; k = rev_fill(&st)) {
        if (k > got) {
            return 0; /* longer than counted: the suites report the mismatch */
        }
        got -= k;
        memcpy(dst + got, st.buf, k);
    }
    if (got != 0) {
        return 0;
    }
    own_fold(own, dst, n);
    return n;
}
