/*
 * kinds_parse.c -- the parse and host kinds of curi-test.
 *
 * parse: INPUT key=value... | INPUT !CODE@OFF
 *   keys: scheme userinfo host port path query fragment (raw components; an
 *   unlisted one must be absent, path defaults to empty), host_type=
 *   (reg-name ipv4 ipv6 ipvfuture), ip= (dotted quad or 32 lowercase hex
 *   digits), zone= (absent unless listed), port_number= (number or "range").
 *   Every case runs with the %flags and again with CURI__PARSE_SCALAR.  A valid
 *   case must also recompose to the input byte for byte, keep every view
 *   inside the input, agree with itself (authority = [userinfo "@"] host
 *   [":" port], host_type NONE exactly when there is no host, port_status and
 *   port_number as the port digits say).
 * host: INPUT type=... [ip=...] [zone=...] | INPUT !CODE@OFF, with curi_host_parse,
 *   which must leave the other fields of the curi_uri alone.
 * SPDX-License-Identifier: MIT
 */
#include <stdio.h>
#include <string.h>

#include "runner.h"
#include "../src/testing.h"

enum { C_SCHEME, C_USERINFO, C_HOST, C_PORT, C_PATH, C_QUERY, C_FRAGMENT, C_ZONE, C_N };
static const char *const comp_names[C_N] = {"scheme", "userinfo", "host",     "port",
                                            "path",   "query",    "fragment", "zone"};

static curi_str comp_of(const curi_uri *u, int c)
{
    switch (c) {
    case C_SCHEME:
        return u->scheme;
    case C_USERINFO:
        return u->userinfo;
    case C_HOST:
        return u->host;
    case C_PORT:
        return u->port;
    case C_PATH:
        return u->path;
    case C_QUERY:
        return u->query;
    case C_FRAGMENT:
        return u->fragment;
    default:
        return u->zone;
    }
}

static const char *const host_type_names[] = {"none", "reg-name", "ipv4", "ipv6", "ipvfuture"};

static int host_type_from(const tok *v)
{
    for (int i = 0; i < 5; i++) {
        if (strcmp(v->s, host_type_names[i]) == 0) {
            return i;
        }
    }
    return -1;
}

static const char *host_type_name(int t)
{
    return (t >= 0 && t < 5) ? host_type_names[t] : "(invalid host_type)";
}

/* ip=: a dotted quad (4 bytes) or 32 lowercase hex digits (16 bytes); returns the byte count. */
static int ip_from(const char *s, size_t n, unsigned char *ip)
{
    if (n == 32) {
        for (size_t i = 0; i < 32; i++) {
            int c = s[i];
            int v = (c >= '0' && c <= '9') ? c - '0' : (c >= 'a' && c <= 'f') ? c - 'a' + 10 : -1;
            if (v < 0) {
                return 0;
            }
            if (i % 2 == 0) {
                ip[i / 2] = (unsigned char)(v << 4);
            } else {
                ip[i / 2] = (unsigned char)(ip[i / 2] | v);
            }
        }
        return 16;
    }
    {
        int part = 0;
        unsigned v = 0, digits = 0;
        for (size_t i = 0; i <= n; i++) {
            if (i == n || s[i] == '.') {
                if (digits == 0 || v > 255 || part > 3) {
                    return 0;
                }
                ip[part++] = (unsigned char)v;
                v = digits = 0;
            } else if (s[i] >= '0' && s[i] <= '9' && digits < 3) {
                v = v * 10 + (unsigned)(s[i] - '0');
                digits++;
            } else {
                return 0;
            }
        }
        return part == 4 ? 4 : 0;
    }
}

static const char *show_ip(const unsigned char *ip, int bytes)
{
    char buf[64];
    size_t k = 0;

    for (int i = 0; i < bytes; i++) {
        k += (size_t)snprintf(buf + k, sizeof buf - k, bytes == 4 ? (i ? ".%u" : "%u") : "%02x",
                              (unsigned)ip[i]);
    }
    return show(buf, k);
}

/* What a case expects, read from its key=value tokens. */
typedef struct pexp {
    const tok *comp[C_N]; /* NULL: must be absent */
    int host_type;        /* -1: not checked */
    unsigned char ip[16];
    int ip_bytes; /* 0: not checked */
    int port_range;
    long port_number; /* -1: not checked */
} pexp;

/* Read key=value tokens from index 1; host mode takes type= instead of the components. */
static int read_keys(tcase *tc, pexp *e, int host_mode)
{
    memset(e, 0, sizeof *e);
    e->host_type = -1;
    e->port_number = -1;
    for (int i = 1; i < tc->n; i++) {
        const tok *t = &tc->t[i];
        const char *eq = memchr(t->s, '=', t->len);
        size_t kl = eq ? (size_t)(eq - t->s) : 0;
        tok *v = NULL;
        int c;
        static tok vals[MAXTOK];

        if (eq == NULL) {
            fail(tc, "token %s is not key=value", show(t->raw, t->rawlen));
            return 0;
        }
        v = &vals[i];
        v->s = t->s + kl + 1;
        v->len = t->len - kl - 1;
        /* key="" is written as the README's empty string: the same as key= */
        if (t->rawlen >= 3 && memcmp(t->raw + t->rawlen - 3, "=\"\"", 3) == 0 &&
            (const char *)memchr(t->raw, '=', t->rawlen) == t->raw + t->rawlen - 3) {
            v->len = 0;
            v->s[0] = '\0';
        }
        v->raw = v->s;
        v->rawlen = v->len;
        for (c = 0; c < C_N; c++) {
            if (strlen(comp_names[c]) == kl && memcmp(comp_names[c], t->s, kl) == 0) {
                break;
            }
        }
        if (host_mode && c != C_ZONE) {
            c = C_N; /* host cases name only type=, ip= and zone= */
        }
        if (c < C_N) {
            if (e->comp[c]) {
                fail(tc, "key %s given twice", comp_names[c]);
                return 0;
            }
            e->comp[c] = v;
        } else if ((!host_mode && kl == 9 && memcmp(t->s, "host_type", 9) == 0) ||
                   (host_mode && kl == 4 && memcmp(t->s, "type", 4) == 0)) {
            e->host_type = host_type_from(v);
            if (e->host_type < 0) {
                fail(tc, "unknown host type %s", show(v->s, v->len));
                return 0;
            }
        } else if (kl == 2 && memcmp(t->s, "ip", 2) == 0) {
            e->ip_bytes = ip_from(v->s, v->len, e->ip);
            if (e->ip_bytes == 0) {
                fail(tc, "bad ip= value %s (dotted quad or 32 lowercase hex digits)",
                     show(v->s, v->len));
                return 0;
            }
        } else if (!host_mode && kl == 11 && memcmp(t->s, "port_number", 11) == 0) {
            if (strcmp(v->s, "range") == 0) {
                e->port_range = 1;
            } else {
                long n = 0;
                for (size_t k = 0; k < v->len; k++) {
                    if (v->s[k] < '0' || v->s[k] > '9' || n > 65535) {
                        fail(tc, "bad port_number= value %s", show(v->s, v->len));
                        return 0;
                    }
                    n = n * 10 + (v->s[k] - '0');
                }
                if (v->len == 0 || n > 65535) {
                    fail(tc, "bad port_number= value %s", show(v->s, v->len));
                    return 0;
                }
                e->port_number = n;
            }
        } else {
            fail(tc, "unknown key %s", show(t->s, kl));
            return 0;
        }
    }
    if (host_mode && e->host_type < 0) {
        fail(tc, "a host case needs type=");
        return 0;
    }
    return 1;
}

/* A view must lie inside the input s[0..n). */
static int inside(curi_str v, const char *s, size_t n)
{
    return v.ptr == NULL || (v.ptr >= s && v.len <= n && v.ptr - s <= (ptrdiff_t)(n - v.len));
}

static void check_ip(tcase *tc, const char *what, const curi_uri *u, const pexp *e)
{
    if (e->ip_bytes == 0) {
        return;
    }
    if ((e->ip_bytes == 4 && u->host_type != CURI_HOST_IPV4) ||
        (e->ip_bytes == 16 && u->host_type != CURI_HOST_IPV6)) {
        fail(tc, "%s: ip= given but host_type is %s", what, host_type_name((int)u->host_type));
    } else if (memcmp(u->ip, e->ip, (size_t)e->ip_bytes) != 0) {
        fail(tc, "%s: ip: want %s: got %s", what, show_ip(e->ip, e->ip_bytes),
             show_ip(u->ip, e->ip_bytes));
    }
}

/* The checks every successful parse must pass, whatever the case lists. */
static int w_authority(const void *ctx, char *dst, size_t cap, size_t *outlen, curi_error *err)
{
    return curi_authority(dst, cap, outlen, (const curi_uri *)ctx, err);
}

static void check_parsed(tcase *tc, const char *what, const curi_uri *u, const char *s, size_t n,
                         const pexp *e)
{
    char auth[4096];
    size_t al = 0;

    for (int c = 0; c < C_N; c++) {
        curi_str got = comp_of(u, c);
        const tok *w = e->comp[c];
        if (!inside(got, s, n)) {
            fail(tc, "%s: %s view points outside the input", what, comp_names[c]);
            continue;
        }
        if (w == NULL && c == C_PATH) {
            if (!str_eq(got, "", 0)) {
                fail(tc, "%s: path: want \"\": got %s", what, show_str(got));
            }
        } else if (w == NULL) {
            if (got.ptr != NULL) {
                fail(tc, "%s: %s: want (absent): got %s", what, comp_names[c], show_str(got));
            }
        } else if (!str_eq(got, w->s, w->len)) {
            fail(tc, "%s: %s: want %s: got %s", what, comp_names[c], show(w->s, w->len),
                 show_str(got));
        }
    }
    /* curi_authority writes [userinfo "@"] host [":" port], and nothing without a host. */
    if (u->userinfo.len + u->host.len + u->port.len + 2 < sizeof auth) {
        sbuf got = {0};
        curi_error ae;
        if (u->host.ptr) {
            if (u->userinfo.ptr) {
                memcpy(auth, u->userinfo.ptr, u->userinfo.len);
                al = u->userinfo.len;
                auth[al++] = '@';
            }
            memcpy(auth + al, u->host.ptr, u->host.len);
            al += u->host.len;
            if (u->port.ptr) {
                auth[al++] = ':';
                memcpy(auth + al, u->port.ptr, u->port.len);
                al += u->port.len;
            }
        }
        if (run_writer(tc, "authority", w_authority, u, curi_recompose_bound(u), &got, &ae) !=
                CURI_OK ||
            got.len != al || (al > 0 && memcmp(got.p, auth, al) != 0)) {
            fail(tc, "%s: authority: want %s: got %s", what, show(auth, al), show(got.p, got.len));
        }
        sbuf_free(&got);
    }
    if (u->host.ptr == NULL && (u->userinfo.ptr || u->port.ptr)) {
        fail(tc, "%s: userinfo or port without a host", what);
    }
    /* host_type */
    if ((u->host_type == CURI_HOST_NONE) != (u->host.ptr == NULL)) {
        fail(tc, "%s: host_type %s with host %s", what, host_type_name((int)u->host_type),
             show_str(u->host));
    } else if (e->host_type >= 0 && (int)u->host_type != e->host_type) {
        fail(tc, "%s: host_type: want %s: got %s", what, host_type_name(e->host_type),
             host_type_name((int)u->host_type));
    }
    if (u->zone.ptr && u->host_type != CURI_HOST_IPV6) {
        fail(tc, "%s: a zone on a host of type %s", what, host_type_name((int)u->host_type));
    }
    check_ip(tc, what, u, e);
    /* port_status and port_number follow from the digits. */
    {
        curi_port_status want = CURI_PORT_ABSENT;
        unsigned long v = 0;
        if (u->port.ptr && u->port.len == 0) {
            want = CURI_PORT_EMPTY;
        } else if (u->port.ptr) {
            want = CURI_PORT_VALID;
            for (size_t i = 0; i < u->port.len; i++) {
                v = v * 10 + (unsigned long)(u->port.ptr[i] - '0');
                if (v > 65535) {
                    want = CURI_PORT_RANGE;
                    break;
                }
            }
        }
        if (u->port_status != want || (want == CURI_PORT_VALID && u->port_number != v)) {
            fail(tc, "%s: port_status/port_number: want %d/%lu: got %d/%u", what, (int)want, v,
                 (int)u->port_status, (unsigned)u->port_number);
        }
        if (e->port_range && u->port_status != CURI_PORT_RANGE) {
            fail(tc, "%s: port_number: want range: got status %d", what, (int)u->port_status);
        }
        if (e->port_number >= 0 &&
            (u->port_status != CURI_PORT_VALID || u->port_number != e->port_number)) {
            fail(tc, "%s: port_number: want %ld: got %u (status %d)", what, e->port_number,
                 (unsigned)u->port_number, (int)u->port_status);
        }
    }
}

/*
 * The host of a parsed reference, given alone to curi_host_parse with the same
 * flags, must come back with the same type, bytes and zone.
 */
static void check_host_alone(tcase *tc, const curi_uri *u, unsigned flags)
{
    curi_uri h;
    curi_error err = {-1, 0, 0};
    const char *p;
    int rc;

    if (u->host.ptr == NULL) {
        return;
    }
    p = gput(G_IN1, u->host.ptr, u->host.len);
    memset(&h, 0, sizeof h);
    rc = curi__host_parse(&h, p, u->host.len, flags, &err);
    if (rc != CURI_OK) {
        fail(tc, "host_parse of the host %s: want success: got !%s@%zu", show_str(u->host),
             err_name(rc), err.offset);
    } else if (h.host_type != u->host_type ||
               (u->host_type == CURI_HOST_IPV4 && memcmp(h.ip, u->ip, 4) != 0) ||
               (u->host_type == CURI_HOST_IPV6 && memcmp(h.ip, u->ip, 16) != 0) ||
               (h.zone.ptr == NULL) != (u->zone.ptr == NULL) ||
               (h.zone.ptr && (h.zone.ptr - p != u->zone.ptr - u->host.ptr ||
                               h.zone.len != u->zone.len))) {
        fail(tc, "host_parse of the host %s: want the type, ip and zone curi_parse found",
             show_str(u->host));
    }
}

/*
 * Each parse flag the case does not set has an answer that follows from the
 * components, so a valid case is also parsed with each of them:
 *   uri        scheme present: the same result; absent: SCHEME_MISSING@0
 *   absolute   as uri, and a fragment: FRAGMENT_FORBIDDEN at its '#'
 *   strict-3986  a zone: ZONE_FORBIDDEN at the '%' of "%25"
 *   port-range a port above 65535: PORT_RANGE at the port's first digit
 */
static void check_flag_variants(tcase *tc, const curi_uri *u, const char *s, size_t n)
{
    static const unsigned extra[] = {CURI_PARSE_URI, CURI_PARSE_ABSOLUTE, CURI_PARSE_STRICT_3986,
                                     CURI_PARSE_PORT_RANGE};
    static const char *const names[] = {"uri", "absolute", "strict-3986", "port-range"};

    for (int i = 0; i < 4; i++) {
        unsigned fl = tc->flags | extra[i];
        int code = CURI_OK;
        size_t off = 0;
        curi_uri v;
        curi_error err;
        char what[64], why[256];
        int rc;

        if (tc->flags & extra[i]) {
            continue;
        }
        if ((fl & (CURI_PARSE_URI | CURI_PARSE_ABSOLUTE)) && u->scheme.ptr == NULL) {
            code = CURI_ERR_SCHEME_MISSING;
        } else if ((fl & CURI_PARSE_ABSOLUTE) && u->fragment.ptr != NULL) {
            code = CURI_ERR_FRAGMENT_FORBIDDEN;
            off = (size_t)(u->fragment.ptr - s) - 1;
        } else if ((fl & CURI_PARSE_STRICT_3986) && u->zone.ptr != NULL) {
            code = CURI_ERR_ZONE_FORBIDDEN;
            off = (size_t)(u->zone.ptr - s) - 3;
        } else if ((fl & CURI_PARSE_PORT_RANGE) && u->port_status == CURI_PORT_RANGE) {
            code = CURI_ERR_PORT_RANGE;
            off = (size_t)(u->port.ptr - s);
        }
        snprintf(what, sizeof what, "parse with %s added", names[i]);
        rc = parse_in(G_IN2, s, n, fl, &v, &err);
        if (code != CURI_OK) {
            check_error(tc, what, rc, &err, code, off);
        } else if (rc != CURI_OK) {
            fail(tc, "%s: want success: got !%s@%zu", what, err_name(rc), err.offset);
        } else {
            /* Compare as offsets: the second parse looked at a copy of the input. */
            curi_uri w = *u;
            const char *base2 = gslot(G_IN2, n);
            curi_str *fw[] = {&w.scheme, &w.userinfo, &w.host, &w.port,
                              &w.path, &w.query, &w.fragment, &w.zone};
            for (size_t k = 0; k < sizeof fw / sizeof fw[0]; k++) {
                if (fw[k]->ptr) {
                    fw[k]->ptr = base2 + (fw[k]->ptr - s);
                }
            }
            if (!uri_same(&w, &v, why, sizeof why)) {
                fail(tc, "%s: want the same components: got %s", what, why);
            }
        }
    }
}

void kind_parse(tcase *tc)
{
    const tok *in = &tc->t[0];
    int code = 0;
    size_t off = 0;
    int want_err = expect_error(tc, &code, &off);
    pexp e;

    if (want_err < 0) {
        return;
    }
    if (want_err && tc->n != 2) {
        fail(tc, "a failing case is INPUT !CODE@OFF, nothing else");
        return;
    }
    if (!want_err && !read_keys(tc, &e, 0)) {
        return;
    }
    /* SIMD and scalar scanners, each with the input against a guard page after and before it. */
    for (int run = 0; run < 4; run++) {
        static const char *const whats[] = {"parse", "parse (scalar)", "parse (guard before)",
                                            "parse (scalar, guard before)"};
        unsigned fl = tc->flags | ((run & 1) ? CURI__PARSE_SCALAR : 0u);
        const char *what = whats[run];
        const char *p = (run & 2) ? gput_front(G_IN0, in->s, in->len)
                                  : gput(G_IN0, in->s, in->len);
        curi_uri u;
        curi_error err = {-1, 0, 0};
        int rc;

        memset(&u, 0x5a, sizeof u);
        rc = curi__parse(&u, p, in->len, fl, &err);
        if (want_err) {
            curi_error *none = NULL;
            check_error(tc, what, rc, &err, code, off);
            /* A failed parse clears *out: nothing of the 0x5a fill, no view left. */
            {
                curi_uri zero;
                memset(&zero, 0, sizeof zero);
                if (memcmp(&u, &zero, sizeof u) != 0) {
                    fail(tc, "%s: a failed parse must clear *out", what);
                }
            }
            /* With err == NULL the code is still returned. */
            rc = curi__parse(&u, p, in->len, fl, none);
            if (rc != code) {
                fail(tc, "%s with err == NULL: want %s: got %s", what, err_name(code),
                     err_name(rc));
            }
            continue;
        }
        if (rc != CURI_OK) {
            fail(tc, "%s: want success: got !%s@%zu", what, err_name(rc), err.offset);
            continue;
        }
        check_parsed(tc, what, &u, p, in->len, &e);
        /* The reserved words are zero (the struct was filled with 0x5a before the call). */
        for (size_t k = 0; k < sizeof u.reserved / sizeof u.reserved[0]; k++) {
            if (u.reserved[k] != 0) {
                fail(tc, "%s: reserved[%zu] is not zero", what, k);
            }
        }
        /* curi_get gives each part's view as the struct holds it; nothing out of range. */
        {
            const curi_str parts[7] = {u.scheme, u.userinfo, u.host,    u.port,
                                       u.path,   u.query,    u.fragment};
            for (int k = 0; k < 7; k++) {
                curi_str g = curi_get(&u, (curi_part)k);
                if (g.ptr != parts[k].ptr || g.len != parts[k].len) {
                    fail(tc, "%s: curi_get(%s) differs from the struct", what,
                         curi_part_name((curi_part)k));
                }
            }
            if (curi_get(&u, (curi_part)7).ptr != NULL || curi_get(NULL, CURI_PART_PATH).ptr) {
                fail(tc, "%s: curi_get out of range or of NULL must be absent", what);
            }
        }
        if (run == 0) {
            curi_error *none = NULL;
            curi_uri again;
            /* err may be NULL. */
            if (curi__parse(&again, p, in->len, fl, none) != CURI_OK) {
                fail(tc, "parse with err == NULL: want success: got a failure");
            }
            check_host_alone(tc, &u, fl);
            check_flag_variants(tc, &u, p, in->len);
        }
        {
            sbuf out = {0};
            rc = recompose_into(tc, &u, &out, &err);
            if (rc != CURI_OK) {
                fail(tc, "recompose: want the input: got !%s@%zu", err_name(rc), err.offset);
            } else if (out.len != in->len || memcmp(out.p, in->s, in->len) != 0) {
                fail(tc, "recompose: want the input: got %s", show(out.p, out.len));
            }
            sbuf_free(&out);
        }
    }
}

void kind_host(tcase *tc)
{
    const tok *in = &tc->t[0];
    int code = 0;
    size_t off = 0;
    int want_err = expect_error(tc, &code, &off);
    pexp e;

    if (want_err < 0) {
        return;
    }
    if (want_err && tc->n != 2) {
        fail(tc, "a failing case is INPUT !CODE@OFF, nothing else");
        return;
    }
    if (!want_err && !read_keys(tc, &e, 1)) {
        return;
    }
    for (int run = 0; run < 4; run++) {
        static const char *const whats[] = {"host_parse", "host_parse (scalar)",
                                            "host_parse (guard before)",
                                            "host_parse (scalar, guard before)"};
        unsigned fl = tc->flags | ((run & 1) ? CURI__PARSE_SCALAR : 0u);
        const char *what = whats[run];
        static const char mark[] = "untouched";
        curi_uri u;
        curi_error err = {-1, 0, 0};
        const char *p = (run & 2) ? gput_front(G_IN0, in->s, in->len)
                                  : gput(G_IN0, in->s, in->len);
        int rc;

        /* Fields host_parse must not touch carry a mark. */
        memset(&u, 0, sizeof u);
        u.scheme.ptr = u.path.ptr = u.query.ptr = mark;
        u.scheme.len = u.path.len = u.query.len = sizeof mark - 1;
        u.port_status = CURI_PORT_EMPTY;
        rc = curi__host_parse(&u, p, in->len, fl, &err);
        if (want_err) {
            check_error(tc, what, rc, &err, code, off);
            continue;
        }
        if (rc != CURI_OK) {
            fail(tc, "%s: want success: got !%s@%zu", what, err_name(rc), err.offset);
            continue;
        }
        if (u.host.ptr != p || u.host.len != in->len) {
            fail(tc, "%s: host: want the whole input: got %s", what, show_str(u.host));
        }
        if ((int)u.host_type != e.host_type) {
            fail(tc, "%s: type: want %s: got %s", what, host_type_name(e.host_type),
                 host_type_name((int)u.host_type));
        }
        if (e.comp[C_ZONE] ? !str_eq(u.zone, e.comp[C_ZONE]->s, e.comp[C_ZONE]->len)
                           : u.zone.ptr != NULL) {
            fail(tc, "%s: zone: want %s: got %s", what,
                 e.comp[C_ZONE] ? show(e.comp[C_ZONE]->s, e.comp[C_ZONE]->len) : "(absent)",
                 show_str(u.zone));
        }
        if (!inside(u.zone, p, in->len)) {
            fail(tc, "%s: zone view points outside the input", what);
        }
        check_ip(tc, what, &u, &e);
        if (u.scheme.ptr != mark || u.path.ptr != mark || u.query.ptr != mark ||
            u.port_status != CURI_PORT_EMPTY || u.userinfo.ptr || u.port.ptr || u.fragment.ptr) {
            fail(tc, "%s: fields other than host, host_type, ip and zone were changed", what);
        }
    }
}
