/*
 * fuzz_edit.c -- libFuzzer target for the scheme-aware functions on edited references: a
 * reference whose components curi_set has put back, each in a heap block of its own of
 * exactly its length, so that AddressSanitizer sees a read past any view (the layout that
 * once made a scheme lookup load 8 bytes from a 4-byte "data").  Input: "A\nB" (without a
 * '\n', B is A with its letters' case flipped, as in fuzz_compare); a first byte below 0x20
 * is a mask of the components to edit (bit i: component i of curi_part, the rest stay in
 * the input), else every one is edited.  Invariants, for every A (and B) curi_parse accepts:
 *  - curi_set accepts each component's own bytes, and the edited reference recomposes to
 *    the input's bytes;
 *  - curi_normalize (CURI_NORM_DEFAULT and CURI_NORM_SYNTAX) gives the same answer and the
 *    same bytes, and curi_is_normalized the same answer;
 *  - curi_compare(A', B') = curi_compare(A, B) at every max_level, and A' is STRING-equal
 *    to A;
 *  - curi_scheme_check gives the same code, rule and offset, and curi_scheme_parts_get the
 *    same kind, form, flags and part bytes;
 *  - curi_lint of the edited reference's recomposition gives the input's findings.
 * SPDX-License-Identifier: MIT
 */
#include <stdlib.h>
#include <string.h>

#include "util.h"

enum { NPARTS = 7, MAXF = 64 };

typedef struct edited {
    curi_uri u;
    char *block[NPARTS];
} edited;

static curi_str part_of(const curi_uri *u, int part)
{
    const curi_str v[NPARTS] = {u->scheme, u->userinfo, u->host,    u->port,
                                u->path,   u->query,    u->fragment};
    return v[part];
}

/* e->u = *u with the components of mask each in an exact-size block of its own (the host
 * first: setting it re-derives the host fields and keeps userinfo and port). */
static void edit(edited *e, const curi_uri *u, unsigned mask)
{
    static const int order[NPARTS] = {CURI_PART_SCHEME, CURI_PART_HOST,  CURI_PART_USERINFO,
                                      CURI_PART_PORT,   CURI_PART_PATH,  CURI_PART_QUERY,
                                      CURI_PART_FRAGMENT};
    e->u = *u;
    for (int i = 0; i < NPARTS; i++) {
        int part = order[i];
        curi_str v = part_of(u, part);
        curi_error err;
        int rc;
        e->block[part] = NULL;
        if (v.ptr == NULL || !(mask & (1u << part))) {
            continue;
        }
        e->block[part] = fz_dup(v.ptr, v.len);
        rc = curi_set(&e->u, (curi_part)part, e->block[part], v.len, 0, &err);
        FZ_CHECKF(rc == CURI_OK, "curi_set(part %d, %s) = %d", part, fz_show(v.ptr, v.len), rc);
    }
}

static void unedit(edited *e)
{
    for (int i = 0; i < NPARTS; i++) {
        free(e->block[i]);
    }
}

/* The writer's output in an exact-size block (out->p NULL when rc is not CURI_OK). */
static int normalized(const curi_uri *u, unsigned mask, fz_buf *out)
{
    size_t bound = curi_normalize_bound(u), n = 0;
    char *big = fz_alloc(bound);
    int rc = curi_normalize(big, bound, &n, u, mask, NULL);

    out->p = rc == CURI_OK ? fz_dup(big, n) : NULL;
    out->n = rc == CURI_OK ? n : 0;
    free(big);
    return rc;
}

static fz_buf recomposed(const curi_uri *u)
{
    size_t bound = curi_recompose_bound(u), n = 0;
    char *big = fz_alloc(bound);
    int rc = curi_recompose(big, bound, &n, u, NULL);
    fz_buf out;

    FZ_CHECKF(rc == CURI_OK, "curi_recompose = %d", rc);
    out.p = fz_dup(big, n);
    out.n = n;
    free(big);
    return out;
}

/* Everything but the comparison, for one reference and its edited twin. */
static void same_alone(const curi_uri *u, const curi_uri *e, const char *s, size_t n)
{
    static const unsigned masks[2] = {CURI_NORM_DEFAULT, CURI_NORM_SYNTAX};
    curi_error ea, eb;
    const char *ra = NULL, *rb = NULL;
    curi_scheme_parts pa, pb;
    curi_finding fa[MAXF], fb[MAXF];
    size_t ka, kb;
    fz_buf r;

    for (int i = 0; i < 2; i++) {
        fz_buf a, b;
        int rca = normalized(u, masks[i], &a), rcb = normalized(e, masks[i], &b);
        FZ_CHECKF(rca == rcb && fz_buf_eq(&a, &b), "normalize %#x: %s against the edited %s",
                  masks[i], fz_show(a.p, a.n), fz_show2(b.p, b.n));
        FZ_CHECK(fz_is_normalized(u, masks[i], 0) == fz_is_normalized(e, masks[i], 0));
        fz_free(&a);
        fz_free(&b);
    }
    FZ_CHECK(fz_compare(u, e, CURI_EQ_SCHEME, 0) == CURI_EQ_STRING);
    FZ_CHECK(fz_compare(e, e, CURI_EQ_SCHEME, 0) == CURI_EQ_STRING);

    ea.offset = eb.offset = 0;
    FZ_CHECK(curi_scheme_check(u, 0, &ra, &ea) == curi_scheme_check(e, 0, &rb, &eb));
    FZ_CHECKF(ra == rb && ea.offset == eb.offset, "scheme rule %s@%zu, edited %s@%zu",
              ra ? ra : "OK", ea.offset, rb ? rb : "OK", eb.offset);
    if (curi_scheme_parts_get(&pa, u, 0, NULL, NULL) == CURI_OK) {
        FZ_CHECK(curi_scheme_parts_get(&pb, e, 0, NULL, NULL) == CURI_OK);
        FZ_CHECK(pa.kind == pb.kind && pa.form == pb.form && pa.flags == pb.flags);
        for (int i = 0; i < CURI_SCHEME_PARTS_MAX; i++) {
            FZ_CHECKF((pa.part[i].ptr == NULL) == (pb.part[i].ptr == NULL) &&
                          fz_eq(pa.part[i].ptr, pa.part[i].len, pb.part[i].ptr, pb.part[i].len),
                      "part %d: %s, edited %s", i, fz_show(pa.part[i].ptr, pa.part[i].len),
                      fz_show2(pb.part[i].ptr, pb.part[i].len));
        }
    }

    r = recomposed(e);
    FZ_CHECKF(fz_eq(r.p, r.n, s, n), "the edited reference recomposes to %s", fz_show(r.p, r.n));
    ka = fz_lint(s, n, NULL, fa, MAXF);
    kb = fz_lint(r.p, r.n, NULL, fb, MAXF);
    FZ_CHECK(ka == kb);
    for (size_t i = 0; i < ka && i < MAXF; i++) {
        FZ_CHECK(fa[i].rule == fb[i].rule && fa[i].start == fb[i].start &&
                 fa[i].end == fb[i].end && fa[i].detail == fb[i].detail);
    }
    fz_free(&r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    unsigned mask = 0x7F;
    const char *s = (const char *)data, *a, *b;
    size_t alen, blen;
    char *ca, *cb;
    curi_uri ua, ub;
    edited ea, eb;

    if (size > 0 && data[0] < 0x20) {
        mask = data[0];
        s++;
        size--;
    }
    if (!fz_split(s, size, '\n', &a, &alen, &b, &blen)) {
        b = a;
        blen = alen;
    }
    ca = fz_dup(a, alen);
    cb = fz_dup(b, blen);
    if (b == a) {
        for (size_t i = 0; i < blen; i++) {
            char c = cb[i];
            cb[i] = (char)((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ? c ^ 0x20 : c);
        }
    }
    if (curi_parse(&ua, ca, alen, 0, NULL) == CURI_OK) {
        edit(&ea, &ua, mask);
        same_alone(&ua, &ea.u, ca, alen);
        if (curi_parse(&ub, cb, blen, 0, NULL) == CURI_OK) {
            edit(&eb, &ub, mask ^ 0x7F ? mask ^ 0x7F : mask);
            for (int level = CURI_EQ_STRING; level <= CURI_EQ_SCHEME; level++) {
                curi_equiv want = fz_compare(&ua, &ub, (curi_equiv)level, 0);
                FZ_CHECKF(fz_compare(&ea.u, &eb.u, (curi_equiv)level, 0) == want &&
                              fz_compare(&eb.u, &ea.u, (curi_equiv)level, 0) == want,
                          "compare at %d: %d, edited differs", level, (int)want);
            }
            unedit(&eb);
        }
        unedit(&ea);
    }
    free(ca);
    free(cb);
    return 0;
}
