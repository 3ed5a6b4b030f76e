/*
 * cmd_ref.c -- "curi resolve" and "curi relative" (RFC 3986 section 5),
 * "curi normalize" and "curi equal" (RFC 3986 section 6).
 * SPDX-License-Identifier: MIT
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/*
 * The text of a fixed argument as it is parsed: s itself, or with
 * --accept-space a copy with each space encoded (kept to the end of the run).
 */
static const char *fixed_text(const char *s, const struct common *c)
{
    if (c->accept_space && strchr(s, ' ') != NULL) {
        /* --accept-space: the views of u point into this copy, kept to the end. */
        struct buf b = {0};
        for (const char *p = s; *p; p++) {
            if (*p == ' ')
                buf_put(&b, "%20", 3);
            else
                buf_putc(&b, *p);
        }
        buf_putc(&b, '\0');
        s = b.p;
    }
    return s;
}

/*
 * Parse a fixed argument (a base URI): an invalid one ends the program with
 * EXIT_USAGE after a diagnostic naming it.
 */
static const char *parse_fixed(curi_uri *u, const char *what, const char *s,
                               const struct common *c, int need_scheme)
{
    curi_error e;
    s = fixed_text(s, c);
    size_t n = strlen(s);
    int rc = curi_parse(u, s, n, c->pflags, &e);
    if (rc == CURI_OK && need_scheme && u->scheme.ptr == NULL) {
        rc = CURI_ERR_BASE_NOT_ABSOLUTE;
        e.offset = 0;
    }
    if (rc != CURI_OK) {
        struct buf err = {0};
        diagnose_value(&err, what, rc, s, n, e.offset);
        write_all(2, err.p, err.len);
        buf_free(&err);
        exit(EXIT_USAGE);
    }
    return s;
}

/* The operands of resolve and relative: BASE then references. */
struct ref_ctx {
    curi_uri base;
    const char *base_text;
    unsigned pflags, flags;
    int json;
    int relative; /* 0: resolve, 1: relative */
};

/*
 * One reference (resolve) or target (relative).  The result is written
 * straight into out, or into a scratch buffer for JSON.  JSON keys: resolve
 * {"base","reference","target"}, relative {"base","target","reference"}.
 */
static int ref_line(const void *vctx, const char *s, size_t n, struct buf *out, struct buf *err,
                    struct buf *tmp)
{
    const struct ref_ctx *ctx = vctx;
    const char *in_key = ctx->relative ? "target" : "reference";
    const char *out_key = ctx->relative ? "reference" : "target";
    struct buf *dst = ctx->json ? tmp : out;
    curi_uri r;
    curi_error e;
    size_t len = 0;
    int caret = 1;
    /* A target must be a URI (with a scheme); a reference may be relative. */
    int rc = curi_parse(&r, s, n, ctx->pflags | (ctx->relative ? CURI_PARSE_URI : 0u), &e);
    if (rc == CURI_OK) {
        size_t bound = ctx->relative ? curi_relative_bound(&ctx->base, &r)
                                     : curi_resolve_bound(&ctx->base, &r);
        if (ctx->json)
            tmp->len = 0;
        buf_reserve(dst, bound + 1);
        if (ctx->relative)
            rc = curi_relative(dst->p + dst->len, bound, &len, &ctx->base, &r, ctx->flags, &e);
        else
            rc = curi_resolve(dst->p + dst->len, bound, &len, &ctx->base, &r, ctx->flags, &e);
        caret = 0;
    }
    if (ctx->json) {
        buf_putc(out, '{');
        json_member(out, "base", ctx->base_text, strlen(ctx->base_text));
        json_member(out, in_key, s, n);
        if (rc == CURI_OK)
            json_member(out, out_key, tmp->p, len);
        else
            json_error(out, rc, e.offset, caret);
        buf_put(out, "}\n", 2);
    } else {
        if (rc == CURI_OK)
            out->len += len;
        else
            diagnose(err, rc, s, n, e.offset, caret);
        buf_putc(out, '\n');
    }
    return rc == CURI_OK ? EXIT_VALID : EXIT_INVALID;
}

static const char resolve_help[] =
    "Usage: curi resolve [--non-strict] [--json] [--strict-3986] [--jobs N] [--] BASE [REF...]\n"
    "\n"
    "Resolve each reference REF against the base URI BASE (RFC 3986 5.2) and print\n"
    "the target URI.  With no REF operands, read one reference per line from\n"
    "standard input.  An invalid BASE, or one without a scheme, is a usage error.\n"
    "\n"
    "@OPTIONS@\n";

static const char relative_help[] =
    "Usage: curi relative [--abspath|--netpath] [--iri] [--json] [--strict-3986] [--jobs N]\n"
    "                     [--] BASE [TARGET...]\n"
    "\n"
    "Print the shortest reference that resolves against BASE to each TARGET (the\n"
    "inverse of resolve).  With no TARGET operands, read one per line from standard\n"
    "input.  Each TARGET must be a URI, with a scheme.  An invalid BASE, or one\n"
    "without a scheme, is a usage error.  The scheme and the host match without\n"
    "regard to case (HTTPS://EXAMPLE.com is https://example.com); the output then\n"
    "resolves to the target spelt as BASE spells them.  An empty line is the empty\n"
    "reference (BASE is the target itself, its query too); an invalid input also\n"
    "gives an empty line, with a diagnostic on stderr and exit status 1: tell them\n"
    "apart with --json (\"reference\":\"\" against \"error\") or --skip-invalid.\n"
    "\n"
    "@OPTIONS@\n";

/* The options of resolve and relative (parse_args' handler). */
static int ref_option(struct common *c, void *vctx, int id, char *v)
{
    struct ref_ctx *ctx = vctx;
    (void)c;
    (void)v;
    if (id == OPT_NON_STRICT)
        ctx->flags |= CURI_RESOLVE_NON_STRICT;
    else if (id == OPT_ABSPATH)
        ctx->flags |= CURI_RELATIVE_ABSPATH;
    else if (id == OPT_NETPATH)
        ctx->flags |= CURI_RELATIVE_NETPATH;
    return 0; /* an operand stays one */
}

static int run_ref(int argc, char **argv, int relative)
{
    struct common c = {.cmd = relative ? "relative" : "resolve",
                       .help = relative ? relative_help : resolve_help,
                       .jobs = 1};
    struct ref_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.relative = relative;
    /* relative: a scheme or host spelt in another case is the same one (RFC 3986 3.1, 3.2.2) */
    if (relative)
        ctx.flags = CURI_RELATIVE_IGNORE_CASE;
    int nops = parse_args(&c, argc, argv, ref_option, &ctx);
    if (nops < 1)
        usage_error(&c, "missing BASE", NULL);
    if ((ctx.flags & CURI_RELATIVE_ABSPATH) && (ctx.flags & CURI_RELATIVE_NETPATH))
        usage_error(&c, "--abspath and --netpath exclude each other", NULL);
    ctx.pflags = c.pflags;
    ctx.json = c.json;
    ctx.base_text = parse_fixed(&ctx.base, "BASE", argv[0], &c, 1);
    int status = run_lines(ref_line, &ctx, argv + 1, nops - 1, &c, 0);
    if (ctx.base_text != argv[0])
        free((void *)(uintptr_t)ctx.base_text); /* parse_fixed's copy */
    return status;
}

int cmd_resolve(int argc, char **argv)
{
    return run_ref(argc, argv, 0);
}

int cmd_relative(int argc, char **argv)
{
    return run_ref(argc, argv, 1);
}

/*
 * ---------------------------------------------------------------------------
 * curi normalize
 * ---------------------------------------------------------------------------
 */
static const char normalize_help[] =
    "Usage: curi normalize [--syntax] [--ipv6] [--iri] [--json] [--strict-3986]\n"
    "                      [--jobs N] [--] [URI...]\n"
    "\n"
    "Print the normalized form of each URI reference.  The default applies\n"
    "syntax-based normalization (RFC 3986 6.2.2: lowercase scheme and host,\n"
    "uppercase %HH, decode unreserved %HH, remove dot segments) and scheme-based\n"
    "normalization (6.2.3: drop an empty or default port; an empty path with an\n"
    "authority becomes \"/\" for schemes such as http, https, ws, wss and ftp;\n"
    "and each scheme's own canonical form where its grammar accepts the URI:\n"
    "file://localhost/p -> file:///p, gopher://h -> gopher://h/1, news://s/* ->\n"
    "news://s/, ldap default query parts dropped, urn NID and mailto domains\n"
    "lowercased, tel numbers without separators and with their parameters in\n"
    "order, data without its default media type; urn, tel, mailto and data are\n"
    "never dot-removed, urn and tel never decoded).\n"
    "\n"
    "@OPTIONS@\n";

struct norm_ctx {
    unsigned pflags, mask;
    int json;
};

static int normalize_line(const void *vctx, const char *s, size_t n, struct buf *out,
                          struct buf *err, struct buf *tmp)
{
    const struct norm_ctx *ctx = vctx;
    struct buf *dst = ctx->json ? tmp : out;
    curi_uri u;
    curi_error e;
    size_t len = 0;
    int caret = 1;
    int rc = curi_parse(&u, s, n, ctx->pflags, &e);
    if (rc == CURI_OK) {
        /* Normalize straight into the output buffer: no copy, no allocation. */
        size_t bound = curi_normalize_bound(&u);
        if (ctx->json)
            tmp->len = 0;
        buf_reserve(dst, bound + 1);
        rc = curi_normalize(dst->p + dst->len, bound, &len, &u, ctx->mask, &e);
        caret = 0;
        if (rc == CURI_OK && (ctx->pflags & CURI_PARSE_IRI)) {
            /* --iri: and the %HH that spell characters an IRI holds raw decoded (RFC 3987
             * 5.3.2.3); the result is never longer. */
            char *t = xmalloc(len ? len : 1);
            memcpy(t, dst->p + dst->len, len);
            rc = curi_uri_to_iri(dst->p + dst->len, len, &len, t, len, 0, &e);
            free(t);
        }
    }
    if (ctx->json) {
        if (rc != CURI_OK) {
            buf_putc(out, '{');
            json_member(out, "input", s, n);
            json_error(out, rc, e.offset, caret);
            buf_put(out, "}\n", 2);
        } else {
            buf_putc(out, '{');
            json_member(out, "input", s, n);
            json_member(out, "normalized", tmp->p, len);
            buf_put(out, "}\n", 2);
        }
    } else {
        if (rc == CURI_OK)
            out->len += len;
        else
            diagnose(err, rc, s, n, e.offset, caret);
        buf_putc(out, '\n');
    }
    return rc == CURI_OK ? EXIT_VALID : EXIT_INVALID;
}

/* --syntax and --ipv6 of normalize and equal (parse_args' handler): bit 0 and bit 1. */
static int ladder_option(struct common *c, void *vbits, int id, char *v)
{
    unsigned *bits = vbits;
    (void)c;
    (void)v;
    if (id == OPT_SYNTAX)
        *bits |= 1u;
    else if (id == OPT_IPV6)
        *bits |= 2u;
    return 0; /* an operand stays one */
}

int cmd_normalize(int argc, char **argv)
{
    struct common c = {.cmd = "normalize", .help = normalize_help, .jobs = 1};
    struct norm_ctx ctx = {0, CURI_NORM_DEFAULT, 0};
    unsigned bits = 0;
    int nops = parse_args(&c, argc, argv, ladder_option, &bits);
    int syntax = (bits & 1u) != 0, ipv6 = (bits & 2u) != 0;
    ctx.mask = (syntax ? CURI_NORM_SYNTAX : CURI_NORM_DEFAULT) | (ipv6 ? CURI_NORM_IPV6 : 0u);
    ctx.pflags = c.pflags;
    ctx.json = c.json;
    return run_lines(normalize_line, &ctx, argv, nops, &c, 0);
}

/*
 * ---------------------------------------------------------------------------
 * curi equal
 * ---------------------------------------------------------------------------
 */
static const char equal_help[] =
    "Usage: curi equal [--syntax] [--ipv6] [--iri] [--json] [--strict-3986] [--] A B\n"
    "\n"
    "Compare two URI references on the comparison ladder of RFC 3986 6.2 and say\n"
    "at which rung they became equal:\n"
    "  equal: string (RFC 3986 6.2.1)          byte for byte\n"
    "  equal: syntax-based (RFC 3986 6.2.2)    after syntax-based normalization\n"
    "  equal: scheme-based (RFC 3986 6.2.3)    after scheme-based normalization\n"
    "  not equal\n"
    "With --iri A and B are IRIs compared as RFC 3987 5.3 says: as strings (5.3.1),\n"
    "then as the URIs they map to, so that \"ü\" and \"%C3%BC\" are equal at the\n"
    "syntax-based rung (5.3.2), then with IDNA for the hosts of DNS schemes at the\n"
    "scheme-based rung (5.3.3: bücher.example is xn--bcher-kva.example).\n"
    "Exit status: 0 equal, 1 not equal, 2 when A or B is invalid (or a usage error).\n"
    "\n"
    "@OPTIONS@\n";

/* One side normalized with mask into a fresh buffer (NUL-free view, length in *n). */
static char *normalized(const curi_uri *u, unsigned mask, size_t *n)
{
    size_t cap = curi_normalize_bound(u);
    char *p = xmalloc(cap ? cap : 1);
    if (curi_normalize(p, cap, n, u, mask, NULL) != CURI_OK)
        *n = (size_t)-1; /* cannot be normalized: equal to nothing at this rung */
    return p;
}

/* 1 when a and b normalize to the same text under mask. */
static int same_under(const curi_uri *a, const curi_uri *b, unsigned mask)
{
    size_t na, nb;
    char *pa = normalized(a, mask, &na), *pb = normalized(b, mask, &nb);
    int same = na != (size_t)-1 && na == nb && memcmp(pa, pb, na) == 0;
    free(pa);
    free(pb);
    return same;
}

/* curi_compare's level (both parsed: it cannot fail). */
static curi_equiv compare(const curi_uri *a, const curi_uri *b, curi_equiv max)
{
    curi_equiv lv = CURI_EQ_NONE;
    (void)curi_compare(a, b, max, &lv, NULL);
    return lv;
}

/*
 * The ladder of curi_compare with RFC 5952 IPv6 text added to the syntax-based
 * and scheme-based rungs (equal --ipv6).
 */
static curi_equiv compare_ipv6(const curi_uri *a, const curi_uri *b, curi_equiv max)
{
    curi_equiv lv = compare(a, b, CURI_EQ_STRING);
    if (lv != CURI_EQ_NONE)
        return lv;
    if (same_under(a, b, CURI_NORM_SYNTAX | CURI_NORM_IPV6))
        return CURI_EQ_SYNTAX;
    if (max >= CURI_EQ_SCHEME && same_under(a, b, CURI_NORM_DEFAULT | CURI_NORM_IPV6))
        return CURI_EQ_SCHEME;
    return CURI_EQ_NONE;
}

/* equal --iri: the URI of IRI s (RFC 3987 3.1) in a fresh buffer, its length in *n; on
 * failure s itself with *rc and *e set. */
static const char *iri_as_uri(const char *s, size_t *n, int *rc, curi_error *e)
{
    size_t cap = curi_iri_to_uri_bound(*n, 0), len;
    char *p = xmalloc(cap ? cap : 1);
    *rc = curi_iri_to_uri(p, cap, &len, s, *n, 0, e);
    if (*rc != CURI_OK) {
        free(p);
        return s;
    }
    *n = len;
    return p;
}

int cmd_equal(int argc, char **argv)
{
    struct common c = {.cmd = "equal", .help = equal_help, .jobs = 1};
    unsigned bits = 0;
    int nops = parse_args(&c, argc, argv, ladder_option, &bits);
    int syntax = (bits & 1u) != 0, ipv6 = (bits & 2u) != 0;
    if (nops != 2)
        usage_error(&c, nops < 2 ? "needs two URIs, A and B" : "too many operands", NULL);
    curi_uri a, b;
    curi_error ea = {CURI_OK, 0, 0}, eb = {CURI_OK, 0, 0};
    const char *ta = fixed_text(argv[0], &c), *tb = fixed_text(argv[1], &c);
    const char *pa = ta, *pb = tb;
    size_t la = strlen(ta), lb = strlen(tb);
    int ra = CURI_OK, rb = CURI_OK, iri = (c.pflags & CURI_PARSE_IRI) != 0;
    if (iri) {
        /* --iri: compared as the URIs they map to (RFC 3987 5.3) */
        pa = iri_as_uri(ta, &la, &ra, &ea);
        pb = iri_as_uri(tb, &lb, &rb, &eb);
        c.pflags &= ~(unsigned)CURI_PARSE_IRI;
    }
    if (ra == CURI_OK)
        ra = curi_parse(&a, pa, la, c.pflags, &ea);
    if (rb == CURI_OK)
        rb = curi_parse(&b, pb, lb, c.pflags, &eb);
    if (ra != CURI_OK || rb != CURI_OK) {
        /* An invalid operand: one object (or a diagnostic) for the first bad one, exit 2. */
        int first_a = ra != CURI_OK;
        struct buf out = {0}, err = {0};
        const char *bad = first_a ? ta : tb;
        const curi_error *e = first_a ? &ea : &eb;
        if (c.json) {
            buf_putc(&out, '{');
            json_member(&out, "a", ta, strlen(ta));
            json_member(&out, "b", tb, strlen(tb));
            json_member(&out, "operand", first_a ? "a" : "b", 1);
            json_error(&out, e->code, e->offset, 1);
            buf_put(&out, "}\n", 2);
            write_all(1, out.p, out.len);
        } else {
            diagnose_value(&err, first_a ? "A" : "B", e->code, bad, strlen(bad), e->offset);
            write_all(2, err.p, err.len);
        }
        exit(EXIT_USAGE);
    }
    curi_equiv max = syntax ? CURI_EQ_SYNTAX : CURI_EQ_SCHEME;
    curi_equiv lv = ipv6 ? compare_ipv6(&a, &b, max) : compare(&a, &b, max);
    if (iri) {
        /* RFC 3987 5.3: the IRIs as strings, then their URIs (where "ü" and "%C3%BC" are one
         * at the syntax rung), then IDNA for DNS hosts at the scheme rung (5.3.3). */
        unsigned fl = (curi_features() & CURI_FEATURE_IDN) ? CURI_IRI_IDN_DNS : 0;
        size_t cap = curi_iri_compare_bound(strlen(ta), strlen(tb), fl);
        char *work = xmalloc(cap ? cap : 1);
        curi_equiv li = CURI_EQ_NONE; /* also when a mapping fails (an IDNA error) */
        (void)curi_iri_compare(ta, strlen(ta), tb, strlen(tb), fl, max, work, cap, &li, NULL);
        free(work);
        if (lv == CURI_EQ_STRING && li != CURI_EQ_STRING)
            lv = CURI_EQ_SYNTAX; /* the same URIs, but not the same IRIs */
        if (lv == CURI_EQ_NONE || (li != CURI_EQ_NONE && li < lv))
            lv = li;
    }
    static const char *const level[] = {NULL, "string", "syntax-based", "scheme-based"};
    static const char *const section[] = {NULL, "RFC 3986 6.2.1", "RFC 3986 6.2.2",
                                          "RFC 3986 6.2.3"};
    static const char *const isection[] = {NULL, "RFC 3987 5.3.1", "RFC 3987 5.3.2",
                                           "RFC 3987 5.3.3"};
    const char *name = lv > CURI_EQ_NONE && lv <= CURI_EQ_SCHEME ? level[lv] : NULL;
    struct buf out = {0};
    if (c.json) {
        buf_putc(&out, '{');
        json_member(&out, "a", ta, strlen(ta));
        json_member(&out, "b", tb, strlen(tb));
        json_key(&out, "equal");
        buf_puts(&out, name ? "true" : "false");
        json_member(&out, "level", name, name ? strlen(name) : 0);
        buf_put(&out, "}\n", 2);
    } else if (name) {
        buf_puts(&out, "equal: ");
        buf_puts(&out, name);
        buf_puts(&out, " (");
        buf_puts(&out, iri ? isection[lv] : section[lv]);
        buf_puts(&out, ")\n");
    } else {
        buf_puts(&out, "not equal\n");
    }
    write_all(1, out.p, out.len);
    buf_free(&out);
    if (pa != ta)
        free((void *)(uintptr_t)pa); /* iri_as_uri's */
    if (pb != tb)
        free((void *)(uintptr_t)pb);
    if (ta != argv[0])
        free((void *)(uintptr_t)ta); /* fixed_text's copies */
    if (tb != argv[1])
        free((void *)(uintptr_t)tb);
    return name ? EXIT_VALID : EXIT_INVALID;
}
