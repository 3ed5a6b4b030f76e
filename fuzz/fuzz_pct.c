/*
 * fuzz_pct.c -- libFuzzer target for curi_pct_encode and curi_pct_decode
 * (RFC 3986 2.1 and 2.4).  The whole input is the text, tried with every
 * character set and flag.  Invariants:
 *  - decode(encode(x)) == x for every set (FORM decodes with CURI_DECODE_PLUS);
 *  - the encoding holds only the set's characters and "%HH" with uppercase hex,
 *    is at most curi_pct_encode_bound(len) long, and is accepted by curi_set
 *    for the matching component;
 *  - with KEEP_PCT, decoding the output gives what decoding the input gives;
 *  - curi_pct_decode equals a literal decoder, including the offset of the
 *    first bad '%' (with LENIENT: none, the '%' is copied); NO_NUL fails with
 *    PCT_NUL exactly when a "%00" comes first;
 *  - both writers keep the (dst, cap, outlen) contract.
 * SPDX-License-Identifier: MIT
 */
#include <stdlib.h>
#include <string.h>

#include "util.h"

typedef struct pct_ctx {
    const char *s;
    size_t n;
    int set; /* -1: decode */
    unsigned flags;
} pct_ctx;

static int pct_w(char *dst, size_t cap, size_t *outlen, const void *ctx)
{
    const pct_ctx *c = ctx;
    if (c->set < 0)
        return curi_pct_decode(dst, cap, outlen, c->s, c->n, c->flags, NULL);
    return curi_pct_encode(dst, cap, outlen, c->s, c->n, (curi_charset)c->set, c->flags, NULL);
}

static int is_unreserved(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           c == '-' || c == '.' || c == '_' || c == '~';
}

static int is_subdelim(char c)
{
    return c != '\0' && strchr("!$&'()*+,;=", c) != NULL;
}

/* May c stand unencoded in the output for set?  (The sets of curi.h.) */
static int allowed(int set, char c)
{
    if (is_unreserved(c))
        return 1;
    switch (set) {
    case CURI_CHARSET_USERINFO:
        return is_subdelim(c) || c == ':';
    case CURI_CHARSET_HOST:
        return is_subdelim(c);
    case CURI_CHARSET_SEGMENT:
        return is_subdelim(c) || c == ':' || c == '@';
    case CURI_CHARSET_PATH:
        return is_subdelim(c) || c == ':' || c == '@' || c == '/';
    case CURI_CHARSET_QUERY:
    case CURI_CHARSET_FRAGMENT:
        return is_subdelim(c) || c == ':' || c == '@' || c == '/' || c == '?';
    case CURI_CHARSET_FORM:
        return c != '\0' && strchr("!$'()*,;:@/?+", c) != NULL;
    }
    return 0;
}

static int upper_hex(char c)
{
    return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'F');
}

/* A component curi_set must accept the encoding as, or -1. */
static int part_for(int set)
{
    switch (set) {
    case CURI_CHARSET_USERINFO:
        return CURI_PART_USERINFO;
    case CURI_CHARSET_HOST:
        return CURI_PART_HOST;
    case CURI_CHARSET_SEGMENT:
    case CURI_CHARSET_PATH:
        return CURI_PART_PATH;
    case CURI_CHARSET_QUERY:
        return CURI_PART_QUERY;
    case CURI_CHARSET_FRAGMENT:
    case CURI_CHARSET_FORM:
        return CURI_PART_FRAGMENT;
    }
    return -1;
}

static void check_encode(const char *s, size_t n, int set, unsigned flags)
{
    pct_ctx c = {s, n, set, flags};
    fz_buf enc, dec, want;
    size_t bad;
    int rc = fz_write(pct_w, &c, curi_pct_encode_bound(n), &enc);

    FZ_CHECKF(rc == CURI_OK, "curi_pct_encode(set %d) = %d", set, rc);
    FZ_CHECK(enc.n <= curi_pct_encode_bound(n) && enc.n >= n);
    for (size_t i = 0; i < enc.n; i++) {
        char ch = enc.p[i];
        if (ch == '%') {
            FZ_CHECKF(i + 2 < enc.n, "truncated triplet in %s", fz_show(enc.p, enc.n));
            if (!(flags & CURI_ENCODE_KEEP_PCT))
                FZ_CHECKF(upper_hex(enc.p[i + 1]) && upper_hex(enc.p[i + 2]),
                          "set %d: bad triplet in %s", set, fz_show(enc.p, enc.n));
            i += 2;
        } else {
            FZ_CHECKF(allowed(set, ch), "set %d: %s holds a byte 0x%02x it must encode", set,
                      fz_show(enc.p, enc.n), (unsigned char)ch);
        }
    }
    /* The encoding is valid for its component. */
    if (part_for(set) >= 0) {
        curi_uri u;
        FZ_CHECK(fz_parse(&u, "", 0, 0, NULL) == CURI_OK);
        FZ_CHECKF(curi_set(&u, (curi_part)part_for(set), enc.p, enc.n, 0, NULL) == CURI_OK,
                  "curi_set(part %d) refuses the set-%d encoding %s", part_for(set), set,
                  fz_show(enc.p, enc.n));
        if (set == CURI_CHARSET_SEGMENT)
            FZ_CHECK(memchr(enc.p, '/', enc.n) == NULL);
    }
    /* Decoding gives the input back, or (KEEP_PCT) what the input decodes to. */
    FZ_CHECK(fz_ref_decode(enc.p, enc.n, set == CURI_CHARSET_FORM, &dec, &bad));
    if (!(flags & CURI_ENCODE_KEEP_PCT)) {
        FZ_CHECKF(fz_eq(dec.p, dec.n, s, n), "set %d: %s decodes to %s", set,
                  fz_show(enc.p, enc.n), fz_show2(dec.p, dec.n));
    } else if (set != CURI_CHARSET_FORM && fz_ref_decode(s, n, 0, &want, &bad)) {
        FZ_CHECKF(fz_buf_eq(&dec, &want), "set %d KEEP_PCT: %s decodes to %s", set,
                  fz_show(enc.p, enc.n), fz_show2(dec.p, dec.n));
        fz_free(&want);
    }
    fz_free(&dec);
    fz_free(&enc);
}

static void check_decode(const char *s, size_t n, unsigned flags)
{
    pct_ctx c = {s, n, -1, flags};
    fz_buf out, want;
    size_t bad = 0;
    curi_error e;
    char *tmp = fz_alloc(n);
    size_t tn;
    int ok = fz_ref_decode(s, n,
                           ((flags & CURI_DECODE_PLUS) ? 1 : 0) |
                               ((flags & CURI_DECODE_LENIENT) ? FZ_DECODE_LENIENT : 0),
                           &want, &bad);
    int rc = fz_write(pct_w, &c, n, &out);
    int rc2 = curi_pct_decode(tmp, n, &tn, s, n, flags, &e);
    const char *nul = NULL;

    FZ_CHECK(rc2 == rc && e.code == rc);
    /* The first "%00", if it comes before any bad '%'. */
    for (size_t i = 0; i + 2 < n && (!ok ? i < bad : 1); i++)
        if (s[i] == '%' && s[i + 1] == '0' && s[i + 2] == '0') {
            nul = s + i;
            break;
        }
    if (!ok && !((flags & CURI_DECODE_NO_NUL) && nul != NULL)) {
        FZ_CHECKF(rc == CURI_ERR_PCT && e.offset == bad, "decode(%s) = %d@%zu, want PCT@%zu",
                  fz_show(s, n), rc, e.offset, bad);
    } else if ((flags & CURI_DECODE_NO_NUL) && nul != NULL) {
        FZ_CHECKF(rc == CURI_ERR_PCT_NUL && e.offset == (size_t)(nul - s),
                  "decode(%s) = %d@%zu, want PCT_NUL@%zu", fz_show(s, n), rc, e.offset,
                  (size_t)(nul - s));
    } else {
        FZ_CHECKF(rc == CURI_OK && fz_buf_eq(&out, &want), "decode(%s) = %d %s",
                  fz_show(s, n), rc, fz_show2(out.p, out.n));
    }
    if (ok)
        fz_free(&want);
    fz_free(&out);
    free(tmp);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *s = fz_dup(data, size);

    for (int set = CURI_CHARSET_UNRESERVED; set <= CURI_CHARSET_FORM; set++) {
        check_encode(s, size, set, 0);
        check_encode(s, size, set, CURI_ENCODE_KEEP_PCT);
    }
    for (unsigned flags = 0; flags < 8; flags++) /* PLUS, NO_NUL and LENIENT */
        check_decode(s, size, flags);
    free(s);
    return 0;
}
