/*
 * cmd_diff.c -- "curi diff": each input read by both standards, RFC 3986 (curi_parse, and
 * curi_resolve against --base) and the WHATWG URL Standard (curi_url_parse), compared
 * component by component, the differences named by classes (docs/url-diff.md has a real
 * example of each).  The classes live here, in the tool, because they are a report: they
 * read the input's text as well as both results and name causes for a person.  The one
 * comparison a program needs to act on, whether the two give different hosts or ports, is
 * the library's lint rule parser-differential, and host-differs and port-differs of an input
 * without --base are that rule's verdict (curi_lint with only it enabled), so the tool and the
 * lint never disagree.  EXPERIMENTAL, like the WHATWG API.
 * SPDX-License-Identifier: MIT
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char diff_help[] =
    "Usage: curi diff [--base URL] [OPTION...] [--] [INPUT...]\n"
    "\n"
    "Read each input with both standards, RFC 3986 and the WHATWG URL Standard (a\n"
    "browser's URL), and print one line: 'agree', or 'differ: ' and the classes of\n"
    "the difference, comma-separated (curi(1) and docs/url-diff.md list them).  They\n"
    "agree when both accept the input and every component is the same once the RFC\n"
    "reading is normalized the way a browser also normalizes (scheme and host case,\n"
    "dot segments, an empty or default port; RFC 3986 6.2.2.1, 6.2.2.3, 6.2.3) and\n"
    "percent-encoding hex digits are compared in either case.  With --base URL (an\n"
    "absolute URI both standards accept, else a usage error) each input is resolved\n"
    "against it by both (RFC 3986 5.2; the Standard's parser with a base).\n"
    "\n"
    "@OPTIONS@\n";

/* What CURI_NORM_* a browser's URL also applies: case, dot segments, port, empty path. */
#define BROWSER_NORM (CURI_NORM_CASE | CURI_NORM_PCT_HEX | CURI_NORM_DOTS | CURI_NORM_PORT | \
                      CURI_NORM_EMPTY_PATH)

struct diff_ctx {
    const curi_uri *rbase; /* --base under RFC 3986, or NULL */
    const curi_url *wbase; /* --base under the Standard */
    const char *base_text;
    int json;
};

/* The classes, in the order they are printed. */
enum {
    K_RFC_INVALID, K_WHATWG_FAILURE, K_BOTH_FAIL, K_USERINFO, K_HOST, K_PORT, K_PATH, K_QUERY,
    K_HREF_NOT_RFC, K_BACKSLASH, K_STRIPPED, K_SCHEME_RELATIVE, K_IPV4, K_IDNA,
    K_DEFAULT_PORT, K_DOT_ENCODED, K_PCT, K_COUNT
};
static const char *const class_names[K_COUNT] = {
    "rfc-invalid-whatwg-valid", "whatwg-failure-rfc-valid", "both-fail", "userinfo-differs",
    "host-differs", "port-differs", "path-differs", "query-differs", "whatwg-href-not-rfc",
    "backslash-as-slash", "space-or-control-stripped",
    "scheme-relative-special", "ipv4-number-form", "idna-mapped-host", "default-port-dropped",
    "dot-segment-encoded", "percent-encoding-differs",
};

/* a and b are the same text but for the case of hex digits after a '%'. */
static int eq_pct(const char *a, size_t an, const char *b, size_t bn)
{
    if (an != bn)
        return 0;
    for (size_t i = 0; i < an; i++) {
        unsigned char x = (unsigned char)a[i], y = (unsigned char)b[i];
        int hex = (i >= 1 && a[i - 1] == '%') || (i >= 2 && a[i - 2] == '%');
        if (x != y && !(hex && (x | 0x20) == (y | 0x20) && (x | 0x20) >= 'a' && (x | 0x20) <= 'f'))
            return 0;
    }
    return 1;
}

/* s percent-decoded into b (a malformed '%' kept). */
static void pct_decode(struct buf *b, const char *s, size_t n)
{
    size_t got = 0;
    b->len = 0;
    buf_reserve(b, n + 1);
    if (curi_pct_decode(b->p, n + 1, &got, s, n, 0, NULL) == CURI_OK) {
        b->len = got;
        return;
    }
    buf_put(b, s, n); /* not valid percent-encoding: compared as it is */
}

/* a and b are equal once percent-decoded. */
static int eq_decoded(const char *a, size_t an, const char *b, size_t bn, struct buf *x,
                      struct buf *y)
{
    pct_decode(x, a, an);
    pct_decode(y, b, bn);
    return x->len == y->len && memcmp(x->p, y->p, x->len) == 0;
}

/* The input holds p (ASCII letter case ignored). */
static int contains_ci(const char *s, size_t n, const char *p, size_t pn)
{
    for (size_t i = 0; pn > 0 && i + pn <= n; i++) {
        size_t k = 0;
        while (k < pn && (s[i + k] | ((s[i + k] >= 'A' && s[i + k] <= 'Z') ? 0x20 : 0)) ==
                             (p[k] | ((p[k] >= 'A' && p[k] <= 'Z') ? 0x20 : 0)))
            k++;
        if (k == pn)
            return 1;
    }
    return 0;
}

static size_t count_byte(const char *s, size_t n, char c)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        k += s[i] == c;
    return k;
}

/*
 * The port written in the input's authority (after "//", up to '/', '?', '#' or '\\'; after
 * its last '@'; after a ']'): its value, or -1 when there is none (or it is not a number).
 */
static long input_port(const char *s, size_t n)
{
    const char *a = NULL;
    for (size_t i = 0; a == NULL && i + 1 < n; i++)
        if ((s[i] == '/' || s[i] == '\\') && (s[i + 1] == '/' || s[i + 1] == '\\'))
            a = s + i + 2;
    if (a == NULL)
        return -1;
    const char *e = a, *colon = NULL;
    while (e < s + n && *e != '/' && *e != '?' && *e != '#' && *e != '\\') {
        if (*e == '@' || *e == ']')
            colon = NULL;
        else if (*e == ':')
            colon = e;
        e++;
    }
    if (colon == NULL || colon + 1 == e)
        return -1;
    long v = 0;
    for (const char *p = colon + 1; p < e; p++) {
        if (*p < '0' || *p > '9' || v > 65535)
            return -1;
        v = v * 10 + (*p - '0');
    }
    return v;
}

/* A byte after the input's authority that the Standard percent-encodes somewhere (a space,
 * a control, '"', '<', '>', '`', '{', '}', '\'', non-ASCII) and that its href lacks (leading
 * and trailing spaces and controls are stripped, tabs and newlines removed: not encoded). */
static int encoded_by_whatwg(const char *s, size_t n, const curi_url *w)
{
    const char *p = NULL;
    while (n > 0 && (unsigned char)s[n - 1] <= 0x20)
        n--; /* stripped, not encoded */
    for (size_t i = 0; p == NULL && i + 1 < n; i++)
        if (s[i] == '/' && s[i + 1] == '/')
            p = s + i + 2;
    p = p != NULL ? p : s;
    while (p < s + n && *p != '/' && *p != '?' && *p != '#')
        p++;
    for (; p < s + n; p++) {
        unsigned char c = (unsigned char)*p;
        if ((c <= 0x20 || c >= 0x7F || strchr("\"<>`{}'", c) != NULL) && c != '\t' && c != '\n' &&
            c != '\r' && memchr(w->href.ptr, c, w->href.len) == NULL)
            return 1;
    }
    return 0;
}

/* The Standard's default port of the URL's special scheme, or -1. */
static long special_default(const curi_url *w)
{
    if (!w->special || w->protocol.len < 2)
        return -1;
    const curi_scheme *si = curi_scheme_find(w->protocol.ptr, w->protocol.len - 1);
    return si != NULL ? curi_scheme_default_port(si) : -1;
}

/* The input's scheme, as the Standard reads it: after leading C0 controls and spaces, a
 * letter, then letters, digits, '+', '-', '.' up to ':'.  Its length (0: none) and start. */
static size_t input_scheme(const char *s, size_t n, size_t *at)
{
    size_t i = 0, k;
    while (i < n && (unsigned char)s[i] <= 0x20)
        i++;
    *at = i;
    if (i >= n || !((s[i] | 0x20) >= 'a' && (s[i] | 0x20) <= 'z'))
        return 0;
    for (k = i + 1; k < n && s[k] != ':'; k++) {
        char ch = (char)(s[k] | 0x20);
        if (!((ch >= 'a' && ch <= 'z') || (s[k] >= '0' && s[k] <= '9') || s[k] == '+' ||
              s[k] == '-' || s[k] == '.'))
            return 0;
    }
    return k < n ? k - i : 0;
}

/* parser-differential's detail for s (no base): bit 0 hosts, bit 1 ports. */
static uint32_t lint_differential(const char *s, size_t n)
{
    curi_lint_options o = {0, {~0u, ~(1u << (CURI_LINT_PARSER_DIFFERENTIAL - 33))}, NULL, 0,
                           {NULL, NULL}};
    curi_finding f[4];
    size_t k = xlint(s, n, &o, f, 4);
    for (size_t i = 0; i < k && i < 4; i++)
        if (f[i].rule == CURI_LINT_PARSER_DIFFERENTIAL)
            return f[i].detail;
    return 0;
}

/* Both readings of one input. */
struct reading {
    int rok, wok;
    curi_uri r;    /* the normalized RFC reading, views into rtext */
    curi_uri raw;  /* the RFC reading before normalization (views into the input or target) */
    curi_error re, we;
    curi_url w;    /* views into the thread's href buffer */
    const char *rtext; /* the RFC text: the input, or its target under --base */
    size_t rtext_len;
    curi_str iri_host; /* the host of the RFC text read as an IRI (RFC 3987), or NULL */
};

/*
 * The classes of one input into k[].  The component classes compare r and w; each cause is
 * named only when the input shows it and the results bear it out.
 */
static void classify(int *k, const char *s, size_t n,
                     const struct reading *x, struct buf *t1, struct buf *t2)
{
    const curi_uri *r = &x->r;
    const curi_url *w = &x->w;
    size_t sat;
    size_t sl = input_scheme(s, n, &sat);

    memset(k, 0, K_COUNT * sizeof *k);
    if (!x->rok && !x->wok) {
        k[K_BOTH_FAIL] = 1;
        return;
    }
    if (!x->wok) {
        k[K_WHATWG_FAILURE] = 1;
        return;
    }
    if (!x->rok)
        k[K_RFC_INVALID] = 1;
    curi_uri h;
    if (curi_parse(&h, w->href.ptr, w->href.len, 0, NULL) != CURI_OK)
        k[K_HREF_NOT_RFC] = 1; /* the Standard kept a byte RFC 3986 refuses: "{", "|", ... */
    /* Causes read off the input, each borne out by the Standard's result. */
    if (w->special && memchr(s, '\\', n) != NULL)
        k[K_BACKSLASH] = 1;
    if (n > 0 && ((unsigned char)s[0] <= 0x20 || (unsigned char)s[n - 1] <= 0x20 ||
                  memchr(s, '\t', n) || memchr(s, '\n', n) || memchr(s, '\r', n)))
        k[K_STRIPPED] = 1;
    if (count_byte(w->href.ptr, w->href.len, '%') > count_byte(s, n, '%') ||
        encoded_by_whatwg(s, n, w))
        k[K_PCT] = 1; /* the Standard encoded bytes RFC 3986 refused or kept */
    if (w->host_type == CURI_URL_HOST_IPV4 && !contains_ci(s, n, w->hostname.ptr, w->hostname.len))
        k[K_IPV4] = 1; /* 127.1, 0x7f.1, 2130706433: not in the input as the Standard writes it */
    if (w->host_type == CURI_URL_HOST_DOMAIN && x->iri_host.ptr != NULL) {
        /* the host, read as an IRI's and percent-decoded, is not ASCII: UTS #46 mapped it */
        pct_decode(t1, x->iri_host.ptr, x->iri_host.len);
        for (size_t i = 0; i < t1->len; i++)
            if ((unsigned char)t1->p[i] >= 0x80)
                k[K_IDNA] = 1;
    }
    if (contains_ci(s, n, "%2e", 3) && !contains_ci(w->pathname.ptr, w->pathname.len, "%2e", 3))
        k[K_DOT_ENCODED] = 1; /* the Standard took a %2e segment as a dot segment */
    /* Hosts and ports: parser-differential's verdict on the RFC text (lint-rules.md 3). */
    uint32_t dd = lint_differential(x->rtext, x->rtext_len);
    k[K_HOST] = (dd & 1) != 0;
    k[K_PORT] = (dd & 2) != 0;
    long d = special_default(w);
    if (d >= 0 && w->port_number < 0 && input_port(s, n) == d)
        k[K_DEFAULT_PORT] = 1;
    /* A special scheme without "//": a host to the Standard (or the base's, for the base's
     * own scheme), a path to RFC 3986. */
    if (sl > 0 && w->special && !(n - sat > sl + 2 && (s[sat + sl + 1] == '/' || s[sat + sl + 1] == '\\') &&
                                  (s[sat + sl + 2] == '/' || s[sat + sl + 2] == '\\')))
        k[K_SCHEME_RELATIVE] = x->rok ? r->host.ptr == NULL : 1;
    if (!x->rok)
        return;
    /*
     * Components.  The scheme and the fragment need no test: for an input RFC 3986 accepts,
     * both standards lowercase the same scheme, and the Standard's fragment percent-encode
     * set (C0 controls, space, '"', '<', '>', '`') holds only bytes RFC 3986 refuses.
     */
    t1->len = 0;
    buf_put(t1, w->username.ptr, w->username.len);
    if (w->password.len > 0) {
        buf_putc(t1, ':');
        buf_put(t1, w->password.ptr, w->password.len);
    }
    if (!eq_pct(r->userinfo.ptr ? r->userinfo.ptr : "", r->userinfo.len, t1->p ? t1->p : "",
                t1->len)) {
        k[K_USERINFO] = 1;
        if (eq_decoded(r->userinfo.ptr ? r->userinfo.ptr : "", r->userinfo.len, t1->p ? t1->p : "",
                       t1->len, t1, t2))
            k[K_PCT] = 1;
    }
    if (!k[K_PORT])
        k[K_DEFAULT_PORT] = 0; /* dropped by both */
    /* A special scheme's empty path is "/" to the Standard (RFC 3986 6.2.3 lets the scheme
     * say so; curi_normalize does it for http, https, ws and wss only). */
    int slash = w->special && r->path.len == 0 && w->pathname.len == 1;
    if (!slash && !eq_pct(r->path.ptr, r->path.len, w->pathname.ptr, w->pathname.len)) {
        k[K_PATH] = 1;
        if (eq_decoded(r->path.ptr, r->path.len, w->pathname.ptr, w->pathname.len, t1, t2))
            k[K_PCT] = 1;
    } else {
        k[K_DOT_ENCODED] = 0;
    }
    if ((r->query.ptr != NULL) != (w->has_query != 0) ||
        (r->query.ptr != NULL && !eq_pct(r->query.ptr, r->query.len, w->search.ptr + (w->search.len > 0),
                                         w->search.len - (w->search.len > 0)))) {
        k[K_QUERY] = 1;
        if (r->query.ptr != NULL && w->search.len > 0 &&
            eq_decoded(r->query.ptr, r->query.len, w->search.ptr + 1, w->search.len - 1, t1, t2))
            k[K_PCT] = 1;
    }
    /* A cause counts only beside a component that differs. */
    int any = 0;
    for (int i = K_USERINFO; i <= K_HREF_NOT_RFC; i++)
        any |= k[i];
    if (!any)
        memset(k, 0, K_COUNT * sizeof *k);
    if (!k[K_HOST])
        k[K_IPV4] = k[K_IDNA] = 0;
    if (!k[K_PATH])
        k[K_DOT_ENCODED] = 0;
}

static int diff_line(const void *vctx, const char *s, size_t n, struct buf *out, struct buf *err,
                     struct buf *tmp)
{
    const struct diff_ctx *ctx = vctx;
    struct reading x;
    struct buf rt = {0}, t1 = {0}; /* the resolved target, the normalized text */
    const char *rs = s; /* the RFC text: the input, or the target resolved against --base */
    size_t rn = n, len = 0;
    int k[K_COUNT];
    (void)err;

    memset(&x, 0, sizeof x);
    /* The Standard. */
    size_t bound = curi_url_bound(n, ctx->wbase);
    tmp->len = 0;
    buf_reserve(tmp, bound + 1);
    x.wok = curi_url_parse(tmp->p, bound, &len, &x.w, s, n, ctx->wbase, 0, &x.we) == CURI_OK;
    /* RFC 3986: parse, resolve, normalize, parse the normalized text again. */
    x.rok = curi_parse(&x.raw, s, n, 0, &x.re) == CURI_OK;
    if (x.rok && ctx->rbase != NULL) {
        size_t cap = curi_resolve_bound(ctx->rbase, &x.raw), got = 0;
        buf_reserve(&rt, cap + 1);
        x.rok = curi_resolve(rt.p, cap, &got, ctx->rbase, &x.raw, 0, &x.re) == CURI_OK &&
                curi_parse(&x.raw, rt.p, got, 0, &x.re) == CURI_OK;
        rs = rt.p;
        rn = got;
    }
    if (x.rok) {
        size_t cap = curi_normalize_bound(&x.raw), got = 0;
        buf_reserve(&t1, cap + 1);
        x.rok = curi_normalize(t1.p, cap, &got, &x.raw, BROWSER_NORM, &x.re) == CURI_OK &&
                curi_parse(&x.r, t1.p, got, 0, &x.re) == CURI_OK;
        t1.len = got;
    }
    x.rtext = rs;
    x.rtext_len = rn;
    curi_uri iri;
    curi_error ie;
    if (curi_parse(&iri, rs, rn, CURI_PARSE_IRI, &ie) == CURI_OK)
        x.iri_host = iri.host;
    struct buf scratch1 = {0}, scratch2 = {0};
    classify(k, s, n, &x, &scratch1, &scratch2);
    int agree = 1;
    for (int i = 0; i < K_COUNT; i++)
        agree &= !k[i];
    if (!ctx->json) {
        if (agree) {
            buf_put(out, "agree\n", 6);
        } else {
            buf_put(out, "differ: ", 8);
            for (int i = 0, first = 1; i < K_COUNT; i++)
                if (k[i]) {
                    if (!first)
                        buf_putc(out, ',');
                    buf_puts(out, class_names[i]);
                    first = 0;
                }
            buf_putc(out, '\n');
        }
    } else {
        buf_putc(out, '{');
        json_member(out, "input", s, n);
        json_member(out, "base", ctx->base_text, ctx->base_text ? strlen(ctx->base_text) : 0);
        json_key(out, "agree");
        buf_puts(out, agree ? "true" : "false");
        json_key(out, "rfc");
        if (x.rok) {
            json_parse_open(out, t1.p, t1.len, &x.r, 0, &scratch1);
            buf_putc(out, '}');
        } else {
            json_parse_error_object(out, rs, rn, &x.re); /* the input, or a target */
        }
        json_key(out, "whatwg");
        if (x.wok) {
            buf_putc(out, '{');
            json_url_members(out, &x.w);
            buf_putc(out, '}');
        } else {
            const char *name = curi_strerror_name(x.we.code);
            buf_putc(out, '{');
            json_key(out, "failure");
            buf_puts(out, "true");
            json_member(out, "error", name, strlen(name));
            json_key(out, "offset");
            buf_putu(out, x.we.offset);
            buf_putc(out, '}');
        }
        json_key(out, "classes");
        buf_putc(out, '[');
        for (int i = 0, first = 1; i < K_COUNT; i++)
            if (k[i]) {
                if (!first)
                    buf_putc(out, ',');
                json_string(out, class_names[i], strlen(class_names[i]));
                first = 0;
            }
        buf_put(out, "]}\n", 3);
    }
    buf_free(&rt);
    buf_free(&t1);
    buf_free(&scratch1);
    buf_free(&scratch2);
    return agree ? EXIT_VALID : EXIT_INVALID;
}

/* The option of curi diff (parse_args' handler): --base URL. */
/* diff has no option of its own (--base is shared: c.base). */
static int diff_option(struct common *c, void *ctx, int id, char *v)
{
    (void)c;
    (void)ctx;
    (void)id;
    (void)v;
    return 0; /* an operand stays one */
}

int cmd_diff(int argc, char **argv)
{
    struct common c = {.cmd = "diff", .help = diff_help, .jobs = 1};
    struct diff_ctx ctx = {NULL, NULL, NULL, 0};
    int nops = parse_args(&c, argc, argv, diff_option, NULL);
    const char *base = c.base;
    curi_url wb;
    curi_uri rb;
    char *bbuf = NULL;
    if (base != NULL) {
        /* the Standard's base first, then RFC 3986's, which must be an absolute URI */
        curi_error e;
        bbuf = url_base(&wb, base);
        int rc = curi_parse(&rb, base, strlen(base), 0, &e);
        if (rc != CURI_OK)
            base_error(rc, base, e.offset);
        if (rb.scheme.ptr == NULL)
            base_error(CURI_ERR_SCHEME_MISSING, base, 0); /* (the Standard refuses these first) */
        ctx.wbase = &wb;
        ctx.rbase = &rb;
        ctx.base_text = base;
    }
    ctx.json = c.json;
    int st = run_lines(diff_line, &ctx, argv, nops, &c, 0);
    free(bbuf);
    return st;
}
