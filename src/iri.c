/*
 * iri.c -- mapping IRIs to URIs and back (RFC 3987 3.1, 3.2) and comparing IRIs (5.3).
 *
 * Both mappings parse their input as an IRI-reference first (curi_parse with CURI_PARSE_IRI),
 * so they work on valid text only, and then copy it byte by byte with one rule: 3.1 writes
 * every byte above 0x7F as "%HH"; 3.2 turns runs of "%HH" that spell one allowed character in
 * UTF-8 back into its raw bytes, and "%HH" of an unreserved ASCII character into it.
 * Delimiters are ASCII, which neither rule writes, so the components keep their places.  A
 * DNS host (and mailto's domains) may instead go through IDNA (idn.c).  No allocation of
 * their own; linear time.  SPDX-License-Identifier: MIT
 */
#include "iri.h"
#include "schemes/schemes.h"

/*
 * 3 * len, + room for an ASCII host with IDN; with IDN_DNS also for mailto's domains: a
 * domain that IDNA converts has at least 2 bytes (one non-ASCII character), counted 3 times
 * each, and becomes at most 254, so each input byte may need 124 more.  Saturated.
 */
size_t curi_iri_to_uri_bound(size_t len, unsigned flags)
{
    size_t n = len > CURI_MAX_LEN ? CURI_MAX_LEN : len, b = n > SIZE_MAX / 3 ? SIZE_MAX : 3 * n;
    if (flags & (CURI_IRI_IDN | CURI_IRI_IDN_DNS))
        b = curi__add_sat(b, curi_host_to_ascii_bound(0));
    if (flags & CURI_IRI_IDN_DNS)
        b = curi__add_sat(b, n > SIZE_MAX / 124 ? SIZE_MAX : 124 * n);
    return curi__bound(b);
}

/* len, or 4 * len with IDN (a U-label holds at most 4 bytes of UTF-8 per A-label byte). */
size_t curi_uri_to_iri_bound(size_t len, unsigned flags)
{
    size_t n = len > CURI_MAX_LEN ? CURI_MAX_LEN : len;
    if (flags & CURI_IRI_IDN)
        n = curi__add_sat(n > SIZE_MAX / 4 ? SIZE_MAX : 4 * n, curi_host_to_unicode_bound(0));
    return curi__bound(n);
}

/* s[0..n) with every byte above 0x7F written "%HH" (3.1 step 2). */
static void put_encoded(curi__out *o, const char *s, size_t n)
{
    size_t i = 0;
    while (i < n) {
        size_t j = i;
        while (j < n && (unsigned char)s[j] < 0x80)
            j++;
        curi__put(o, s + i, j - i);
        for (i = j; i < n && (unsigned char)s[i] >= 0x80; i++) {
            char t[3] = {'%', curi__hexdigit((unsigned char)s[i] >> 4),
                         curi__hexdigit((unsigned char)s[i])};
            curi__put(o, t, 3);
        }
    }
}

/* Does host h[0..n) hold a non-ASCII character, raw or as %HH with HH above 7F? */
static int non_ascii(const char *h, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)h[i];
        if (c >= 0x80 || (c == '%' && i + 1 < n && curi__hexval((unsigned char)h[i + 1]) >= 8))
            return 1;
    }
    return 0;
}

/* The mappings' flag checks: the family's bits only. */
static int map_flags(unsigned flags)
{
    const unsigned idn = CURI_IRI_IDN | CURI_IRI_IDN_DNS;
    if (flags & ~idn)
        return CURI_ERR_INVALID_ARG;
    return CURI_OK;
}

/* What both mappings do first: begin the writer contract, check the flags and parse s as an
 * IRI reference into u.  CURI_OK, or the error, already ended with curi__wend. */
static int map_begin(char *dst, size_t cap, size_t *outlen, curi_uri *u, const char *s,
                     size_t len, unsigned flags, curi_error *err)
{
    int rc;

    if (!curi__wbegin(dst, cap, outlen, 1))
        return curi__wend(curi__fail(err, CURI_ERR_INVALID_ARG, 0), 0, outlen, err);
    rc = map_flags(flags);
    if (rc != CURI_OK)
        return curi__wend(curi__fail(err, rc, 0), 0, outlen, err);
    rc = curi_parse(u, s, len, CURI_PARSE_IRI, err);
    if (rc != CURI_OK)
        return curi__wend(rc, 0, outlen, err);
    return CURI_OK;
}

/*
 * iri[from..to) (a host or a mailto domain) written by ToASCII when it holds a non-ASCII
 * character, else encoded; CURI_OK or IDNA's error, with its offset into iri.
 */
static int put_dns(curi__out *o, const char *iri, size_t from, size_t to, curi_error *err)
{
    char a[256];
    size_t alen;
    curi_error e;
    int rc;

    if (!non_ascii(iri + from, to - from)) {
        curi__put(o, iri + from, to - from);
        return CURI_OK;
    }
    rc = curi_host_to_ascii(a, sizeof a, &alen, iri + from, to - from, 0, &e);
    if (rc != CURI_OK) {
        curi__fail(err, rc, from + e.offset);
        if (err)
            err->detail = e.detail; /* the reason, for curi_idn_reason */
        return rc;
    }
    curi__put(o, a, alen);
    return CURI_OK;
}

/* mailto's path p[from..to) of iri: each address's domain (after its last '@', up to the
 * next ',', RFC 6068 2) by put_dns, the rest encoded. */
static int put_mailto(curi__out *o, const char *iri, size_t from, size_t to, curi_error *err)
{
    size_t i = from;
    while (i < to) {
        size_t end = i, at = SIZE_MAX;
        int rc;
        while (end < to && iri[end] != ',') {
            if (iri[end] == '@')
                at = end;
            end++;
        }
        if (at == SIZE_MAX) {
            put_encoded(o, iri + i, end - i);
        } else {
            put_encoded(o, iri + i, at + 1 - i);
            rc = put_dns(o, iri, at + 1, end, err);
            if (rc != CURI_OK)
                return rc;
        }
        if (end < to)
            curi__put(o, ",", 1);
        i = end + 1;
    }
    return CURI_OK;
}

int curi_iri_to_uri(char *dst, size_t cap, size_t *outlen, const char *iri, size_t len,
                    unsigned flags, curi_error *err)
{
    curi__out o = {dst, cap, 0};
    curi_uri u;
    size_t n, from = len, to = len;
    int rc, dns = 0;

    rc = map_begin(dst, cap, outlen, &u, iri, len, flags, err);
    if (rc != CURI_OK)
        return rc;
    /* The span IDNA writes (3.1 with IDNA): the reg-name host (every one with CURI_IRI_IDN;
     * with CURI_IRI_IDN_DNS a scheme's whose host the registry says is a DNS name), or the
     * path of such a scheme without an authority, whose addresses have domains (mailto). */
    if ((flags & CURI_IRI_IDN_DNS) && u.scheme.ptr != NULL)
        dns = (curi_scheme_flags(curi_scheme_find(u.scheme.ptr, u.scheme.len)) &
               CURI_SCHEME_DNS_HOST) != 0;
    if (u.host_type == CURI_HOST_REGNAME && ((flags & CURI_IRI_IDN) || dns)) {
        from = (size_t)(u.host.ptr - iri);
        to = from + u.host.len;
    } else if (dns && u.host.ptr == NULL && u.path.ptr != NULL) {
        from = (size_t)(u.path.ptr - iri);
        to = from + u.path.len;
    } else {
        dns = 0;
    }
    put_encoded(&o, iri, from);
    if (from < len) {
        rc = dns && u.host.ptr == NULL ? put_mailto(&o, iri, from, to, err)
                                       : put_dns(&o, iri, from, to, err);
        if (rc != CURI_OK)
            return curi__wend(rc, 0, outlen, err);
        put_encoded(&o, iri + to, len - to);
    }
    rc = curi__out_end(&o, &n);
    return curi__wend(rc, n, outlen, err);
}

/*
 * s[0..n) (which starts at input offset base) with the "%HH" runs that spell one character
 * allowed raw decoded (3.2 steps 1-3); [qlo, qhi) is the query's input span, where iprivate
 * is allowed too.  The input is valid, so every '%' starts a triplet.
 */
static void put_iri_decoded(curi__out *o, const char *s, size_t n, size_t base, size_t qlo,
                        size_t qhi, int ascii)
{
    size_t i = 0;
    while (i < n) {
        size_t j = i;
        char b[4];
        uint32_t c;
        size_t need, k;
        while (j < n && s[j] != '%')
            j++;
        curi__put(o, s + i, j - i);
        if (j == n)
            return;
        i = j;
        b[0] = (char)curi__pct_octet(s + i);
        if (ascii && curi__is((unsigned char)b[0], CURI__UNRESERVED)) {
            curi__put(o, b, 1); /* 3.2 step 1: unreserved ASCII too ("%7E" -> "~") */
            i += 3;
            continue;
        }
        need = (unsigned char)b[0] >= 0xF0 ? 4 : (unsigned char)b[0] >= 0xE0 ? 3 : 2;
        for (k = 1; (unsigned char)b[0] >= 0xC2 && k < need; k++) {
            const char *t = s + i + 3 * k;
            if (i + 3 * k + 3 > n || t[0] != '%')
                break;
            b[k] = (char)curi__pct_octet(t);
        }
        if ((unsigned char)b[0] >= 0xC2 && k == need && curi__utf8(b, b + need, &c) == need &&
            curi__iri_char(c, base + i >= qlo && base + i < qhi) && !curi__iri_invisible(c)) {
            curi__put(o, b, need);
            i += 3 * need;
        } else {
            /* 3.2 step 3: re-encoded, uppercase ("%e2" -> "%E2") */
            char t[3] = {'%', curi__hexdigit((unsigned char)b[0] >> 4),
                         curi__hexdigit((unsigned char)b[0])};
            curi__put(o, t, 3);
            i += 3;
        }
    }
}

/* A reg-name with an "xn--" label, in any case. */
static int has_alabel(const char *h, size_t n)
{
    for (size_t i = 0; i + 4 <= n; i++)
        if ((i == 0 || h[i - 1] == '.') && (h[i] | 0x20) == 'x' && (h[i + 1] | 0x20) == 'n' &&
            h[i + 2] == '-' && h[i + 3] == '-')
            return 1;
    return 0;
}

/* Every character of u[0..n) may stand raw in an ireg-name (and none is invisible). */
static int ireg_name(const char *u, size_t n)
{
    for (size_t i = 0; i < n;) {
        uint32_t c;
        size_t k;
        if ((unsigned char)u[i] < 0x80) {
            if (!curi__is((unsigned char)u[i], CURI__REGNAME) || u[i] == '%')
                return 0;
            i++;
            continue;
        }
        k = curi__utf8(u + i, u + n, &c);
        if (k == 0 || !curi__iri_char(c, 0) || curi__iri_invisible(c))
            return 0;
        i += k;
    }
    return 1;
}

/* The end of the label of s[i..n) that starts at i. */
static size_t dns_label_end(const char *s, size_t i, size_t n)
{
    const char *d = (i < n) ? memchr(s + i, '.', n - i) : NULL;
    return d ? (size_t)(d - s) : n;
}

/*
 * The host as U-labels u[0..un), except a label UTS #39 flags (mixed scripts beyond the
 * Highly Restrictive level, or a whole-script confusable of an ASCII label: what Chrome's
 * IDN display policy shows as punycode), which is written as its A-label from a[0..an).
 * When the two do not have the same labels, a is written whole.
 */
static void put_ulabels(curi__out *o, const char *a, size_t an, const char *u, size_t un)
{
    size_t ai = 0, ui = 0, na = 1, nu = 1;

    for (size_t i = 0; i < an; i++)
        na += a[i] == '.';
    for (size_t i = 0; i < un; i++)
        nu += u[i] == '.';
    if (na != nu) {
        curi__put(o, a, an);
        return;
    }
    for (;;) {
        size_t ae = dns_label_end(a, ai, an), ue = dns_label_end(u, ui, un), n = 0;
        uint32_t cp[63];
        int x, y, keep = 0;
        for (size_t i = ui; i < ue && !keep;) {
            size_t k = (unsigned char)u[i] < 0x80 ? 1 : curi__utf8(u + i, u + ue, &cp[n]);
            if (k == 0 || n == 63) {
                keep = 1; /* cannot happen for a valid U-label */
                break;
            }
            if (k == 1)
                cp[n] = (unsigned char)u[i];
            n++;
            i += k;
        }
        keep = keep || curi__uni_label_check(cp, n, &x, &y) != 0;
        if (keep)
            curi__put(o, a + ai, ae - ai);
        else
            curi__put(o, u + ui, ue - ui);
        if (ae >= an || ue >= un)
            return;
        curi__put(o, ".", 1);
        ai = ae + 1;
        ui = ue + 1;
    }
}

int curi_uri_to_iri(char *dst, size_t cap, size_t *outlen, const char *uri, size_t len,
                    unsigned flags, curi_error *err)
{
    curi__out o = {dst, cap, 0};
    curi_uri u;
    const curi_scheme *si;
    size_t n, qlo = SIZE_MAX, qhi = SIZE_MAX;
    int rc, ascii;

    rc = map_begin(dst, cap, outlen, &u, uri, len, flags, err);
    if (rc != CURI_OK)
        return rc;
    /* 3.2 step 1 decodes unreserved ASCII too, but not where the scheme compares the octets
     * as written (the registry's norm_never: a URN's NSS, RFC 8141 3.1), so that the IRI
     * stays equivalent to the URI */
    si = curi__scheme_of(&u);
    ascii = !(si != NULL && si->ops != NULL && (si->ops->norm_never & CURI_NORM_UNRESERVED));
    if (u.query.ptr != NULL) {
        qlo = (size_t)(u.query.ptr - uri);
        qhi = qlo + u.query.len;
    }
    if (u.host_type >= CURI_HOST_IPV6) {
        /* An IP literal is ASCII in an IRI too (its zone ID may not hold ucschar): copied. */
        size_t at = (size_t)(u.host.ptr - uri), to = at + u.host.len;
        put_iri_decoded(&o, uri, at, 0, qlo, qhi, ascii);
        curi__put(&o, u.host.ptr, u.host.len);
        put_iri_decoded(&o, uri + to, len - to, to, qlo, qhi, ascii);
        rc = curi__out_end(&o, &n);
        return curi__wend(rc, n, outlen, err);
    }
    if ((flags & CURI_IRI_IDN) && u.host_type == CURI_HOST_REGNAME &&
        has_alabel(u.host.ptr, u.host.len)) {
        char h[1024];
        size_t hlen, at = (size_t)(u.host.ptr - uri), to = at + u.host.len;
        if (curi_host_to_unicode(h, sizeof h, &hlen, u.host.ptr, u.host.len, 0, NULL) ==
                CURI_OK &&
            ireg_name(h, hlen)) {
            put_iri_decoded(&o, uri, at, 0, qlo, qhi, ascii);
            put_ulabels(&o, u.host.ptr, u.host.len, h, hlen);
            put_iri_decoded(&o, uri + to, len - to, to, qlo, qhi, ascii);
            rc = curi__out_end(&o, &n);
            return curi__wend(rc, n, outlen, err);
        }
    }
    put_iri_decoded(&o, uri, len, 0, qlo, qhi, ascii);
    rc = curi__out_end(&o, &n);
    return curi__wend(rc, n, outlen, err);
}

size_t curi_iri_compare_bound(size_t alen, size_t blen, unsigned flags)
{
    return curi__bound(
        curi__add_sat(curi_iri_to_uri_bound(alen, flags), curi_iri_to_uri_bound(blen, flags)));
}

/*
 * The URIs of a and b (3.1 with flags) in work, parsed into ua and ub: CURI_OK, or the error
 * of a's mapping (its offset into a), else of b's (into b); CURI_ERR_NOSPACE (offset 0) when
 * work is too small for the two.
 */
static int map_pair(const char *a, size_t alen, const char *b, size_t blen, unsigned flags,
                    char *work, size_t cap, curi_uri *ua, curi_uri *ub, curi_error *err)
{
    size_t la, lb;
    int rc = curi_iri_to_uri(work, cap, &la, a, alen, flags, err);
    if (rc == CURI_ERR_NOSPACE)
        la = cap; /* b is mapped all the same: an error of b comes before NOSPACE */
    else if (rc != CURI_OK)
        return rc;
    {
        curi_error eb;
        int rb = curi_iri_to_uri(work + la, cap - la, &lb, b, blen, flags, &eb);
        if (rb != CURI_OK && rb != CURI_ERR_NOSPACE) {
            if (err)
                *err = eb;
            return rb;
        }
        if (rc != CURI_OK || rb != CURI_OK)
            return curi__fail(err, CURI_ERR_NOSPACE, 0);
    }
    /* Their URIs parse (curi_iri_to_uri's promise); a failure here would be the library's. */
    rc = curi_parse(ua, work, la, 0, err);
    return rc != CURI_OK ? rc : curi_parse(ub, work + la, lb, 0, err);
}

/*
 * 5.3 on the ladder of RFC 3986 6.2: the IRIs as strings (5.3.1), then their URIs (3.1)
 * after syntax-based normalization (5.3.2: percent-encoding normalization of 5.3.2.3 makes
 * "ü" and "%C3%BC" one), after scheme-based normalization, and with IDNA for the hosts that
 * flags give to it (5.3.3: "bücher.example" and "xn--bcher-kva.example").
 */
int curi_iri_compare(const char *a, size_t alen, const char *b, size_t blen, unsigned flags,
                     curi_equiv max_level, char *work, size_t cap, curi_equiv *level,
                     curi_error *err)
{
    curi_uri ua, ub;
    curi_equiv lv;
    int rc;

    if (level != NULL)
        *level = CURI_EQ_NONE;
    if (level == NULL || (work == NULL && cap != 0) || (a == NULL && alen != 0) ||
        (b == NULL && blen != 0) || (flags & ~(unsigned)CURI__IRI_FLAGS) ||
        (int)max_level < CURI_EQ_NONE || max_level > CURI_EQ_SCHEME)
        return curi__fail(err, CURI_ERR_INVALID_ARG, 0);
    rc = map_pair(a, alen, b, blen, 0, work, cap, &ua, &ub, err);
    if (rc != CURI_OK)
        return rc;
    if (max_level == CURI_EQ_NONE)
        return curi__ok(err);
    if (alen == blen && (alen == 0 || memcmp(a, b, alen) == 0)) {
        *level = CURI_EQ_STRING;
        return curi__ok(err);
    }
    rc = curi_compare(&ua, &ub, max_level, &lv, err);
    if (rc != CURI_OK)
        return rc;
    if (lv == CURI_EQ_STRING)
        lv = max_level >= CURI_EQ_SYNTAX ? CURI_EQ_SYNTAX : CURI_EQ_NONE;
    if (lv != CURI_EQ_NONE || max_level < CURI_EQ_SCHEME ||
        !(flags & (CURI_IRI_IDN | CURI_IRI_IDN_DNS))) {
        *level = lv;
        return curi__ok(err);
    }
    rc = map_pair(a, alen, b, blen, flags, work, cap, &ua, &ub, err);
    if (rc == CURI_OK)
        rc = curi_compare(&ua, &ub, CURI_EQ_SCHEME, &lv, err);
    if (rc == CURI_OK && lv != CURI_EQ_NONE)
        *level = CURI_EQ_SCHEME;
    return rc;
}
