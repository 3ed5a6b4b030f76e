/*
 * fuzz_idn.c -- libFuzzer target for the host conversion (IDNA2008, src/idn.c):
 * curi_host_to_ascii and curi_host_to_unicode.  Input: the host name.  Invariants:
 *  - to-unicode succeeds exactly when to-ascii does (ToUnicode is validated ToASCII here);
 *  - a success of to-ascii holds no uppercase letter and only what a reg-name holds (or is
 *    an IP literal as it was), parses as a host (curi_host_parse), and to-ascii of it gives
 *    it again; with CURI_HOST_STD3 it is lowercase letters, digits, '-' and '.' only, and
 *    a success with CURI_HOST_STD3 is the same success without it;
 *  - to-ascii of the to-unicode output gives the to-ascii output;
 *  - neither returns UNSUPPORTED (IDNA is in every build);
 *  - both keep the (dst, cap, outlen) contract and read nothing past the input.
 * SPDX-License-Identifier: MIT
 */
#include <stdlib.h>
#include <string.h>

#include "util.h"

typedef struct idn_ctx {
    const char *s;
    size_t n;
    int unicode;
    unsigned flags;
} idn_ctx;

static int idn_w(char *dst, size_t cap, size_t *outlen, const void *vctx)
{
    const idn_ctx *c = vctx;
    if (c->unicode)
        return curi_host_to_unicode(dst, cap, outlen, c->s, c->n, c->flags, NULL);
    return curi_host_to_ascii(dst, cap, outlen, c->s, c->n, c->flags, NULL);
}

static int conv_f(int unicode, unsigned flags, const char *s, size_t n, fz_buf *out)
{
    idn_ctx c = {s, n, unicode, flags};
    char *t = fz_dup(s, n);
    c.s = t;
    int rc = fz_write(idn_w, &c, unicode ? curi_host_to_unicode_bound(n)
                                         : curi_host_to_ascii_bound(n), out);
    free(t);
    return rc;
}

static int conv(int unicode, const char *s, size_t n, fz_buf *out)
{
    return conv_f(unicode, 0, s, n, out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *s = (const char *)data;
    fz_buf a = {0}, u = {0}, a2 = {0}, a3 = {0}, s3 = {0};
    int ra = conv(0, s, size, &a);
    int ru = conv(1, s, size, &u);
    int lit = size > 0 && s[0] == '[';

    FZ_CHECKF((ra == CURI_OK) == (ru == CURI_OK), "%s: to-ascii %d, to-unicode %d",
              fz_show(s, size), ra, ru);
    FZ_CHECK(ra != CURI_ERR_UNSUPPORTED && ru != CURI_ERR_UNSUPPORTED);
    if (ra == CURI_OK && !lit) {
        curi_uri h;
        int ldh = 1;
        for (size_t i = 0; i < a.n; i++) {
            char c = a.p[i];
            FZ_CHECKF(!(c >= 'A' && c <= 'Z') && c != '%' && c != '/' && c != ' ' && c != '@' &&
                          c != ':' && c != '?' && c != '#' && c != '[' && c != ']' &&
                          (unsigned char)c > 0x20 && (unsigned char)c < 0x7F,
                      "to-ascii(%s) = %s", fz_show(s, size), fz_show2(a.p, a.n));
            ldh &= (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.';
        }
        if (conv_f(0, CURI_HOST_STD3, s, size, &s3) == CURI_OK)
            FZ_CHECKF(ldh && fz_buf_eq(&a, &s3), "to-ascii --std3(%s) = %s",
                      fz_show(s, size), fz_show2(s3.p, s3.n));
        FZ_CHECK(curi_host_parse(&h, a.p, a.n, 0, NULL) == CURI_OK);
        FZ_CHECKF(conv(0, a.p, a.n, &a2) == CURI_OK && fz_buf_eq(&a, &a2),
                  "to-ascii is not idempotent on %s", fz_show(s, size));
        FZ_CHECKF(conv(0, u.p, u.n, &a3) == CURI_OK && fz_buf_eq(&a, &a3),
                  "to-ascii(to-unicode(%s)) = %s, not %s", fz_show(s, size),
                  fz_show2(a3.p, a3.n), fz_show2(a.p, a.n));
    }
    fz_free(&a);
    fz_free(&u);
    fz_free(&a2);
    fz_free(&a3);
    fz_free(&s3);
    return 0;
}
