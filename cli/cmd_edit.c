/*
 * cmd_edit.c -- "curi set" (the builder: curi_set and curi_recompose, RFC 3986
 * 5.3), "curi encode" and "curi decode" (percent-encoding, RFC 3986 2.1 and 2.4).
 * SPDX-License-Identifier: MIT
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* The output of a command whose JSON form is {"input":...,"output":...}. */
static void json_io(struct buf *out, const char *s, size_t n, const char *o, size_t on)
{
    buf_putc(out, '{');
    json_member(out, "input", s, n);
    json_member(out, "output", o ? o : "", on);
    buf_put(out, "}\n", 2);
}

/*
 * ---------------------------------------------------------------------------
 * curi set
 * ---------------------------------------------------------------------------
 */
static const char set_help[] =
    "Usage: curi set [--encode] [--json] [--strict-3986] [--jobs N]\n"
    "                NAME=VALUE... [--remove NAME]... [--] [URI...]\n"
    "\n"
    "Replace (NAME=VALUE), empty (NAME=) or remove (--remove NAME) components of\n"
    "each URI reference and print the recomposed reference (RFC 3986 5.3).  NAME is\n"
    "one of scheme, userinfo, host, port, path, query, fragment.  Before \"--\", an\n"
    "argument is a setting when it contains '=' and the text before the first '='\n"
    "is a component name; every other argument, and every argument after \"--\", is a\n"
    "URI.  Settings apply in command-line order; removing the host also removes\n"
    "the userinfo and port.  A VALUE that is not valid for its component is a usage\n"
    "error unless --encode is given.\n"
    "\n"
    "  --encode        percent-encode each VALUE for its component (not scheme, port)\n"
    "  --remove NAME   remove component NAME (removing the path empties it)\n"
    "  --json          one JSON object per input: input, output (or the error keys)\n"
    "  --strict-3986   reject IPv6 zone IDs (RFC 6874)\n"
    "  --jobs N        process standard input on N threads (0: one per CPU)\n"
    "  -h, --help      show this help\n";

struct setting {
    curi_part part;
    const char *val; /* NULL: remove */
    size_t len;
};

struct set_ctx {
    struct setting *v;
    size_t nv;
    unsigned pflags;
    int json;
};

/* The view of one part of u (the value a curi_set left there). */
static curi_str part_view(const curi_uri *u, curi_part part)
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
    return (curi_str){NULL, 0};
}

static int set_line(const void *vctx, const char *s, size_t n, struct buf *out, struct buf *err,
                    struct buf *tmp)
{
    const struct set_ctx *ctx = vctx;
    curi_uri u;
    curi_error e;
    int rc = curi_parse(&u, s, n, ctx->pflags, &e);
    int caret = 1;
    for (size_t k = 0; rc == CURI_OK && k < ctx->nv; k++) {
        const struct setting *st = &ctx->v[k];
        rc = curi_set(&u, st->part, st->val, st->len, ctx->pflags, &e);
        caret = 0; /* the offset is in the value, not in this input */
    }
    size_t len = 0;
    if (rc == CURI_OK) {
        size_t bound = curi_recompose_bound(&u);
        tmp->len = 0;
        buf_reserve(tmp, bound);
        rc = curi_recompose(tmp->p, bound, &len, &u, &e);
        caret = 0;
    }
    if (rc != CURI_OK) {
        if (ctx->json) {
            buf_putc(out, '{');
            json_member(out, "input", s, n);
            json_error(out, rc, e.offset, caret);
            buf_put(out, "}\n", 2);
        } else {
            diagnose(err, rc, s, n, e.offset, caret);
            buf_putc(out, '\n');
        }
        return EXIT_INVALID;
    }
    if (ctx->json) {
        json_io(out, s, n, tmp->p, len);
    } else {
        buf_put(out, tmp->p, len);
        buf_putc(out, '\n');
    }
    return EXIT_VALID;
}

int cmd_set(int argc, char **argv)
{
    struct common c = {.cmd = "set", .help = set_help, .jobs = 1};
    struct set_ctx ctx = {xmalloc((size_t)argc * sizeof(struct setting)), 0, 0, 0};
    char **raw = xmalloc((size_t)argc * sizeof(char *)); /* each setting's argument */
    int encode = 0, nops = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        if (opt_common(&c, argv, argc, &i))
            continue;
        if (!c.dashdash && strcmp(a, "--encode") == 0) {
            encode = 1;
            continue;
        }
        if (!c.dashdash && opt_value(argv, argc, &i, "--remove", &v)) {
            int part = curi_part_from_name(v, strlen(v));
            if (part < 0)
                usage_error(&c, "--remove: unknown component", v);
            raw[ctx.nv] = argv[i];
            ctx.v[ctx.nv++] = (struct setting){(curi_part)part, NULL, 0};
            continue;
        }
        if (is_option(&c, a))
            usage_error(&c, "unknown option", a);
        const char *eq = c.dashdash ? NULL : strchr(a, '=');
        int part = eq ? curi_part_from_name(a, (size_t)(eq - a)) : -1;
        if (part >= 0) {
            raw[ctx.nv] = argv[i];
            ctx.v[ctx.nv++] = (struct setting){(curi_part)part, eq + 1, strlen(eq + 1)};
            continue;
        }
        argv[nops++] = argv[i];
    }
    if (ctx.nv == 0)
        usage_error(&c, "nothing to set: give NAME=VALUE or --remove NAME", NULL);

    /*
     * Check every value once, on an empty reference, so that a bad setting is a
     * usage error rather than a failure of every input.  With --encode the
     * encoded text is what the inputs then receive.
     */
    curi_uri probe;
    memset(&probe, 0, sizeof probe);
    size_t total = 0, used = 0;
    for (size_t k = 0; k < ctx.nv; k++)
        total += ctx.v[k].val ? curi_pct_encode_bound(ctx.v[k].len) : 0;
    char *encoded = encode ? xmalloc(total) : NULL; /* the inputs point into it */
    for (size_t k = 0; k < ctx.nv; k++) {
        struct setting *st = &ctx.v[k];
        curi_error e;
        int rc;
        if (st->val == NULL)
            continue;
        if (encode) {
            size_t cap = curi_pct_encode_bound(st->len), len;
            rc = curi_set_encoded(&probe, st->part, encoded + used, cap, &len, st->val, st->len,
                                  c.pflags, &e);
            used += cap;
            if (rc == CURI_OK) {
                curi_str now = part_view(&probe, st->part);
                st->val = now.ptr;
                st->len = now.len;
            }
        } else {
            rc = curi_set(&probe, st->part, st->val, st->len, c.pflags, &e);
        }
        if (rc != CURI_OK) {
            struct buf err = {0};
            const char *eq = strchr(raw[k], '=');
            size_t off = (size_t)(eq - raw[k]) + 1 + e.offset;
            diagnose_value(&err, "setting", rc, raw[k], strlen(raw[k]), off);
            write_all(2, err.p, err.len);
            buf_free(&err);
            free(encoded);
            free(raw);
            free(ctx.v);
            exit(EXIT_USAGE);
        }
    }
    ctx.pflags = c.pflags;
    ctx.json = c.json;
    int status = run_lines(set_line, &ctx, argv, nops, &c, 0);
    free(encoded);
    free(raw);
    free(ctx.v);
    return status;
}

/*
 * ---------------------------------------------------------------------------
 * curi encode
 * ---------------------------------------------------------------------------
 */
static const char encode_help[] =
    "Usage: curi encode [--component NAME] [--keep-pct] [--json] [--jobs N] [--] [STRING...]\n"
    "\n"
    "Percent-encode each STRING (RFC 3986 2.1): every byte the component does not\n"
    "allow, and '%' itself, becomes %HH with uppercase hex.  NAME is one of:\n"
    "  unreserved  keep only ALPHA DIGIT - . _ ~   (the default: safe anywhere)\n"
    "  userinfo    also sub-delims and ':'\n"
    "  host        also sub-delims (reg-name)\n"
    "  segment     also sub-delims ':' '@' (one path segment: '/' is encoded)\n"
    "  path        segment characters and '/'\n"
    "  query       pchar '/' '?'\n"
    "  fragment    pchar '/' '?'\n"
    "  form        a form key or value: space becomes '+'\n"
    "\n"
    "  --keep-pct      leave valid %HH triplets as they are\n"
    "  --json          one JSON object per input: input, output\n"
    "  --jobs N        process standard input on N threads (0: one per CPU)\n"
    "  -h, --help      show this help\n";

static const char *const charset_names[] = {"unreserved", "userinfo", "host",     "segment",
                                            "path",       "query",    "fragment", "form"};

struct encode_ctx {
    curi_charset set;
    unsigned flags;
    int json;
};

static int encode_line(const void *vctx, const char *s, size_t n, struct buf *out, struct buf *err,
                       struct buf *tmp)
{
    const struct encode_ctx *ctx = vctx;
    size_t bound = curi_pct_encode_bound(n), len;
    struct buf *dst = ctx->json ? tmp : out;
    curi_error e;
    (void)err;
    if (ctx->json)
        tmp->len = 0;
    buf_reserve(dst, bound + 1);
    if (curi_pct_encode(dst->p + dst->len, bound, &len, s, n, ctx->set, ctx->flags, &e) != CURI_OK)
        len = 0; /* never happens: the bound always fits */
    dst->len += len;
    if (ctx->json)
        json_io(out, s, n, tmp->p, tmp->len);
    else
        buf_putc(out, '\n');
    return EXIT_VALID;
}

int cmd_encode(int argc, char **argv)
{
    struct common c = {.cmd = "encode", .help = encode_help, .jobs = 1};
    struct encode_ctx ctx = {CURI_SET_UNRESERVED, 0, 0};
    int nops = 0;
    for (int i = 1; i < argc; i++) {
        const char *v;
        if (opt_common(&c, argv, argc, &i))
            continue;
        if (!c.dashdash &&
            (opt_value(argv, argc, &i, "--component", &v) || opt_value(argv, argc, &i, "-c", &v))) {
            size_t k = 0, nk = sizeof charset_names / sizeof charset_names[0];
            while (k < nk && strcmp(charset_names[k], v) != 0)
                k++;
            if (k == nk)
                usage_error(&c, "unknown component", v);
            ctx.set = (curi_charset)k;
            continue;
        }
        if (!c.dashdash && strcmp(argv[i], "--keep-pct") == 0) {
            ctx.flags |= CURI_ENCODE_KEEP_PCT;
            continue;
        }
        if (is_option(&c, argv[i]))
            usage_error(&c, "unknown option", argv[i]);
        argv[nops++] = argv[i];
    }
    ctx.json = c.json;
    return run_lines(encode_line, &ctx, argv, nops, &c, 0);
}

/*
 * ---------------------------------------------------------------------------
 * curi decode
 * ---------------------------------------------------------------------------
 */
static const char decode_help[] =
    "Usage: curi decode [--plus] [--no-nul] [--json] [--jobs N] [--] [STRING...]\n"
    "\n"
    "Percent-decode each STRING: %HH becomes the byte HH, written raw; other bytes\n"
    "are copied.  A '%' not followed by two hex digits makes the input invalid.\n"
    "\n"
    "  --plus          '+' decodes to a space (HTML form data)\n"
    "  --no-nul        %00 makes the input invalid\n"
    "  --json          one JSON object per input: input, output (or the error keys)\n"
    "  --jobs N        process standard input on N threads (0: one per CPU)\n"
    "  -h, --help      show this help\n";

struct decode_ctx {
    unsigned flags;
    int json;
};

static int decode_line(const void *vctx, const char *s, size_t n, struct buf *out, struct buf *err,
                       struct buf *tmp)
{
    const struct decode_ctx *ctx = vctx;
    struct buf *dst = ctx->json ? tmp : out;
    size_t len;
    curi_error e;
    if (ctx->json)
        tmp->len = 0;
    buf_reserve(dst, n + 1);
    int rc = curi_pct_decode(dst->p + dst->len, n, &len, s, n, ctx->flags, &e);
    if (rc != CURI_OK) {
        if (ctx->json) {
            json_parse_error(out, s, n, &e);
        } else {
            diagnose(err, rc, s, n, e.offset, 1);
            buf_putc(out, '\n');
        }
        return EXIT_INVALID;
    }
    dst->len += len;
    if (ctx->json)
        json_io(out, s, n, tmp->p, tmp->len);
    else
        buf_putc(out, '\n');
    return EXIT_VALID;
}

int cmd_decode(int argc, char **argv)
{
    struct common c = {.cmd = "decode", .help = decode_help, .jobs = 1};
    struct decode_ctx ctx = {0, 0};
    int nops = 0;
    for (int i = 1; i < argc; i++) {
        if (opt_common(&c, argv, argc, &i))
            continue;
        if (!c.dashdash && strcmp(argv[i], "--plus") == 0) {
            ctx.flags |= CURI_DECODE_PLUS;
            continue;
        }
        if (!c.dashdash && strcmp(argv[i], "--no-nul") == 0) {
            ctx.flags |= CURI_DECODE_NO_NUL;
            continue;
        }
        if (is_option(&c, argv[i]))
            usage_error(&c, "unknown option", argv[i]);
        argv[nops++] = argv[i];
    }
    ctx.json = c.json;
    return run_lines(decode_line, &ctx, argv, nops, &c, 0);
}
