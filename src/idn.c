/*
 * idn.c -- internationalized host names: UTS #46 ToASCII and ToUnicode through libidn2
 * (RFC 5890-5893 as UTS #46 processes them), for curi_host_to_ascii, curi_host_to_unicode and
 * the mappings of iri.c.  libidn2 does the mapping, the normalization, Punycode and most
 * checks; this file closes the gaps of libidn2 2.3 that can be closed around it:
 *   - UseSTD3ASCIIRules, only with CURI_HOST_STD3 (host names in URLs carry '_': _dmarc,
 *     SRV-style and intranet names): IDN2_USE_STD3_ASCII_RULES deletes a disallowed
 *     character instead of failing ("a_b" -> "ab"), so the name is converted without it and
 *     the result is checked here: only letters, digits, '-' and '.' in ASCII, and none of
 *     U+2260, U+226E, U+226F (disallowed_STD3_valid outside ASCII) in a U-label.  Without
 *     it the ASCII result may still hold only what a URI's reg-name holds (unreserved and
 *     sub-delims): UTS #46 maps U+FF0F to '/', which must not end up in a host;
 *   - VerifyDnsLength: an empty label (other than the root's) and a name over 253 bytes are
 *     refused here, libidn2 letting them through;
 *   - ToUnicode: idn2_to_unicode_8z8z only decodes Punycode (no mapping, no validation, and a
 *     label it cannot decode disappears), so ToUnicode is ToASCII, which validates, and then
 *     the decoding of labels known to be valid;
 *   - CheckBidi: libidn2 checks only the labels with right-to-left characters, and misses
 *     RFC 5893 rule 4 (EN and AN in one label), so in a name that has a right-to-left
 *     character a label starting with a digit (rule 1 wants L, R or AL) and a label with
 *     both kinds of digit are refused here.  The rest of the rule for a left-to-right label
 *     beside a right-to-left one (rules 5 and 6) needs the Bidi classes of all its
 *     characters, which libidn2 does not expose: that gap stays (libcuri(3)).
 * libidn2 allocates its results; they are freed before each function returns.  Without
 * libidn2 (CURI_HAVE_IDN2 undefined: the Makefile's IDN=0 or no pkg-config libidn2) the
 * functions check their arguments and return CURI_ERR_UNSUPPORTED.
 * SPDX-License-Identifier: MIT
 */
#include <string.h>

#include "internal.h"

#ifdef CURI_HAVE_IDN2
#include <idn2.h>
#endif

#define MAXIN CURI_IDN_MAX_INPUT

/* err->detail after an IDNA error: libidn2's return code negated (100 and up), or one of
 * curi's own checks. */
enum { R_NONE, R_STD3, R_LENGTH, R_BIDI, R_DECODE, R_VALID, R_REGNAME };

#ifdef CURI_HAVE_IDN2
static int because(curi_error *err, int code, size_t offset, unsigned why)
{
    curi__fail(err, code, offset);
    if (err)
        err->detail = why;
    return code;
}
#endif

/* The names of curi's own checks (UTS #46 options), for curi_idn_reason. */
static const char *const own_name[] = {NULL, "UseSTD3ASCIIRules", "VerifyDnsLength", "CheckBidi",
                                       "ToUnicode", "ValidityCriteria", "URIHost"};
static const char *const own_msg[] = {
    NULL, "only letters, digits and '-' may stand in an ASCII label (checked by libcuri)",
    "labels of 1 to 63 bytes and names up to 253 (checked by libcuri)",
    "a digit first, or European and Arabic digits, in a label of a right-to-left name "
    "(checked by libcuri)",
    "an A-label that libidn2 could not decode (checked by libcuri)",
    "an A-label whose label is not valid: it does not give the same A-label again (checked by "
    "libcuri)",
    "a character that maps to ASCII a URI host cannot hold, such as '/' or a space (checked by "
    "libcuri)"};

const char *curi_idn_reason(const curi_error *err, const char **message)
{
    unsigned r;
    if (message)
        *message = NULL;
    if (err == NULL || err->code < CURI_ERR_IDN_DISALLOWED || err->code > CURI_ERR_IDN_STD3)
        return NULL;
    r = err->detail;
    if (r > R_NONE && r <= R_REGNAME) {
        if (message)
            *message = own_msg[r];
        return own_name[r];
    }
#ifdef CURI_HAVE_IDN2
    if (r >= 100 && r < 1000) {
        if (message)
            *message = idn2_strerror(-(int)r);
        return idn2_strerror_name(-(int)r);
    }
#endif
    return NULL;
}
#define ASCII_MAX 256 /* a valid name: at most 253 bytes, a root dot, room to spare */
#define UNI_MAX 1024  /* its U-labels: at most 4 bytes of UTF-8 per Punycode byte */

size_t curi_host_to_ascii_bound(size_t len)
{
    return curi__bound(len > ASCII_MAX ? len : ASCII_MAX);
}

size_t curi_host_to_unicode_bound(size_t len)
{
    return curi__bound(len > UNI_MAX ? len : UNI_MAX);
}

/* An IP literal: checked as curi_host_parse does, copied.  1 when host is one. */
static int put_ip_literal(curi__out *o, const char *h, size_t n, int *rc, curi_error *err)
{
    curi_uri u;
    if (n == 0 || h[0] != '[')
        return 0;
    *rc = curi_host_parse(&u, h, n, 0, err);
    if (*rc == CURI_OK)
        curi__put(o, h, n);
    return 1;
}

#ifdef CURI_HAVE_IDN2
/* The name, percent-decoded and NUL-terminated, with each byte's offset in the input. */
typedef struct idn_name {
    char s[MAXIN + 1];
    uint16_t off[MAXIN + 1];
    size_t n;
    uint16_t lab[MAXIN + 2], labend[MAXIN + 2]; /* each label's [start, end) in s */
    size_t nlab;
} idn_name;

/* A label separator of UTS #46 (mapped to '.'): '.', U+3002, U+FF0E, U+FF61; its length. */
static size_t dot_at(const char *s, size_t i, size_t n)
{
    const unsigned char *u = (const unsigned char *)s + i;
    if (u[0] == '.')
        return 1;
    if (n - i >= 3 && ((u[0] == 0xE3 && u[1] == 0x80 && u[2] == 0x82) ||
                       (u[0] == 0xEF && u[1] == 0xBC && u[2] == 0x8E) ||
                       (u[0] == 0xEF && u[1] == 0xBD && u[2] == 0xA1)))
        return 3;
    return 0;
}

/* Decode h[0..len) into *nm: PCT, UTF8, IDN_DISALLOWED (NUL) or IDN_LENGTH on failure. */
static int name_read(idn_name *nm, const char *h, size_t len, curi_error *err)
{
    size_t i = 0, n = 0;
    while (i < len) {
        unsigned char c = (unsigned char)h[i];
        size_t at = i;
        if (n >= MAXIN)
            return because(err, CURI_ERR_IDN_LENGTH, i, R_LENGTH);
        if (c == '%') {
            if (!curi__is_pct(h + i, h + len))
                return curi__fail(err, CURI_ERR_PCT, i);
            c = curi__pct_octet(h + i);
            i += 3;
        } else {
            i++;
        }
        if (c == 0)
            return because(err, CURI_ERR_IDN_DISALLOWED, at, R_REGNAME);
        nm->s[n] = (char)c;
        nm->off[n++] = (uint16_t)(at > 0xFFFF ? 0xFFFF : at);
    }
    nm->s[n] = '\0';
    nm->off[n] = (uint16_t)(len > 0xFFFF ? 0xFFFF : len);
    nm->n = n;
    nm->nlab = 0;
    nm->lab[nm->nlab++] = 0;
    for (i = 0; i < n;) {
        uint32_t cp;
        size_t k;
        if ((unsigned char)nm->s[i] >= 0x80 && curi__utf8(nm->s + i, nm->s + n, &cp) == 0)
            return curi__fail(err, CURI_ERR_UTF8, nm->off[i]);
        k = dot_at(nm->s, i, n);
        if (k) {
            nm->labend[nm->nlab - 1] = (uint16_t)i;
            i += k;
            nm->lab[nm->nlab++] = (uint16_t)i;
            continue;
        }
        i += (unsigned char)nm->s[i] < 0x80 ? 1 : curi__utf8(nm->s + i, nm->s + n, &cp);
    }
    nm->labend[nm->nlab - 1] = (uint16_t)n;
    return CURI_OK;
}

/* libidn2's return codes as curi's. */
static int idn_code(int rc)
{
    switch (rc) {
    case IDN2_DISALLOWED:
    case IDN2_UNASSIGNED:
    case IDN2_INVALID_TRANSITIONAL:
    case IDN2_INVALID_NONTRANSITIONAL:
    case IDN2_DOT_IN_LABEL:
        return CURI_ERR_IDN_DISALLOWED;
    case IDN2_2HYPHEN:
    case IDN2_HYPHEN_STARTEND:
        return CURI_ERR_IDN_HYPHEN;
    case IDN2_LEADING_COMBINING:
        return CURI_ERR_IDN_LEADING_COMBINING;
    case IDN2_CONTEXTJ:
    case IDN2_CONTEXTJ_NO_RULE:
        return CURI_ERR_IDN_CONTEXTJ;
    case IDN2_CONTEXTO:
    case IDN2_CONTEXTO_NO_RULE:
        return CURI_ERR_IDN_CONTEXTO;
    case IDN2_BIDI:
        return CURI_ERR_IDN_BIDI;
    case IDN2_PUNYCODE_BAD_INPUT:
    case IDN2_PUNYCODE_OVERFLOW:
    case IDN2_INVALID_ALABEL:
    case IDN2_UALABEL_MISMATCH:
    case IDN2_ALABEL_ROUNDTRIP_FAILED:
        return CURI_ERR_IDN_PUNYCODE;
    case IDN2_TOO_BIG_DOMAIN:
    case IDN2_TOO_BIG_LABEL:
    case IDN2_PUNYCODE_BIG_OUTPUT: /* a U-label whose A-label would pass 63 bytes */
        return CURI_ERR_IDN_LENGTH;
    case IDN2_ENCODING_ERROR:
        return CURI_ERR_UTF8;
    default:
        return CURI_ERR_IDN;
    }
}

/* ToASCII of s by libidn2 (nontransitional UTS #46 processing) into a[0..ASCII_MAX). */
static int lookup(const char *s, char *a, size_t *alen)
{
    uint8_t *out = NULL;
    int rc = idn2_lookup_u8((const uint8_t *)s, &out, IDN2_NONTRANSITIONAL);
    size_t n;
    if (rc != IDN2_OK)
        return rc;
    n = strlen((const char *)out);
    if (n >= ASCII_MAX) {
        idn2_free(out);
        return IDN2_TOO_BIG_DOMAIN;
    }
    memcpy(a, out, n + 1);
    *alen = n;
    idn2_free(out);
    return IDN2_OK;
}

/* The input offset of label k of the name (0 when there is no such label). */
static size_t label_off(const idn_name *nm, size_t k)
{
    return k < nm->nlab ? nm->off[nm->lab[k]] : 0;
}

/* An error of the whole name: at the first label that fails alone, else at 0. */
static int fail_label(const idn_name *nm, int code, int rc, curi_error *err)
{
    char one[MAXIN + 1], a[ASCII_MAX];
    size_t alen;
    for (size_t k = 0; k < nm->nlab; k++) {
        size_t b = nm->lab[k], e = nm->labend[k];
        memcpy(one, nm->s + b, e - b);
        one[e - b] = '\0';
        if (lookup(one, a, &alen) != IDN2_OK)
            return because(err, code, label_off(nm, k), (unsigned)-rc);
    }
    return because(err, code, 0, (unsigned)-rc);
}

/*
 * The Bidi classes the checks below need, by block (libidn2 does not expose its table):
 * 1 for a right-to-left character (R, AL or AN), and in *digit 'E' for a European number
 * (EN: ASCII digits, U+06F0-06F9) or 'A' for an Arabic number (AN).
 */
static int rtl_class(uint32_t c, int *digit)
{
    *digit = 0;
    if ((c >= '0' && c <= '9') || (c >= 0x06F0 && c <= 0x06F9)) {
        *digit = 'E';
        return 0;
    }
    if ((c >= 0x0600 && c <= 0x0605) || (c >= 0x0660 && c <= 0x0669) || c == 0x066B ||
        c == 0x066C || c == 0x06DD || c == 0x0890 || c == 0x0891 || c == 0x08E2 ||
        (c >= 0x10D30 && c <= 0x10D39) || (c >= 0x10E60 && c <= 0x10E7E)) {
        *digit = 'A';
        return 1;
    }
    return (c >= 0x0590 && c <= 0x08FF) || (c >= 0xFB1D && c <= 0xFDFF) ||
           (c >= 0xFE70 && c <= 0xFEFF) || (c >= 0x10800 && c <= 0x10FFF) ||
           (c >= 0x1E800 && c <= 0x1EFFF);
}

/*
 * CheckBidi where libidn2 leaves gaps, on the U-labels u[0..n): in a name with a
 * right-to-left character, a label starting with a digit (EN or AN: RFC 5893 rule 1 wants
 * L, R or AL) and a label with both EN and AN (rule 4).  The index of the first label
 * that fails, or -1.
 */
static long bidi_gaps(const char *u, size_t n)
{
    int rtl = 0, d;
    long k = 0;
    uint32_t c;
    for (size_t i = 0; i < n;) {
        size_t len = (unsigned char)u[i] < 0x80 ? 1 : curi__utf8(u + i, u + n, &c);
        if (len <= 1) { /* ASCII (libidn2 wrote u: never ill-formed UTF-8, which is 0) */
            c = (unsigned char)u[i];
            len = 1;
        }
        rtl |= rtl_class(c, &d);
        i += len;
    }
    if (!rtl)
        return -1;
    for (size_t i = 0; i < n; k++) {
        int en = 0, an = 0, first = 1;
        while (i < n && u[i] != '.') {
            size_t len = (unsigned char)u[i] < 0x80 ? 1 : curi__utf8(u + i, u + n, &c);
            if (len <= 1) {
                c = (unsigned char)u[i];
                len = 1;
            }
            (void)rtl_class(c, &d);
            if (first && d)
                return k;
            en |= d == 'E';
            an |= d == 'A';
            first = 0;
            i += len;
        }
        if (en && an)
            return k;
        i++;
    }
    return -1;
}

/* Decode the A-labels of a valid ASCII name a into u[0..UNI_MAX); 0 on failure. */
static size_t decode(const char *a, char *u)
{
    char *out = NULL;
    size_t n;
    if (idn2_to_unicode_8z8z(a, &out, 0) != IDN2_OK || out == NULL)
        return 0;
    n = strlen(out);
    if (n >= UNI_MAX) {
        idn2_free(out);
        return 0;
    }
    memcpy(u, out, n + 1);
    idn2_free(out);
    return n;
}

/*
 * The input offset of the byte of label k that breaks UseSTD3ASCIIRules: its first ASCII
 * byte other than a letter, digit or '-' (the label's start when a mapping made it).
 */
static size_t std3_off(const idn_name *nm, size_t k)
{
    if (k >= nm->nlab)
        return 0;
    for (size_t i = nm->lab[k]; i < nm->labend[k]; i++)
        if ((unsigned char)nm->s[i] < 0x80 && !curi__is((unsigned char)nm->s[i], CURI__LDH))
            return nm->off[i];
    return label_off(nm, k);
}

/* The same for a character a reg-name cannot hold (R_REGNAME). */
static size_t regname_off(const idn_name *nm, size_t k)
{
    if (k >= nm->nlab)
        return 0;
    for (size_t i = nm->lab[k]; i < nm->labend[k]; i++) {
        unsigned char c = (unsigned char)nm->s[i];
        if (c < 0x80 && (c == '%' || !curi__is(c, CURI__REGNAME)))
            return nm->off[i];
    }
    return label_off(nm, k);
}

/*
 * ToASCII of nm into a[0..ASCII_MAX) with libidn2, then the checks it leaves out (the file's
 * comment); std3: UseSTD3ASCIIRules.  u receives the U-labels (decoded A-labels) when want_u
 * is set or a check needs them.
 */
static int to_ascii(const idn_name *nm, char *a, size_t *alen, char *u, size_t *ulen, int want_u,
                    int std3, curi_error *err)
{
    int rc = lookup(nm->s, a, alen);
    size_t n;
    int xn = 0;

    if (rc != IDN2_OK)
        return fail_label(nm, idn_code(rc), rc, err);
    n = *alen;
    /* UseSTD3ASCIIRules (or the reg-name's characters) on the ASCII result; VerifyDnsLength:
     * labels of 1 to 63 bytes (the root label aside), a name of 1 to 253. */
    if (n == 0 || (n == 1 && a[0] == '.'))
        return because(err, CURI_ERR_IDN_LENGTH, 0, R_LENGTH);
    for (size_t i = 0, lab = 0; i < n; i++) {
        unsigned char c = (unsigned char)a[i];
        if (c == '.') {
            if (i == 0 || a[i - 1] == '.')
                return because(err, CURI_ERR_IDN_LENGTH, label_off(nm, lab), R_LENGTH);
            lab++;
        } else if (std3 && !curi__is(c, CURI__LDH)) {
            return because(err, CURI_ERR_IDN_STD3, std3_off(nm, lab), R_STD3);
        } else if (c == '%' || !curi__is(c, CURI__REGNAME)) {
            return because(err, CURI_ERR_IDN_DISALLOWED, regname_off(nm, lab), R_REGNAME);
        }
    }
    if (n - (a[n - 1] == '.') > 253)
        return because(err, CURI_ERR_IDN_LENGTH, 0, R_LENGTH);
    for (size_t i = 0; i + 4 <= n; i++)
        if ((i == 0 || a[i - 1] == '.') && (a[i] == 'x') && a[i + 1] == 'n' && a[i + 2] == '-' &&
            a[i + 3] == '-')
            xn = 1;
    *ulen = 0;
    if (!xn && !want_u)
        return CURI_OK;
    if (xn) {
        char a2[ASCII_MAX];
        size_t a2len = 0, lab = 0;
        *ulen = decode(a, u);
        if (*ulen == 0)
            return because(err, CURI_ERR_IDN_PUNYCODE, 0, R_DECODE);
        /* UTS #46 4.1 (the label's characters valid) for the A-labels: libidn2 lets some
         * through that decode to a character UTS #46 maps (xn--6a is U+00A0, which maps to
         * a space), so the U-labels must give the same A-labels again. */
        if (lookup(u, a2, &a2len) != IDN2_OK || a2len != n || memcmp(a2, a, n) != 0) {
            for (size_t i = 0; i < n && i < a2len && a[i] == a2[i]; i++)
                lab += a[i] == '.';
            return because(err, CURI_ERR_IDN_DISALLOWED, label_off(nm, lab), R_VALID);
        }
    } else {
        memcpy(u, a, n + 1);
        *ulen = n;
    }
    /* U+2260, U+226E, U+226F: E2 89 A0, E2 89 AE, E2 89 AF */
    for (size_t i = 0, lab = 0; i < *ulen; i++) {
        const unsigned char *p = (const unsigned char *)u + i;
        if (*p == '.')
            lab++;
        if (std3 && *ulen - i >= 3 && p[0] == 0xE2 && p[1] == 0x89 &&
            (p[2] == 0xA0 || p[2] == 0xAE || p[2] == 0xAF))
            return because(err, CURI_ERR_IDN_STD3, label_off(nm, lab), R_STD3);
    }
    /* CheckBidi: the rules libidn2 skips (bidi_gaps). */
    {
        long k = bidi_gaps(u, *ulen);
        if (k >= 0)
            return because(err, CURI_ERR_IDN_BIDI, label_off(nm, (size_t)k), R_BIDI);
    }
    return CURI_OK;
}
/*
 * The ASCII fast path: a name of letters, digits, '-' (and '_' without UseSTD3ASCIIRules)
 * in labels of 1 to 63 bytes, none starting or ending with '-' or holding "--" at 3-4 (so
 * no A-label, which still needs validation), at most 253 bytes and one root dot, is what
 * UTS #46 leaves as it is but for lowercase: libidn2 would map the capitals and accept
 * every label, and no check of to_ascii below could fail.  Such a name is written
 * lowercased into a[0..ASCII_MAX) (its ToASCII and its ToUnicode alike); 0 for any other
 * name, which takes the full path (the differential test of the commit that added this
 * compared both paths' answers over every host of the URL data files and a mutated corpus).
 */
static size_t ascii_fast(const char *h, size_t n, int std3, char *a)
{
    size_t i = 0;
    if (n == 0 || n > 254 || (n == 254 && h[253] != '.'))
        return 0;
    for (;;) {
        size_t start = i, len;
        /* A label: '|' 0x20 lowercases a letter and leaves a digit and '-' as they are. */
        for (; i < n; i++) {
            unsigned char c = (unsigned char)h[i];
            if (curi__is(c, CURI__LDH))
                a[i] = (char)(c | 0x20);
            else if (c == '_' && !std3)
                a[i] = '_';
            else
                break;
        }
        len = i - start;
        if (len == 0 || len > 63 || h[start] == '-' || h[i - 1] == '-' ||
            (len >= 4 && h[start + 2] == '-' && h[start + 3] == '-'))
            return 0;
        if (i == n)
            return n;
        if (h[i] != '.')
            return 0;
        a[i++] = '.';
        if (i == n)
            return n; /* the root label after a trailing dot */
    }
}
#endif /* CURI_HAVE_IDN2 */

/* The two public functions: the writer contract, IP literals, then the conversion. */
static int host_convert(char *dst, size_t cap, size_t *outlen, const char *host, size_t len,
                        unsigned flags, int unicode, curi_error *err)
{
    curi__out o = {dst, cap, 0};
    size_t n;
    int rc = CURI_OK;

    if (!curi__wbegin(dst, cap, outlen, 1) || (flags & ~(unsigned)CURI_HOST_STD3) ||
        (host == NULL && len > 0))
        return curi__wend(curi__fail(err, CURI_ERR_INVALID_ARG, 0), 0, outlen, err);
    if (len > CURI_MAX_LEN)
        return curi__wend(CURI_ERR_TOO_LONG, 0, outlen, err);
    if (host == NULL)
        host = "";
    if (put_ip_literal(&o, host, len, &rc, err)) {
        if (rc != CURI_OK)
            return curi__wend(rc, 0, outlen, err);
        rc = curi__out_end(&o, &n);
        return curi__wend(rc, n, outlen, err);
    }
#ifdef CURI_HAVE_IDN2
    {
        idn_name nm;
        char a[ASCII_MAX], u[UNI_MAX];
        size_t alen = ascii_fast(host, len, (flags & CURI_HOST_STD3) != 0, a), ulen = 0;
        if (alen > 0) {
            curi__put(&o, a, alen);
            rc = curi__out_end(&o, &n);
            return curi__wend(rc, n, outlen, err);
        }
        rc = name_read(&nm, host, len, err);
        if (rc == CURI_OK)
            rc = to_ascii(&nm, a, &alen, u, &ulen, unicode, (flags & CURI_HOST_STD3) != 0, err);
        if (rc != CURI_OK)
            return curi__wend(rc, 0, outlen, err);
        if (unicode)
            curi__put(&o, u, ulen);
        else
            curi__put(&o, a, alen);
        rc = curi__out_end(&o, &n);
        return curi__wend(rc, n, outlen, err);
    }
#else
    (void)unicode;
    return curi__wend(curi__fail(err, CURI_ERR_UNSUPPORTED, 0), 0, outlen, err);
#endif
}

int curi_host_to_ascii(char *dst, size_t cap, size_t *outlen, const char *host, size_t len,
                       unsigned flags, curi_error *err)
{
    return host_convert(dst, cap, outlen, host, len, flags, 0, err);
}

int curi_host_to_unicode(char *dst, size_t cap, size_t *outlen, const char *host, size_t len,
                         unsigned flags, curi_error *err)
{
    return host_convert(dst, cap, outlen, host, len, flags, 1, err);
}
