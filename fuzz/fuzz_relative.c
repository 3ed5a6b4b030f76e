/*
 * fuzz_relative.c -- libFuzzer target for curi_relative (the inverse of 5.2).
 * Input: "BASE\nTARGET"; without a '\n' the base is "http://a/b/c/d;p?q" of
 * RFC 3986 5.4.  Every flag combination (ABSPATH, NETPATH) is tried.
 * Invariants:
 *  - the output parses as a reference, and resolving it against the base gives
 *    what resolving the target itself gives (for a target with a scheme, that
 *    is the target with its dot segments removed);
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
    if (!fz_buf_eq(&got, &want)) {
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
        check_one(&base, &target, 0);
        check_one(&base, &target, CURI_RELATIVE_ABSPATH);
        check_one(&base, &target, CURI_RELATIVE_NETPATH);
        check_one(&base, &target, CURI_RELATIVE_ABSPATH | CURI_RELATIVE_NETPATH);
    }
    free(b);
    free(t);
    free(s);
    return 0;
}
