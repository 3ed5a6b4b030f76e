/*
 * cmd_parse.c -- "curi parse" and "curi get": showing the components of a
 * URI-reference (RFC 3986 section 3 and 4.1) as text, JSON, or a format string.
 * SPDX-License-Identifier: MIT
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/*
 * ---------------------------------------------------------------------------
 * curi parse
 * ---------------------------------------------------------------------------
 */
static const char parse_help[] =
    "Usage: curi parse [--json] [--strict-3986] [--jobs N] [--] [URI...]\n"
    "\n"
    "Parse each URI reference (RFC 3986 4.1) and show its components.  With no URI\n"
    "operands, read one reference per line from standard input.\n"
    "\n"
    "  --json          one JSON object per input, keys in this order: input, scheme,\n"
    "                  userinfo, host, host_type, port, path, query, fragment (raw\n"
    "                  text, null when absent); for an invalid input: input, error,\n"
    "                  message, offset\n"
    "  --strict-3986   reject IPv6 zone IDs (RFC 6874)\n"
    "  --jobs N        process standard input on N threads (0: one per CPU)\n"
    "  -h, --help      show this help\n"
    "\n"
    "Text output: 'name: value' lines for the components present, a blank line\n"
    "between inputs.  Invalid inputs are reported on stderr with a caret.\n";

struct parse_ctx {
    unsigned pflags;
    int json;
};

static const char *host_type_name(curi_host_type t)
{
    switch (t) {
    case CURI_HOST_REGNAME:
        return "reg-name";
    case CURI_HOST_IPV4:
        return "ipv4";
    case CURI_HOST_IPV6:
        return "ipv6";
    case CURI_HOST_IPVFUTURE:
        return "ipvfuture";
    case CURI_HOST_NONE:
        break;
    }
    return NULL;
}

/* One "name: value" line, the values aligned in column 11; no trailing blank. */
static void text_field(struct buf *out, const char *name, const char *s, size_t n)
{
    size_t len = strlen(name);
    buf_put(out, name, len);
    buf_putc(out, ':');
    if (n > 0) {
        buf_put(out, "          ", 10 - len);
        show_bytes(out, s, n);
    }
    buf_putc(out, '\n');
}

static void text_component(struct buf *out, const char *name, curi_str v)
{
    if (v.ptr != NULL)
        text_field(out, name, v.ptr, v.len);
}

static int parse_line(const void *vctx, const char *s, size_t n, struct buf *out, struct buf *err,
                      struct buf *tmp)
{
    const struct parse_ctx *ctx = vctx;
    (void)tmp;
    curi_uri u;
    curi_error e;
    if (curi_parse(&u, s, n, ctx->pflags, &e) != CURI_OK) {
        if (ctx->json)
            json_parse_error(out, s, n, &e);
        else
            diagnose(err, e.code, s, n, e.offset, 1);
        return EXIT_INVALID;
    }
    const char *ht = host_type_name(u.host_type);
    if (ctx->json) {
        buf_putc(out, '{');
        json_member(out, "input", s, n);
        json_member_str(out, "scheme", u.scheme);
        json_member_str(out, "userinfo", u.userinfo);
        json_member_str(out, "host", u.host);
        json_member(out, "host_type", ht, ht ? strlen(ht) : 0);
        json_member_str(out, "port", u.port);
        json_member_str(out, "path", u.path);
        json_member_str(out, "query", u.query);
        json_member_str(out, "fragment", u.fragment);
        buf_put(out, "}\n", 2);
        return EXIT_VALID;
    }
    /* The leading '\n' separates records; run_lines drops the very first one. */
    buf_putc(out, '\n');
    text_component(out, "scheme", u.scheme);
    text_component(out, "userinfo", u.userinfo);
    text_component(out, "host", u.host);
    if (ht != NULL)
        text_field(out, "host_type", ht, strlen(ht));
    text_component(out, "port", u.port);
    text_field(out, "path", u.path.ptr, u.path.len);
    text_component(out, "query", u.query);
    text_component(out, "fragment", u.fragment);
    return EXIT_VALID;
}

int cmd_parse(int argc, char **argv)
{
    struct common c = {.cmd = "parse", .help = parse_help, .jobs = 1};
    int nops = 0;
    for (int i = 1; i < argc; i++) {
        if (opt_common(&c, argv, argc, &i))
            continue;
        if (is_option(&c, argv[i]))
            usage_error(&c, "unknown option", argv[i]);
        argv[nops++] = argv[i];
    }
    struct parse_ctx ctx = {c.pflags, c.json};
    return run_lines(parse_line, &ctx, argv, nops, &c, !c.json);
}

/*
 * ---------------------------------------------------------------------------
 * curi get
 * ---------------------------------------------------------------------------
 */
static const char get_help[] =
    "Usage: curi get [--json] [--strict-3986] [--jobs N] [--] FORMAT [URI...]\n"
    "\n"
    "Print FORMAT for each URI reference with {NAME} replaced by a component:\n"
    "  {scheme} {userinfo} {host} {port} {path} {query} {fragment}   raw text\n"
    "  {authority}     userinfo@host:port as written\n"
    "  {host_type}     reg-name, ipv4, ipv6 or ipvfuture\n"
    "  {zone}          the IPv6 zone ID after \"%25\", still encoded\n"
    "  {port_number}   the port as a number (empty when absent, empty or > 65535)\n"
    "  {default_port}  the scheme's default port from the scheme table\n"
    "  {uri}           the whole reference\n"
    "{:NAME} is the component percent-decoded (bytes written raw).  {{ and }} are\n"
    "literal braces; an unknown NAME or an absent component prints as nothing.\n"
    "\n"
    "  --json          one JSON object per input: input, output (or the error keys)\n"
    "  --strict-3986   reject IPv6 zone IDs (RFC 6874)\n"
    "  --jobs N        process standard input on N threads (0: one per CPU)\n"
    "  -h, --help      show this help\n";

enum field {
    F_LITERAL,
    F_SCHEME,
    F_USERINFO,
    F_HOST,
    F_PORT,
    F_PATH,
    F_QUERY,
    F_FRAGMENT,
    F_AUTHORITY,
    F_HOST_TYPE,
    F_ZONE,
    F_PORT_NUMBER,
    F_DEFAULT_PORT,
    F_URI,
    F_UNKNOWN
};

static const char *const field_names[] = {
    "",         "scheme",    "userinfo",  "host", "port",        "path",         "query",
    "fragment", "authority", "host_type", "zone", "port_number", "default_port", "uri",
};

struct piece {
    enum field field;
    int decode;      /* {:NAME} */
    const char *lit; /* F_LITERAL text */
    size_t len;
};

struct get_ctx {
    struct piece *pieces;
    size_t npieces;
    unsigned pflags;
    int json;
};

/* Split FORMAT into literal runs and fields once, before any input is read. */
static size_t compile_format(const char *f, struct piece *pc)
{
    size_t np = 0;
    while (*f) {
        if ((f[0] == '{' && f[1] == '{') || (f[0] == '}' && f[1] == '}')) {
            /* A doubled brace is one literal brace. */
            pc[np++] = (struct piece){F_LITERAL, 0, f, 1};
            f += 2;
            continue;
        }
        const char *close = f[0] == '{' ? strchr(f, '}') : NULL;
        if (close != NULL) {
            const char *name = f + 1;
            int decode = *name == ':';
            name += decode;
            size_t len = (size_t)(close - name);
            enum field fld = F_UNKNOWN;
            for (size_t k = 1; k < sizeof field_names / sizeof field_names[0]; k++)
                if (strlen(field_names[k]) == len && memcmp(field_names[k], name, len) == 0)
                    fld = (enum field)k;
            pc[np++] = (struct piece){fld, decode, NULL, 0};
            f = close + 1;
            continue;
        }
        /* A literal run up to the next brace; an unmatched brace is literal too. */
        size_t len = 1 + strcspn(f + 1, "{}");
        pc[np++] = (struct piece){F_LITERAL, 0, f, len};
        f += len;
    }
    return np;
}

/* Append a component, percent-decoded when asked (bytes written raw). */
static void put_component(struct buf *out, curi_str v, int decode)
{
    if (v.ptr == NULL)
        return;
    if (!decode) {
        buf_put(out, v.ptr, v.len);
        return;
    }
    size_t n;
    buf_reserve(out, v.len);
    if (curi_pct_decode(out->p + out->len, v.len, &n, v.ptr, v.len, 0, NULL) == CURI_OK)
        out->len += n;
    else
        buf_put(out, v.ptr, v.len); /* cannot happen for a parsed component */
}

static void format_uri(const struct get_ctx *ctx, const curi_uri *u, const char *s, size_t n,
                       struct buf *out)
{
    for (size_t k = 0; k < ctx->npieces; k++) {
        const struct piece *p = &ctx->pieces[k];
        const char *ht;
        const curi_scheme_info *si;
        switch (p->field) {
        case F_LITERAL:
            buf_put(out, p->lit, p->len);
            break;
        case F_SCHEME:
            put_component(out, u->scheme, p->decode);
            break;
        case F_USERINFO:
            put_component(out, u->userinfo, p->decode);
            break;
        case F_HOST:
            put_component(out, u->host, p->decode);
            break;
        case F_PORT:
            put_component(out, u->port, p->decode);
            break;
        case F_PATH:
            put_component(out, u->path, p->decode);
            break;
        case F_QUERY:
            put_component(out, u->query, p->decode);
            break;
        case F_FRAGMENT:
            put_component(out, u->fragment, p->decode);
            break;
        case F_AUTHORITY:
            put_component(out, u->host.ptr ? u->authority : (curi_str){NULL, 0}, p->decode);
            break;
        case F_HOST_TYPE:
            ht = host_type_name(u->host_type);
            if (ht)
                buf_puts(out, ht);
            break;
        case F_ZONE:
            put_component(out, u->zone, p->decode);
            break;
        case F_PORT_NUMBER:
            if (u->port_status == CURI_PORT_VALID)
                buf_putu(out, u->port_number);
            break;
        case F_DEFAULT_PORT:
            si = u->scheme.ptr ? curi_scheme_lookup(u->scheme.ptr, u->scheme.len) : NULL;
            if (si && si->default_port >= 0)
                buf_putu(out, (unsigned long long)si->default_port);
            break;
        case F_URI:
            buf_put(out, s, n);
            break;
        case F_UNKNOWN:
            break;
        }
    }
}

static int get_line(const void *vctx, const char *s, size_t n, struct buf *out, struct buf *err,
                    struct buf *tmp)
{
    const struct get_ctx *ctx = vctx;
    curi_uri u;
    curi_error e;
    if (curi_parse(&u, s, n, ctx->pflags, &e) != CURI_OK) {
        if (ctx->json) {
            json_parse_error(out, s, n, &e);
        } else {
            diagnose(err, e.code, s, n, e.offset, 1);
            buf_putc(out, '\n');
        }
        return EXIT_INVALID;
    }
    if (!ctx->json) {
        format_uri(ctx, &u, s, n, out);
        buf_putc(out, '\n');
        return EXIT_VALID;
    }
    tmp->len = 0;
    format_uri(ctx, &u, s, n, tmp);
    buf_putc(out, '{');
    json_member(out, "input", s, n);
    json_member(out, "output", tmp->p ? tmp->p : "", tmp->len);
    buf_put(out, "}\n", 2);
    return EXIT_VALID;
}

int cmd_get(int argc, char **argv)
{
    struct common c = {.cmd = "get", .help = get_help, .jobs = 1};
    int nops = 0;
    for (int i = 1; i < argc; i++) {
        if (opt_common(&c, argv, argc, &i))
            continue;
        if (is_option(&c, argv[i]))
            usage_error(&c, "unknown option", argv[i]);
        argv[nops++] = argv[i];
    }
    if (nops < 1)
        usage_error(&c, "missing FORMAT", NULL);
    struct get_ctx ctx = {NULL, 0, c.pflags, c.json};
    /* Each piece consumes at least one byte of FORMAT. */
    ctx.pieces = xmalloc((strlen(argv[0]) + 1) * sizeof *ctx.pieces);
    ctx.npieces = compile_format(argv[0], ctx.pieces);
    int status = run_lines(get_line, &ctx, argv + 1, nops - 1, &c, 0);
    free(ctx.pieces);
    return status;
}
