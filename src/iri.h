/*
 * iri.h -- what the IRI code shares (RFC 3987): UTF-8 decoding and the ucschar / iprivate
 * ranges of section 2.2, used by the IRI variant of curi_parse (parse.c), the mappings of
 * section 3 (iri.c) and the host conversion (idn.c).  Not installed.
 * SPDX-License-Identifier: MIT
 */
#ifndef CURI_IRI_H
#define CURI_IRI_H

#include "internal.h"
#include "unitab.h"

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

/* What a URI -> IRI mapping leaves encoded although it may stand raw, so that text meant for
 * display shows no invisible character: RFC 3987 4.1's bidi formatting characters (U+200E,
 * U+200F, U+202A-202E, U+2066-2069), every other Default_Ignorable_Code_Point (U+00AD,
 * U+061C, U+200B-200D, U+2060-2064, U+3164, U+FE00-FE0F, U+FEFF, U+E0000-E0FFF, ...: the
 * generated table of unitab.c) and the line and paragraph separators U+2028, U+2029. */
static inline int curi__iri_invisible(uint32_t c)
{
    return c == 0x2028 || c == 0x2029 || curi__uni_ignorable(c);
}

/*
 * The error of an IRI parse that stopped at a byte above 0x7F: CURI_ERR_UTF8 when the bytes
 * there are not well-formed UTF-8, else code (the component's *_CHAR: a code point the ABNF
 * leaves out).  parse.c's IRI variant reports through it.
 */
static inline int curi__iri_code(const char *p, const char *end, int code)
{
    uint32_t c;
    if (p < end && (unsigned char)*p >= 0x80 && curi__utf8(p, end, &c) == 0)
        return CURI_ERR_UTF8;
    return code;
}

#endif /* CURI_IRI_H */
