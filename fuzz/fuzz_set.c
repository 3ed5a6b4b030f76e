/*
 * fuzz_set.c -- libFuzzer target for curi_set and curi_set_encoded.
 * Input: one control byte, then "REFERENCE\nVALUE".  Control bits 0-2: the part
 * (mod 7); bit 3: use curi_set_encoded; bit 4: CURI_PARSE_PORT_RANGE; bit 5:
 * CURI_PARSE_STRICT_3986; bit 6: value NULL (remove the part).  A reference that
 * does not parse is replaced by the empty reference.  Invariants:
 *  - curi_set accepts a value exactly when the parser accepts it as that
 *    component in a reference built around it ("//" v "@h" for a userinfo,
 *    "?" v for a query...), which ties the setter's grammar to the parser's;
 *  - on success that part is a view of the value (or absent), the other parts
 *    are untouched (removing the host removes userinfo and port), and the
 *    derived fields agree with a parse; on failure *u is unchanged;
 *  - curi_set_encoded never fails for userinfo, host, path, query, fragment
 *    (a host starting with '[' is an IP literal, copied and checked like the
 *    scheme and port: the same answer as curi_set), its buffer decodes back to
 *    the value, and it keeps the writer contract;
 *  - when the result recomposes, the output parses back to the same components;
 *  - curi_structure_rule names a rule exactly when curi_recompose says STRUCTURE.
 * SPDX-License-Identifier: MIT
 */
#include <stdlib.h>
#include <string.h>

#include "util.h"

/* The component part of u. */
static curi_str part_of(const curi_uri *u, curi_part part)
{
    switch (part) {
    case CURI_PART_SCHEME:
        return u->scheme;
    case CURI_PART_USERINFO:
        return u->userinfo;
    case CURI_PART_HOST:
        return u->host;
    case CURI_PART_PORT:
        return u->port;
    case CURI_PART_PATH:
        return u->path;
    case CURI_PART_QUERY:
        return u->query;
    case CURI_PART_FRAGMENT:
        return u->fragment;
    }
    abort();
}

static int same_view(curi_str a, curi_str b)
{
    return a.ptr == b.ptr && (a.ptr == NULL || a.len == b.len);
}

/*
 * Does the parser accept v as this part?  Build the smallest reference that
 * holds v in that place and check that it parses with that component == v.
 * On success *ref receives the parse (whose derived host/port fields the setter must match).
 */
static int parser_accepts(curi_part part, const char *v, size_t n, unsigned flags, curi_uri *ref)
{
    char *buf = fz_alloc(n + 8);
    size_t at = 0, len = 0;
    int ok;

    switch (part) {
    case CURI_PART_SCHEME:
        memcpy(buf + n, ":", 1), len = n + 1;
        break;
    case CURI_PART_USERINFO:
        memcpy(buf, "//", 2), at = 2, memcpy(buf + 2 + n, "@h", 2), len = n + 4;
        break;
    case CURI_PART_HOST:
        memcpy(buf, "//", 2), at = 2, len = n + 2;
        break;
    case CURI_PART_PORT:
        memcpy(buf, "//h:", 4), at = 4, len = n + 4;
        break;
    case CURI_PART_PATH:
        /* "s://h" + path when it may follow an authority, else "s:" + path. */
        if (n == 0 || v[0] == '/')
            memcpy(buf, "s://h", 5), at = 5, len = n + 5;
        else
            memcpy(buf, "s:", 2), at = 2, len = n + 2;
        break;
    case CURI_PART_QUERY:
        memcpy(buf, "?", 1), at = 1, len = n + 1;
        break;
    case CURI_PART_FRAGMENT:
        memcpy(buf, "#", 1), at = 1, len = n + 1;
        break;
    }
    if (n > 0)
        memcpy(buf + at, v, n);
    ok = fz_parse(ref, buf, len, flags, NULL) == CURI_OK;
    if (ok) {
        curi_str c = part_of(ref, part);
        ok = c.ptr == buf + at && c.len == n;
        /* The host alone: no userinfo, port or path may have been split off. */
        if (part == CURI_PART_HOST)
            ok = ok && ref->userinfo.ptr == NULL && ref->port.ptr == NULL && ref->path.len == 0;
    }
    free(buf); /* ref's views dangle now: only its derived fields are used */
    return ok;
}

/* After a successful set, everything but the part (and what it drags along) is as before. */
static void check_after_set(const curi_uri *before, const curi_uri *u, curi_part part,
                            const char *v, size_t n, const curi_uri *ref)
{
    curi_str c = part_of(u, part);

    if (v == NULL && part == CURI_PART_PATH)
        FZ_CHECK(c.ptr != NULL && c.len == 0); /* the path becomes empty, not absent */
    else if (v == NULL)
        FZ_CHECK(c.ptr == NULL);
    else
        FZ_CHECK(c.len == n && (c.ptr == v || (n == 0 && c.ptr != NULL)));
    for (int p = 0; p < 7; p++) {
        if ((curi_part)p == part)
            continue;
        if (part == CURI_PART_HOST && v == NULL &&
            (p == CURI_PART_USERINFO || p == CURI_PART_PORT)) {
            FZ_CHECK(part_of(u, (curi_part)p).ptr == NULL);
            continue;
        }
        FZ_CHECKF(same_view(part_of(before, (curi_part)p), part_of(u, (curi_part)p)),
                  "setting part %d changed part %d", (int)part, p);
    }
    if (part == CURI_PART_HOST) {
        if (v == NULL) {
            FZ_CHECK(u->host_type == CURI_HOST_NONE);
        } else {
            FZ_CHECK(u->host_type == ref->host_type);
            if (ref->host_type == CURI_HOST_IPV4)
                FZ_CHECK(memcmp(u->ip, ref->ip, 4) == 0);
            if (ref->host_type == CURI_HOST_IPV6)
                FZ_CHECK(memcmp(u->ip, ref->ip, 16) == 0);
            FZ_CHECK((u->zone.ptr == NULL) == (ref->zone.ptr == NULL));
        }
    } else {
        FZ_CHECK(u->host_type == before->host_type);
    }
    if (part == CURI_PART_PORT) {
        if (v == NULL) {
            FZ_CHECK(u->port_status == CURI_PORT_ABSENT);
        } else {
            FZ_CHECK(u->port_status == ref->port_status);
            if (ref->port_status == CURI_PORT_VALID)
                FZ_CHECK(u->port_number == ref->port_number);
        }
    } else if (!(part == CURI_PART_HOST && v == NULL)) {
        FZ_CHECK(u->port_status == before->port_status);
    }
}

/* If u recomposes, the text must parse back to the same components. */
static void check_recompose(const curi_uri *u, unsigned flags)
{
    fz_buf out;
    curi_uri back;

    int rc = fz_try_recompose(u, &out, NULL);
    /* curi_structure_rule names a rule exactly when the parts do not fit together. */
    FZ_CHECKF((rc == CURI_ERR_STRUCTURE) == (curi_structure_rule(u) != NULL),
              "curi_recompose %d, curi_structure_rule %s", rc,
              curi_structure_rule(u) ? curi_structure_rule(u) : "NULL");
    if (rc != CURI_OK)
        return;
    FZ_CHECKF(fz_parse(&back, out.p, out.n, flags, NULL) == CURI_OK, "%s does not parse",
              fz_show(out.p, out.n));
    if (!fz_uri_same(u, &back)) {
        fz_dump("after set", u);
        fz_dump("reparsed", &back);
        FZ_CHECKF(0, "%s parses to other components", fz_show(out.p, out.n));
    }
    fz_free(&out);
}

typedef struct enc_ctx {
    curi_uri u; /* the reference before the call */
    curi_part part;
    const char *v;
    size_t n;
    unsigned flags;
} enc_ctx;

/* curi_set_encoded as a writer, on a copy of the reference each time. */
static int set_encoded_w(char *dst, size_t cap, size_t *outlen, const void *ctx)
{
    const enc_ctx *c = ctx;
    curi_uri u = c->u;
    int rc = curi_set_encoded(&u, c->part, dst, cap, outlen, c->v, c->n, c->flags, NULL);

    if (rc != CURI_OK)
        FZ_CHECKF(memcmp(&u, &c->u, sizeof u) == 0, "failed set_encoded changed *u (%d)", rc);
    return rc;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *s, *v;
    const char *r, *val;
    size_t rlen, vlen;
    unsigned ctl, flags = 0;
    curi_part part;
    curi_uri u, before, ref;
    curi_error e;
    int rc, accepted;

    if (size < 1)
        return 0;
    ctl = data[0];
    part = (curi_part)((ctl & 7) % 7);
    if (ctl & 0x10)
        flags |= CURI_PARSE_PORT_RANGE;
    if (ctl & 0x20)
        flags |= CURI_PARSE_STRICT_3986;
    s = fz_dup(data + 1, size - 1);
    fz_split(s, size - 1, '\n', &r, &rlen, &val, &vlen);
    v = fz_dup(val, vlen); /* its own exact block, so over-reads of the value are caught */
    if (ctl & 0x40) {
        free(v);
        v = NULL;
        vlen = 0;
    }
    if (fz_parse(&u, r, rlen, flags, NULL) != CURI_OK)
        FZ_CHECK(fz_parse(&u, "", 0, 0, NULL) == CURI_OK);
    before = u;

    if (!(ctl & 0x08)) {
        rc = curi_set(&u, part, v, vlen, flags, &e);
        FZ_CHECK(rc == e.code && rc != CURI_ERR_NOSPACE);
        if (v == NULL) {
            FZ_CHECKF(rc == CURI_OK, "removing part %d: %d", (int)part, rc);
            accepted = 1;
        } else {
            accepted = parser_accepts(part, v, vlen, flags, &ref);
            FZ_CHECKF((rc == CURI_OK) == accepted,
                      "curi_set(part %d, %s) = %d but the parser %s it", (int)part,
                      fz_show(v, vlen), rc, accepted ? "accepts" : "refuses");
        }
        if (rc == CURI_OK) {
            check_after_set(&before, &u, part, v, vlen, &ref);
            check_recompose(&u, flags);
        } else {
            FZ_CHECK(e.offset <= vlen);
            FZ_CHECK(memcmp(&before, &u, sizeof u) == 0);
        }
    } else if (v != NULL) {
        enc_ctx c = {before, part, v, vlen, flags};
        fz_buf out;
        size_t bound = curi_pct_encode_bound(vlen);
        /* An IP literal ("[...") is taken as written, as are the scheme and the port. */
        int verbatim = part == CURI_PART_SCHEME || part == CURI_PART_PORT ||
                       (part == CURI_PART_HOST && vlen > 0 && v[0] == '[');
        rc = fz_write(set_encoded_w, &c, bound, &out);
        if (verbatim) {
            curi_uri plain = before;
            FZ_CHECKF(rc == curi_set(&plain, part, v, vlen, flags, NULL),
                      "curi_set_encoded(part %d, %s) = %d differs from curi_set", (int)part,
                      fz_show(v, vlen), rc);
            FZ_CHECK(rc != CURI_OK || fz_eq(out.p, out.n, v, vlen));
        } else
            FZ_CHECKF(rc == CURI_OK, "curi_set_encoded(part %d, %s) = %d", (int)part,
                      fz_show(v, vlen), rc);
        if (rc == CURI_OK) {
            fz_buf dec;
            size_t bad, outlen;
            char *buf = fz_alloc(out.n);
            /* Again, into a buffer that stays alive while u points into it. */
            FZ_CHECK(curi_set_encoded(&u, part, buf, out.n, &outlen, v, vlen, flags, NULL) ==
                     CURI_OK);
            FZ_CHECK(outlen == out.n);
            /* An empty value may be pointed at anywhere, but must be present. */
            FZ_CHECK(part_of(&u, part).len == out.n &&
                     (part_of(&u, part).ptr == buf || (out.n == 0 && part_of(&u, part).ptr)));
            if (verbatim) {
                dec.p = fz_dup(buf, out.n);
                dec.n = out.n;
            } else {
                FZ_CHECK(fz_ref_decode(buf, out.n, 0, &dec, &bad));
            }
            FZ_CHECKF(fz_eq(dec.p, dec.n, v, vlen), "%s decodes to %s", fz_show(buf, out.n),
                      fz_show2(dec.p, dec.n));
            FZ_CHECK(parser_accepts(part, buf, out.n, flags, &ref));
            check_after_set(&before, &u, part, buf, out.n, &ref);
            check_recompose(&u, flags);
            fz_free(&dec);
            free(buf);
        }
        fz_free(&out);
    }
    free(v);
    free(s);
    return 0;
}
