/*
 * fuzz_url_set.c -- libFuzzer target for the URL API's setters (curi_url_set).  Input: one
 * byte choosing the setter (its value mod 9, CURI_URL_SET_PROTOCOL + that), then the URL and
 * the value separated by the first 0x02 byte.  For a URL that parses, invariants:
 *  - with cap = curi_url_bound(value length, url) the setter succeeds (it never fails on a
 *    value: an ignored one gives the href unchanged);
 *  - every view lies inside the new href, in order, and the views agree with the href's
 *    shape ('?' and '#' first, port_number and port);
 *  - the new href parses again with curi_url_parse to the same href and components, except
 *    where the Standard itself is not idempotent: the protocol setter keeps the host
 *    "localhost" when it makes a URL file ("http://localhost/x" gives "file://localhost/x",
 *    which parses to "file:///x"; the file host state empties it only when parsing);
 *  - cap = the href's length succeeds with the same bytes, or asks for more (the buffer is
 *    working space) and then succeeds; one byte less answers NOSPACE with at least the
 *    href's length.
 * SPDX-License-Identifier: MIT
 */
#include <stdlib.h>
#include <string.h>

#include "util.h"

static int within(curi_str part, curi_str href)
{
    return part.ptr >= href.ptr && part.len <= href.len &&
           (size_t)(part.ptr - href.ptr) <= href.len - part.len;
}

static int same(curi_str a, curi_str b)
{
    return fz_eq(a.ptr, a.len, b.ptr, b.len);
}

static void check_set(const char *in, size_t n, int which, const char *val, size_t vn)
{
    size_t cap = curi_url_bound(n, NULL), got = 0;
    char *ubuf = fz_alloc(cap);
    curi_url u, s, again;
    if (curi_url_parse(ubuf, cap, &got, &u, in, n, NULL, 0, NULL) != CURI_OK) {
        free(ubuf);
        return;
    }
    size_t scap = curi_url_bound(vn, &u), sgot = 0;
    char *sbuf = fz_alloc(scap);
    int rc = curi_url_set(sbuf, scap, &sgot, &s, &u, which, val, vn, 0, NULL);
    FZ_CHECKF(rc == CURI_OK, "%s: setter %d = %s gives %d", fz_show(in, n), which,
              fz_show2(val, vn), rc);
    FZ_CHECK(s.href.ptr == sbuf && s.href.len == sgot);
    const curi_str *parts[] = {&s.protocol, &s.username, &s.password, &s.host, &s.hostname,
                               &s.port, &s.pathname, &s.search, &s.hash};
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++)
        FZ_CHECKF(within(*parts[i], s.href), "%s: setter %d: view %zu outside href",
                  fz_show(in, n), which, i);
    FZ_CHECK(s.hash.len == 0 || s.hash.ptr[0] == '#');
    FZ_CHECK(s.search.len == 0 || s.search.ptr[0] == '?');
    FZ_CHECK((s.port_number < 0) == (s.port.len == 0) && s.port_number <= 65535);

    /* the new href parses to itself, with the same components */
    int localhost = which == CURI_URL_SET_PROTOCOL &&
                    fz_eq(s.protocol.ptr, s.protocol.len, "file:", 5) &&
                    fz_eq(s.hostname.ptr, s.hostname.len, "localhost", 9);
    char *h = fz_dup(sbuf, sgot);
    size_t acap = curi_url_bound(sgot, NULL), agot = 0;
    char *abuf = fz_alloc(acap);
    rc = curi_url_parse(abuf, acap, &agot, &again, h, sgot, NULL, 0, NULL);
    FZ_CHECKF(rc == CURI_OK, "%s: setter %d: href %s does not parse (%d)", fz_show(in, n),
              which, fz_show2(h, sgot), rc);
    FZ_CHECKF(localhost || (same(s.href, again.href) && same(s.protocol, again.protocol) &&
                  same(s.username, again.username) && same(s.password, again.password) &&
                  same(s.host, again.host) && same(s.hostname, again.hostname) &&
                  same(s.port, again.port) && same(s.pathname, again.pathname) &&
                  same(s.search, again.search) && same(s.hash, again.hash) &&
                  s.port_number == again.port_number && s.host_type == again.host_type &&
                  s.opaque_path == again.opaque_path && s.has_query == again.has_query &&
                  s.has_fragment == again.has_fragment && s.special == again.special),
              "%s: setter %d: href %s parses to another URL", fz_show(in, n), which,
              fz_show2(h, sgot));

    /* the writer contract */
    char *exact = fz_alloc(sgot);
    size_t egot = 0;
    rc = curi_url_set(exact, sgot, &egot, &again, &u, which, val, vn, 0, NULL);
    if (rc == CURI_ERR_NOSPACE) {
        FZ_CHECK(egot > sgot);
        free(exact);
        exact = fz_alloc(egot);
        rc = curi_url_set(exact, egot, &egot, &again, &u, which, val, vn, 0, NULL);
    }
    FZ_CHECKF(rc == CURI_OK && egot == sgot && memcmp(exact, sbuf, sgot) == 0,
              "%s: setter %d: cap = href length gives %d", fz_show(in, n), which, rc);
    if (sgot > 0) {
        char *small = fz_alloc(sgot - 1);
        size_t need = 0;
        rc = curi_url_set(small, sgot - 1, &need, &again, &u, which, val, vn, 0, NULL);
        FZ_CHECKF(rc == CURI_ERR_NOSPACE && need >= sgot, "%s: setter %d: cap - 1 gives %d",
                  fz_show(in, n), which, rc);
        free(small);
    }
    free(exact);
    free(abuf);
    free(h);
    free(sbuf);
    free(ubuf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *in, *val;
    size_t n, vn;
    if (size < 1 || size > 4096)
        return 0;
    int which = CURI_URL_SET_PROTOCOL + data[0] % 9;
    fz_split((const char *)data + 1, size - 1, 2, &in, &n, &val, &vn);
    char *ic = fz_dup(in, n), *vc = fz_dup(val, vn);
    check_set(ic, n, which, vc, vn);
    free(ic);
    free(vc);
    return 0;
}
