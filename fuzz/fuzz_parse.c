/*
 * fuzz_parse.c -- libFuzzer target for curi_parse (RFC 3986 4.1 URI-reference).
 * The whole input is one reference.  Invariants, beyond not crashing:
 *  - the SIMD and the scalar scanner give the same code, offset and views;
 *  - every flag only restricts: URI, ABSOLUTE, STRICT_3986 and PORT_RANGE accept
 *    exactly what flags == 0 accepts minus what the flag excludes;
 *  - the components, glued back with their delimiters (5.3), are the input, and
 *    curi_recompose gives the input back through the full writer contract;
 *  - no component contains a delimiter that ends it (scheme ':', path '?' '#'...);
 *  - host_type, ip, port_status and port_number agree with the raw text, and
 *    curi_host_parse of the host text derives the same host fields.
 * SPDX-License-Identifier: MIT
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"
#include "../src/testing.h"

/* Does v contain any byte of set? */
static int has_any(curi_str v, const char *set)
{
    for (size_t i = 0; v.ptr != NULL && i < v.len; i++)
        if (v.ptr[i] != '\0' && strchr(set, v.ptr[i]) != NULL)
            return 1;
    return 0;
}

static void glue(char *o, size_t *on, const char *s, size_t n)
{
    memcpy(o + *on, s, n);
    *on += n;
}

/* 5.3 by hand: the parse must partition the input exactly. */
static void check_partition(const curi_uri *u, const char *s, size_t len)
{
    char *o = fz_alloc(len + 16);
    size_t on = 0;

    if (u->scheme.ptr) {
        FZ_CHECK(u->scheme.ptr == s);
        glue(o, &on, u->scheme.ptr, u->scheme.len);
        glue(o, &on, ":", 1);
    }
    if (u->host.ptr) {
        glue(o, &on, "//", 2);
        if (u->userinfo.ptr) {
            glue(o, &on, u->userinfo.ptr, u->userinfo.len);
            glue(o, &on, "@", 1);
        }
        glue(o, &on, u->host.ptr, u->host.len);
        if (u->port.ptr) {
            glue(o, &on, ":", 1);
            glue(o, &on, u->port.ptr, u->port.len);
        }
    }
    FZ_CHECK(on <= len && u->path.ptr == s + on);
    glue(o, &on, u->path.ptr, u->path.len);
    if (u->query.ptr) {
        FZ_CHECK(on < len && u->query.ptr == s + on + 1);
        glue(o, &on, "?", 1);
        glue(o, &on, u->query.ptr, u->query.len);
    }
    if (u->fragment.ptr) {
        FZ_CHECK(on < len && u->fragment.ptr == s + on + 1);
        glue(o, &on, "#", 1);
        glue(o, &on, u->fragment.ptr, u->fragment.len);
    }
    FZ_CHECKF(fz_eq(o, on, s, len), "components glue to %s", fz_show(o, on));
    free(o);
}

/* What the fields say about the host and port must match their text. */
static void check_fields(const curi_uri *u)
{
    FZ_CHECK(!has_any(u->scheme, ":/?#@[]"));
    FZ_CHECK(!has_any(u->userinfo, "@/?#[]"));
    FZ_CHECK(!has_any(u->port, ":/?#@[]"));
    FZ_CHECK(!has_any(u->path, "?#[]"));
    FZ_CHECK(!has_any(u->query, "#[]"));
    FZ_CHECK(!has_any(u->fragment, "#[]"));
    FZ_CHECK((u->userinfo.ptr == NULL && u->port.ptr == NULL) || u->host.ptr != NULL);
    FZ_CHECK((u->host.ptr == NULL) == (u->host_type == CURI_HOST_NONE));
    if (u->host.ptr != NULL) {
        /* curi_authority writes exactly the parsed text from the userinfo to the port. */
        const char *from = u->userinfo.ptr ? u->userinfo.ptr : u->host.ptr;
        const char *to = u->port.ptr ? u->port.ptr + u->port.len : u->host.ptr + u->host.len;
        size_t cap = curi_recompose_bound(u), n = 0;
        char *a = fz_alloc(cap);
        FZ_CHECK(curi_authority(a, cap, &n, u, NULL) == CURI_OK);
        FZ_CHECKF(fz_eq(a, n, from, (size_t)(to - from)), "authority %s", fz_show(a, n));
        free(a);
    }
    if (u->host.ptr != NULL) {
        /* 3.3: with an authority the path is empty or starts with "/". */
        FZ_CHECK(u->path.len == 0 || u->path.ptr[0] == '/');
    } else {
        /* 3.3: without one it cannot start with "//". */
        FZ_CHECK(u->path.len < 2 || u->path.ptr[0] != '/' || u->path.ptr[1] != '/');
        if (u->scheme.ptr == NULL) {
            /* 4.2: a relative-path reference has no ':' in its first segment. */
            size_t k = 0;
            while (k < u->path.len && u->path.ptr[k] != '/')
                FZ_CHECK(u->path.ptr[k++] != ':');
        }
    }
    if (u->host_type == CURI_HOST_IPV4) {
        char t[32];
        int n = snprintf(t, sizeof t, "%u.%u.%u.%u", u->ip[0], u->ip[1], u->ip[2], u->ip[3]);
        /* dec-octet has no leading zeros, so the text is the canonical dotted quad. */
        FZ_CHECKF(fz_eq(t, (size_t)n, u->host.ptr, u->host.len), "ipv4 %s vs %s", t,
                  fz_show(u->host.ptr, u->host.len));
    }
    if (u->host_type == CURI_HOST_IPV6 || u->host_type == CURI_HOST_IPVFUTURE) {
        FZ_CHECK(u->host.len >= 2 && u->host.ptr[0] == '[' && u->host.ptr[u->host.len - 1] == ']');
    }
    if (u->host_type == CURI_HOST_IPVFUTURE)
        FZ_CHECK(u->host.ptr[1] == 'v' || u->host.ptr[1] == 'V');
    if (u->zone.ptr != NULL)
        FZ_CHECK(u->host_type == CURI_HOST_IPV6 && u->zone.ptr > u->host.ptr + 3 &&
                 memcmp(u->zone.ptr - 3, "%25", 3) == 0);
    switch (u->port_status) {
    case CURI_PORT_ABSENT:
        FZ_CHECK(u->port.ptr == NULL);
        break;
    case CURI_PORT_EMPTY:
        FZ_CHECK(u->port.ptr != NULL && u->port.len == 0);
        break;
    case CURI_PORT_VALID:
    case CURI_PORT_RANGE: {
        unsigned long v = 0;
        FZ_CHECK(u->port.ptr != NULL && u->port.len > 0);
        for (size_t i = 0; i < u->port.len; i++) {
            FZ_CHECK(u->port.ptr[i] >= '0' && u->port.ptr[i] <= '9');
            v = v * 10 + (unsigned long)(u->port.ptr[i] - '0');
            if (v > 100000)
                v = 100000; /* saturate: only "> 65535" matters */
        }
        if (u->port_status == CURI_PORT_VALID)
            FZ_CHECK(v == u->port_number);
        else
            FZ_CHECK(v > 65535);
        break;
    }
    default:
        FZ_CHECKF(0, "port_status %d", (int)u->port_status);
    }
}

/* curi_host_parse on the host text must derive the same host fields. */
static void check_host(const curi_uri *u, unsigned flags)
{
    curi_uri h;
    curi_error e;
    char *copy;
    int rc;

    if (u->host.ptr == NULL)
        return;
    copy = fz_dup(u->host.ptr, u->host.len);
    memset(&h, 0, sizeof h);
    rc = curi_host_parse(&h, copy, u->host.len, flags, &e);
    FZ_CHECKF(rc == CURI_OK, "curi_host_parse(%s) = %d", fz_show(copy, u->host.len), rc);
    FZ_CHECK(h.host.ptr == copy && h.host.len == u->host.len);
    FZ_CHECK(h.host_type == u->host_type);
    if (h.host_type == CURI_HOST_IPV4)
        FZ_CHECK(memcmp(h.ip, u->ip, 4) == 0);
    if (h.host_type == CURI_HOST_IPV6)
        FZ_CHECK(memcmp(h.ip, u->ip, 16) == 0);
    FZ_CHECK((h.zone.ptr == NULL) == (u->zone.ptr == NULL));
    if (h.zone.ptr != NULL)
        FZ_CHECK(h.zone.ptr - copy == u->zone.ptr - u->host.ptr && h.zone.len == u->zone.len);
    free(copy);
}

/* Same code and offset, and on success the very same views. */
static void check_same_result(int rc1, const curi_error *e1, const curi_uri *u1, int rc2,
                              const curi_error *e2, const curi_uri *u2)
{
    FZ_CHECKF(rc1 == rc2, "scalar and default scanners disagree: %d vs %d", rc1, rc2);
    if (rc1 != CURI_OK) {
        FZ_CHECKF(e1->offset == e2->offset, "offsets %zu vs %zu", e1->offset, e2->offset);
        return;
    }
    FZ_CHECK(u1->scheme.ptr == u2->scheme.ptr && u1->scheme.len == u2->scheme.len);
    FZ_CHECK(u1->userinfo.ptr == u2->userinfo.ptr && u1->userinfo.len == u2->userinfo.len);
    FZ_CHECK(u1->host.ptr == u2->host.ptr && u1->host.len == u2->host.len);
    FZ_CHECK(u1->path.ptr == u2->path.ptr && u1->path.len == u2->path.len);
    FZ_CHECK(u1->query.ptr == u2->query.ptr && u1->query.len == u2->query.len);
    FZ_CHECK(u1->fragment.ptr == u2->fragment.ptr && u1->fragment.len == u2->fragment.len);
    FZ_CHECK(fz_uri_same(u1, u2));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *s = fz_dup(data, size);
    curi_uri u, v;
    curi_error e, f;
    int rc, rc2;

    rc = fz_parse(&u, s, size, 0, &e);
    rc2 = fz_parse(&v, s, size, CURI__PARSE_SCALAR, &f);
    check_same_result(rc, &e, &u, rc2, &f, &v);

    if (rc == CURI_OK) {
        fz_buf out;
        check_partition(&u, s, size);
        check_fields(&u);
        check_host(&u, 0);
        fz_recompose(&u, &out);
        FZ_CHECKF(fz_eq(out.p, out.n, s, size), "recompose gave %s", fz_show(out.p, out.n));
        fz_free(&out);
    }

    /* Each flag excludes exactly its own cases (and the scalar twin agrees). */
    rc2 = fz_parse(&v, s, size, CURI_PARSE_URI, &f);
    FZ_CHECKF((rc2 == CURI_OK) == (rc == CURI_OK && u.scheme.ptr != NULL), "URI flag: %d", rc2);
    if (rc2 == CURI_OK)
        FZ_CHECK(fz_uri_same(&u, &v));
    rc2 = fz_parse(&v, s, size, CURI_PARSE_ABSOLUTE, &f);
    FZ_CHECKF((rc2 == CURI_OK) ==
                  (rc == CURI_OK && u.scheme.ptr != NULL && u.fragment.ptr == NULL),
              "ABSOLUTE flag: %d", rc2);
    if (rc == CURI_OK && u.scheme.ptr != NULL && u.fragment.ptr != NULL)
        FZ_CHECK(rc2 == CURI_ERR_FRAGMENT_FORBIDDEN &&
                 f.offset == (size_t)(u.fragment.ptr - s) - 1);
    rc2 = fz_parse(&v, s, size, CURI_PARSE_STRICT_3986, &f);
    FZ_CHECKF((rc2 == CURI_OK) == (rc == CURI_OK && u.zone.ptr == NULL), "STRICT flag: %d", rc2);
    if (rc2 == CURI_OK)
        check_host(&v, CURI_PARSE_STRICT_3986);
    rc2 = fz_parse(&v, s, size, CURI_PARSE_PORT_RANGE, &f);
    FZ_CHECKF((rc2 == CURI_OK) == (rc == CURI_OK && u.port_status != CURI_PORT_RANGE),
              "PORT_RANGE flag: %d", rc2);
    if (rc == CURI_OK && u.port_status == CURI_PORT_RANGE)
        FZ_CHECK(rc2 == CURI_ERR_PORT_RANGE);

    /* All restrictions at once, on both scanners. */
    {
        unsigned all = CURI_PARSE_ABSOLUTE | CURI_PARSE_STRICT_3986 | CURI_PARSE_PORT_RANGE;
        curi_uri w;
        curi_error g;
        rc = fz_parse(&v, s, size, all, &f);
        rc2 = fz_parse(&w, s, size, all | CURI__PARSE_SCALAR, &g);
        check_same_result(rc, &f, &v, rc2, &g, &w);
    }
    free(s);
    return 0;
}
