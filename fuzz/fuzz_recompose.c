/*
 * fuzz_recompose.c -- libFuzzer target for curi_recompose (RFC 3986 5.3) on
 * references built by curi_set rather than by the parser, so that the
 * structural checks of curi_recompose meet every combination of components.
 * Input: one byte whose bit i says whether part i (curi_part order) is present
 * (bit 7: CURI_PARSE_PORT_RANGE), then the seven values separated by '\n'.
 * Invariants:
 *  - curi_recompose returns CURI_ERR_STRUCTURE exactly in the four cases curi.h
 *    lists (3.3 path rules beside or without an authority, the 4.2 colon rule,
 *    userinfo/port without a host), and otherwise succeeds;
 *  - on success the output parses back to the very same components, and the
 *    writer contract holds (exact cap, one short, cap 0).
 * SPDX-License-Identifier: MIT
 */
#include <stdlib.h>
#include <string.h>

#include "util.h"

/* The structural rules of curi.h's curi_recompose, from RFC 3986 3.3 and 4.2. */
static int must_fail(const curi_uri *u)
{
    const curi_str p = u->path;

    if (u->host.ptr == NULL && (u->userinfo.ptr != NULL || u->port.ptr != NULL))
        return 1;
    if (u->host.ptr != NULL)
        return p.len > 0 && p.ptr[0] != '/';
    if (p.len >= 2 && p.ptr[0] == '/' && p.ptr[1] == '/')
        return 1;
    if (u->scheme.ptr == NULL && !(p.len > 0 && p.ptr[0] == '/')) {
        for (size_t k = 0; k < p.len && p.ptr[k] != '/'; k++)
            if (p.ptr[k] == ':')
                return 1;
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const curi_part order[7] = {CURI_PART_SCHEME, CURI_PART_HOST,  CURI_PART_USERINFO,
                                       CURI_PART_PORT,   CURI_PART_PATH,  CURI_PART_QUERY,
                                       CURI_PART_FRAGMENT};
    const char *field[7];
    size_t flen[7];
    unsigned mask, flags;
    char *s;
    const char *rest;
    size_t restlen;
    curi_uri u, back;
    fz_buf out;
    int rc;

    if (size < 1)
        return 0;
    s = fz_dup(data, size);
    mask = (unsigned char)s[0];
    flags = (mask & 0x80) ? CURI_PARSE_PORT_RANGE : 0;
    rest = s + 1;
    restlen = size - 1;
    for (int i = 0; i < 7; i++) {
        const char *b;
        size_t blen;
        fz_split(rest, restlen, '\n', &field[i], &flen[i], &b, &blen);
        rest = b;
        restlen = blen;
    }

    /* An empty reference, then each present part set in turn (host before its satellites). */
    FZ_CHECK(fz_parse(&u, "", 0, 0, NULL) == CURI_OK);
    for (int k = 0; k < 7; k++) {
        curi_part part = order[k];
        curi_uri before = u;
        curi_error e;
        if (!(mask & (1u << part)))
            continue;
        rc = curi_set(&u, part, field[part], flen[part], flags, &e);
        if (rc != CURI_OK) {
            FZ_CHECK(e.code == rc && e.offset <= flen[part]);
            FZ_CHECK(memcmp(&before, &u, sizeof u) == 0);
        }
    }

    rc = fz_try_recompose(&u, &out, NULL);
    if (must_fail(&u)) {
        if (rc != CURI_ERR_STRUCTURE)
            fz_dump("components", &u);
        FZ_CHECKF(rc == CURI_ERR_STRUCTURE, "want STRUCTURE, got %d", rc);
    } else {
        if (rc != CURI_OK)
            fz_dump("components", &u);
        FZ_CHECKF(rc == CURI_OK, "want OK, got %d", rc);
        FZ_CHECKF(fz_parse(&back, out.p, out.n, flags, NULL) == CURI_OK, "%s does not parse",
                  fz_show(out.p, out.n));
        if (!fz_uri_same(&u, &back)) {
            fz_dump("set", &u);
            fz_dump("reparsed", &back);
            FZ_CHECKF(0, "%s parses to other components", fz_show(out.p, out.n));
        }
        FZ_CHECK(out.n <= curi_recompose_bound(&u));
        fz_free(&out);
    }
    free(s);
    return 0;
}
