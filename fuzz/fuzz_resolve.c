/*
 * fuzz_resolve.c -- libFuzzer target for curi_resolve (RFC 3986 5.2) and
 * curi_remove_dot_segments (5.2.4).
 * Input: "BASE\nREFERENCE"; without a '\n' the whole input is the reference and
 * the base is the one of RFC 3986 5.4, "http://a/b/c/d;p?q".  Invariants:
 *  - a base without a scheme gives CURI_ERR_BASE_NOT_ABSOLUTE, anything else
 *    succeeds, in strict and in non-strict mode, with the writer contract;
 *  - the output equals a literal transcription of 5.2.2-5.2.4 and 5.3 (util.c);
 *  - it parses as a URI and recomposes byte for byte; its path has no dot
 *    segments (past the "/." that curi.h documents) unless it is the base's path
 *    copied by 5.2.2; resolving it again against the same base changes nothing;
 *  - curi_remove_dot_segments equals the literal 5.2.4 on the reference's path
 *    and on the raw input, and never lengthens its input;
 *  - twins (dots.c): the in-place pass and the right-to-left walk give the same
 *    path in both modes (RFC, and "%2E" counted as a dot), with the walk's input
 *    whole and cut in two after a '/', and curi__has_dot_seg says 0 only for a
 *    path the pass leaves as it is.
 * SPDX-License-Identifier: MIT
 */
#include <stdlib.h>
#include <string.h>

#include "util.h"
#include "../src/internal.h"

typedef struct res_ctx {
    const curi_uri *base, *ref;
    unsigned flags;
} res_ctx;

static int resolve_w(char *dst, size_t cap, size_t *outlen, const void *ctx)
{
    const res_ctx *c = ctx;
    return curi_resolve(dst, cap, outlen, c->base, c->ref, c->flags, NULL);
}

/* curi_remove_dot_segments against the literal 5.2.4, on an exact-size copy. */
static void check_dots(const char *s, size_t n)
{
    char *buf = fz_dup(s, n);
    fz_buf want;
    size_t got = curi_remove_dot_segments(buf, n);

    fz_ref_remove_dots(s, n, &want);
    FZ_CHECKF(got <= n && fz_eq(buf, got, want.p, want.n),
              "remove_dot_segments(%s) = %s, RFC 5.2.4 says %.*s", fz_show(s, n),
              fz_show2(buf, got <= n ? got : 0), (int)want.n, want.p);
    fz_free(&want);
    free(buf);

    /* The two walks of dots.c agree. */
    for (int mode = CURI__DOTS_RFC; mode <= CURI__DOTS_PCT; mode++) {
        const char *cut = (n > 0) ? memchr(s, '/', n) : NULL;
        size_t n1 = (cut == NULL) ? 0 : (size_t)(cut - s) + 1;
        char *in = fz_dup(s, n), *walked = fz_alloc(n + 1);
        size_t len = curi__dots_inplace(in, n, mode);
        for (int split = 0; split <= 1; split++) {
            curi__dots it;
            curi__dots_info m;
            size_t k = split ? n1 : 0;
            curi__dots_init(&it, s, k, s + k, n - k, mode);
            m = curi__dots_measure(&it);
            FZ_CHECKF(m.len == len, "dots walk of %s (mode %d, cut %zu): %zu bytes, the pass %zu",
                      fz_show(s, n), mode, k, m.len, len);
            curi__dots_write_back(&it, m.count, 0, walked, m.len);
            FZ_CHECKF(fz_eq(walked, m.len, in, len), "dots walk of %s (mode %d) = %s, the pass %s",
                      fz_show(s, n), mode, fz_show2(walked, m.len), fz_show(in, len));
        }
        if (mode == CURI__DOTS_RFC && !curi__has_dot_seg(s, n)) {
            FZ_CHECKF(fz_eq(in, len, s, n), "curi__has_dot_seg(%s) = 0, but the pass gives %s",
                      fz_show(s, n), fz_show2(in, len));
        }
        free(in);
        free(walked);
    }
}

static void check_one(const curi_uri *base, const curi_uri *ref, unsigned flags)
{
    res_ctx c = {base, ref, flags};
    fz_buf out, want, again;
    curi_uri t, t2;
    curi_error e;
    res_ctx c2;
    int copied;
    int rc = fz_write(resolve_w, &c, curi_resolve_bound(base, ref), &out);

    if (base->scheme.ptr == NULL) {
        FZ_CHECKF(rc == CURI_ERR_BASE_NOT_ABSOLUTE, "base without scheme: %d", rc);
        return;
    }
    FZ_CHECKF(rc == CURI_OK, "curi_resolve = %d", rc);
    fz_ref_resolve(base, ref, (flags & CURI_RESOLVE_NON_STRICT) != 0, &want);
    if (!fz_buf_eq(&out, &want)) {
        fz_dump("base", base);
        fz_dump("reference", ref);
        FZ_CHECKF(0, "curi_resolve gave %s, RFC 3986 5.2 gives %s (flags %u)",
                  fz_show(out.p, out.n), fz_show2(want.p, want.n), flags);
    }

    /* The target is a URI that recomposes to itself, with no dot segments left. */
    FZ_CHECKF(fz_parse(&t, out.p, out.n, CURI_PARSE_URI, &e) == CURI_OK,
              "%s does not parse: %d@%zu", fz_show(out.p, out.n), e.code, e.offset);
    fz_recompose(&t, &again);
    FZ_CHECK(fz_buf_eq(&again, &out));
    fz_free(&again);
    /* 5.2.2 copies the base path untouched when the reference has no path, scheme or authority. */
    copied = ref->path.len == 0 && ref->host.ptr == NULL &&
             fz_has_dot_segment(base->path.ptr, base->path.len);
    if (ref->scheme.ptr != NULL) {
        /* Non-strict: a scheme equal to the base's (5.2.2, any case) counts as absent. */
        int same = (flags & CURI_RESOLVE_NON_STRICT) && ref->scheme.len == base->scheme.len;
        for (size_t k = 0; same && k < ref->scheme.len; k++)
            same = (ref->scheme.ptr[k] | 0x20) == (base->scheme.ptr[k] | 0x20);
        copied = copied && same;
    }
    if (!copied) {
        curi_str p = t.path;
        if (t.host.ptr == NULL && p.len >= 4 && memcmp(p.ptr, "/.//", 4) == 0) {
            p.ptr += 2;
            p.len -= 2;
        }
        FZ_CHECKF(!fz_has_dot_segment(p.ptr, p.len) || p.len == 0, "dot segment left in %s",
                  fz_show(out.p, out.n));
    }
    if (copied)
        goto done;
    /* Resolving the target again (strictly) is the identity. */
    c2.base = base;
    c2.ref = &t;
    c2.flags = 0;
    FZ_CHECK(fz_write(resolve_w, &c2, curi_resolve_bound(base, &t), &again) == CURI_OK);
    FZ_CHECKF(fz_buf_eq(&again, &out), "resolving %s again gave %s", fz_show(out.p, out.n),
              fz_show2(again.p, again.n));
    FZ_CHECK(fz_parse(&t2, again.p, again.n, 0, NULL) == CURI_OK);
    fz_free(&again);
done:
    fz_free(&want);
    fz_free(&out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char rfc_base[] = "http://a/b/c/d;p?q";
    char *s = fz_dup(data, size);
    char *b, *r;
    const char *bp, *rp;
    size_t blen, rlen;
    curi_uri base, ref;

    if (!fz_split(s, size, '\n', &bp, &blen, &rp, &rlen)) {
        bp = rfc_base;
        blen = sizeof rfc_base - 1;
        rp = s;
        rlen = size;
    }
    b = fz_dup(bp, blen);
    r = fz_dup(rp, rlen);
    check_dots(s, size);
    if (fz_parse(&ref, r, rlen, 0, NULL) == CURI_OK) {
        check_dots(ref.path.ptr, ref.path.len);
        if (fz_parse(&base, b, blen, 0, NULL) == CURI_OK) {
            check_one(&base, &ref, 0);
            check_one(&base, &ref, CURI_RESOLVE_NON_STRICT);
        }
    }
    free(b);
    free(r);
    free(s);
    return 0;
}
