/*
 * iri.h -- what the IRI mappings share (RFC 3987 3.2, 4.1): the characters a URI -> IRI
 * mapping leaves encoded for display (iri.c, extract.c).  UTF-8 decoding and the ucschar /
 * iprivate ranges are in utf8.h.  Not installed.
 * SPDX-License-Identifier: MIT
 */
#ifndef CURI_IRI_H
#define CURI_IRI_H

#include "internal.h"
#include "unitab.h"
#include "utf8.h"

/* What a URI -> IRI mapping leaves encoded although it may stand raw, so that text meant for
 * display shows no invisible character: RFC 3987 4.1's bidi formatting characters (U+200E,
 * U+200F, U+202A-202E, U+2066-2069), every other Default_Ignorable_Code_Point (U+00AD,
 * U+061C, U+200B-200D, U+2060-2064, U+3164, U+FE00-FE0F, U+FEFF, U+E0000-E0FFF, ...: the
 * generated table of unitab.c) and the line and paragraph separators U+2028, U+2029. */
static inline int curi__iri_invisible(uint32_t c)
{
    return c == 0x2028 || c == 0x2029 || curi__uni_ignorable(c);
}

#endif /* CURI_IRI_H */
