/*
 * utf8.h -- UTF-8 decoding (RFC 3629) and the ucschar / iprivate ranges of RFC 3987 2.2: a
 * leaf under every reader of non-ASCII text (the IRI parse, host conversion, IRI mappings,
 * extraction, the lint).  Small static inline functions on bytes and code points, depending
 * on nothing but <stddef.h> and <stdint.h>, in the manner of Lua's lctype.h.  Not installed.
 * SPDX-License-Identifier: MIT
 */
#ifndef CURI_UTF8_H
#define CURI_UTF8_H

#include <stddef.h>
#include <stdint.h>

/*
 * One UTF-8 sequence at u (avail >= 1 bytes): its length, with the code point in *cp.  When
 * the bytes are not well-formed UTF-8 (RFC 3629 4: a stray continuation byte, a lead byte
 * C0, C1 or F5-FF, a sequence cut short by the end or by a byte that is not a continuation,
 * an overlong form (E0 80-9F, F0 80-8F), a surrogate (ED A0-BF) or a code point above
 * U+10FFFF (F4 90-BF)), the length of their maximal subpart (Unicode 3.9: at least 1, the
 * bytes a decoder replaces with one U+FFFD, as the WHATWG Encoding Standard's does), *cp
 * U+FFFD and *bad set.  The second byte's range depends on the lead; the later ones are
 * always 80-BF.
 */
static inline size_t curi__utf8_sub(const unsigned char *u, size_t avail, uint32_t *cp, int *bad)
{
    unsigned char lo = 0x80, hi = 0xBF;
    uint32_t c = u[0];
    size_t n;

    if (c < 0x80) {
        *cp = c;
        return 1;
    }
    if (c < 0xC2 || c > 0xF4) {
        *cp = 0xFFFD;
        *bad = 1;
        return 1;
    }
    if (c < 0xE0) {
        n = 2;
        c &= 0x1F;
    } else if (c < 0xF0) {
        n = 3;
        c &= 0x0F;
        if (u[0] == 0xE0)
            lo = 0xA0; /* overlong below U+0800 */
        else if (u[0] == 0xED)
            hi = 0x9F; /* surrogates U+D800-DFFF */
    } else {
        n = 4;
        c &= 0x07;
        if (u[0] == 0xF0)
            lo = 0x90; /* overlong below U+10000 */
        else if (u[0] == 0xF4)
            hi = 0x8F; /* above U+10FFFF */
    }
    for (size_t i = 1; i < n; i++) {
        if (i >= avail || u[i] < lo || u[i] > hi) {
            *cp = 0xFFFD;
            *bad = 1;
            return i;
        }
        c = (c << 6) | (u[i] & 0x3Fu);
        lo = 0x80;
        hi = 0xBF;
    }
    *cp = c;
    return n;
}

/* One UTF-8 character at p (p < end, *p >= 0x80): its length (2 to 4) with the code point in
 * *cp, or 0 when the bytes are not well-formed UTF-8 (curi__utf8_sub). */
static inline size_t curi__utf8(const char *p, const char *end, uint32_t *cp)
{
    uint32_t c;
    int bad = 0;
    size_t n = curi__utf8_sub((const unsigned char *)p, (size_t)(end - p), &c, &bad);

    if (bad)
        return 0;
    *cp = c;
    return n;
}

/* The code point at s[*i] (*i < len), *i moved past it; U+FFFD over the maximal subpart of
 * bytes that are not well-formed, with *bad set (curi__utf8_sub). */
static inline uint32_t curi__utf8_next(const unsigned char *s, size_t len, size_t *i, int *bad)
{
    uint32_t cp;

    *i += curi__utf8_sub(s + *i, len - *i, &cp, bad);
    return cp;
}

/* The UTF-8 encoding of c (at most U+10FFFF, not a surrogate) into b: its length, 1 to 4. */
static inline size_t curi__utf8_put(unsigned char b[4], uint32_t c)
{
    if (c < 0x80) {
        b[0] = (unsigned char)c;
        return 1;
    }
    if (c < 0x800) {
        b[0] = (unsigned char)(0xC0 | c >> 6);
        b[1] = (unsigned char)(0x80 | (c & 0x3F));
        return 2;
    }
    if (c < 0x10000) {
        b[0] = (unsigned char)(0xE0 | c >> 12);
        b[1] = (unsigned char)(0x80 | ((c >> 6) & 0x3F));
        b[2] = (unsigned char)(0x80 | (c & 0x3F));
        return 3;
    }
    b[0] = (unsigned char)(0xF0 | c >> 18);
    b[1] = (unsigned char)(0x80 | ((c >> 12) & 0x3F));
    b[2] = (unsigned char)(0x80 | ((c >> 6) & 0x3F));
    b[3] = (unsigned char)(0x80 | (c & 0x3F));
    return 4;
}

/*
 * ucschar = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF / %x10000-1FFFD / %x20000-2FFFD / ...
 *           / %xD0000-DFFFD / %xE1000-EFFFD
 * iprivate = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD                  (RFC 3987 2.2)
 *
 * 1 when code point c (from curi__utf8: no surrogate, at most U+10FFFF) may stand raw in an
 * IRI component; iprivate only in the query (query = 1).  Left out: the C1 controls
 * U+0080-009F, the noncharacters U+FDD0-FDEF and U+xFFFE-xFFFF of every plane, the
 * specials U+FFF0-FFFD, and U+E0000-E0FFF (tags and variation selectors).
 */
static inline int curi__iri_char(uint32_t c, int query)
{
    if (c < 0xA0)
        return 0;
    if (c < 0xE000)
        return 1; /* A0-D7FF; the surrogates cannot come from curi__utf8 */
    if (c < 0xF900)
        return query; /* iprivate E000-F8FF */
    if (c < 0x10000)
        return (c < 0xFDD0 || (c >= 0xFDF0 && c <= 0xFFEF));
    if ((c & 0xFFFE) == 0xFFFE)
        return 0; /* U+nFFFE, U+nFFFF */
    if (c >= 0xF0000)
        return query; /* iprivate planes 15 and 16 */
    return c < 0xE0000 || c >= 0xE1000;
}

#endif /* CURI_UTF8_H */
