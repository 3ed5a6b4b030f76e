/*
 * cmd_diff.c -- "curi diff": each input read by both standards, RFC 3986 (curi_parse, and
 * curi_resolve against --base) and the WHATWG URL Standard (curi_url_parse), compared
 * component by component: the options and the lines; the comparison and its classes are
 * common/urldiff.c's (the web inspector shows the same report).  EXPERIMENTAL, like the
 * WHATWG API.
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

struct diff_ctx {
    const curi_uri *rbase; /* --base under RFC 3986, or NULL */
    const curi_url *wbase; /* --base under the Standard */
    const char *base_text;
    int json;
};

static int diff_line(const void *vctx, const char *s, size_t n, struct buf *out, struct buf *err,
                     struct buf *tmp)
{
    const struct diff_ctx *ctx = vctx;
    (void)err;
    return urldiff(out, s, n, ctx->rbase, ctx->wbase, ctx->base_text, ctx->json, tmp)
               ? EXIT_VALID
               : EXIT_INVALID;
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
