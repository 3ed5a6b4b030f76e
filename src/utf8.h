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
 * One UTF-8 character at p (p < end, *p >= 0x80): its length (2 to 4) with the code point in
 * *cp, or 0 when the bytes are not well-formed UTF-8 (RFC 3629 4): a stray continuation
 * byte, a lead byte C0, C1 or F5-FF, a sequence cut short by end or by a byte that is not a
 * continuation, an overlong form (E0 80-9F, F0 80-8F), a surrogate (ED A0-BF) or a code
 * point above U+10FFFF (F4 90-BF).  The second byte's range depends on the lead; the later
 * ones are always 80-BF.
 */
static inline size_t curi__utf8(const char *p, const char *end, uint32_t *cp)
{
    const unsigned char *u = (const unsigned char *)p;
    size_t avail = (size_t)(end - p), n;
    unsigned char lo = 0x80, hi = 0xBF;
    uint32_t c = u[0];

    if (c < 0xC2 || c > 0xF4)
        return 0;
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
    if (avail < n || u[1] < lo || u[1] > hi)
        return 0;
    for (size_t i = 1; i < n; i++) {
        if ((u[i] & 0xC0) != 0x80)
            return 0;
        c = (c << 6) | (u[i] & 0x3Fu);
    }
    *cp = c;
    return n;
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
