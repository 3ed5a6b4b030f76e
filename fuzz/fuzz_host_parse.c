/*
 * fuzz_host_parse.c -- libFuzzer target for curi_host_parse (RFC 3986 3.2.2 host).
 * The whole input is a host.  Invariants:
 *  - it leaves the fields it does not own alone, and on success host is the input;
 *  - it accepts x exactly when curi_parse accepts "//" x as an authority with no
 *    userinfo and no port, and both derive the same type, address and zone
 *    (a reg-name cannot hold ':' '@' '/' '?' '#', so "//" x splits no other way);
 *  - STRICT_3986 accepts the same minus zone IDs;
 *  - an IPv4 host's text is its dotted quad; an IPv6 address written out as
 *    eight full groups parses back to the same 16 bytes.
 * SPDX-License-Identifier: MIT
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *s = fz_dup(data, size);
    char *auth = fz_alloc(size + 2);
    curi_uri h, p, sentinel;
    curi_error e, f;
    int rc, rc2;

    /* Fields other than host, host_type, ip, zone must survive: fill them with a pattern. */
    memset(&h, 0x5a, sizeof h);
    h.scheme.ptr = "sch";
    h.scheme.len = 3;
    h.path.ptr = "/p";
    h.path.len = 2;
    h.port_status = CURI_PORT_EMPTY;
    h.port_number = 77;
    sentinel = h;
    e.code = -1;
    rc = curi_host_parse(&h, s, size, 0, &e);
    FZ_CHECK(rc == e.code && rc != CURI_ERR_NOSPACE);
    FZ_CHECK(h.scheme.ptr == sentinel.scheme.ptr && h.path.ptr == sentinel.path.ptr);
    FZ_CHECK(h.port_status == CURI_PORT_EMPTY && h.port_number == 77);
    FZ_CHECK(memcmp(&h.query, &sentinel.query, sizeof h.query) == 0);
    if (rc != CURI_OK) {
        FZ_CHECKF(e.offset <= size, "offset %zu > %zu", e.offset, size);
    } else {
        FZ_CHECK(h.host.ptr == s && h.host.len == size);
        FZ_CHECK(h.host_type != CURI_HOST_NONE);
    }

    /* The same text as the authority of a network-path reference. */
    memcpy(auth, "//", 2);
    if (size > 0)
        memcpy(auth + 2, s, size);
    rc2 = fz_parse(&p, auth, size + 2, 0, &f);
    if (rc == CURI_OK) {
        FZ_CHECKF(rc2 == CURI_OK, "curi_parse(//%s) = %d", fz_show(s, size), rc2);
        FZ_CHECK(p.host.len == size && p.userinfo.ptr == NULL && p.port.ptr == NULL);
        FZ_CHECK(p.path.len == 0 && p.host_type == h.host_type);
        FZ_CHECK((p.zone.ptr == NULL) == (h.zone.ptr == NULL));
        if (h.zone.ptr != NULL)
            FZ_CHECK(h.zone.ptr - s == p.zone.ptr - auth - 2 && h.zone.len == p.zone.len);
        if (h.host_type == CURI_HOST_IPV4) {
            char t[32];
            int n = snprintf(t, sizeof t, "%u.%u.%u.%u", h.ip[0], h.ip[1], h.ip[2], h.ip[3]);
            FZ_CHECK(memcmp(p.ip, h.ip, 4) == 0);
            FZ_CHECK(fz_eq(t, (size_t)n, s, size));
        }
        if (h.host_type == CURI_HOST_IPV6) {
            char t[64];
            curi_uri q;
            int n;
            FZ_CHECK(memcmp(p.ip, h.ip, 16) == 0);
            n = snprintf(t, sizeof t, "[%x:%x:%x:%x:%x:%x:%x:%x]", h.ip[0] << 8 | h.ip[1],
                         h.ip[2] << 8 | h.ip[3], h.ip[4] << 8 | h.ip[5], h.ip[6] << 8 | h.ip[7],
                         h.ip[8] << 8 | h.ip[9], h.ip[10] << 8 | h.ip[11],
                         h.ip[12] << 8 | h.ip[13], h.ip[14] << 8 | h.ip[15]);
            memset(&q, 0, sizeof q);
            FZ_CHECK(curi_host_parse(&q, t, (size_t)n, 0, NULL) == CURI_OK);
            FZ_CHECKF(q.host_type == CURI_HOST_IPV6 && memcmp(q.ip, h.ip, 16) == 0,
                      "%s does not give the same address back", t);
        }
    } else if (rc2 == CURI_OK) {
        FZ_CHECKF(p.userinfo.ptr != NULL || p.port.ptr != NULL || p.path.len != 0 ||
                      p.query.ptr != NULL || p.fragment.ptr != NULL,
                  "curi_parse accepts //%s as a bare host but curi_host_parse refuses it (%d)",
                  fz_show(s, size), rc);
    }

    /* STRICT_3986 refuses exactly the zone IDs. */
    memset(&p, 0, sizeof p);
    rc2 = curi_host_parse(&p, s, size, CURI_PARSE_STRICT_3986, &f);
    FZ_CHECKF((rc2 == CURI_OK) == (rc == CURI_OK && h.zone.ptr == NULL), "strict: %d vs %d", rc2,
              rc);
    if (rc == CURI_OK && h.zone.ptr != NULL)
        FZ_CHECK(rc2 == CURI_ERR_ZONE_FORBIDDEN);
    free(auth);
    free(s);
    return 0;
}
