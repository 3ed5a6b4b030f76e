/*
 * idn.c -- internationalized host names: IDNA2008 (RFC 5890-5893) as UTS #46 processes it,
 * for curi_host_to_ascii, curi_host_to_unicode and the mappings of iri.c, on libcuri's own
 * UTS #46 (uts46.c: mapping, NFC, Punycode, the validity criteria, CheckHyphens, CheckJoiners,
 * the whole Bidi rule, VerifyDnsLength), nontransitional.  IDNA2008 refuses more than UTS #46,
 * and curi__uts46's internal CURI__UTS46_IDNA2008 mode judges each label once UTS #46 accepts
 * it (uts46.c's idna2008_label):
 *   - a code point that UTS #46 keeps valid but RFC 5892 makes DISALLOWED (IdnaMappingTable's
 *     NV8 and XV8 marks: symbols, punctuation, U+19DA), also in a label decoded from xn--;
 *   - the CONTEXTO rules of RFC 5892 appendix A.3-A.9 (middle dot, Greek keraia, Hebrew
 *     geresh and gershayim, katakana middle dot, the two sets of Arabic-Indic digits);
 *   - URIHost, without UseSTD3ASCIIRules (CURI_HOST_STD3): the result may hold only the ASCII
 *     a URI's reg-name holds (unreserved and sub-delims; UTS #46 maps U+FF0F to '/').
 * Around it: the name is percent-decoded first, a final root dot is allowed (VerifyDnsLength
 * applies to the rest), ToUnicode is ToASCII (which validates, A-label lengths included) and
 * then the decoding of its result, and err->detail names the UTS #46 step or IDNA2008 rule
 * that failed (curi_idn_reason).  Nothing is allocated; libidn2 is not used (make check
 * compares these answers with libidn2's when it is installed: tests/idn2diff/).
 * SPDX-License-Identifier: MIT
 */
#include <string.h>

#include "internal.h"
#include "uts46.h"

#define MAXIN CURI_IDN_MAX_INPUT

static const char *const r_name[CURI__IDN_R_COUNT] = {
    NULL, "UseSTD3ASCIIRules", "VerifyDnsLength", "CheckBidi", "Punycode", "ValidityCriteria",
    "URIHost", "IDNA2008", "ContextO", "ContextO", "ContextO", "ContextO", "ContextO",
    "CheckHyphens", "ValidityCriteria", "CheckJoiners"};
static const char *const r_msg[CURI__IDN_R_COUNT] = {
    NULL,
    "only letters, digits and '-' may stand in an ASCII label",
    "labels of 1 to 63 bytes (as A-labels) and names up to 253, a root dot aside",
    "a label breaks the Bidi rule of RFC 5893 in a name with right-to-left characters",
    "an xn-- label that is not the Punycode of a valid, normalized non-ASCII label",
    "a code point that UTS #46 disallows (or leaves unassigned) after mapping",
    "a character that maps to ASCII a URI host cannot hold, such as '/' or a space",
    "a character UTS #46 accepts but IDNA2008 disallows (RFC 5892; NV8, XV8): a symbol or "
    "punctuation",
    "MIDDLE DOT (U+00B7) only between two 'l' (RFC 5892 A.3)",
    "GREEK LOWER NUMERAL SIGN (U+0375) only before a Greek character (RFC 5892 A.4)",
    "HEBREW GERESH or GERSHAYIM (U+05F3, U+05F4) only after a Hebrew character (RFC 5892 "
    "A.5, A.6)",
    "KATAKANA MIDDLE DOT (U+30FB) only in a label with Hiragana, Katakana or Han (RFC 5892 "
    "A.7)",
    "Arabic-Indic digits (U+0660-0669) and extended ones (U+06F0-06F9) in one label (RFC "
    "5892 A.8, A.9)",
    "'-' at a label's start or end, or \"--\" at its 3rd and 4th position",
    "a label starts with a combining mark",
    "a ZERO WIDTH JOINER or NON-JOINER out of its context (RFC 5892 A.1, A.2)"};

const char *curi_idn_reason(const curi_error *err, const char **message)
{
    unsigned r;
    if (message)
        *message = NULL;
    if (err == NULL || err->code < CURI_ERR_IDN_DISALLOWED || err->code > CURI_ERR_IDN_STD3)
        return NULL;
    r = err->detail;
    if (r == CURI__IDN_R_NONE || r >= CURI__IDN_R_COUNT)
        return NULL;
    if (message)
        *message = r_msg[r];
    return r_name[r];
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

/* ------------------------------------------------------------------ the name */

/* The name, percent-decoded, with each byte's offset in the input: s[0..n) is the input
 * itself when it holds no '%' (off NULL: the offsets are the indexes), else buf. */
typedef struct idn_name {
    const char *s;
    const uint16_t *off;
    size_t n;
    char buf[MAXIN + 1];
    uint16_t offbuf[MAXIN + 1];
} idn_name;

/* The input offset of byte i of nm->s (i <= nm->n). */
static size_t in_off(const idn_name *nm, size_t i)
{
    return nm->off ? nm->off[i] : i;
}

/* A label separator of UTS #46 (mapped to '.') that ends s[0..n): '.', U+3002, U+FF0E,
 * U+FF61; its length, 0 when s ends otherwise. */
static size_t dot_before(const char *s, size_t n)
{
    const unsigned char *u = (const unsigned char *)s + n;
    if (n >= 1 && u[-1] == '.')
        return 1;
    if (n >= 3 && ((u[-3] == 0xE3 && u[-2] == 0x80 && u[-1] == 0x82) ||
                   (u[-3] == 0xEF && u[-2] == 0xBC && u[-1] == 0x8E) ||
                   (u[-3] == 0xEF && u[-2] == 0xBD && u[-1] == 0xA1)))
        return 3;
    return 0;
}

/* Decode h[0..len) into *nm: PCT, UTF8, IDN_DISALLOWED (NUL) or IDN_LENGTH on failure. */
static int because(curi_error *err, int code, size_t offset, unsigned why)
{
    curi__fail(err, code, offset);
    if (err)
        err->detail = why;
    return code;
}

static int name_read(idn_name *nm, const char *h, size_t len, curi_error *err)
{
    size_t i = 0, n = 0;
    if (memchr(h, '%', len) == NULL) {
        /* Nothing to decode: the input is the name (its UTF-8 checked below). */
        const char *nul = memchr(h, 0, len);
        if (len > MAXIN)
            return because(err, CURI_ERR_IDN_LENGTH, MAXIN, CURI__IDN_R_LENGTH);
        if (nul != NULL)
            return because(err, CURI_ERR_IDN_DISALLOWED, (size_t)(nul - h), CURI__IDN_R_REGNAME);
        nm->s = h;
        nm->off = NULL;
        nm->n = len;
    } else {
        while (i < len) {
            unsigned char c = (unsigned char)h[i];
            size_t at = i;
            if (n >= MAXIN)
                return because(err, CURI_ERR_IDN_LENGTH, i, CURI__IDN_R_LENGTH);
            if (c == '%') {
                if (!curi__is_pct(h + i, h + len))
                    return curi__fail(err, CURI_ERR_PCT, i);
                c = curi__pct_octet(h + i);
                i += 3;
            } else {
                i++;
            }
            if (c == 0)
                return because(err, CURI_ERR_IDN_DISALLOWED, at, CURI__IDN_R_REGNAME);
            nm->buf[n] = (char)c;
            nm->offbuf[n++] = (uint16_t)at; /* at < len <= MAXIN * 3 */
        }
        nm->offbuf[n] = (uint16_t)len;
        nm->s = nm->buf;
        nm->off = nm->offbuf;
        nm->n = n;
    }
    for (i = 0; i < nm->n;) {
        unsigned char c = (unsigned char)nm->s[i];
        size_t k = 1;
        if (c >= 0x80) {
            uint32_t cp;
            k = curi__utf8(nm->s + i, nm->s + nm->n, &cp);
            if (k == 0)
                return curi__fail(err, CURI_ERR_UTF8, in_off(nm, i));
        }
        i += k;
    }
    return CURI_OK;
}

/*
 * The input offset of an error of curi__uts46 at at (the start of the label at fault in
 * nm->s): for UseSTD3ASCIIRules and URIHost the label's first ASCII byte that breaks the
 * rule, the label's start when a mapping made it.
 */
static size_t err_off(const idn_name *nm, size_t at, unsigned why)
{
    if (why == CURI__IDN_R_STD3 || why == CURI__IDN_R_REGNAME) {
        for (size_t i = at; i < nm->n && nm->s[i] != '.'; i++) {
            unsigned char c = (unsigned char)nm->s[i];
            if (c >= 0x80)
                continue;
            if (why == CURI__IDN_R_STD3 ? !curi__is(c, CURI__LDH) : c == '%' || !curi__is(c, CURI__REGNAME))
                return in_off(nm, i);
        }
    }
    return in_off(nm, at < nm->n ? at : nm->n);
}

/* curi__uts46's error rc at at, as curi's code, offset and reason. */
static int uts46_fail(const idn_name *nm, int rc, size_t at, curi_error *err)
{
    static const unsigned char why[] = {
        [CURI_ERR_IDN_DISALLOWED] = CURI__IDN_R_VALID,       [CURI_ERR_IDN_HYPHEN] = CURI__IDN_R_HYPHENS,
        [CURI_ERR_IDN_LEADING_COMBINING] = CURI__IDN_R_COMBINING, [CURI_ERR_IDN_CONTEXTJ] = CURI__IDN_R_JOINERS,
        [CURI_ERR_IDN_BIDI] = CURI__IDN_R_BIDI,              [CURI_ERR_IDN_PUNYCODE] = CURI__IDN_R_PUNYCODE,
        [CURI_ERR_IDN_LENGTH] = CURI__IDN_R_LENGTH,          [CURI_ERR_IDN_STD3] = CURI__IDN_R_STD3};
    int code = rc & 0xFF;
    unsigned r = (unsigned)rc >> 8;
    if (r == 0 && code >= 0 && (size_t)code < sizeof why)
        r = why[code];
    return because(err, code, err_off(nm, at, r), r);
}

/* The options of curi_host_to_ascii: the section's UTS #46 options, IDNA2008. */
static unsigned idna_flags(unsigned flags)
{
    return CURI_UTS46_CHECK_HYPHENS | CURI_UTS46_VERIFY_DNS_LENGTH | CURI__UTS46_IDNA2008 |
           ((flags & CURI_HOST_STD3) ? CURI_UTS46_STD3 : 0u);
}

/*
 * The ASCII fast path: a name of letters, digits, '-' (and '_' without UseSTD3ASCIIRules)
 * in labels of 1 to 63 bytes, none starting or ending with '-' or holding "--" at 3-4 (so
 * no A-label, which still needs validation), at most 253 bytes and one root dot, is what
 * UTS #46 leaves as it is but for lowercase: the mapping lowercases the capitals and no
 * check can fail.  Such a name is written
 * lowercased into a[0..ASCII_MAX) (its ToASCII and its ToUnicode alike); 0 for any other
 * name, which takes the full path (tests/vectors/idna-ascii.vec holds the edges; a
 * differential test compared both paths over every host of the URL data files).
 */
static size_t ascii_fast(const char *h, size_t n, int std3, char *a)
{
    size_t i = 0;
    if (n == 0 || n > 254 || (n == 254 && h[253] != '.'))
        return 0;
    for (;;) {
        size_t start = i, len;
        /* A label: '|' 0x20 lowercases a letter and leaves a digit and '-' as they are. */
        for (; i != n; i++) {
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

/* A name that is no IP literal and not for the fast path, appended to o: percent-decoded,
 * then ToASCII (and ToUnicode) in IDNA2008 mode.  CURI_OK or the error, *err filled. */
static int idna_convert(curi__out *o, const char *host, size_t len, unsigned flags, int unicode,
                        curi_error *err)
{
    idn_name nm;
    char a[ASCII_MAX];
    curi__out ao = {a, sizeof a, 0};
    size_t n, at = 0, root;
    unsigned f46 = idna_flags(flags);
    int rc = name_read(&nm, host, len, err);
    if (rc != CURI_OK)
        return rc;
    /* A final root dot (of any of the four separators) stands outside VerifyDnsLength. */
    root = dot_before(nm.s, nm.n);
    rc = curi__uts46(&ao, nm.s, nm.n - root, f46, 0, 0, &at);
    if (rc != CURI_OK)
        return uts46_fail(&nm, rc, at, err);
    n = ao.len; /* at most 253: VerifyDnsLength */
    if (unicode) {
        /* ToUnicode of the A-labels that ToASCII has just validated. */
        rc = curi__uts46(o, a, n, f46, 1, 0, &at);
        if (rc != CURI_OK)
            return uts46_fail(&nm, rc, 0, err);
    } else {
        curi__put(o, a, n);
    }
    if (root)
        curi__put(o, ".", 1);
    return CURI_OK;
}

/* The two public functions: the writer contract, IP literals, then the conversion. */
static int host_convert(char *dst, size_t cap, size_t *outlen, const char *host, size_t len,
                        unsigned flags, int unicode, curi_error *err)
{
    curi__out o = {dst, cap, 0};
    char a[ASCII_MAX];
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
    n = ascii_fast(host, len, (flags & CURI_HOST_STD3) != 0, a);
    if (n > 0) {
        curi__put(&o, a, n);
    } else {
        rc = idna_convert(&o, host, len, flags, unicode, err);
        if (rc != CURI_OK)
            return curi__wend(rc, 0, outlen, err);
    }
    rc = curi__out_end(&o, &n);
    return curi__wend(rc, n, outlen, err);
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
