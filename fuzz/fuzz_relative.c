/*
 * fuzz_relative.c -- libFuzzer target for curi_relative (the inverse of 5.2).
 * Input: "BASE\nTARGET"; without a '\n' the base is "http://a/b/c/d;p?q" of
 * RFC 3986 5.4.  Every flag combination (ABSPATH, NETPATH, IGNORE_CASE) is tried.
 * Invariants:
 *  - the output parses as a reference, and resolving it against the base gives
 *    what resolving the target itself gives (for a target with a scheme, that
 *    is the target with its dot segments removed); under IGNORE_CASE the same
 *    but for the ASCII case of the scheme and of the host before any zone ID;
 *  - it is never longer than that resolved target, which is always a candidate;
 *  - the writer contract holds; a base without a scheme is BASE_NOT_ABSOLUTE,
 *    a target without one SCHEME_MISSING.
 * SPDX-License-Identifier: MIT
 */
#include <stdlib.h>
#include <string.h>

#include "util.h"

typedef struct rel_ctx {
    const curi_uri *base, *other;
    unsigned flags;
    int relative; /* 1: curi_relative, 0: curi_resolve */
} rel_ctx;

static int call_w(char *dst, size_t cap, size_t *outlen, const void *ctx)
{
    const rel_ctx *c = ctx;
    if (c->relative)
        return curi_relative(dst, cap, outlen, c->base, c->other, c->flags, NULL);
    return curi_resolve(dst, cap, outlen, c->base, c->other, c->flags, NULL);
}

/* a and b equal but for the ASCII case of the scheme and of the host (its zone ID aside). */
static int same_but_case(const fz_buf *a, const fz_buf *b)
{
    curi_uri ua, ub;
    size_t hs = 0, he = 0;

    if (a->n != b->n || fz_parse(&ua, a->p, a->n, 0, NULL) != CURI_OK ||
        fz_parse(&ub, b->p, b->n, 0, NULL) != CURI_OK || ua.scheme.len != ub.scheme.len ||
        (ua.host.ptr == NULL) != (ub.host.ptr == NULL)) {
        return 0;
    }
    if (ua.host.ptr != NULL) {
        hs = (size_t)(ua.host.ptr - a->p);
        he = hs + (ua.zone.ptr ? (size_t)(ua.zone.ptr - ua.host.ptr) : ua.host.len);
        if ((size_t)(ub.host.ptr - b->p) != hs || ub.host.len != ua.host.len) {
            return 0;
        }
    }
    for (size_t i = 0; i < a->n; i++) {
        int folds = i < ua.scheme.len || (i >= hs && i < he);
        unsigned char x = (unsigned char)a->p[i], y = (unsigned char)b->p[i];
        if (folds && x >= 'A' && x <= 'Z')
            x = (unsigned char)(x + 32);
        if (folds && y >= 'A' && y <= 'Z')
            y = (unsigned char)(y + 32);
        if (x != y)
            return 0;
    }
    return 1;
}

static void check_one(const curi_uri *base, const curi_uri *target, unsigned flags)
{
    rel_ctx c = {base, target, flags, 1};
    rel_ctx w = {base, target, 0, 0};
    fz_buf rel, want, got;
    curi_uri r;
    curi_error e;
    int rc = fz_write(call_w, &c, curi_relative_bound(base, target), &rel);

    if (base->scheme.ptr == NULL) {
        FZ_CHECKF(rc == CURI_ERR_BASE_NOT_ABSOLUTE, "base without scheme: %d", rc);
        return;
    }
    if (target->scheme.ptr == NULL) {
        /* curi_relative needs a target URI: a relative target has no scheme to compare. */
        FZ_CHECKF(rc == CURI_ERR_SCHEME_MISSING, "target without scheme: %d", rc);
        return;
    }
    FZ_CHECKF(rc == CURI_OK, "curi_relative = %d", rc);
    FZ_CHECK(fz_write(call_w, &w, curi_resolve_bound(base, target), &want) == CURI_OK);
    FZ_CHECKF(fz_parse(&r, rel.p, rel.n, 0, &e) == CURI_OK, "relative %s does not parse: %d@%zu",
              fz_show(rel.p, rel.n), e.code, e.offset);
    w.other = &r;
    FZ_CHECK(fz_write(call_w, &w, curi_resolve_bound(base, &r), &got) == CURI_OK);
    if ((flags & CURI_RELATIVE_IGNORE_CASE) ? !same_but_case(&got, &want)
                                            : !fz_buf_eq(&got, &want)) {
        fz_dump("base", base);
        fz_dump("target", target);
        FZ_CHECKF(0, "relative (flags %u) gave %s, which resolves to %s, not %.*s", flags,
                  fz_show(rel.p, rel.n), fz_show2(got.p, got.n), (int)want.n, want.p);
    }
    FZ_CHECKF(rel.n <= want.n, "relative %s is longer than the target %s itself",
              fz_show(rel.p, rel.n), fz_show2(want.p, want.n));
    fz_free(&got);
    fz_free(&want);
    fz_free(&rel);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char rfc_base[] = "http://a/b/c/d;p?q";
    char *s = fz_dup(data, size);
    char *b, *t;
    const char *bp, *tp;
    size_t blen, tlen;
    curi_uri base, target;

    if (!fz_split(s, size, '\n', &bp, &blen, &tp, &tlen)) {
        bp = rfc_base;
        blen = sizeof rfc_base - 1;
        tp = s;
        tlen = size;
    }
    b = fz_dup(bp, blen);
    t = fz_dup(tp, tlen);
    if (fz_parse(&base, b, blen, 0, NULL) == CURI_OK &&
        fz_parse(&target, t, tlen, 0, NULL) == CURI_OK) {
        for (unsigned f = 0; f < 8; f++)
            check_one(&base, &target,
                      (f & 1 ? (unsigned)CURI_RELATIVE_ABSPATH : 0u) |
                          (f & 2 ? (unsigned)CURI_RELATIVE_NETPATH : 0u) |
                          (f & 4 ? (unsigned)CURI_RELATIVE_IGNORE_CASE : 0u));
    }
    free(b);
    free(t);
    free(s);
    return 0;
}
