/*
 * punycode.h -- Punycode (RFC 3492), once: the decoder the UTS #46 processing (uts46.c) and
 * the lint's IDN rules (src/lint/rules_idn.c) read A-labels with, and the encoder of
 * ToASCII.  Code points in, code points out; no allocation.  Not installed.
 * SPDX-License-Identifier: MIT
 */
#ifndef CURI_PUNYCODE_H
#define CURI_PUNYCODE_H

#include "internal.h"

/*
 * Decode in[0..len) (a label after its "xn--") into out[0..cap): the number of code points,
 * or SIZE_MAX on a code point that is not a basic one before the last delimiter, a bad
 * digit (letters of either case and digits), an overflow of the 32-bit arithmetic (6.4), a
 * result beyond U+10FFFF or a surrogate, or more than cap code points.  As RFC 3492 6.2
 * says, the last '-' is a delimiter only when code points precede it: "-80ak6aa92e" reads
 * its '-' as a digit and fails (punycode.js, ICU and libidn2 agree).
 */
size_t curi__puny_decode(const uint32_t *in, size_t len, uint32_t *out, size_t cap);

/* Append "xn--" and the Punycode of a[0..n) to o: 0, or -1 on an overflow (6.4), with
 * some of it appended or none (the caller drops its output then). */
int curi__puny_encode(curi__out *o, const uint32_t *a, size_t n);

#endif
