/*
 * fuzz_normalize.c -- libFuzzer target for curi_normalize and curi_is_normalized
 * (RFC 3986 6.2.2 and 6.2.3).  The whole input is one reference, normalized
 * under each single mask bit and under the usual combinations.  Invariants:
 *  - normalization succeeds (writer contract included) and its output parses;
 *  - it is idempotent: normalizing the output again gives the output;
 *  - curi_is_normalized(u) == (normalize(u) == recompose(u)), and the output
 *    itself is normalized;
 *  - each step did its job on the output: lowercase scheme and host (6.2.2.1),
 *    uppercase hex (6.2.2.1), no encoded unreserved byte (6.2.2.2), no dot
 *    segment in a URI's path or an absolute path (6.2.2.3; a relative-path
 *    reference keeps them), no empty or default port and no empty path beside an
 *    authority where the scheme says so (6.2.3);
 *  - the case and percent steps never change what a component decodes to,
 *    and no step adds or removes a scheme, authority, query or fragment;
 *  - twins: the backward writer and the streaming reader of normalize.c (with
 *    its own chunks and with chunks of 3 to 8 bytes) write exactly the output of
 *    curi_normalize, and the streaming curi_is_normalized agrees with it.
 * SPDX-License-Identifier: MIT
 */
#include <stdlib.h>
#include <string.h>

#include "util.h"
#include "../src/schemes/schemes.h"
#include "../src/testing.h"

typedef struct norm_ctx {
    const curi_uri *u;
    unsigned mask;
} norm_ctx;

static int normalize_w(char *dst, size_t cap, size_t *outlen, const void *ctx)
{
    const norm_ctx *c = ctx;
    return curi_normalize(dst, cap, outlen, c->u, c->mask, NULL);
}

static int is_hex(char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

static int hexv(char c)
{
    return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
}

static int is_unreserved(int c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           c == '-' || c == '.' || c == '_' || c == '~';
}

/* Check the percent triplets of v: uppercase hex (PCT_HEX), no unreserved byte (UNRESERVED). */
static void check_triplets(curi_str v, unsigned mask, const char *what)
{
    for (size_t i = 0; v.ptr != NULL && i + 2 < v.len; i++) {
        if (v.ptr[i] != '%' || !is_hex(v.ptr[i + 1]) || !is_hex(v.ptr[i + 2]))
            continue;
        if (mask & CURI_NORM_PCT_HEX)
            FZ_CHECKF(!(v.ptr[i + 1] >= 'a' && v.ptr[i + 1] <= 'f') &&
                          !(v.ptr[i + 2] >= 'a' && v.ptr[i + 2] <= 'f'),
                      "lowercase hex left in the %s %s", what, fz_show(v.ptr, v.len));
        if (mask & CURI_NORM_UNRESERVED)
            FZ_CHECKF(!is_unreserved(hexv(v.ptr[i + 1]) * 16 + hexv(v.ptr[i + 2])),
                      "encoded unreserved byte left in the %s %s", what, fz_show(v.ptr, v.len));
        i += 2;
    }
}

/* Uppercase letters outside percent triplets. */
static int has_upper(curi_str v)
{
    for (size_t i = 0; v.ptr != NULL && i < v.len; i++) {
        if (v.ptr[i] == '%' && i + 2 < v.len) {
            i += 2;
            continue;
        }
        if (v.ptr[i] >= 'A' && v.ptr[i] <= 'Z')
            return 1;
    }
    return 0;
}

/* The two views decode to the same bytes. */
static int same_decoded(curi_str a, curi_str b)
{
    fz_buf da, db;
    size_t bad;
    int same;

    if (a.ptr == NULL || b.ptr == NULL)
        return a.ptr == NULL && b.ptr == NULL;
    FZ_CHECK(fz_ref_decode(a.ptr, a.len, 0, &da, &bad));
    FZ_CHECK(fz_ref_decode(b.ptr, b.len, 0, &db, &bad));
    same = fz_buf_eq(&da, &db);
    fz_free(&da);
    fz_free(&db);
    return same;
}

static void check_mask(const curi_uri *u, const fz_buf *rec, unsigned mask)
{
    norm_ctx c = {u, mask};
    fz_buf n1, n2;
    curi_uri v;
    curi_error e;
    int rc = fz_write(normalize_w, &c, curi_normalize_bound(u), &n1);

    if (rc != CURI_OK)
        fz_dump("input", u);
    FZ_CHECKF(rc == CURI_OK, "curi_normalize(mask 0x%x) = %d", mask, rc);
    FZ_CHECKF(fz_parse(&v, n1.p, n1.n, 0, &e) == CURI_OK, "normalized %s does not parse: %d@%zu",
              fz_show(n1.p, n1.n), e.code, e.offset);
    if (mask == 0)
        FZ_CHECKF(fz_buf_eq(&n1, rec), "mask 0 changed %s into %s", fz_show(rec->p, rec->n),
                  fz_show2(n1.p, n1.n));

    /* Idempotent, and consistent with curi_is_normalized. */
    c.u = &v;
    FZ_CHECK(fz_write(normalize_w, &c, curi_normalize_bound(&v), &n2) == CURI_OK);
    FZ_CHECKF(fz_buf_eq(&n1, &n2), "mask 0x%x: normalize(%s) = %s, not idempotent", mask,
              fz_show(n1.p, n1.n), fz_show2(n2.p, n2.n));
    FZ_CHECKF(fz_is_normalized(&v, mask, 0) == 1, "mask 0x%x: output %s is not normalized", mask,
              fz_show(n1.p, n1.n));
    FZ_CHECKF(fz_is_normalized(u, mask, 0) == fz_buf_eq(&n1, rec),
              "mask 0x%x: curi_is_normalized(%s) = %d but normalize gives %s", mask,
              fz_show(rec->p, rec->n), fz_is_normalized(u, mask, 0), fz_show2(n1.p, n1.n));
    FZ_CHECKF(fz_is_normalized(u, mask, 1) == fz_buf_eq(&n1, rec),
              "mask 0x%x: streaming curi_is_normalized(%s) disagrees", mask,
              fz_show(rec->p, rec->n));
    FZ_CHECK(fz_is_normalized(&v, mask, 1) == 1);

    /* The twins of the forward writer (testing.h). */
    {
        char *t = fz_alloc(n1.n + 1);
        for (int how = 1; how <= 8; how++) {
            size_t tn = curi__normalize_twin(t, n1.n + 1, u, mask, how);
            FZ_CHECKF(tn == n1.n && (tn == 0 || memcmp(t, n1.p, tn) == 0),
                      "mask 0x%x: twin %d of normalize(%s) gives %s, not %s", mask, how,
                      fz_show(rec->p, rec->n), fz_show2(t, tn), fz_show(n1.p, n1.n));
        }
        free(t);
    }

    /* No step adds or removes a component (the port step may drop the port), but for the
     * scheme rules: an ldap query of only empty or default parts goes (src/schemes/normal.c). */
    {
        int ldap = u->scheme.ptr != NULL && u->scheme.len >= 4 &&
                   (u->scheme.ptr[0] | 0x20) == 'l' && (u->scheme.ptr[1] | 0x20) == 'd';
        int rules = (mask & CURI_NORM_SCHEME_RULES) != 0;
        FZ_CHECK((v.scheme.ptr == NULL) == (u->scheme.ptr == NULL));
        FZ_CHECK((v.host.ptr == NULL) == (u->host.ptr == NULL));
        FZ_CHECK((v.userinfo.ptr == NULL) == (u->userinfo.ptr == NULL));
        FZ_CHECK((v.query.ptr == NULL) == (u->query.ptr == NULL) ||
                 (rules && ldap && v.query.ptr == NULL));
    }
    FZ_CHECK((v.fragment.ptr == NULL) == (u->fragment.ptr == NULL));
    if (!(mask & CURI_NORM_PORT))
        FZ_CHECK(fz_str_same(u->port, v.port));

    /* Each step did its job on the output; a URN the layer accepts has a lowercase NID. */
    if ((mask & CURI_NORM_SCHEME_RULES) && u->scheme.len == 3 &&
        (u->scheme.ptr[0] | 0x20) == 'u' && (u->scheme.ptr[1] | 0x20) == 'r' &&
        (u->scheme.ptr[2] | 0x20) == 'n') {
        const char *colon = v.path.len > 0 ? memchr(v.path.ptr, ':', v.path.len) : NULL;
        curi_str nid = {v.path.ptr, colon != NULL ? (size_t)(colon - v.path.ptr) : 0};
        if (v.host.ptr == NULL && curi_scheme_check(&v, 0, NULL, NULL) == CURI_OK)
            FZ_CHECKF(!has_upper(nid), "mask 0x%x: uppercase left in the NID of %s", mask,
                      fz_show(n1.p, n1.n));
    }
    /* nor is a tel URI decoded or dot-removed (its path is not hierarchical), and one the layer accepts
     * keeps no visual separator in its number and no uppercase letter in its path */
    if ((mask & CURI_NORM_SCHEME_RULES) && u->scheme.len == 3 &&
        (u->scheme.ptr[0] | 0x20) == 't' && (u->scheme.ptr[1] | 0x20) == 'e' &&
        (u->scheme.ptr[2] | 0x20) == 'l') {
        if (v.host.ptr == NULL && curi_scheme_check(&v, 0, NULL, NULL) == CURI_OK) {
            const char *semi = v.path.len > 0 ? memchr(v.path.ptr, ';', v.path.len) : NULL;
            size_t nl = semi != NULL ? (size_t)(semi - v.path.ptr) : v.path.len;
            FZ_CHECKF(!has_upper(v.path) && memchr(v.path.ptr, '-', nl) == NULL &&
                          memchr(v.path.ptr, '.', nl) == NULL &&
                          memchr(v.path.ptr, '(', nl) == NULL && memchr(v.path.ptr, ')', nl) == NULL,
                      "mask 0x%x: tel number not canonical in %s", mask, fz_show(n1.p, n1.n));
        }
    }
    /* The steps the registry says the scheme leaves out: at every level (a URN's NSS is
     * never decoded nor dot-removed, RFC 8141 3.1), and under the scheme rules (tel is not
     * decoded; tel, mailto and data paths are not hierarchical). */
    if (u->scheme.ptr != NULL) {
        const curi_scheme *si = curi_scheme_find(u->scheme.ptr, u->scheme.len);
        if (si != NULL && si->ops != NULL) {
            mask &= ~si->ops->norm_never;
            if (mask & CURI_NORM_SCHEME_RULES)
                mask &= ~si->ops->norm_off;
        }
    }
    if (mask & CURI_NORM_CASE) {
        curi_str h = v.host;
        /* An RFC 6874 zone ID names an interface: its case is kept. */
        if (v.zone.ptr != NULL)
            h.len = (size_t)(v.zone.ptr - v.host.ptr);
        FZ_CHECKF(!has_upper(v.scheme) && !has_upper(h), "mask 0x%x: uppercase left in %s",
                  mask, fz_show(n1.p, n1.n));
    }
    check_triplets(v.userinfo, mask, "userinfo");
    check_triplets(v.host, mask, "host");
    check_triplets(v.path, mask, "path");
    check_triplets(v.query, mask, "query");
    check_triplets(v.fragment, mask, "fragment");
    /* 6.2.2.3 on a URI's path or an absolute path; "../g" relative to a base must stay. */
    if ((mask & CURI_NORM_DOTS) &&
        (v.scheme.ptr != NULL || (v.path.len > 0 && v.path.ptr[0] == '/'))) {
        curi_str p = v.path;
        if (v.host.ptr == NULL && p.len >= 4 && memcmp(p.ptr, "/.//", 4) == 0) {
            p.ptr += 2;
            p.len -= 2;
        }
        FZ_CHECKF(!fz_has_dot_segment(p.ptr, p.len) || p.len == 0,
                  "mask 0x%x: dot segment left in %s", mask, fz_show(n1.p, n1.n));
    }
    if ((mask & CURI_NORM_PORT) && v.port.ptr != NULL) {
        int dp = curi_scheme_default_port(curi_scheme_find(v.scheme.ptr, v.scheme.len));
        FZ_CHECKF(v.port.len > 0, "mask 0x%x: empty port left in %s", mask, fz_show(n1.p, n1.n));
        if (dp >= 0 && v.port_status == CURI_PORT_VALID)
            FZ_CHECKF(v.port_number != dp, "mask 0x%x: default port left in %s",
                      mask, fz_show(n1.p, n1.n));
    }
    if ((mask & CURI_NORM_EMPTY_PATH) && v.host.ptr != NULL && v.scheme.ptr != NULL) {
        const curi_scheme *si = curi_scheme_find(v.scheme.ptr, v.scheme.len);
        if (curi_scheme_flags(si) & CURI_SCHEME_EMPTY_PATH_SLASH)
            FZ_CHECKF(v.path.len > 0, "mask 0x%x: empty path left in %s", mask,
                      fz_show(n1.p, n1.n));
    }

    /* Case and percent steps keep what the components decode to. */
    if ((mask & ~(unsigned)(CURI_NORM_CASE | CURI_NORM_PCT_HEX | CURI_NORM_UNRESERVED)) == 0) {
        FZ_CHECK(same_decoded(u->userinfo, v.userinfo));
        FZ_CHECK(same_decoded(u->path, v.path));
        FZ_CHECK(same_decoded(u->query, v.query));
        FZ_CHECK(same_decoded(u->fragment, v.fragment));
    }
    fz_free(&n2);
    fz_free(&n1);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const unsigned masks[] = {
        0, CURI_NORM_CASE, CURI_NORM_PCT_HEX, CURI_NORM_UNRESERVED, CURI_NORM_DOTS,
        CURI_NORM_PORT, CURI_NORM_EMPTY_PATH, CURI_NORM_IPV6,
        CURI_NORM_CASE | CURI_NORM_PCT_HEX | CURI_NORM_UNRESERVED, CURI_NORM_SYNTAX,
        CURI_NORM_SCHEME, CURI_NORM_DEFAULT, CURI_NORM_DEFAULT | CURI_NORM_IPV6};
    char *s = fz_dup(data, size);
    curi_uri u;
    fz_buf rec;

    if (fz_parse(&u, s, size, 0, NULL) == CURI_OK) {
        fz_recompose(&u, &rec);
        for (size_t i = 0; i < sizeof masks / sizeof masks[0]; i++)
            check_mask(&u, &rec, masks[i]);
        fz_free(&rec);
    }
    free(s);
    return 0;
}
