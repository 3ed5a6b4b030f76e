/*
 * norm_pct.h -- the percent rules of normalization (RFC 3986 6.2.2.1 hex case, 6.2.2.2
 * unreserved), with the lowercasing of 6.2.2.1 for the scheme and host: pct_span writes a
 * span by them, pct_len counts what it would write, and the word helpers (SWAR) they share
 * with normalize.c's word-at-a-time spans.  Included by normalize.c, whose writers inline
 * them, and by pct.c, which gives the scheme layer's writers (src/schemes/normal.c) the
 * same rules as curi__norm_put.  Not installed.
 * SPDX-License-Identifier: MIT
 */
#ifndef CURI_NORM_PCT_H
#define CURI_NORM_PCT_H

#include <string.h>

#include "internal.h"

#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) && \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define SWAR 1
#else
#define SWAR 0
#endif

#define ONES 0x0101010101010101ull
#define HIGHS 0x8080808080808080ull

static inline uint64_t load8(const char *p)
{
    uint64_t x;

    memcpy(&x, p, 8);
    return x;
}

static inline void store8(char *d, uint64_t x)
{
    memcpy(d, &x, 8);
}

/* x with its bytes in the other order: a big-endian word as it is stored (SWAR only). */
static inline uint64_t bswap64(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_bswap64(x);
#else
    uint64_t r = 0;
    for (int i = 0; i < 8; i++) {
        r = r << 8 | (x >> (8 * i) & 0xFF);
    }
    return r;
#endif
}

/* The eight bytes of x with 'A'..'Z' lowercased, as curi__lower does one at a time. */
static inline uint64_t lower8(uint64_t x)
{
    uint64_t h = x & ~HIGHS;
    uint64_t ge_a = h + ONES * (0x80 - 'A');
    uint64_t gt_z = h + ONES * (0x80 - 'Z' - 1);

    return x | ((ge_a & ~gt_z & ~x & HIGHS) >> 2);
}

/* The specializations are inlined by hand (GCC, Clang), so that lower and cand fold; the
 * rare paths are kept out of line, so that the hot one stays short. */
#if defined(__GNUC__) || defined(__clang__)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#define NOINLINE __attribute__((noinline))
#else
#define ALWAYS_INLINE inline
#define NOINLINE
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
static inline uint64_t has8(uint64_t x, unsigned char c)
{
    uint64_t y = x ^ (ONES * c);

    return (y - ONES) & ~y & HIGHS;
}

/*
 * One span with the percent rules of mask (6.2.2.1 hex case, 6.2.2.2 unreserved), and
 * lowercased when lower (scheme, host).  The hex digits of a triplet that stays encoded
 * are never lowercased.  Returns the end of what was written; never longer than n.
 * When cand is not NULL (a path), *cand says whether a segment may be a dot segment:
 * one starting with '.', or any '%' at all (for "%2E").  Inline but not forced: the
 * optimizer inlines it into its three specializations below anyway, and an unoptimized
 * (coverage) build has one copy, not one per call site with the branches of the other
 * specializations' constants that no input can reach.  (span16 stays forced; the figures
 * are in the commit that made them so.)
 */
static inline char *pct_span(char *d, const char *p, size_t n, unsigned mask, int lower,
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
                    h1 = curi__upper_hex(h1);
                    h2 = curi__upper_hex(h2);
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

/* The length put_pct would write, without writing: two bytes less per decoded triplet. */
static inline size_t pct_len(const char *p, size_t n, unsigned mask)
{
    const char *end = p + n, *q = p;
    size_t len = n;

    if (p == NULL || !(mask & CURI_NORM_UNRESERVED)) {
        return (p == NULL) ? 0 : n;
    }
    while ((q = memchr(q, '%', (size_t)(end - q))) != NULL) {
        if (curi__is_pct(q, end)) {
            unsigned v = curi__pct_octet(q);
            len -= curi__is((unsigned char)v, CURI__UNRESERVED) ? 2 : 0;
            q += 3;
        } else {
            q += 1;
        }
    }
    return len;
}

#endif /* CURI_NORM_PCT_H */
