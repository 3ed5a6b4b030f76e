/*
 * fuzz_iri.c -- libFuzzer target for IRIs (RFC 3987): curi_parse with CURI_PARSE_IRI,
 * curi_iri_to_uri, curi_uri_to_iri and curi_iri_compare.  Input: one control byte (bit 0:
 * CURI_IRI_IDN for the mappings), then the text.  Invariants:
 *  - the IRI parse gives the same answer with the scalar and the SIMD scanner; a URI (parse
 *    without the flag succeeds) is an IRI with the same views; an IRI recomposes to the
 *    input; a failure at a byte above 0x7F is UTF8 exactly when the bytes there are not
 *    UTF-8;
 *  - to-uri and to-iri succeed exactly when the IRI parse does (without IDN; with IDN the
 *    host may be refused, with an IDNA error);
 *  - to-uri's output parses as a URI and holds no byte above 0x7F; to-iri's parses as an IRI
 *    and is equal to the input as an IRI (curi_iri_compare, string or syntax rung);
 *  - to-iri(to-uri(x)) == x for an IRI x without '%' and without an invisible character
 *    (src/iri.h: bidi formats, default-ignorables, U+2028, U+2029);
 *  - every writer keeps the (dst, cap, outlen) contract and reads nothing past the input.
 * The seeds are the IRI vectors (tests/vectors/iri.vec, as fuzz/make-corpus.sh writes them).
 * SPDX-License-Identifier: MIT
 */
#include <stdlib.h>
#include <string.h>

#include "util.h"
#include "../src/iri.h"
#include "../src/testing.h"

typedef struct map_ctx {
    const char *s;
    size_t n;
    unsigned flags;
    int to_iri;
} map_ctx;

static int map_w(char *dst, size_t cap, size_t *outlen, const void *vctx)
{
    const map_ctx *c = vctx;
    if (c->to_iri)
        return curi_uri_to_iri(dst, cap, outlen, c->s, c->n, c->flags, NULL);
    return curi_iri_to_uri(dst, cap, outlen, c->s, c->n, c->flags, NULL);
}

static int map(int to_iri, const char *s, size_t n, unsigned flags, fz_buf *out)
{
    map_ctx c = {s, n, flags, to_iri};
    return fz_write(map_w, &c, to_iri ? curi_uri_to_iri_bound(n, flags)
                                      : curi_iri_to_uri_bound(n, flags), out);
}

/* A well-formed UTF-8 sequence starts at p (the decoder of RFC 3629 4, written out). */
static int utf8_at(const unsigned char *p, size_t n)
{
    unsigned c = p[0], lo = 0x80, hi = 0xBF;
    size_t k;
    if (c < 0xC2 || c > 0xF4)
        return 0;
    k = c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    if (c == 0xE0) lo = 0xA0;
    if (c == 0xED) hi = 0x9F;
    if (c == 0xF0) lo = 0x90;
    if (c == 0xF4) hi = 0x8F;
    if (n < k || p[1] < lo || p[1] > hi)
        return 0;
    for (size_t i = 2; i < k; i++)
        if ((p[i] & 0xC0) != 0x80)
            return 0;
    return 1;
}

/* A '%', or a character to-iri keeps encoded although it may stand raw (an invisible one:
 * src/iri.h's curi__iri_invisible, over the generated Default_Ignorable_Code_Point table). */
static int pct_or_invisible(const char *s, size_t n)
{
    for (size_t i = 0; i < n;) {
        const unsigned char *u = (const unsigned char *)s + i;
        uint32_t c;
        size_t k = 1;
        if (*u == '%')
            return 1;
        if (*u >= 0x80) {
            k = (*u >= 0xF0) ? 4 : (*u >= 0xE0) ? 3 : 2;
            if (k > n - i)
                return 0;
            c = (k == 2)   ? (uint32_t)(u[0] & 0x1F) << 6 | (u[1] & 0x3F)
                : (k == 3) ? (uint32_t)(u[0] & 0x0F) << 12 | (uint32_t)(u[1] & 0x3F) << 6 |
                                 (u[2] & 0x3F)
                           : (uint32_t)(u[0] & 0x07) << 18 | (uint32_t)(u[1] & 0x3F) << 12 |
                                 (uint32_t)(u[2] & 0x3F) << 6 | (u[3] & 0x3F);
            if (curi__iri_invisible(c))
                return 1;
        }
        i += k;
    }
    return 0;
}

static int idn_error(int rc)
{
    return (rc >= CURI_ERR_IDN_DISALLOWED && rc <= CURI_ERR_IDN_STD3) || rc == CURI_ERR_UTF8 ||
           rc == CURI_ERR_PCT;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    unsigned flags = (data[0] & 1) ? CURI_IRI_IDN : 0;
    size_t n = size - 1;
    char *s = fz_dup(data + 1, n);
    curi_uri u, v, w;
    curi_error e, f, g;
    fz_buf uri = {0}, iri = {0}, back = {0}, rec = {0};

    int rc = fz_parse(&u, s, n, CURI_PARSE_IRI, &e);
    int rc2 = fz_parse(&v, s, n, CURI_PARSE_IRI | CURI__PARSE_SCALAR, &f);
    FZ_CHECKF(rc == rc2 && e.offset == f.offset, "iri parse %s: simd %d@%zu, scalar %d@%zu",
              fz_show(s, n), rc, e.offset, rc2, f.offset);
    if (rc == CURI_OK) {
        FZ_CHECK(fz_uri_same(&u, &v));
        fz_recompose(&u, &rec);
        FZ_CHECKF(fz_eq(rec.p, rec.n, s, n), "recompose %s", fz_show(s, n));
    } else if (e.offset < n && (unsigned char)s[e.offset] >= 0x80) {
        int bad = !utf8_at((const unsigned char *)s + e.offset, n - e.offset);
        FZ_CHECKF((rc == CURI_ERR_UTF8) == bad, "%s: %d at %zu", fz_show(s, n), rc, e.offset);
    }
    if (fz_parse(&w, s, n, 0, &g) == CURI_OK) {
        FZ_CHECKF(rc == CURI_OK && fz_uri_same(&u, &w), "a URI that is no IRI: %s",
                  fz_show(s, n));
    }

    int ru = map(0, s, n, flags, &uri);
    int ri = map(1, s, n, flags, &iri);
    if (!flags) {
        FZ_CHECKF((ru == CURI_OK) == (rc == CURI_OK) && (ri == CURI_OK) == (rc == CURI_OK),
                  "%s: parse %d, to-uri %d, to-iri %d", fz_show(s, n), rc, ru, ri);
    } else {
        FZ_CHECKF(rc != CURI_OK ? ru == rc : (ru == CURI_OK || idn_error(ru)),
                  "%s: parse %d, to-uri --idn %d", fz_show(s, n), rc, ru);
        FZ_CHECKF(rc != CURI_OK ? ri == rc : ri == CURI_OK,
                  "%s: parse %d, to-iri --idn %d", fz_show(s, n), rc, ri);
    }
    if (ru == CURI_OK) {
        char *t = fz_dup(uri.p, uri.n);
        FZ_CHECKF(fz_parse(&w, t, uri.n, 0, &g) == CURI_OK, "to-uri(%s) = %s is no URI",
                  fz_show(s, n), fz_show2(uri.p, uri.n));
        for (size_t i = 0; i < uri.n; i++)
            FZ_CHECK((unsigned char)uri.p[i] < 0x80);
        if (!flags && !pct_or_invisible(s, n)) {
            FZ_CHECKF(map(1, t, uri.n, 0, &back) == CURI_OK && fz_eq(back.p, back.n, s, n),
                      "round trip %s: %s", fz_show(s, n), fz_show2(back.p, back.n));
        }
        free(t);
    }
    if (ri == CURI_OK) {
        char *t = fz_dup(iri.p, iri.n);
        FZ_CHECKF(fz_parse(&w, t, iri.n, CURI_PARSE_IRI, &g) == CURI_OK,
                  "to-iri(%s) = %s is no IRI", fz_show(s, n), fz_show2(iri.p, iri.n));
        if (!flags) {
            size_t cap = curi_iri_compare_bound(n, iri.n, 0);
            char *work = fz_alloc(cap);
            curi_equiv eq = CURI_EQ_NONE;
            int rq = curi_iri_compare(s, n, t, iri.n, 0, CURI_EQ_SYNTAX, work, cap, &eq, NULL);
            FZ_CHECKF(rq == CURI_OK && (eq == CURI_EQ_STRING || eq == CURI_EQ_SYNTAX),
                      "to-iri(%s) = %s: %d, level %d", fz_show(s, n), fz_show2(iri.p, iri.n), rq,
                      (int)eq);
            free(work);
        }
        free(t);
    }
    fz_free(&uri);
    fz_free(&iri);
    fz_free(&back);
    fz_free(&rec);
    free(s);
    return 0;
}
