/*
 * iri.c -- mapping IRIs to URIs and back (RFC 3987 3.1, 3.2) and comparing IRIs (5.3).
 *
 * Both mappings parse their input as an IRI-reference first (curi_parse with CURI_PARSE_IRI),
 * so they work on valid text only, and then copy it byte by byte with one rule: 3.1 writes
 * every byte above 0x7F as "%HH"; 3.2 turns runs of "%HH" that spell one allowed character in
 * UTF-8 back into its raw bytes.  Delimiters are ASCII, which neither rule touches, so the
 * components keep their places.  The host may instead go through IDNA (idn.c).  No
 * allocation of their own; linear time.  SPDX-License-Identifier: MIT
 */
#include "iri.h"

static const char HEX[] = "0123456789ABCDEF";

/* 3 * len (+ room for an ASCII host with IDN), saturated. */
size_t curi_iri_to_uri_bound(size_t len, unsigned flags)
{
    size_t n = len > CURI_MAX_LEN ? CURI_MAX_LEN : len;
    n = 3 * n;
    if (flags & CURI_IRI_IDN)
        n = curi__add_sat(n, curi_host_to_ascii_bound(0));
    return curi__bound(n);
}

/* len, or 4 * len with IDN (a U-label holds at most 4 bytes of UTF-8 per A-label byte). */
size_t curi_uri_to_iri_bound(size_t len, unsigned flags)
{
    size_t n = len > CURI_MAX_LEN ? CURI_MAX_LEN : len;
    if (flags & CURI_IRI_IDN)
        n = curi__add_sat(4 * n, curi_host_to_unicode_bound(0));
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
            char t[3] = {'%', HEX[(unsigned char)s[i] >> 4], HEX[(unsigned char)s[i] & 15]};
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

/* The mappings' flag checks: the family's bits only, and IDN only with libidn2. */
static int map_flags(unsigned flags)
{
    if (flags & ~(unsigned)CURI_IRI_IDN)
        return CURI_ERR_INVALID_ARG;
    if ((flags & CURI_IRI_IDN) && !(curi_features() & CURI_FEATURE_IDN))
        return CURI_ERR_UNSUPPORTED;
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

int curi_iri_to_uri(char *dst, size_t cap, size_t *outlen, const char *iri, size_t len,
                    unsigned flags, curi_error *err)
{
    curi__out o = {dst, cap, 0};
    curi_uri u;
    size_t n;
    int rc;

    rc = map_begin(dst, cap, outlen, &u, iri, len, flags, err);
    if (rc != CURI_OK)
        return rc;
    if ((flags & CURI_IRI_IDN) && u.host_type == CURI_HOST_REGNAME &&
        non_ascii(u.host.ptr, u.host.len)) {
        /* 3.1 with IDNA: the reg-name as ToASCII writes it, the rest encoded. */
        char a[256];
        size_t alen, at = (size_t)(u.host.ptr - iri);
        curi_error e;
        rc = curi_host_to_ascii(a, sizeof a, &alen, u.host.ptr, u.host.len, 0, &e);
        if (rc != CURI_OK) {
            curi__fail(err, rc, at + e.offset);
            if (err)
                err->reserved = e.reserved; /* the reason, for curi_idn_reason */
            return curi__wend(rc, 0, outlen, err);
        }
        put_encoded(&o, iri, at);
        curi__put(&o, a, alen);
        put_encoded(&o, u.host.ptr + u.host.len, len - at - u.host.len);
    } else {
        put_encoded(&o, iri, len);
    }
    rc = curi__out_end(&o, &n);
    return curi__wend(rc, n, outlen, err);
}

/*
 * s[0..n) (which starts at input offset base) with the "%HH" runs that spell one character
 * allowed raw decoded (3.2 steps 1-3); [qlo, qhi) is the query's input span, where iprivate
 * is allowed too.  The input is valid, so every '%' starts a triplet.
 */
static void put_decoded(curi__out *o, const char *s, size_t n, size_t base, size_t qlo,
                        size_t qhi)
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
        b[0] = (char)(curi__hexval((unsigned char)s[i + 1]) * 16 +
                      curi__hexval((unsigned char)s[i + 2]));
        need = (unsigned char)b[0] >= 0xF0 ? 4 : (unsigned char)b[0] >= 0xE0 ? 3 : 2;
        for (k = 1; (unsigned char)b[0] >= 0xC2 && k < need; k++) {
            const char *t = s + i + 3 * k;
            if (i + 3 * k + 3 > n || t[0] != '%')
                break;
            b[k] = (char)(curi__hexval((unsigned char)t[1]) * 16 +
                          curi__hexval((unsigned char)t[2]));
        }
        if ((unsigned char)b[0] >= 0xC2 && k == need && curi__utf8(b, b + need, &c) == need &&
            curi__iri_char(c, base + i >= qlo && base + i < qhi) && !curi__iri_invisible(c)) {
            curi__put(o, b, need);
            i += 3 * need;
        } else {
            curi__put(o, s + i, 3); /* kept as it is, hex case and all */
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
static size_t label_end(const char *s, size_t i, size_t n)
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
        size_t ae = label_end(a, ai, an), ue = label_end(u, ui, un), n = 0;
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
    size_t n, qlo = SIZE_MAX, qhi = SIZE_MAX;
    int rc;

    rc = map_begin(dst, cap, outlen, &u, uri, len, flags, err);
    if (rc != CURI_OK)
        return rc;
    if (u.query.ptr != NULL) {
        qlo = (size_t)(u.query.ptr - uri);
        qhi = qlo + u.query.len;
    }
    if (u.host_type >= CURI_HOST_IPV6) {
        /* An IP literal is ASCII in an IRI too (its zone ID may not hold ucschar): copied. */
        size_t at = (size_t)(u.host.ptr - uri), to = at + u.host.len;
        put_decoded(&o, uri, at, 0, qlo, qhi);
        curi__put(&o, u.host.ptr, u.host.len);
        put_decoded(&o, uri + to, len - to, to, qlo, qhi);
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
            put_decoded(&o, uri, at, 0, qlo, qhi);
            put_ulabels(&o, u.host.ptr, u.host.len, h, hlen);
            put_decoded(&o, uri + to, len - to, to, qlo, qhi);
            rc = curi__out_end(&o, &n);
            return curi__wend(rc, n, outlen, err);
        }
    }
    put_decoded(&o, uri, len, 0, qlo, qhi);
    rc = curi__out_end(&o, &n);
    return curi__wend(rc, n, outlen, err);
}

size_t curi_iri_compare_bound(size_t alen, size_t blen, unsigned flags)
{
    return curi__bound(
        curi__add_sat(curi_iri_to_uri_bound(alen, flags), curi_iri_to_uri_bound(blen, flags)));
}

/* 5.3: the IRIs mapped to URIs (3.1) and compared on the ladder of RFC 3986 6.2. */
curi_equiv curi_iri_compare(const char *a, size_t alen, const char *b, size_t blen,
                            unsigned flags, curi_equiv max_level, char *work, size_t cap)
{
    size_t la, lb;
    curi_uri ua, ub;

    if (work == NULL && cap != 0)
        return CURI_EQ_NONE;
    if (curi_iri_to_uri(work, cap, &la, a, alen, flags, NULL) != CURI_OK ||
        curi_iri_to_uri(work + la, cap - la, &lb, b, blen, flags, NULL) != CURI_OK)
        return CURI_EQ_NONE;
    if (curi_parse(&ua, work, la, 0, NULL) != CURI_OK ||
        curi_parse(&ub, work + la, lb, 0, NULL) != CURI_OK)
        return CURI_EQ_NONE;
    return curi_compare(&ua, &ub, max_level);
}
