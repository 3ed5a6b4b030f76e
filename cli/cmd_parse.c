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
    "Usage: curi parse [--json] [--require-scheme | --absolute] [--scheme]\n"
    "                  [--strict-3986] [--query-separator C] [--jobs N] [--] [URI...]\n"
    "\n"
    "Parse each URI reference (RFC 3986 4.1) and show its components.  With no URI\n"
    "operands, read one reference per line from standard input.\n"
    "\n"
    "@OPTIONS@\n"
    "\n"
    "Text output: 'name: value' lines for the components present, then with\n"
    "--scheme 'part.NAME: value' lines for the scheme's parts (a list one line an\n"
    "item, text decoded), a blank line between inputs.  Invalid inputs are\n"
    "reported on stderr with a caret.  The JSON's params (the query as form data)\n"
    "are null for a scheme whose query means something else (ldap, mailto, urn...).\n";

struct parse_ctx {
    unsigned pflags;
    int json;
    unsigned qflags; /* --query-separator, for params */
    int scheme;      /* --scheme: judge the scheme's own grammar too */
};

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

/* "part.NAME: value": value percent-decoded when dec (bytes shown escaped, as every value). */
static void text_part(struct buf *out, struct buf *tmp, const char *name, curi_str v, int dec)
{
    buf_puts(out, "part.");
    buf_puts(out, name);
    buf_putc(out, ':');
    if (v.len > 0) {
        buf_putc(out, ' ');
        if (dec) {
            size_t n = 0;
            tmp->len = 0;
            buf_reserve(tmp, v.len);
            /* a part of a reference its scheme accepted: its triplets decode */
            if (curi_pct_decode(tmp->p, v.len, &n, v.ptr, v.len, 0, NULL) != CURI_OK)
                n = 0;
            show_bytes(out, tmp->p, n);
        } else {
            show_bytes(out, v.ptr, v.len);
        }
    }
    buf_putc(out, '\n');
}

/*
 * The text of parse --scheme: one "part.NAME: value" line per part present, in the order
 * of the scheme's layout, read through curi_scheme_part_name and curi_scheme_part_type
 * alone (a new layout needs nothing here): CURI_SPT_DECODE parts decoded, a list (its
 * separator in the type's low byte) one line per item, and the items of CURI_SPT_PAIRS
 * as name=value with the two decoded apart (so a decoded '=' in the name is ambiguous
 * here; --json keeps them apart).
 */
static void text_scheme_parts(struct buf *out, struct buf *tmp, const curi_scheme_parts *sp)
{
    struct buf pair = {0};
    const char *name;
    for (int i = 0; i < CURI_SCHEME_PARTS_MAX && (name = curi_scheme_part_name(sp->kind, i)) != NULL;
         i++) {
        unsigned type = curi_scheme_part_type(sp->kind, i);
        int dec = (type & CURI_SPT_DECODE) != 0;
        curi_cursor c;
        curi_str item, k, v;
        if (sp->part[i].ptr == NULL)
            continue;
        if ((type & 0xff) == 0) {
            text_part(out, tmp, name, sp->part[i], dec);
            continue;
        }
        curi_list_init_type(&c, sp->part[i], type, NULL);
        while (curi_list_next(&c, &item)) {
            if (!(type & CURI_SPT_PAIRS)) {
                text_part(out, tmp, name, item, dec);
                continue;
            }
            /* name=value: each side decoded on its own, then shown as one value */
            curi_split_at(item, '=', &k, &v);
            pair.len = 0;
            for (int side = 0; side < 2; side++) {
                curi_str x = side ? v : k;
                size_t n = 0;
                if (x.ptr == NULL)
                    break;
                if (side)
                    buf_putc(&pair, '=');
                buf_reserve(&pair, x.len);
                if (!dec || curi_pct_decode(pair.p + pair.len, x.len, &n, x.ptr, x.len, 0,
                                            NULL) != CURI_OK) {
                    memcpy(pair.p + pair.len, x.ptr, x.len);
                    n = x.len;
                }
                pair.len += n;
            }
            text_part(out, tmp, name, (curi_str){pair.p ? pair.p : "", pair.len}, 0);
        }
    }
    buf_free(&pair);
}

static int parse_line(const void *vctx, const char *s, size_t n, struct buf *out, struct buf *err,
                      struct buf *tmp)
{
    const struct parse_ctx *ctx = vctx;
    curi_uri u;
    curi_error e;
    if (curi_parse(&u, s, n, ctx->pflags, &e) != CURI_OK) {
        if (ctx->json)
            json_parse_error(out, s, n, &e);
        else
            diagnose(err, e.code, s, n, e.offset, 1);
        return EXIT_INVALID;
    }
    curi_scheme_parts sp;
    if (ctx->scheme) {
        const char *rule = NULL;
        if (curi_scheme_parts_get(&sp, &u, 0, &rule, &e) != CURI_OK) {
            if (ctx->json)
                json_rule_error(out, rule, s, n, e.offset);
            else
                diagnose_rule(err, rule, s, n, e.offset);
            return EXIT_INVALID;
        }
    }
    if (ctx->json) {
        json_parse_open(out, s, n, &u, ctx->qflags, tmp);
        if (ctx->scheme)
            json_scheme_parts(out, &sp, &u, tmp);
        buf_put(out, "}\n", 2);
        return EXIT_VALID;
    }
    const char *ht = json_host_type_name(u.host_type);
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
    if (ctx->scheme)
        text_scheme_parts(out, tmp, &sp);
    return EXIT_VALID;
}

/* The options of curi parse (parse_args' handler). */
static int parse_option(struct common *c, void *vctx, int id, char *v)
{
    struct parse_ctx *ctx = vctx;
    switch (id) {
    case OPT_SCHEME:
        ctx->scheme = 1;
        break;
    case OPT_REQUIRE_SCHEME:
        c->pflags |= CURI_PARSE_URI;
        break;
    case OPT_ABSOLUTE:
        c->pflags |= CURI_PARSE_ABSOLUTE;
        break;
    case OPT_QUERY_SEPARATOR:
        ctx->qflags = query_separator(c, v);
        break;
    default: /* OPT_OPERAND */
        return 0;
    }
    return 1;
}

int cmd_parse(int argc, char **argv)
{
    struct common c = {.cmd = "parse", .help = parse_help, .jobs = 1};
    struct parse_ctx ctx = {0, 0, 0, 0};
    int nops = parse_args(&c, argc, argv, parse_option, &ctx);
    ctx.pflags = c.pflags;
    ctx.json = c.json;
    return run_lines(parse_line, &ctx, argv, nops, &c, c.json ? 0 : RECORDS_BLOCK);
}

/*
 * ---------------------------------------------------------------------------
 * curi get
 * ---------------------------------------------------------------------------
 */
static const char get_help[] =
    "Usage: curi get [--query-separator C] [--json] [--strict-3986] [--jobs N] [--]\n"
    "                FORMAT [URI...]\n"
    "\n"
    "Print FORMAT for each URI reference with {NAME} replaced by a component:\n"
    "  {scheme} {userinfo} {host} {port} {path} {query} {fragment}   raw text\n"
    "  {authority}     userinfo@host:port as written\n"
    "  {user}          the userinfo before its first ':' (all of it without ':')\n"
    "  {password}      the userinfo after its first ':' (nothing without ':')\n"
    "  {host_type}     reg-name, ipv4, ipv6 or ipvfuture\n"
    "  {zone}          the IPv6 zone ID after \"%25\", still encoded\n"
    "  {port_number}   the port as a number (empty when absent, empty or > 65535)\n"
    "  {default_port}  the scheme's default port from the scheme table\n"
    "  {uri}           the whole reference\n"
    "  {query:KEY}     the value of the first query pair whose key is KEY\n"
    "  {query-all:KEY} the values of every such pair, separated by a space\n"
    "  {part:NAME}     a part of the scheme's own (curi parse --scheme): cwd,\n"
    "                  typecode, selector, nid, nss, dn, filter, ...; {NAME} too\n"
    "                  when no component has that name.  The input must keep its\n"
    "                  scheme's rules; a part its scheme lacks prints as nothing\n"
    "  {host:ascii}    the host with IDNA A-labels (ToASCII) when it is not ASCII\n"
    "  {host:unicode}  the host with IDNA U-labels (ToUnicode) when it has xn--\n"
    "                  labels; a host IDNA refuses makes the input invalid\n"
    "  {default:NAME}  NAME, or its default when absent or empty: the scheme's\n"
    "                  port for port, port_number and in authority and uri; \"/\"\n"
    "                  for an empty path beside a host where the scheme says so\n"
    "trurl's names work too: {url} is {uri}, {zoneid} is {zone}, {puny:host} is\n"
    "{host:ascii}, {idn:host} is {host:unicode}.\n"
    "{:NAME} is the component percent-decoded (bytes written raw).  Query keys and\n"
    "values are decoded as form data ('+' is a space) and KEY is compared with the\n"
    "decoded key, case-sensitively; a pair without '=' has no value.  {{ and }}\n"
    "are literal braces.  An absent component prints as nothing; an unknown NAME\n"
    "is a usage error.\n"
    "\n"
    "@OPTIONS@\n";

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
    F_USER,
    F_PASSWORD,
    F_QUERY_KEY, /* {query:KEY} */
    F_QUERY_ALL, /* {query-all:KEY} */
    F_PART,      /* {part:NAME}, or {NAME} for a scheme part that is no component's name */
    F_HOST_ASCII,  /* {host:ascii}: IDNA ToASCII of a non-ASCII reg-name */
    F_HOST_UNICODE /* {host:unicode}: IDNA ToUnicode of a reg-name with xn-- labels */
};

static const struct {
    const char *name;
    enum field field;
} field_names[] = {
    {"scheme", F_SCHEME},
    {"userinfo", F_USERINFO},
    {"host", F_HOST},
    {"port", F_PORT},
    {"path", F_PATH},
    {"query", F_QUERY},
    {"fragment", F_FRAGMENT},
    {"authority", F_AUTHORITY},
    {"host_type", F_HOST_TYPE},
    {"zone", F_ZONE},
    {"port_number", F_PORT_NUMBER},
    {"default_port", F_DEFAULT_PORT},
    {"uri", F_URI},
    {"user", F_USER},
    {"password", F_PASSWORD},
    {"host:ascii", F_HOST_ASCII},
    {"host:unicode", F_HOST_UNICODE},
    /* trurl's names for the same things. */
    {"url", F_URI},
    {"zoneid", F_ZONE},
    {"puny:host", F_HOST_ASCII},
    {"idn:host", F_HOST_UNICODE},
};

struct piece {
    enum field field;
    int decode;      /* {:NAME} */
    int dflt;        /* {default:NAME} */
    const char *lit; /* F_LITERAL text; F_QUERY_KEY, F_QUERY_ALL: the key; F_PART: the name */
    size_t len;
};

struct get_ctx {
    struct piece *pieces;
    size_t npieces;
    int parts; /* some piece is F_PART: judge the scheme's grammar and read its parts */
    int idn;   /* some piece is F_HOST_ASCII or F_HOST_UNICODE: bit 0 ascii, bit 1 unicode */
    unsigned pflags;
    unsigned qflags; /* CURI_QUERY_SEMICOLON */
    int json;
};

static int name_is(const char *s, size_t n, const char *name)
{
    return strlen(name) == n && memcmp(s, name, n) == 0;
}

static int prefix_is(const char *s, size_t n, const char *prefix)
{
    size_t k = strlen(prefix);
    return n >= k && memcmp(s, prefix, k) == 0;
}

/* NAME is the name of a part of some scheme of the layer (curi_scheme_part_name). */
static int is_part_name(const char *s, size_t n)
{
    for (int kind = 1; curi_scheme_part_name(kind, -1) != NULL; kind++)
        for (int i = 0; i < CURI_SCHEME_PARTS_MAX; i++) {
            const char *pn = curi_scheme_part_name(kind, i);
            if (pn != NULL && name_is(s, n, pn))
                return 1;
        }
    return 0;
}

/* "{NAME}" of FORMAT is not a name we know: a usage error, shown with control bytes escaped. */
static void unknown_name(const struct common *c, const char *open, const char *close)
{
    struct buf shown = {0}; /* usage_error escapes it */
    buf_put(&shown, open, (size_t)(close - open) + 1);
    buf_putc(&shown, '\0');
    usage_error(c, "unknown name in FORMAT", shown.p);
}

/*
 * Split FORMAT into literal runs and fields once, before any input is read,
 * so that a misspelt name stops the command before it prints anything.
 */
static size_t compile_format(const struct common *c, const char *f, struct piece *pc)
{
    size_t np = 0;
    while (*f) {
        if ((f[0] == '{' && f[1] == '{') || (f[0] == '}' && f[1] == '}')) {
            /* A doubled brace is one literal brace. */
            pc[np++] = (struct piece){F_LITERAL, 0, 0, f, 1};
            f += 2;
            continue;
        }
        const char *close = f[0] == '{' ? strchr(f, '}') : NULL;
        if (close != NULL) {
            struct piece p = {F_LITERAL, 0, 0, NULL, 0};
            const char *name = f + 1;
            p.decode = *name == ':';
            name += p.decode;
            size_t len = (size_t)(close - name);
            int known = 0;
            if (prefix_is(name, len, "query:") || prefix_is(name, len, "query-all:")) {
                /* The key is everything after the first ':', even ':' or '{'. */
                size_t skip = name[5] == ':' ? 6 : 10;
                p.field = skip == 6 ? F_QUERY_KEY : F_QUERY_ALL;
                p.lit = name + skip;
                p.len = len - skip;
                known = 1;
            } else {
                if (prefix_is(name, len, "default:")) {
                    p.dflt = 1;
                    name += 8;
                    len -= 8;
                }
                for (size_t k = 0; k < sizeof field_names / sizeof field_names[0]; k++)
                    if (name_is(name, len, field_names[k].name)) {
                        p.field = field_names[k].field;
                        known = 1;
                    }
            }
            if (!known) {
                /* a scheme part (curi_scheme_parts), by name: {part:NAME} or {NAME} */
                const char *pn = name;
                size_t pl = len;
                if (prefix_is(name, len, "part:")) {
                    pn += 5;
                    pl -= 5;
                }
                if (!p.dflt && is_part_name(pn, pl)) {
                    p.field = F_PART;
                    p.lit = pn;
                    p.len = pl;
                    known = 1;
                }
            }
            if (!known)
                unknown_name(c, f, close);
            pc[np++] = p;
            f = close + 1;
            continue;
        }
        /* A literal run up to the next brace; an unmatched brace is literal too. */
        size_t len = 1 + strcspn(f + 1, "{}");
        pc[np++] = (struct piece){F_LITERAL, 0, 0, f, len};
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

/* The userinfo before its first ':' (want_password == 0) or after it. */
static curi_str userinfo_part(const curi_uri *u, int want_password)
{
    curi_str ui = u->userinfo, none = {NULL, 0};
    if (ui.ptr == NULL)
        return none;
    const char *colon = memchr(ui.ptr, ':', ui.len);
    if (!want_password)
        return (curi_str){ui.ptr, colon ? (size_t)(colon - ui.ptr) : ui.len};
    if (colon == NULL)
        return none;
    return (curi_str){colon + 1, ui.len - (size_t)(colon - ui.ptr) - 1};
}

/* The scheme's default port from the table, or -1. */
static int default_port(const curi_uri *u)
{
    return u->scheme.ptr ? curi_scheme_default_port(curi_scheme_find(u->scheme.ptr, u->scheme.len))
                         : -1;
}

/* An empty path beside a host that the scheme says means "/" (RFC 3986 6.2.3). */
static int path_defaults_to_slash(const curi_uri *u)
{
    const curi_scheme *si = u->scheme.ptr ? curi_scheme_find(u->scheme.ptr, u->scheme.len) : NULL;
    return u->host.ptr != NULL && u->path.len == 0 &&
           (curi_scheme_flags(si) & CURI_SCHEME_EMPTY_PATH_SLASH);
}

/*
 * {default:authority} and {default:uri}: the reference with the default port
 * put where the port is absent or empty, and "/" for an empty path where the
 * scheme says so; written through curi_set and curi_recompose so that the
 * delimiters come out right.  Only called when there is a host.
 */
static void put_with_defaults(struct buf *out, const curi_uri *u, int authority_only, int decode)
{
    curi_uri d = *u;
    char digits[8];
    int port = default_port(u);
    if (u->port.len == 0 && port >= 0) {
        size_t n = 0;
        char rev[8];
        do {
            rev[n++] = (char)('0' + port % 10);
            port /= 10;
        } while (port > 0);
        for (size_t i = 0; i < n; i++)
            digits[i] = rev[n - 1 - i];
        (void)curi_set(&d, CURI_PART_PORT, digits, n, 0, NULL);
    }
    if (authority_only) {
        put_component(out, d.userinfo, decode);
        if (d.userinfo.ptr != NULL)
            buf_putc(out, '@');
        put_component(out, d.host, decode);
        if (d.port.ptr != NULL) {
            buf_putc(out, ':');
            buf_put(out, d.port.ptr, d.port.len);
        }
        return;
    }
    if (path_defaults_to_slash(u))
        (void)curi_set(&d, CURI_PART_PATH, "/", 1, 0, NULL);
    size_t bound = curi_recompose_bound(&d), len = 0;
    buf_reserve(out, bound);
    if (curi_recompose(out->p + out->len, bound, &len, &d, NULL) == CURI_OK)
        out->len += len;
}

static void format_uri(const struct get_ctx *ctx, const curi_uri *u, const curi_scheme_parts *sp,
                       const char *s, size_t n, struct buf *out)
{
    for (size_t k = 0; k < ctx->npieces; k++) {
        const struct piece *p = &ctx->pieces[k];
        const char *ht;
        int port;
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
            port = p->dflt && u->port.len == 0 ? default_port(u) : -1;
            if (port >= 0)
                buf_putu(out, (unsigned long long)port);
            else
                put_component(out, u->port, p->decode);
            break;
        case F_PATH:
            if (p->dflt && path_defaults_to_slash(u))
                buf_putc(out, '/');
            else
                put_component(out, u->path, p->decode);
            break;
        case F_QUERY:
            put_component(out, u->query, p->decode);
            break;
        case F_FRAGMENT:
            put_component(out, u->fragment, p->decode);
            break;
        case F_AUTHORITY:
            if (u->host.ptr != NULL && p->dflt)
                put_with_defaults(out, u, 1, p->decode);
            else
                put_component(out, parsed_authority(u), p->decode);
            break;
        case F_HOST_TYPE:
            ht = json_host_type_name(u->host_type);
            if (ht)
                buf_puts(out, ht);
            break;
        case F_ZONE:
            put_component(out, u->zone, p->decode);
            break;
        case F_PORT_NUMBER:
            port = p->dflt && u->port_status != CURI_PORT_VALID ? default_port(u) : -1;
            if (u->port_status == CURI_PORT_VALID)
                buf_putu(out, u->port_number);
            else if (port >= 0)
                buf_putu(out, (unsigned long long)port);
            break;
        case F_DEFAULT_PORT:
            port = default_port(u);
            if (port >= 0)
                buf_putu(out, (unsigned long long)port);
            break;
        case F_URI:
            if (u->host.ptr != NULL && p->dflt)
                put_with_defaults(out, u, 0, 0);
            else
                buf_put(out, s, n);
            break;
        case F_USER:
            put_component(out, userinfo_part(u, 0), p->decode);
            break;
        case F_PASSWORD:
            put_component(out, userinfo_part(u, 1), p->decode);
            break;
        case F_QUERY_KEY:
        case F_QUERY_ALL:
            query_values(out, u->query, p->lit, p->len, p->field == F_QUERY_ALL, ctx->qflags);
            break;
        case F_HOST_ASCII:
        case F_HOST_UNICODE: {
            curi_error e; /* get_line has checked that the conversion succeeds */
            (void)host_idn(out, u, s, p->field == F_HOST_UNICODE, &e);
            break;
        }
        case F_PART:
            /* the part of this scheme's layout with that name; nothing when it has none */
            for (int i = 0; i < CURI_SCHEME_PARTS_MAX; i++) {
                const char *pn = curi_scheme_part_name(sp->kind, i);
                if (pn != NULL && name_is(p->lit, p->len, pn))
                    put_component(out, sp->part[i], p->decode);
            }
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
    /* Filled only when FORMAT names a part ({part:NAME}), the one case format_uri reads it:
     * clearing its 16 slots for every line cost more than the rest of a {host}. */
    curi_scheme_parts sp;
    if (ctx->parts) {
        const char *rule = NULL;
        if (curi_scheme_parts_get(&sp, &u, 0, &rule, &e) != CURI_OK) {
            if (ctx->json) {
                json_rule_error(out, rule, s, n, e.offset);
            } else {
                diagnose_rule(err, rule, s, n, e.offset);
                buf_putc(out, '\n');
            }
            return EXIT_INVALID;
        }
    }
    for (int k = 0; k < 2; k++) {
        /* {host:ascii}, {host:unicode}: an IDNA failure makes the input invalid */
        if (!(ctx->idn & (1 << k)))
            continue;
        tmp->len = 0;
        if (host_idn(tmp, &u, s, k, &e) != CURI_OK) {
            if (ctx->json) {
                json_parse_error(out, s, n, &e);
            } else {
                diagnose_idn(err, s, n, &e);
                buf_putc(out, '\n');
            }
            return EXIT_INVALID;
        }
    }
    if (!ctx->json) {
        format_uri(ctx, &u, &sp, s, n, out);
        buf_putc(out, '\n');
        return EXIT_VALID;
    }
    tmp->len = 0;
    format_uri(ctx, &u, &sp, s, n, tmp);
    json_io(out, s, n, tmp->p, tmp->len);
    return EXIT_VALID;
}

/* The options of curi get (parse_args' handler). */
static int get_option(struct common *c, void *vctx, int id, char *v)
{
    struct get_ctx *ctx = vctx;
    if (id != OPT_QUERY_SEPARATOR)
        return 0; /* OPT_OPERAND */
    ctx->qflags = query_separator(c, v);
    return 1;
}

int cmd_get(int argc, char **argv)
{
    struct common c = {.cmd = "get", .help = get_help, .jobs = 1};
    struct get_ctx ctx = {NULL, 0, 0, 0, 0, 0, 0};
    int nops = parse_args(&c, argc, argv, get_option, &ctx);
    if (nops < 1)
        usage_error(&c, "missing FORMAT", NULL);
    ctx.pflags = c.pflags;
    ctx.json = c.json;
    /* Each piece consumes at least one byte of FORMAT. */
    ctx.pieces = xmalloc((strlen(argv[0]) + 1) * sizeof *ctx.pieces);
    ctx.npieces = compile_format(&c, argv[0], ctx.pieces);
    for (size_t k = 0; k < ctx.npieces; k++) {
        enum field f = ctx.pieces[k].field;
        ctx.parts |= f == F_PART;
        ctx.idn |= f == F_HOST_ASCII ? 1 : f == F_HOST_UNICODE ? 2 : 0;
    }
    int status = run_lines(get_line, &ctx, argv + 1, nops - 1, &c, 0);
    free(ctx.pieces);
    return status;
}
