/*
 * ascii.h -- the small ASCII tests every module asks: letter case, hex digits (RFC 3986 2.1
 * HEXDIG, either case), the octet of a pct-encoded triplet, case-insensitive comparison
 * (schemes and reg-names are case-insensitive: 3.1, 3.2.2) and the host "localhost"
 * (RFC 8089 2).  A leaf: static inline functions on bytes, depending on nothing but
 * <stddef.h>, in the manner of Lua's lctype.h; no locale, no <ctype.h>.  Not installed.
 * SPDX-License-Identifier: MIT
 */
#ifndef CURI_ASCII_H
#define CURI_ASCII_H

#include <stddef.h>
#include <stdint.h>

/* c with an ASCII uppercase letter made lowercase; every other byte as it is. */
static inline unsigned char curi__lower(unsigned char c)
{
    return (c >= 'A' && c <= 'Z') ? (unsigned char)(c | 0x20) : c;
}

/* c (a byte or a code point) is a HEXDIG, either case. */
static inline int curi__is_hexdig(uint32_t c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* The value of a hex digit, either case; only meaningful for a HEXDIG. */
static inline unsigned curi__hexval(unsigned char c)
{
    return (c <= '9') ? (unsigned)(c - '0') : (unsigned)((c | 0x20) - 'a' + 10);
}

/* A hex digit in uppercase (6.2.2.1); every other byte as it is. */
static inline unsigned char curi__upper_hex(unsigned char c)
{
    return (c >= 'a' && c <= 'f') ? (unsigned char)(c - 32) : c;
}

/* The hex digit of v's low four bits: uppercase, as 2.1 says producers should write. */
static inline char curi__hexdigit(unsigned v)
{
    return "0123456789ABCDEF"[v & 15];
}

/* The octet of pct-encoded = "%" HEXDIG HEXDIG at p (p[1] and p[2] known to be HEXDIG). */
static inline unsigned char curi__pct_octet(const char *p)
{
    return (unsigned char)(curi__hexval((unsigned char)p[1]) << 4 |
                           curi__hexval((unsigned char)p[2]));
}

/* a[0..n) and b[0..n) are the same but for ASCII letter case. */
static inline int curi__ieq_n(const char *a, const char *b, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (curi__lower((unsigned char)a[i]) != curi__lower((unsigned char)b[i])) {
            return 0;
        }
    }
    return 1;
}

/* p[0..n) is the word lit (a NUL-terminated lowercase literal) but for ASCII letter case. */
static inline int curi__ieq(const char *p, size_t n, const char *lit)
{
    size_t i;

    for (i = 0; i < n; i++) {
        if (lit[i] == '\0' || curi__lower((unsigned char)p[i]) != (unsigned char)lit[i]) {
            return 0;
        }
    }
    return lit[i] == '\0';
}

/* p[0..n) is the host "localhost" in any case (RFC 8089 2, RFC 6761 6.3). */
static inline int curi__is_localhost(const char *p, size_t n)
{
    return n == 9 && curi__ieq(p, n, "localhost");
}

#endif /* CURI_ASCII_H */
