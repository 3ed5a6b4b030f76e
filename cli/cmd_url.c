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
    "--set NAME=VALUE runs the URL API's setter NAME (protocol username password\n"
    "host hostname port pathname search hash) on each parsed URL, in the order\n"
    "given: --set pathname=/x works as url.pathname = \"/x\" in a browser, and a\n"
    "value the Standard ignores leaves the URL as it was.\n"
    "\n"
    "@OPTIONS@\n";

/* --set NAME=VALUE: the URL API's attribute names, in CURI_URL_SET_* order. */
static const char *const set_names[] = {"protocol", "username", "password", "host", "hostname",
                                        "port",     "pathname", "search",   "hash"};

struct url_set {
    int component; /* CURI_URL_SET_* */
    const char *value;
};

struct url_ctx {
    const curi_url *base;
    const char *base_text;
    int json;
    const struct url_set *sets;
    int nsets;
};

/* Run the --set setters on *u (its href in tmp), in order, each into the other of two
 * buffers: CURI_OK with *u the result (its href in sb[0] or sb[1], or still tmp). */
static int url_apply_sets(const struct url_ctx *ctx, curi_url *u, struct buf sb[2],
                          curi_error *e)
{
    for (int k = 0; k < ctx->nsets; k++) {
        struct buf *d = &sb[k & 1];
        size_t vlen = strlen(ctx->sets[k].value), cap = curi_url_bound(vlen, u), len = 0;
        curi_url next;
        d->len = 0;
        if (!buf_reserve(d, cap + 1))
            return CURI_ERR_NOSPACE;
        int rc = curi_url_set(d->p, cap, &len, &next, u, ctx->sets[k].component,
                              ctx->sets[k].value, vlen, 0, e);
        if (rc != CURI_OK)
            return rc;
        d->len = len;
        *u = next;
    }
    return CURI_OK;
}

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
    struct buf sb[2] = {{0}, {0}};
    rc = ctx->nsets > 0 ? url_apply_sets(ctx, &u, sb, &e) : CURI_OK;
    if (rc != CURI_OK) {
        /* only a value over CURI_MAX_LEN, or memory, stops a setter */
        diagnose(err, rc, s, n, 0, 1);
        buf_putc(out, '\n');
        buf_free(&sb[0]);
        buf_free(&sb[1]);
        return EXIT_INVALID;
    }
    if (!ctx->json) {
        buf_put(out, u.href.ptr, u.href.len);
        buf_putc(out, '\n');
        buf_free(&sb[0]);
        buf_free(&sb[1]);
        return EXIT_VALID;
    }
    buf_putc(out, '{');
    json_member(out, "input", s, n);
    json_member(out, "base", ctx->base_text, ctx->base_text ? strlen(ctx->base_text) : 0);
    json_url_members(out, &u);
    buf_put(out, "}\n", 2);
    buf_free(&sb[0]);
    buf_free(&sb[1]);
    return EXIT_VALID;
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

/* What the options of curi url say (parse_args' handler): --base URL, --set NAME=VALUE. */
struct url_args {
    struct url_set *sets; /* argc entries: enough for every --set */
    int nsets;
};

static int url_option(struct common *c, void *via, int id, char *v)
{
    struct url_args *ua = via;
    if (id == OPT_SET) {
        const char *eq = strchr(v, '=');
        int k = 0;
        while (eq != NULL && k < 9 &&
               !(strlen(set_names[k]) == (size_t)(eq - v) &&
                 memcmp(set_names[k], v, (size_t)(eq - v)) == 0))
            k++;
        if (eq == NULL || k == 9)
            usage_error(c, "--set takes NAME=VALUE, NAME a URL attribute (protocol "
                           "username password host hostname port pathname search hash)",
                        v);
        ua->sets[ua->nsets].component = CURI_URL_SET_PROTOCOL + k;
        ua->sets[ua->nsets++].value = eq + 1;
    }
    return 0; /* an operand stays one */
}

int cmd_url(int argc, char **argv)
{
    struct common c = {.cmd = "url", .help = url_help, .jobs = 1};
    struct url_ctx ctx = {NULL, NULL, 0, NULL, 0};
    struct url_set *sets = calloc((size_t)argc, sizeof *sets);
    if (sets == NULL) {
        write_all(2, "curi: out of memory\n", 20);
        exit(EXIT_IO);
    }
    struct url_args ua = {sets, 0};
    int nops = parse_args(&c, argc, argv, url_option, &ua);
    const char *base = c.base;
    ctx.nsets = ua.nsets;
    curi_url b;
    char *bbuf = NULL;
    if (base != NULL) {
        bbuf = url_base(&b, base);
        ctx.base = &b;
        ctx.base_text = base;
    }
    ctx.json = c.json;
    ctx.sets = sets;
    int st = run_lines(url_line, &ctx, argv, nops, &c, 0);
    free(bbuf);
    free(sets);
    return st;
}
