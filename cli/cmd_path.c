/*
 * cmd_path.c -- "curi from-path" and "curi to-path": file: URIs to and from local paths
 * (RFC 8089 with Appendix E), through curi_path_to_uri and curi_uri_to_path.
 * SPDX-License-Identifier: MIT
 */
#include <string.h>

#include "cli.h"

static const char from_path_help[] =
    "Usage: curi from-path [--windows] [OPTION...] [--] [PATH...]\n"
    "\n"
    "Print the file: URI of each absolute local PATH (RFC 8089): \"file://\" and the\n"
    "path with every byte a path segment may not hold ('%' too, and any byte that\n"
    "is not ASCII, UTF-8 or not) written %HH, so /tmp/a b gives file:///tmp/a%20b.\n"
    "With --windows (RFC 8089 Appendix E): C:\\a\\b gives file:///C:/a/b and the\n"
    "UNC path \\\\host\\share\\x gives file://host/share/x ('\\' and '/' both\n"
    "separate).  A relative path, a NUL byte, a UNC path without a host or share\n"
    "or naming localhost make the input invalid, and with --windows so does a name\n"
    "Windows would not open as written: ':' past the drive (an NTFS stream), a DOS\n"
    "device (CON, NUL, COM1, nul.txt...), a trailing '.' or ' ', or * ? < > \" | or a\n"
    "control character.  curi to-path turns the URI back into the same path.\n"
    "\n"
    "@OPTIONS@\n";

static const char to_path_help[] =
    "Usage: curi to-path [--windows] [OPTION...] [--] [URI...]\n"
    "\n"
    "Print the local path of each file: URI (RFC 8089), percent-decoded and written\n"
    "raw: file:///tmp/a%20b, file:/tmp/a%20b and file://localhost/tmp/a%20b give\n"
    "/tmp/a b.  With --windows (RFC 8089 Appendix E): file:///C:/a/b, file:/C:/a/b\n"
    "and file:C:/a/b give C:\\a\\b (C%7C reads as C:, and the old raw C| too, with a\n"
    "warning), and file://host/share/x and file:////host/share/x give\n"
    "\\\\host\\share\\x.  The input is invalid, with a message naming the reason,\n"
    "for: a scheme other than file (or none); a host other than empty or localhost\n"
    "(without --windows); userinfo or a port; a query or a fragment; %2F inside a\n"
    "segment (with --windows also %5C) or %00; a path that is not absolute (with\n"
    "--windows: no drive letter, or a UNC path without a share); with --windows a\n"
    "name Windows would not open as written, as curi from-path says.\n"
    "\n"
    "@OPTIONS@\n";

struct path_ctx {
    int to_path; /* 1: curi_uri_to_path; 0: curi_path_to_uri */
    unsigned flags;
    int json;
};

static int path_line(const void *vctx, const char *s, size_t n, struct buf *out, struct buf *err,
                     struct buf *tmp)
{
    const struct path_ctx *ctx = vctx;
    struct buf *dst = ctx->json ? tmp : out;
    size_t bound = ctx->to_path ? curi_uri_to_path_bound(n) : curi_path_to_uri_bound(n), len;
    curi_error e;
    int rc;
    if (ctx->json)
        tmp->len = 0;
    buf_reserve(dst, bound + 1);
    if (ctx->to_path)
        rc = curi_uri_to_path(dst->p + dst->len, bound, &len, s, n, ctx->flags, &e);
    else
        rc = curi_path_to_uri(dst->p + dst->len, bound, &len, s, n, ctx->flags, &e);
    if (rc != CURI_OK) {
        if (ctx->json) {
            json_parse_error(out, s, n, &e);
        } else {
            /* from-path's input is a path: shown as it is (C:\x, not C:\\x) */
            if (ctx->to_path)
                diagnose(err, rc, s, n, e.offset, 1);
            else
                diagnose_path(err, rc, s, n, e.offset);
            buf_putc(out, '\n');
        }
        return EXIT_INVALID;
    }
    if (ctx->to_path && (ctx->flags & CURI_PATH_DRIVE_BAR) && memchr(s, '|', n) != NULL) {
        /* A success with a raw '|' can only be E.2.2's drive: say that it is no URI. */
        const char *bar = memchr(s, '|', n);
        diagnose_where(err);
        buf_puts(err, "warning: '");
        buf_putc(err, bar[-1]);
        buf_puts(err, "|' is the legacy spelling of the drive ");
        buf_putc(err, bar[-1]);
        buf_puts(err, ": (RFC 8089 E.2.2), not an RFC 3986 URI; read as ");
        buf_putc(err, bar[-1]);
        buf_puts(err, ":\n");
    }
    dst->len += len;
    if (ctx->json) {
        json_io(out, s, n, tmp->p, tmp->len);
    } else {
        buf_putc(out, '\n');
    }
    return EXIT_VALID;
}

/* The option of from-path and to-path (parse_args' handler). */
static int path_option(struct common *c, void *vctx, int id, char *v)
{
    struct path_ctx *ctx = vctx;
    (void)c;
    (void)v;
    if (id == OPT_WINDOWS)
        ctx->flags |= CURI_PATH_WINDOWS | (ctx->to_path ? CURI_PATH_DRIVE_BAR : 0u);
    return 0; /* an operand stays one */
}

static int run_path(int argc, char **argv, const char *cmd, const char *help, int to_path)
{
    struct common c = {.cmd = cmd, .help = help, .jobs = 1};
    struct path_ctx ctx = {to_path, 0, 0};
    int nops = parse_args(&c, argc, argv, path_option, &ctx);
    ctx.json = c.json;
    return run_lines(path_line, &ctx, argv, nops, &c, 0);
}

int cmd_from_path(int argc, char **argv)
{
    return run_path(argc, argv, "from-path", from_path_help, 0);
}

int cmd_to_path(int argc, char **argv)
{
    return run_path(argc, argv, "to-path", to_path_help, 1);
}
