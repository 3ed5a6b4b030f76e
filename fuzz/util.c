/*
 * util.c -- helpers of the fuzz targets (see util.h): the writer-contract harness,
 * checked parsing, component comparison, and literal reference implementations
 * of RFC 3986 5.2.2-5.2.4, 5.3 and 2.1 that favour obviousness over speed.
 * Test code, not library code: it allocates freely.
 * SPDX-License-Identifier: MIT
 */
#include "util.h"
#include "../src/testing.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void fz_fail(const char *file, int line, const char *fmt, ...)
{
    va_list ap;

    fprintf(stderr, "%s:%d: invariant violated: ", file, line);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    abort();
}

char *fz_alloc(size_t n)
{
    /* malloc(0) gives a unique zero-size block on glibc and under ASan. */
    char *p = malloc(n);

    if (p == NULL && n == 0)
        p = malloc(1);
    if (p == NULL) {
        fputs("out of memory\n", stderr);
        abort();
    }
    return p;
}

char *fz_dup(const void *s, size_t n)
{
    char *p = fz_alloc(n);

    if (n > 0)
        memcpy(p, s, n);
    return p;
}

void fz_free(fz_buf *b)
{
    free(b->p);
    b->p = NULL;
    b->n = 0;
}

int fz_eq(const char *a, size_t alen, const char *b, size_t blen)
{
    return alen == blen && (alen == 0 || memcmp(a, b, alen) == 0);
}

int fz_buf_eq(const fz_buf *a, const fz_buf *b)
{
    return fz_eq(a->p, a->n, b->p, b->n);
}

/* Two rotating static buffers so that one message can show two strings. */
static const char *show_into(char *buf, size_t cap, const char *s, size_t n)
{
    static const char hex[] = "0123456789ABCDEF";
    size_t o = 0;

    if (s == NULL)
        return "(absent)";
    for (size_t i = 0; i < n && o + 8 < cap; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c > 0x20 && c < 0x7f && c != '\\') {
            buf[o++] = (char)c;
        } else {
            buf[o++] = '\\';
            buf[o++] = 'x';
            buf[o++] = hex[c >> 4];
            buf[o++] = hex[c & 15];
        }
    }
    if (n == 0) {
        buf[o++] = '"';
        buf[o++] = '"';
    }
    buf[o] = '\0';
    return buf;
}

const char *fz_show(const char *s, size_t n)
{
    static char buf[4096];
    return show_into(buf, sizeof buf, s, n);
}

const char *fz_show2(const char *s, size_t n)
{
    static char buf[4096];
    return show_into(buf, sizeof buf, s, n);
}

int fz_split(const char *s, size_t n, char sep, const char **a, size_t *alen, const char **b,
             size_t *blen)
{
    const char *m = n ? memchr(s, sep, n) : NULL;

    if (m == NULL) {
        *a = s;
        *alen = n;
        *b = s + n;
        *blen = 0;
        return 0;
    }
    *a = s;
    *alen = (size_t)(m - s);
    *b = m + 1;
    *blen = n - *alen - 1;
    return 1;
}

int fz_write(fz_writer fn, const void *ctx, size_t bound, fz_buf *out)
{
    size_t n = (size_t)-1, n2 = (size_t)-1, n3 = (size_t)-1;
    char *big = fz_alloc(bound > (1u << 26) ? 0 : bound);
    int rc;

    out->p = NULL;
    out->n = 0;
    FZ_CHECKF(bound <= (1u << 26), "bound %zu is absurd", bound);
    rc = fn(big, bound, &n, ctx);
    FZ_CHECKF(rc != CURI_ERR_NOSPACE, "the bound (%zu) was not enough: *outlen = %zu", bound, n);
    if (rc != CURI_OK) {
        free(big);
        return rc;
    }
    FZ_CHECKF(n <= bound, "*outlen %zu > bound %zu", n, bound);
    out->p = fz_dup(big, n);
    out->n = n;
    free(big);

    /* Exactly the needed capacity: the same bytes again. */
    {
        char *exact = fz_alloc(n);
        rc = fn(exact, n, &n2, ctx);
        FZ_CHECKF(rc == CURI_OK && n2 == n && fz_eq(exact, n, out->p, n),
                  "cap = *outlen (%zu) gave rc %d, *outlen %zu", n, rc, n2);
        free(exact);
    }
    if (n == 0)
        return CURI_OK;

    /* One byte short, in a block of that exact size: NOSPACE and the same length. */
    {
        char *small = fz_alloc(n - 1);
        rc = fn(small, n - 1, &n3, ctx);
        FZ_CHECKF(rc == CURI_ERR_NOSPACE && n3 == n,
                  "cap = %zu (one short) gave rc %d, *outlen %zu, want NOSPACE and %zu", n - 1,
                  rc, n3, n);
        free(small);
    }
    /* No buffer at all. */
    n3 = (size_t)-1;
    rc = fn(NULL, 0, &n3, ctx);
    FZ_CHECKF(rc == CURI_ERR_NOSPACE && n3 == n,
              "cap = 0 gave rc %d, *outlen %zu, want NOSPACE and %zu", rc, n3, n);
    /* Half. */
    if (n > 2) {
        char *half = fz_alloc(n / 2);
        n3 = (size_t)-1;
        rc = fn(half, n / 2, &n3, ctx);
        FZ_CHECKF(rc == CURI_ERR_NOSPACE && n3 == n,
                  "cap = %zu gave rc %d, *outlen %zu, want NOSPACE and %zu", n / 2, rc, n3, n);
        free(half);
    }
    return CURI_OK;
}

/* Is the view v inside s[0..len)? */
static int inside(curi_str v, const char *s, size_t len)
{
    if (v.ptr == NULL)
        return 1;
    return v.ptr >= s && v.ptr <= s + len && v.len <= (size_t)(s + len - v.ptr);
}

int fz_parse(curi_uri *u, const char *s, size_t len, unsigned flags, curi_error *err)
{
    curi_error e = {-1, (size_t)-1, 0};
    int rc = curi__parse(u, s, len, flags, &e);

    FZ_CHECKF(rc == e.code, "curi_parse returned %d but err.code = %d", rc, e.code);
    FZ_CHECKF(rc != CURI_ERR_NOSPACE, "curi_parse returned NOSPACE");
    if (rc != CURI_OK) {
        FZ_CHECKF(e.offset <= len, "error offset %zu > length %zu", e.offset, len);
    } else {
        FZ_CHECK(inside(u->scheme, s, len) && inside(u->zone, s, len));
        FZ_CHECK(inside(u->userinfo, s, len) && inside(u->host, s, len));
        FZ_CHECK(inside(u->port, s, len) && inside(u->path, s, len));
        FZ_CHECK(inside(u->query, s, len) && inside(u->fragment, s, len));
        FZ_CHECK(inside(u->zone, s, len));
        FZ_CHECKF(u->path.ptr != NULL, "the path is always present");
    }
    if (err)
        *err = e;
    return rc;
}

curi_equiv fz_compare(const curi_uri *a, const curi_uri *b, curi_equiv max_level, int stream)
{
    curi_error e = {-1, (size_t)-1, 0};
    curi_equiv lv = (curi_equiv)-1;
    int rc = curi__compare(a, b, max_level, stream, &lv, &e);

    FZ_CHECKF(rc == e.code, "curi_compare returned %d but err.code = %d", rc, e.code);
    FZ_CHECKF(rc == CURI_OK || (rc == CURI_ERR_STRUCTURE && lv == CURI_EQ_NONE),
              "curi_compare returned %d, level %d", rc, (int)lv);
    return lv;
}

int fz_is_normalized(const curi_uri *u, unsigned mask, int stream)
{
    curi_error e = {-1, (size_t)-1, 0};
    int r = -1;
    int rc = curi__is_normalized(u, mask, stream, &r, &e);

    FZ_CHECKF(rc == e.code, "curi_is_normalized returned %d but err.code = %d", rc, e.code);
    FZ_CHECKF(rc == CURI_OK || (rc == CURI_ERR_STRUCTURE && r == 0),
              "curi_is_normalized returned %d, result %d", rc, r);
    FZ_CHECK(r == 0 || r == 1);
    return r;
}

size_t fz_lint(const char *s, size_t len, const curi_lint_options *options, curi_finding *out,
               size_t cap)
{
    curi_error e = {-1, (size_t)-1, 0};
    size_t n = (size_t)-1;
    int rc = curi__lint_entry(s, len, options, out, cap, &n, &e);

    FZ_CHECKF(rc == CURI_OK && e.code == CURI_OK, "curi_lint returned %d", rc);
    return n;
}

int fz_extract_next(curi_extractor *x, const char *text, size_t len, unsigned flags,
                    curi_match *m)
{
    curi_error e = {-1, (size_t)-1, 0};
    int found = -1;
    int rc = curi_extract_next(x, text, len, flags, m, &found, &e);

    FZ_CHECKF(rc == e.code, "curi_extract_next returned %d but err.code = %d", rc, e.code);
    FZ_CHECKF(rc == CURI_OK ? (found == 0 || found == 1)
                            : (rc == CURI_ERR_INVALID_ARG && found == 0),
              "curi_extract_next returned %d, found %d", rc, found);
    return rc == CURI_OK ? found : -1;
}

static int recompose_w(char *dst, size_t cap, size_t *outlen, const void *ctx)
{
    return curi_recompose(dst, cap, outlen, ctx, NULL);
}

int fz_try_recompose(const curi_uri *u, fz_buf *out, curi_error *err)
{
    int rc = fz_write(recompose_w, u, curi_recompose_bound(u), out);

    if (err) {
        size_t n;
        /* Once more for the error offset, which the harness does not keep. */
        char *tmp = fz_alloc(curi_recompose_bound(u));
        int rc2 = curi_recompose(tmp, curi_recompose_bound(u), &n, u, err);
        FZ_CHECK(rc2 == rc && err->code == rc);
        free(tmp);
    }
    return rc;
}

void fz_recompose(const curi_uri *u, fz_buf *out)
{
    int rc = fz_try_recompose(u, out, NULL);

    if (rc != CURI_OK)
        fz_dump("recompose failed", u);
    FZ_CHECKF(rc == CURI_OK, "curi_recompose of a parsed reference failed: %d", rc);
}

int fz_str_same(curi_str a, curi_str b)
{
    if (a.ptr == NULL || b.ptr == NULL)
        return a.ptr == NULL && b.ptr == NULL;
    return fz_eq(a.ptr, a.len, b.ptr, b.len);
}

int fz_uri_same(const curi_uri *a, const curi_uri *b)
{
    if (!fz_str_same(a->scheme, b->scheme) || !fz_str_same(a->userinfo, b->userinfo) ||
        !fz_str_same(a->host, b->host) || !fz_str_same(a->port, b->port) ||
        !fz_str_same(a->path, b->path) || !fz_str_same(a->query, b->query) ||
        !fz_str_same(a->fragment, b->fragment))
        return 0;
    if (a->host_type != b->host_type || !fz_str_same(a->zone, b->zone))
        return 0;
    if (a->host_type == CURI_HOST_IPV4 && memcmp(a->ip, b->ip, 4) != 0)
        return 0;
    if (a->host_type == CURI_HOST_IPV6 && memcmp(a->ip, b->ip, 16) != 0)
        return 0;
    if (a->port_status != b->port_status)
        return 0;
    return a->port_status != CURI_PORT_VALID || a->port_number == b->port_number;
}

void fz_dump(const char *label, const curi_uri *u)
{
    fprintf(stderr, "%s:\n", label);
    fprintf(stderr, "  scheme   %s\n", fz_show(u->scheme.ptr, u->scheme.len));
    fprintf(stderr, "  userinfo %s\n", fz_show(u->userinfo.ptr, u->userinfo.len));
    fprintf(stderr, "  host     %s (type %d)\n", fz_show(u->host.ptr, u->host.len),
            (int)u->host_type);
    fprintf(stderr, "  port     %s (status %d, %u)\n", fz_show(u->port.ptr, u->port.len),
            (int)u->port_status, (unsigned)u->port_number);
    fprintf(stderr, "  path     %s\n", fz_show(u->path.ptr, u->path.len));
    fprintf(stderr, "  query    %s\n", fz_show(u->query.ptr, u->query.len));
    fprintf(stderr, "  fragment %s\n", fz_show(u->fragment.ptr, u->fragment.len));
}

/* ---- 5.2.4 remove_dot_segments, as the RFC writes it ---- */

static int starts(const char *s, size_t n, const char *lit)
{
    size_t l = strlen(lit);
    return n >= l && memcmp(s, lit, l) == 0;
}

static int equals(const char *s, size_t n, const char *lit)
{
    return n == strlen(lit) && memcmp(s, lit, n) == 0;
}

/* Remove the output buffer's last segment and its preceding "/" (if any). */
static void drop_last_segment(char *out, size_t *on)
{
    while (*on > 0 && out[*on - 1] != '/')
        (*on)--;
    if (*on > 0)
        (*on)--;
}

void fz_ref_remove_dots(const char *s, size_t n, fz_buf *res)
{
    /* The input buffer is rewritten in place from the front: in[i..n). */
    char *in = fz_dup(s, n);
    char *out = fz_alloc(n);
    size_t i = 0, on = 0;

    while (i < n) {
        const char *p = in + i;
        size_t m = n - i;
        if (starts(p, m, "../")) {
            i += 3; /* A */
        } else if (starts(p, m, "./")) {
            i += 2; /* A */
        } else if (starts(p, m, "/./")) {
            i += 2; /* B: "/./" becomes "/" */
        } else if (equals(p, m, "/.")) {
            i += 1; /* B: "/." becomes "/" */
            in[i] = '/';
        } else if (starts(p, m, "/../")) {
            i += 3; /* C */
            drop_last_segment(out, &on);
        } else if (equals(p, m, "/..")) {
            i += 2; /* C: "/.." becomes "/" */
            in[i] = '/';
            drop_last_segment(out, &on);
        } else if (equals(p, m, ".") || equals(p, m, "..")) {
            i = n; /* D */
        } else {
            /* E: the first segment, with its initial "/" if any, up to the next "/". */
            size_t j = (in[i] == '/') ? i + 1 : i;
            while (j < n && in[j] != '/')
                j++;
            memcpy(out + on, in + i, j - i);
            on += j - i;
            i = j;
        }
    }
    res->p = fz_dup(out, on);
    res->n = on;
    free(in);
    free(out);
}

int fz_has_dot_segment(const char *s, size_t n)
{
    size_t i = 0;

    while (i <= n) {
        size_t j = i;
        while (j < n && s[j] != '/')
            j++;
        if (equals(s + i, j - i, ".") || equals(s + i, j - i, ".."))
            return 1;
        i = j + 1;
    }
    return 0;
}

/* ---- 5.2.2 transform references, 5.2.3 merge, 5.3 recompose ---- */

/* A growable string for the reference resolver. */
typedef struct sbuf {
    char *p;
    size_t n, cap;
} sbuf;

static void sb_add(sbuf *b, const char *s, size_t n)
{
    if (b->n + n + 1 > b->cap) {
        size_t cap = (b->n + n + 1) * 2;
        char *p = realloc(b->p, cap);
        if (p == NULL)
            abort();
        b->p = p;
        b->cap = cap;
    }
    if (n > 0)
        memcpy(b->p + b->n, s, n);
    b->n += n;
}

static void sb_str(sbuf *b, curi_str v)
{
    sb_add(b, v.ptr, v.len);
}

void fz_ref_resolve(const curi_uri *base, const curi_uri *r, int non_strict, fz_buf *res)
{
    curi_str scheme, user, host, port, query, fragment;
    fz_buf path = {NULL, 0};
    sbuf o = {NULL, 0, 0};
    int r_has_scheme = r->scheme.ptr != NULL;

    /* "if ((not strict) and (R.scheme == Base.scheme)) then undefine(R.scheme)" */
    if (non_strict && r_has_scheme && base->scheme.ptr != NULL &&
        r->scheme.len == base->scheme.len) {
        size_t k = 0;
        while (k < r->scheme.len &&
               ((r->scheme.ptr[k] | 0x20) == (base->scheme.ptr[k] | 0x20)))
            k++;
        if (k == r->scheme.len)
            r_has_scheme = 0;
    }
    if (r_has_scheme) {
        scheme = r->scheme;
        user = r->userinfo;
        host = r->host;
        port = r->port;
        fz_ref_remove_dots(r->path.ptr, r->path.len, &path);
        query = r->query;
    } else {
        if (r->host.ptr != NULL) {
            user = r->userinfo;
            host = r->host;
            port = r->port;
            fz_ref_remove_dots(r->path.ptr, r->path.len, &path);
            query = r->query;
        } else {
            if (r->path.len == 0) {
                path.p = fz_dup(base->path.ptr, base->path.len);
                path.n = base->path.len;
                query = (r->query.ptr != NULL) ? r->query : base->query;
            } else {
                if (r->path.ptr[0] == '/') {
                    fz_ref_remove_dots(r->path.ptr, r->path.len, &path);
                } else {
                    /* 5.2.3 merge */
                    sbuf m = {NULL, 0, 0};
                    if (base->host.ptr != NULL && base->path.len == 0) {
                        sb_add(&m, "/", 1);
                    } else {
                        size_t k = base->path.len;
                        while (k > 0 && base->path.ptr[k - 1] != '/')
                            k--;
                        sb_add(&m, base->path.ptr, k);
                    }
                    sb_str(&m, r->path);
                    fz_ref_remove_dots(m.p, m.n, &path);
                    free(m.p);
                }
                query = r->query;
            }
            user = base->userinfo;
            host = base->host;
            port = base->port;
        }
        scheme = base->scheme;
    }
    fragment = r->fragment;

    /* 5.3 */
    if (scheme.ptr != NULL) {
        sb_str(&o, scheme);
        sb_add(&o, ":", 1);
    }
    if (host.ptr != NULL) {
        sb_add(&o, "//", 2);
        if (user.ptr != NULL) {
            sb_str(&o, user);
            sb_add(&o, "@", 1);
        }
        sb_str(&o, host);
        if (port.ptr != NULL) {
            sb_add(&o, ":", 1);
            sb_str(&o, port);
        }
    } else if (path.n >= 2 && path.p[0] == '/' && path.p[1] == '/') {
        sb_add(&o, "/.", 2); /* curi.h: keep "/." so that the output parses back */
    }
    sb_add(&o, path.p, path.n);
    if (query.ptr != NULL) {
        sb_add(&o, "?", 1);
        sb_str(&o, query);
    }
    if (fragment.ptr != NULL) {
        sb_add(&o, "#", 1);
        sb_str(&o, fragment);
    }
    res->p = fz_dup(o.p, o.n);
    res->n = o.n;
    free(o.p);
    fz_free(&path);
}

static int hexval(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

int fz_ref_decode(const char *s, size_t n, int plus, fz_buf *out, size_t *bad)
{
    char *o = fz_alloc(n);
    size_t on = 0;

    for (size_t i = 0; i < n; i++) {
        if (s[i] == '%') {
            if (i + 2 >= n || hexval(s[i + 1]) < 0 || hexval(s[i + 2]) < 0) {
                if (plus & FZ_DECODE_LENIENT) {
                    o[on++] = '%';
                    continue;
                }
                *bad = i;
                free(o);
                out->p = NULL;
                out->n = 0;
                return 0;
            }
            o[on++] = (char)(hexval(s[i + 1]) * 16 + hexval(s[i + 2]));
            i += 2;
        } else if ((plus & 1) && s[i] == '+') {
            o[on++] = ' ';
        } else {
            o[on++] = s[i];
        }
    }
    out->p = fz_dup(o, on);
    out->n = on;
    free(o);
    return 1;
}
