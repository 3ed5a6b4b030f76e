/*
 * fuzz_url.c -- libFuzzer target for the WHATWG URL parser (curi_url_parse, curi_url_origin)
 * and libcuri's own UTS #46 (curi_uts46_to_ascii, curi_uts46_to_unicode).  Input: the URL,
 * or, when the first byte is 0x01, a base URL and the URL separated by the first 0x02 byte.
 * Invariants:
 *  - with cap = curi_url_bound the parse never answers NOSPACE; on success the href fits the
 *    bound, every view lies inside the href, and the href's parts are the views in order;
 *  - the href parses again (without a base) to itself, with the same components;
 *  - cap = the href's length succeeds with the same bytes, or answers NOSPACE with a larger
 *    size (the buffer is also working space) that then does; a smaller cap answers NOSPACE
 *    with a size at least the href's length;
 *  - curi_url_origin succeeds ("null" or scheme://host);
 *  - the state machine alone (testing.h's CURI__URL_GENERAL: no fast path) gives the same
 *    result, error offset, href, views, flags and validation errors;
 *  - the RFC 3986 parser takes the same bytes without crashing (it answers as it may);
 *  - UTS #46: ToASCII is idempotent on its own output, ToUnicode succeeds exactly when
 *    ToASCII does, and ToASCII of the ToUnicode output is the ToASCII output.
 * SPDX-License-Identifier: MIT
 */
#include <stdlib.h>
#include <string.h>

#include "util.h"
#include "../src/testing.h"

static int within(curi_str part, curi_str href)
{
    return part.ptr >= href.ptr && part.len <= href.len &&
           (size_t)(part.ptr - href.ptr) <= href.len - part.len;
}

static void check_views(const curi_url *u, const char *in, size_t n)
{
    const curi_str *parts[] = {&u->protocol, &u->username, &u->password, &u->host,
                               &u->hostname, &u->port, &u->pathname, &u->search, &u->hash};
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++)
        FZ_CHECKF(within(*parts[i], u->href), "%s: view %zu outside href", fz_show(in, n), i);
    FZ_CHECK(u->protocol.len > 1 && u->protocol.ptr[u->protocol.len - 1] == ':');
    FZ_CHECK(u->hash.len == 0 || u->hash.ptr[0] == '#');
    FZ_CHECK(u->search.len == 0 || u->search.ptr[0] == '?');
    FZ_CHECK((u->port_number < 0) == (u->port.len == 0));
    FZ_CHECK(u->port_number <= 65535);
}

static int same_url(const curi_url *a, const curi_url *b)
{
    return fz_eq(a->href.ptr, a->href.len, b->href.ptr, b->href.len) &&
           fz_eq(a->pathname.ptr, a->pathname.len, b->pathname.ptr, b->pathname.len) &&
           fz_eq(a->hostname.ptr, a->hostname.len, b->hostname.ptr, b->hostname.len) &&
           fz_eq(a->search.ptr, a->search.len, b->search.ptr, b->search.len) &&
           a->port_number == b->port_number && a->host_type == b->host_type &&
           a->opaque_path == b->opaque_path && a->has_query == b->has_query &&
           a->has_fragment == b->has_fragment;
}

static void check_url(const char *in, size_t n, const char *bs, size_t bn, int has_base)
{
    curi_url base, u, again;
    char *bbuf = NULL;
    size_t got = 0;
    if (has_base) {
        size_t bcap = curi_url_bound(bn, NULL);
        bbuf = fz_alloc(bcap);
        if (curi_url_parse(bbuf, bcap, &got, &base, bs, bn, NULL, 0, NULL) != CURI_OK) {
            free(bbuf);
            return;
        }
    }
    const curi_url *bp = has_base ? &base : NULL;
    size_t cap = curi_url_bound(n, bp);
    char *buf = fz_alloc(cap);
    curi_error err;
    int rc = curi_url_parse(buf, cap, &got, &u, in, n, bp, 0, &err);
    FZ_CHECKF(rc != CURI_ERR_NOSPACE, "%s: NOSPACE with the bound", fz_show(in, n));
    FZ_CHECK(err.code == rc);

    /* the fast path answers as the state machine does */
    {
        char *gb = fz_alloc(cap);
        curi_url g;
        curi_error gerr;
        size_t ggot = 0;
        int grc = curi__url_parse(gb, cap, &ggot, &g, in, n, bp, CURI__URL_GENERAL, &gerr);
        FZ_CHECKF(grc == rc && (rc != CURI_OK || (ggot == got && same_url(&u, &g) &&
                                                  u.special == g.special &&
                                                  u.hash.len == g.hash.len &&
                                                  u.username.len == g.username.len &&
                                                  u.password.len == g.password.len &&
                                                  u.port.len == g.port.len)) &&
                      (rc == CURI_OK || gerr.offset == err.offset) &&
                      u.validation == g.validation &&
                      u.validation_offset == g.validation_offset,
                  "%s: %d %.*s, the state machine alone %d %.*s", fz_show(in, n), rc,
                  rc == CURI_OK ? (int)got : 0, buf, grc, grc == CURI_OK ? (int)ggot : 0, gb);
        free(gb);
    }
    if (rc != CURI_OK) {
        FZ_CHECKF(err.offset <= n, "%s: offset %zu", fz_show(in, n), err.offset);
        free(buf);
        free(bbuf);
        return;
    }
    FZ_CHECK(got <= cap && u.href.ptr == buf && u.href.len == got);
    check_views(&u, in, n);

    /* the href is a fixed point */
    char *h = fz_dup(buf, got);
    size_t cap2 = curi_url_bound(got, NULL), got2 = 0;
    char *buf2 = fz_alloc(cap2);
    rc = curi_url_parse(buf2, cap2, &got2, &again, h, got, NULL, 0, NULL);
    FZ_CHECKF(rc == CURI_OK, "%s: its href %s does not parse (%d)", fz_show(in, n),
              fz_show2(h, got), rc);
    FZ_CHECKF(same_url(&u, &again), "%s: href %s parses to %s", fz_show(in, n),
              fz_show2(h, got), fz_show(again.href.ptr, again.href.len));

    /* the writer contract: exact cap, smaller caps */
    char *exact = fz_alloc(got);
    size_t got3 = 0;
    rc = curi_url_parse(exact, got, &got3, &again, in, n, bp, 0, NULL);
    if (rc == CURI_ERR_NOSPACE) {
        /* the buffer is also the parser's working space (a host before its IPv4 or
         * "localhost" rewriting, segments that ".." removes): the size it asks for works */
        FZ_CHECKF(got3 > got, "%s: NOSPACE at the href's length asks %zu", fz_show(in, n),
                  got3);
        free(exact);
        exact = fz_alloc(got3);
        rc = curi_url_parse(exact, got3, &got3, &again, in, n, bp, 0, NULL);
    }
    FZ_CHECKF(rc == CURI_OK && got3 == got && memcmp(exact, buf, got) == 0,
              "%s: cap = href length gives %d", fz_show(in, n), rc);
    if (got > 0) {
        char *small = fz_alloc(got - 1);
        size_t need = 0;
        rc = curi_url_parse(small, got - 1, &need, &again, in, n, bp, 0, NULL);
        FZ_CHECKF(rc == CURI_ERR_NOSPACE && need >= got, "%s: cap - 1 gives %d, %zu",
                  fz_show(in, n), rc, need);
        free(small);
    }
    size_t need0 = 0;
    rc = curi_url_parse(NULL, 0, &need0, &again, in, n, bp, 0, NULL);
    FZ_CHECKF(rc == CURI_ERR_NOSPACE && need0 >= got, "%s: cap 0 gives %d", fz_show(in, n),
              rc);

    /* the origin */
    char *o = fz_alloc(cap);
    size_t olen = 0;
    FZ_CHECK(curi_url_origin(o, cap, &olen, &u, NULL) == CURI_OK);
    FZ_CHECK(olen == 4 ? memcmp(o, "null", 4) == 0 || u.special : olen > 4);

    free(o);
    free(exact);
    free(buf2);
    free(h);
    free(buf);
    free(bbuf);
}

static void check_uts46(const char *s, size_t n)
{
    size_t cap = n * 64 + 64, la = 0, lu = 0, l2 = 0, l3 = 0;
    char *a = fz_alloc(cap), *un = fz_alloc(cap), *a2 = fz_alloc(cap), *a3 = fz_alloc(cap);
    int ra = curi_uts46_to_ascii(a, cap, &la, s, n, 0, NULL);
    int ru = curi_uts46_to_unicode(un, cap, &lu, s, n, 0, NULL);
    FZ_CHECKF((ra == CURI_OK) == (ru == CURI_OK), "%s: to-ascii %d, to-unicode %d",
              fz_show(s, n), ra, ru);
    if (ra == CURI_OK) {
        for (size_t i = 0; i < la; i++)
            FZ_CHECK((unsigned char)a[i] < 0x80 && !(a[i] >= 'A' && a[i] <= 'Z'));
        int r2 = curi_uts46_to_ascii(a2, cap, &l2, a, la, 0, NULL);
        FZ_CHECKF(r2 == CURI_OK && fz_eq(a, la, a2, l2), "%s: to-ascii not idempotent: %s",
                  fz_show(s, n), fz_show2(a, la));
        int r3 = curi_uts46_to_ascii(a3, cap, &l3, un, lu, 0, NULL);
        FZ_CHECKF(r3 == CURI_OK && fz_eq(a, la, a3, l3), "%s: to-ascii(to-unicode) differs",
                  fz_show(s, n));
    }
    free(a);
    free(un);
    free(a2);
    free(a3);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *s = (const char *)data;
    curi_uri ru;
    if (size > 4096)
        return 0;
    if (size > 0 && data[0] == 1) {
        const char *b, *in;
        size_t bn, n;
        fz_split(s + 1, size - 1, 2, &b, &bn, &in, &n);
        char *bc = fz_dup(b, bn), *ic = fz_dup(in, n);
        check_url(ic, n, bc, bn, 1);
        free(bc);
        free(ic);
        return 0;
    }
    char *c = fz_dup(s, size);
    check_url(c, size, NULL, 0, 0);
    (void)curi_parse(&ru, c, size, 0, NULL);
    check_uts46(c, size);
    free(c);
    return 0;
}
