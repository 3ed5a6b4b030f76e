/*
 * host.c -- the host of an authority: IP-literal, IPv4address, reg-name (RFC 3986 3.2.2),
 * with RFC 6874 zone IDs in IPv6 literals.
 *
 * Invariant: every function reads only [p, end) and reports offsets relative to the start of
 * the caller's whole input (`base`), so errors point into what the user gave.  No recursion,
 * no allocation.  SPDX-License-Identifier: MIT
 */
#include <string.h>

#include "internal.h"

#define OFF(q) ((size_t)((q) - base))

/*
 * dec-octet = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35
 *
 * Reads one dec-octet at *pp.  Returns its value, or -1 with *pp at the first byte that
 * cannot continue it.  "0" followed by a digit stops after the "0": a leading zero is not a
 * dec-octet, so the caller sees the second digit where it wants a '.'.
 */
static int dec_octet(const char **pp, const char *end)
{
    const char *p = *pp;
    unsigned v;

    if (p >= end || !curi__is((unsigned char)*p, CURI__DIGIT))
        return -1;
    v = (unsigned)(*p++ - '0');
    if (v == 0) {
        *pp = p;
        return 0;
    }
    /* At most two more digits, and the value must stay <= 255. */
    for (int i = 0; i < 2 && p < end && curi__is((unsigned char)*p, CURI__DIGIT); i++) {
        unsigned nv = v * 10 + (unsigned)(*p - '0');
        if (nv > 255)
            break;
        v = nv;
        p++;
    }
    *pp = p;
    return (int)v;
}

/*
 * IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet
 *
 * Parses exactly [p, end).  Returns 1 and fills out[0..3], or 0 with *bad at the first byte
 * that cannot be accepted (end itself when the address is incomplete) and out untouched.
 */
int curi__ipv4(unsigned char out[4], const char *p, const char *end, const char **bad)
{
    unsigned char buf[4]; /* out is written only for a whole address (1.2.3.999 is a reg-name) */
    for (int i = 0; i < 4; i++) {
        if (i > 0) {
            if (p >= end || *p != '.') {
                *bad = p;
                return 0;
            }
            p++;
        }
        int v = dec_octet(&p, end);
        if (v < 0) {
            *bad = p;
            return 0;
        }
        buf[i] = (unsigned char)v;
    }
    if (p != end) {
        *bad = p;
        return 0;
    }
    memcpy(out, buf, 4);
    return 1;
}

/*
 * IPv6address =                            6( h16 ":" ) ls32
 *             /                       "::" 5( h16 ":" ) ls32
 *             / [               h16 ] "::" 4( h16 ":" ) ls32
 *             / [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
 *             / [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
 *             / [ *3( h16 ":" ) h16 ] "::"    h16 ":"   ls32
 *             / [ *4( h16 ":" ) h16 ] "::"              ls32
 *             / [ *5( h16 ":" ) h16 ] "::"              h16
 *             / [ *6( h16 ":" ) h16 ] "::"
 * h16 = 1*4HEXDIG ; ls32 = ( h16 ":" h16 ) / IPv4address
 *
 * The nine alternatives come down to: at most one "::", which stands for at least one zero
 * group; eight 16-bit groups in all, the last two of which may be written as an IPv4address.
 * Parses exactly [p, end).  Returns 1 and fills out[16], or 0 with *bad at the first byte
 * that cannot be accepted.
 */
int curi__ipv6(unsigned char out[16], const char *p, const char *end, const char **bad)
{
    unsigned char buf[16];
    int n = 0;   /* 16-bit groups stored in buf so far */
    int dc = -1; /* group index where "::" stands, or -1 */

    if (p < end && *p == ':') {
        /* A leading colon must be the start of "::". */
        if (end - p < 2 || p[1] != ':') {
            *bad = p + 1;
            return 0;
        }
        dc = 0;
        p += 2;
    }
    while (p < end) {
        const char *g = p;
        unsigned v = 0;
        int max = (dc >= 0) ? 7 : 8; /* explicit groups allowed in all */

        if (n >= max) {
            *bad = p; /* "::" must stand for at least one zero group */
            return 0;
        }
        while (p < end && p - g < 4 && curi__is((unsigned char)*p, CURI__HEX))
            v = (v << 4) | curi__hexval((unsigned char)*p++);
        if (p < end && *p == '.') {
            /* ls32 as an IPv4address: it takes the last two groups and ends the address. */
            /*
             * The digits before the '.' were a valid h16, so the '.' is the offending byte
             * unless they also make a dec-octet ("::01.2.3.4" and "::256.1.1.1" fail there).
             */
            const char *q = g;
            if (n + 2 > max || (dc < 0 && n + 2 != 8) || dec_octet(&q, p) < 0 || q != p) {
                *bad = p;
                return 0;
            }
            if (!curi__ipv4(buf + 2 * n, g, end, bad))
                return 0;
            n += 2;
            p = end;
            break;
        }
        if (p == g || (p < end && curi__is((unsigned char)*p, CURI__HEX))) {
            /* No hex digit where a group must start, or a fifth digit. */
            *bad = p;
            return 0;
        }
        buf[2 * n] = (unsigned char)(v >> 8);
        buf[2 * n + 1] = (unsigned char)v;
        n++;
        if (p == end)
            break;
        if (*p != ':' || n == max) {
            *bad = p;
            return 0;
        }
        p++;
        if (p < end && *p == ':') {
            if (dc >= 0) {
                *bad = p; /* a second "::" */
                return 0;
            }
            dc = n;
            p++;
        } else if (p == end) {
            *bad = p; /* a single trailing colon leaves the address unfinished */
            return 0;
        }
    }
    if (dc < 0 && n != 8) {
        *bad = end;
        return 0;
    }
    /* Expand: groups before "::", the zeros it stands for, then the groups after it. */
    if (dc < 0) {
        memcpy(out, buf, 16);
    } else {
        size_t head = (size_t)dc * 2, tail = (size_t)(n - dc) * 2;
        memcpy(out, buf, head);
        memset(out + head, 0, 16 - head - tail);
        memcpy(out + 16 - tail, buf + head, tail);
    }
    return 1;
}

/*
 * IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
 *
 * The "v" is matched case-insensitively (RFC 3986 2.1 and 6.2.2.1: ABNF strings are
 * case-insensitive).  Parses exactly [p, end); 0 with *bad on failure.
 */
static int ipvfuture(const char *p, const char *end, const char **bad)
{
    const char *q;

    p++; /* the 'v' or 'V', checked by the caller */
    q = p;
    while (p < end && curi__is((unsigned char)*p, CURI__HEX))
        p++;
    if (p == q || p >= end || *p != '.') {
        *bad = p;
        return 0;
    }
    q = ++p;
    while (p < end && curi__is((unsigned char)*p, CURI__IPVF))
        p++;
    if (p == q || p != end) {
        *bad = p;
        return 0;
    }
    return 1;
}

/*
 * IP-literal = "[" ( IPv6address / IPv6addrz / IPvFuture ) "]"    (RFC 6874 adds IPv6addrz)
 * IPv6addrz  = IPv6address "%25" ZoneID
 * ZoneID     = 1*( unreserved / pct-encoded )
 *
 * p points at '['; the literal must close before end.  On success *stop is just past ']'.
 */
static int ip_literal(curi_uri *u, const char *base, const char *p, const char *end,
                      const char **stop, unsigned flags, curi_error *err)
{
    const char *rb = memchr(p, ']', (size_t)(end - p));
    const char *a = p + 1, *bad = NULL;

    if (!rb)
        return curi__fail(err, CURI_ERR_IP_UNTERMINATED, OFF(p));
    if (a < rb && (*a == 'v' || *a == 'V')) {
        if (!ipvfuture(a, rb, &bad))
            return curi__fail(err, CURI_ERR_IPVFUTURE, OFF(bad));
        u->host_type = CURI_HOST_IPVFUTURE;
    } else {
        const char *pct = memchr(a, '%', (size_t)(rb - a));
        const char *aend = pct ? pct : rb;

        if (!curi__ipv6(u->ip, a, aend, &bad))
            return curi__fail(err, CURI_ERR_IPV6, OFF(bad));
        if (pct) {
            const char *z;
            if (flags & CURI_PARSE_STRICT_3986)
                return curi__fail(err, CURI_ERR_ZONE_FORBIDDEN, OFF(pct));
            /* The zone delimiter is "%25", a percent-encoded '%' (RFC 6874 section 2). */
            if (rb - pct < 3 || pct[1] != '2' || pct[2] != '5')
                return curi__fail(err, CURI_ERR_ZONE, OFF(pct));
            z = pct + 3;
            if (z == rb)
                return curi__fail(err, CURI_ERR_ZONE, OFF(z));
            const char *q = curi__pct_run(z, rb, CURI__ZONE, &bad);
            if (q == NULL)
                return curi__fail(err, CURI_ERR_PCT, OFF(bad));
            if (q != rb)
                return curi__fail(err, CURI_ERR_ZONE, OFF(q));
            u->zone.ptr = z;
            u->zone.len = (size_t)(rb - z);
        }
        u->host_type = CURI_HOST_IPV6;
    }
    u->host.ptr = p;
    u->host.len = (size_t)(rb + 1 - p);
    *stop = rb + 1;
    return CURI_OK;
}

/*
 * host = IP-literal / IPv4address / reg-name
 * reg-name = *( unreserved / pct-encoded / sub-delims )
 *
 * Parses a host starting at p and stops at the first byte that cannot belong to it (*stop);
 * the caller decides whether that byte may follow a host.  A dotted quad that is not four
 * dec-octets ("01.2.3.4", "1.2.3.256") is a valid reg-name, as the grammar says.
 */
int curi__host(curi_uri *u, const char *base, const char *p, const char *end, const char **stop,
               unsigned flags, curi_error *err)
{
    const char *h = p;
    const char *bad;

    u->zone.ptr = NULL;
    u->zone.len = 0;
    if (p < end && *p == '[')
        return ip_literal(u, base, p, end, stop, flags, err);
    for (;;) {
        p = curi__scan(base, p, end, CURI__REGNAME, flags);
        if (p < end && *p == '%') {
            if (!curi__is_pct(p, end))
                return curi__fail(err, CURI_ERR_PCT, OFF(p));
            p += 3;
            continue;
        }
        break;
    }
    u->host.ptr = h;
    u->host.len = (size_t)(p - h);
    u->host_type = CURI_HOST_REGNAME;
    if (p > h && curi__is((unsigned char)*h, CURI__DIGIT) && curi__ipv4(u->ip, h, p, &bad))
        u->host_type = CURI_HOST_IPV4;
    *stop = p;
    return CURI_OK;
}

/* curi_host_parse and the suites' curi__host_parse (testing.h): known is the flag set taken. */
static int host_parse_entry(curi_uri *out, const char *s, size_t len, unsigned flags,
                            curi_error *err, unsigned known)
{
    const char *stop;
    curi_uri tmp;
    int rc;

    if (out == NULL || (flags & ~known))
        return curi__fail(err, CURI_ERR_INVALID_ARG, 0);
    if (len > CURI_MAX_LEN)
        return curi__fail(err, CURI_ERR_TOO_LONG, CURI_MAX_LEN);
    if (!s) {
        if (len)
            return curi__fail(err, CURI_ERR_INVALID_ARG, 0);
        s = "";
    }
    memset(tmp.ip, 0, sizeof tmp.ip);
    if ((flags & CURI_PARSE_IRI) && (len == 0 || s[0] != '[')) {
        /* ihost = IP-literal / IPv4address / ireg-name (RFC 3987 2.2) */
        const char *bad = NULL, *e = s + len;
        stop = curi__iri_pct_run(s, e, CURI__REGNAME, &bad);
        if (stop == NULL)
            return curi__fail(err, CURI_ERR_PCT, (size_t)(bad - s));
        if (stop != e) {
            uint32_t c;
            int code = CURI_ERR_HOST_CHAR;
            if ((unsigned char)*stop >= 0x80 && curi__utf8(stop, e, &c) == 0)
                code = CURI_ERR_UTF8;
            return curi__fail(err, code, (size_t)(stop - s));
        }
        tmp.host.ptr = s;
        tmp.host.len = len;
        tmp.zone.ptr = NULL;
        tmp.zone.len = 0;
        tmp.host_type = CURI_HOST_REGNAME;
        if (len && curi__is((unsigned char)*s, CURI__DIGIT) && curi__ipv4(tmp.ip, s, e, &bad))
            tmp.host_type = CURI_HOST_IPV4;
        rc = CURI_OK;
    } else {
        rc = curi__host(&tmp, s, s, s + len, &stop, flags, err);
    }
    if (rc != CURI_OK)
        return rc;
    if (stop != s + len)
        return curi__fail(err, tmp.host_type >= CURI_HOST_IPV6 ? CURI_ERR_IP_LITERAL
                                                                : CURI_ERR_HOST_CHAR,
                          (size_t)(stop - s));
    out->host = tmp.host;
    out->host_type = tmp.host_type;
    memcpy(out->ip, tmp.ip, sizeof out->ip);
    out->zone = tmp.zone;
    return curi__ok(err);
}

int curi_host_parse(curi_uri *out, const char *s, size_t len, unsigned flags, curi_error *err)
{
    return host_parse_entry(out, s, len, flags, err, CURI__PARSE_FLAGS | CURI_PARSE_IRI);
}

int curi__host_parse(curi_uri *out, const char *s, size_t len, unsigned flags, curi_error *err)
{
    return host_parse_entry(out, s, len, flags, err,
                            CURI__PARSE_FLAGS | CURI_PARSE_IRI | CURI__PARSE_SCALAR);
}
