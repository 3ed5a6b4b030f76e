/*
 * cmd_url.c -- "curi url": the WHATWG URL Standard's parser (curi_url_parse), the href of
 * each input, or with --json the URL API's attributes (EXPERIMENTAL, like the API).
 * SPDX-License-Identifier: MIT
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char url_help[] =
    "Usage: curi url [--base URL] [OPTION...] [--] [INPUT...]\n"
    "\n"
    "Parse each input with the WHATWG URL Standard's URL parser (what a browser's\n"
    "URL does, not RFC 3986) and print its href: http:\\\\example.com\\a b gives\n"
    "http://example.com/a%20b, https://0x7f.1:443/ gives https://127.0.0.1/,\n"
    "https://\xc2\xa1.example/ gives https://xn--7a.example/.  With --base URL, inputs are\n"
    "parsed against URL (itself parsed first; an invalid base is a usage error).\n"
    "Invalid UTF-8 is read as U+FFFD.  An input the parser rejects is invalid; the\n"
    "diagnostic names the failure (curi(1) lists them).  --json prints one object per\n"
    "input: input, base, href, origin, protocol, username, password, host, hostname,\n"
    "port, pathname, search, hash; or input, base, failure (true), error, offset.\n"
    "\n"
    "@OPTIONS@\n";

struct url_ctx {
    const curi_url *base;
    const char *base_text;
    int json;
};

static int url_line(const void *vctx, const char *s, size_t n, struct buf *out, struct buf *err,
                    struct buf *tmp)
{
    const struct url_ctx *ctx = vctx;
    size_t bound = curi_url_bound(n, ctx->base), len = 0;
    curi_url u;
    curi_error e = {CURI_OK, 0, 0};
    int rc;

    tmp->len = 0;
    buf_reserve(tmp, bound + 1);
    rc = curi_url_parse(tmp->p, bound, &len, &u, s, n, ctx->base, 0, &e);
    if (rc != CURI_OK) {
        if (ctx->json) {
            const char *name = curi_strerror_name(rc);
            buf_putc(out, '{');
            json_member(out, "input", s, n);
            json_member(out, "base", ctx->base_text,
                        ctx->base_text ? strlen(ctx->base_text) : 0);
            json_key(out, "failure");
            buf_put(out, "true", 4);
            json_member(out, "error", name, strlen(name));
            json_key(out, "offset");
            buf_putu(out, e.offset);
            buf_put(out, "}\n", 2);
        } else {
            diagnose(err, rc, s, n, e.offset, 1);
            buf_putc(out, '\n');
        }
        return EXIT_INVALID;
    }
    tmp->len = len;
    if (!ctx->json) {
        buf_put(out, u.href.ptr, u.href.len);
        buf_putc(out, '\n');
        return EXIT_VALID;
    }
    buf_putc(out, '{');
    json_member(out, "input", s, n);
    json_member(out, "base", ctx->base_text, ctx->base_text ? strlen(ctx->base_text) : 0);
    json_url_members(out, &u);
    buf_put(out, "}\n", 2);
    return EXIT_VALID;
}

void json_url_members(struct buf *out, const curi_url *u)
{
    char origin[4096];
    size_t olen = 0;
    struct buf ob = {0};
    const char *op = origin;
    if (curi_url_origin(origin, sizeof origin, &olen, u, NULL) != CURI_OK) {
        size_t need = olen;
        buf_reserve(&ob, need);
        curi_url_origin(ob.p, need, &olen, u, NULL);
        op = ob.p;
    }
    json_member_str(out, "href", u->href);
    json_member(out, "origin", op, olen);
    json_member_str(out, "protocol", u->protocol);
    json_member_str(out, "username", u->username);
    json_member_str(out, "password", u->password);
    json_member_str(out, "host", u->host);
    json_member_str(out, "hostname", u->hostname);
    json_member_str(out, "port", u->port);
    json_member_str(out, "pathname", u->pathname);
    json_member_str(out, "search", u->search);
    json_member_str(out, "hash", u->hash);
    buf_free(&ob);
}

int url_args(struct common *c, int argc, char **argv, const char **base)
{
    int nops = 0;
    *base = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        if (opt_common(c, argv, argc, &i))
            continue;
        if (!c->dashdash && opt_value(argv, argc, &i, "--base", &v)) {
            *base = v;
            continue;
        }
        if (is_option(c, a))
            usage_error(c, "unknown option", a);
        argv[nops++] = argv[i];
    }
    return nops;
}

void base_error(int rc, const char *base, size_t offset)
{
    struct buf err = {0};
    diagnose_value(&err, "BASE", rc, base, strlen(base), offset);
    write_all(2, err.p, err.len);
    buf_free(&err);
    exit(EXIT_USAGE);
}

char *url_base(curi_url *b, const char *base)
{
    size_t bn = strlen(base), cap = curi_url_bound(bn, NULL), got;
    curi_error e;
    char *bbuf = xmalloc(cap > 0 ? cap : 1);
    int rc = curi_url_parse(bbuf, cap, &got, b, base, bn, NULL, 0, &e);
    if (rc != CURI_OK)
        base_error(rc, base, e.offset);
    return bbuf;
}

int cmd_url(int argc, char **argv)
{
    struct common c = {.cmd = "url", .help = url_help, .jobs = 1};
    struct url_ctx ctx = {NULL, NULL, 0};
    const char *base;
    int nops = url_args(&c, argc, argv, &base);
    curi_url b;
    char *bbuf = NULL;
    if (base != NULL) {
        bbuf = url_base(&b, base);
        ctx.base = &b;
        ctx.base_text = base;
    }
    ctx.json = c.json;
    int st = run_lines(url_line, &ctx, argv, nops, &c, 0);
    free(bbuf);
    return st;
}
