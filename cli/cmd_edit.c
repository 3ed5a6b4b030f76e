/*
 * cmd_edit.c -- "curi set" (the builder: curi_set and curi_recompose, RFC 3986
 * 5.3), "curi encode" and "curi decode" (percent-encoding, RFC 3986 2.1 and 2.4).
 * SPDX-License-Identifier: MIT
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/*
 * ---------------------------------------------------------------------------
 * curi set
 * ---------------------------------------------------------------------------
 */
static const char set_help[] =
    "Usage: curi set [--encode] [OPTION...] NAME=VALUE... [--remove NAME]...\n"
    "                [--] [URI...]\n"
    "\n"
    "Replace (NAME=VALUE), empty (NAME=) or remove (--remove NAME) components of\n"
    "each URI reference, edit its path and query pairs, and print the recomposed\n"
    "reference (RFC 3986 5.3).  NAME is one of scheme, userinfo, host, port, path,\n"
    "query, fragment, or one of trurl's names: user and password (the userinfo\n"
    "before and after its first ':'), zoneid (the zone of an IPv6 host; skipped\n"
    "with a note for other hosts).  url=URI is an input, like a URI operand.\n"
    "NAME?=VALUE (trurl's form) sets the component only where it is not set:\n"
    "absent, or for path, user and password empty.\n"
    "\n"
    "Before \"--\", an argument whose text before its first '=' is made of letters\n"
    "and '-' only is a setting, and an unknown NAME there is a usage error; every\n"
    "other argument, and every argument after \"--\", is a URI (so a URI such as\n"
    "'a=b' goes after \"--\").  A VALUE that is not valid for its component is a\n"
    "usage error unless --encode is given.  Query pairs are encoded anyway (see\n"
    "below) unless --raw is given.\n"
    "\n"
    "Order: NAME=VALUE and --remove in command-line order, then the --iterate\n"
    "values, then --append path, then the query edits (--trim, --replace,\n"
    "--force-replace, --append query) in command-line order, then --sort-query.\n"
    "Removing the host also removes the userinfo and port.\n"
    "\n"
    "@OPTIONS@\n"
    "\n"
    "Query pairs split at '&'; keys are compared after decoding ('+' is a space),\n"
    "case-sensitively.  The KEY and VALUE of a pair (--append query=, --replace,\n"
    "--force-replace) are encoded as form data, as trurl does: 'q=hello world'\n"
    "gives q=hello+world, and '&', '+', '%' and a second '=' are encoded.  With\n"
    "--raw (and without --encode) the pair is taken as query text instead: it must\n"
    "be valid and hold no separator, and '+' in its KEY is a space.  Pairs that\n"
    "no edit touches are copied byte for byte.\n"
    "When the query changes it is rebuilt from its non-empty pairs joined by its\n"
    "first separator ('&' when it has none, ';' with --query-separator ';'); when\n"
    "the last pair is removed the query is removed, '?' included.\n";

/* The names a setting may use: the seven parts of curi.h, then trurl's. */
enum { T_USER = 7, T_PASSWORD, T_ZONEID, T_URL };
static const char *const target_names[] = {"scheme", "userinfo", "host",   "port",
                                           "path",   "query",    "fragment", "user",
                                           "password", "zoneid", "url"};
#define NTARGETS (sizeof target_names / sizeof target_names[0])

/* Case-insensitive, like curi_part_from_name; -1 when unknown. */
static int target_from_name(const char *s, size_t n)
{
    for (size_t t = 0; t < NTARGETS; t++) {
        const char *w = target_names[t];
        size_t i = 0;
        while (i < n && w[i] != '\0' && (s[i] | 0x20) == w[i])
            i++;
        if (i == n && w[i] == '\0')
            return (int)t;
    }
    return -1;
}

/*
 * A setting's shape: NAME= or NAME?= with NAME made of ASCII letters and '-'
 * only; returns the '='.
 */
static const char *setting_eq(const char *a)
{
    const char *p = a;
    while ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || *p == '-')
        p++;
    if (p > a && p[0] == '?' && p[1] == '=')
        p++;
    return p > a && *p == '=' ? p : NULL;
}

/* Whether a component counts as set for NAME?=: present, and for path, user and password not empty. */
static int is_set(const curi_uri *u, int target)
{
    const char *colon;
    switch (target) {
    case CURI_PART_PATH:
        return u->path.len > 0;
    case T_USER:
        colon = u->userinfo.ptr ? memchr(u->userinfo.ptr, ':', u->userinfo.len) : NULL;
        return u->userinfo.ptr != NULL && (colon ? colon != u->userinfo.ptr : u->userinfo.len > 0);
    case T_PASSWORD:
        return u->userinfo.ptr != NULL && memchr(u->userinfo.ptr, ':', u->userinfo.len) != NULL;
    case T_ZONEID:
        return u->zone.ptr != NULL;
    case CURI_PART_SCHEME:
        return u->scheme.ptr != NULL;
    case CURI_PART_USERINFO:
        return u->userinfo.ptr != NULL;
    case CURI_PART_HOST:
        return u->host.ptr != NULL;
    case CURI_PART_PORT:
        return u->port.ptr != NULL;
    case CURI_PART_QUERY:
        return u->query.ptr != NULL;
    default:
        return u->fragment.ptr != NULL;
    }
}

struct value {
    const char *p; /* NULL: remove */
    size_t len;
};

struct setting {
    int target;
    struct value v;
    int if_unset; /* NAME?=VALUE: only where the component is not set */
};

struct iterate {
    int target;
    const char *arg; /* "NAME=V1 V2..." */
    struct value *items;
    size_t n;
};

struct set_ctx {
    struct setting *v;
    size_t nv;
    struct iterate *it;
    size_t nit, variants; /* variants: the product of the item counts */
    struct value *segs;   /* --append path, encoded */
    size_t nsegs;
    curi_query_op *qe;
    size_t nqe;
    int sort;
    unsigned qflags, pflags;
    int json;
};

/* Heap blocks that views point into, freed together: their pointers, stored in a buf. */
struct blocks {
    struct buf list;
};

static char *blocks_keep(struct blocks *b, char *block)
{
    buf_put(&b->list, &block, sizeof block);
    return block;
}

static char *blocks_alloc(struct blocks *b, size_t n)
{
    return blocks_keep(b, xmalloc(n ? n : 1));
}

static void blocks_free(struct blocks *b)
{
    for (size_t off = 0; off < b->list.len; off += sizeof(char *)) {
        char *block;
        memcpy(&block, b->list.p + off, sizeof block);
        free(block);
    }
    buf_free(&b->list);
}

/* Keep the text of a buffer (its memory moves into the blocks). */
static struct value blocks_take(struct blocks *b, struct buf *t)
{
    struct value v = {t->p ? t->p : blocks_alloc(b, 1), t->len};
    if (t->p != NULL)
        blocks_keep(b, t->p);
    *t = (struct buf){0};
    return v;
}

/*
 * "curi: error: WHAT: MSG", the argument, a caret under byte off: for the
 * mistakes in an argument that have no library error code.  Exits 2.
 */
static void arg_error(const char *what, const char *msg, const char *arg, size_t off)
{
    struct buf err = {0};
    size_t n = strlen(arg), col = 0;
    buf_puts(&err, "curi: error: ");
    buf_puts(&err, what);
    buf_put(&err, ": ", 2);
    buf_puts(&err, msg);
    buf_put(&err, "\n  ", 3);
    show_bytes(&err, arg, n);
    buf_put(&err, "\n  ", 3);
    col = show_col(arg, n, off);
    while (col-- > 0)
        buf_putc(&err, ' ');
    buf_put(&err, "^\n", 2);
    write_all(2, err.p, err.len);
    buf_free(&err);
    exit(EXIT_USAGE);
}

/*
 * A library error in a value at arg[off...]: shown with a caret, exit 2.  hint, when not
 * NULL, is a last line saying how to have the value encoded instead: given for the errors
 * that encoding cures (a byte the component does not allow, a stray '%').
 */
static void value_error(const char *what, int code, const char *arg, size_t off,
                        const char *hint)
{
    struct buf err = {0};
    diagnose_value(&err, what, code, arg, strlen(arg), off);
    if (hint != NULL && (code == CURI_ERR_USERINFO_CHAR || code == CURI_ERR_HOST_CHAR ||
                         code == CURI_ERR_PATH_CHAR || code == CURI_ERR_QUERY_CHAR ||
                         code == CURI_ERR_FRAGMENT_CHAR || code == CURI_ERR_PCT ||
                         code == CURI_ERR_PCT_NUL || code == CURI_ERR_ZONE)) {
        buf_puts(&err, "curi: hint: ");
        buf_puts(&err, hint);
        buf_putc(&err, '\n');
    }
    write_all(2, err.p, err.len);
    buf_free(&err);
    exit(EXIT_USAGE);
}

/* The last line of a value error that --encode cures. */
#define ENCODE_HINT "--encode percent-encodes the bytes the component does not allow"

/*
 * Check (or with --encode, encode) one VALUE for its target, once, before any
 * input is read, so that a bad value is a usage error rather than a failure
 * of every input.  val sits at arg[off...].  Returns the text the inputs
 * receive, kept in keep.
 */
static struct value prepare_value(const char *what, const char *arg, size_t off, int target,
                                  struct value val, int encode, unsigned pflags,
                                  struct blocks *keep)
{
    curi_uri probe;
    curi_error e;
    struct buf t = {0};
    memset(&probe, 0, sizeof probe);
    if (val.p == NULL)
        return val;
    if (target < T_USER) {
        curi_part part = (curi_part)target;
        int rc;
        if (encode) {
            size_t cap = curi_pct_encode_bound(val.len), len;
            char *enc = blocks_alloc(keep, cap);
            rc = curi_set_encoded(&probe, part, enc, cap, &len, val.p, val.len, pflags, &e);
        } else {
            rc = curi_set(&probe, part, val.p, val.len, pflags, &e);
        }
        if (rc != CURI_OK)
            value_error(what, rc, arg, off + e.offset, encode ? NULL : ENCODE_HINT);
        curi_str now = part == CURI_PART_SCHEME     ? probe.scheme
                       : part == CURI_PART_USERINFO ? probe.userinfo
                       : part == CURI_PART_HOST     ? probe.host
                       : part == CURI_PART_PORT     ? probe.port
                       : part == CURI_PART_PATH     ? probe.path
                       : part == CURI_PART_QUERY    ? probe.query
                                                    : probe.fragment;
        return (struct value){now.ptr, now.len};
    }
    if (target == T_ZONEID) {
        /* ZoneID = 1*( unreserved / pct-encoded ) (RFC 6874): empty means no zone. */
        if (val.len == 0)
            return (struct value){NULL, 0};
        if (encode) {
            encode_also(&t, val.p, val.len, CURI_CHARSET_UNRESERVED, NULL);
            val = blocks_take(keep, &t);
        }
        buf_puts(&t, "[::%25");
        buf_put(&t, val.p, val.len);
        buf_putc(&t, ']');
        int rc = curi_host_parse(&probe, t.p, t.len, pflags, &e);
        buf_free(&t);
        if (rc != CURI_OK)
            value_error(what, rc, arg, off + (e.offset >= 6 ? e.offset - 6 : 0),
                        encode ? NULL : ENCODE_HINT);
        return val;
    }
    /* user, password: userinfo text, and a user cannot hold the ':' that ends it. */
    if (encode) {
        encode_also(&t, val.p, val.len, CURI_CHARSET_USERINFO, target == T_USER ? ":" : NULL);
        return blocks_take(keep, &t);
    }
    if (curi_set(&probe, CURI_PART_USERINFO, val.p, val.len, pflags, &e) != CURI_OK)
        value_error(what, e.code, arg, off + e.offset, ENCODE_HINT);
    const char *colon = target == T_USER ? memchr(val.p, ':', val.len) : NULL;
    if (colon != NULL)
        arg_error(what, "a user cannot contain ':' (write %3A, or use --encode)", arg,
                  off + (size_t)(colon - val.p));
    return val;
}

/*
 * Apply one prepared value to *u.  The parts go through curi_set; user,
 * password and zoneid build the new userinfo or host in a block of bl first.
 * *skipped is set when a zoneid had no IPv6 host to go to.
 */
static int apply_value(curi_uri *u, int target, struct value v, unsigned pflags,
                       struct blocks *bl, int *skipped, curi_error *e)
{
    if (target < T_USER)
        return curi_set(u, (curi_part)target, v.p, v.len, pflags, e);
    if (target == T_ZONEID) {
        if (u->host_type != CURI_HOST_IPV6) {
            *skipped = 1;
            return CURI_OK;
        }
        /* "[" address [ "%25" zone ] "]": keep the address, swap the zone. */
        const char *addr = u->host.ptr + 1;
        size_t alen = (u->zone.ptr ? u->zone.ptr - 3 : u->host.ptr + u->host.len - 1) - addr;
        char *h = blocks_alloc(bl, alen + v.len + 5), *w = h;
        *w++ = '[';
        memcpy(w, addr, alen);
        w += alen;
        if (v.p != NULL) {
            memcpy(w, "%25", 3);
            memcpy(w + 3, v.p, v.len);
            w += 3 + v.len;
        }
        *w++ = ']';
        return curi_set(u, CURI_PART_HOST, h, (size_t)(w - h), pflags, e);
    }
    /* userinfo = user [ ":" password ], split at the first ':'. */
    curi_str ui = u->userinfo;
    const char *colon = ui.ptr ? memchr(ui.ptr, ':', ui.len) : NULL;
    curi_str user = {ui.ptr ? ui.ptr : "", colon ? (size_t)(colon - ui.ptr) : ui.len};
    curi_str pass = {colon, colon ? ui.len - user.len : 0}; /* with its ':' */
    if (target == T_USER) {
        if (v.p == NULL && pass.ptr == NULL) /* nothing left */
            return curi_set(u, CURI_PART_USERINFO, NULL, 0, pflags, e);
        user = v.p ? (curi_str){v.p, v.len} : (curi_str){"", 0};
    } else {
        if (v.p == NULL && user.len == 0) /* nothing left */
            return curi_set(u, CURI_PART_USERINFO, NULL, 0, pflags, e);
        if (v.p == NULL && ui.ptr == NULL)
            return CURI_OK;
        pass = v.p ? (curi_str){v.p, v.len + 1} : (curi_str){NULL, 0};
    }
    char *t = blocks_alloc(bl, user.len + pass.len + 1);
    if (user.len)
        memcpy(t, user.ptr, user.len);
    if (pass.ptr != NULL && target == T_PASSWORD) {
        t[user.len] = ':';
        memcpy(t + user.len + 1, v.p, v.len);
    } else if (pass.ptr != NULL) {
        memcpy(t + user.len, pass.ptr, pass.len);
    }
    return curi_set(u, CURI_PART_USERINFO, t, user.len + pass.len, pflags, e);
}

/* Which rule of curi_recompose u breaks (the library's words). */
static const char *structure_rule(const curi_uri *u)
{
    const char *r = curi_structure_rule(u);
    return r != NULL ? r : "the components do not fit together";
}

/* Print one failed output: a diagnostic and an empty line, or a JSON error object. */
static void set_error(const struct set_ctx *ctx, const char *s, size_t n, int rc, size_t off,
                      int caret, const char *rule, struct buf *out, struct buf *err)
{
    if (ctx->json) {
        buf_putc(out, '{');
        json_member(out, "input", s, n);
        json_error(out, rc, off, caret);
        if (rule != NULL)
            json_member(out, "rule", rule, strlen(rule));
        buf_put(out, "}\n", 2);
        return;
    }
    buf_putc(out, '\n');
    if (rule == NULL) {
        diagnose(err, rc, s, n, off, caret);
        return;
    }
    diagnose_where(err);
    buf_puts(err, curi_strerror_name(rc));
    buf_put(err, ": ", 2);
    buf_puts(err, curi_strerror(rc));
    buf_put(err, ": ", 2);
    buf_puts(err, rule);
    buf_put(err, "\n  ", 3);
    show_bytes(err, s, n);
    buf_putc(err, '\n');
}

/* Variant number k of one parsed input: all edits, then recomposition. */
static int set_variant(const struct set_ctx *ctx, const curi_uri *in, size_t k, const char *s,
                       size_t n, struct buf *out, struct buf *err, struct buf *tmp)
{
    curi_uri u = *in;
    curi_error e = {CURI_OK, 0, 0};
    struct blocks bl = {0};
    int rc = CURI_OK, skipped = 0;
    for (size_t i = 0; rc == CURI_OK && i < ctx->nv; i++)
        if (!ctx->v[i].if_unset || !is_set(&u, ctx->v[i].target))
            rc = apply_value(&u, ctx->v[i].target, ctx->v[i].v, ctx->pflags, &bl, &skipped, &e);
    /* k in mixed radix, the last --iterate as the lowest digit. */
    for (size_t i = ctx->nit, rest = k; rc == CURI_OK && i-- > 0; rest /= ctx->it[i].n) {
        const struct iterate *it = &ctx->it[i];
        rc = apply_value(&u, it->target, it->items[rest % it->n], ctx->pflags, &bl, &skipped, &e);
    }
    if (rc == CURI_OK && ctx->nsegs > 0) {
        /* Each segment after a '/'; an empty path gets none first unless a host needs it. */
        size_t cap = u.path.len + 1;
        for (size_t i = 0; i < ctx->nsegs; i++)
            cap += ctx->segs[i].len + 1;
        char *p = blocks_alloc(&bl, cap);
        size_t len = u.path.len;
        if (len)
            memcpy(p, u.path.ptr, len);
        for (size_t i = 0; i < ctx->nsegs; i++) {
            if (len > 0 ? p[len - 1] != '/' : u.host.ptr != NULL)
                p[len++] = '/';
            memcpy(p + len, ctx->segs[i].p, ctx->segs[i].len);
            len += ctx->segs[i].len;
        }
        rc = curi_set(&u, CURI_PART_PATH, p, len, ctx->pflags, &e);
    }
    if (rc == CURI_OK && (ctx->nqe > 0 || ctx->sort)) {
        struct buf q = {0};
        int r = query_edit(&q, u.query, ctx->qe, ctx->nqe, ctx->sort, ctx->qflags);
        if (r == QUERY_NEW) {
            struct value v = blocks_take(&bl, &q);
            rc = curi_set(&u, CURI_PART_QUERY, v.p, v.len, ctx->pflags, &e);
        } else if (r == QUERY_NONE) {
            rc = curi_set(&u, CURI_PART_QUERY, NULL, 0, ctx->pflags, &e);
        }
        buf_free(&q);
    }
    size_t len = 0;
    if (rc == CURI_OK) {
        size_t bound = curi_recompose_bound(&u);
        tmp->len = 0;
        buf_reserve(tmp, bound);
        rc = curi_recompose(tmp->p, bound, &len, &u, &e);
    }
    if (skipped) {
        buf_puts(err, "curi: note: zoneid skipped: the host is not an IPv6 address\n  ");
        show_bytes(err, s, n);
        buf_putc(err, '\n');
    }
    if (rc != CURI_OK) {
        /* The offset is in a value or in the result, not in this input: no caret. */
        set_error(ctx, s, n, rc, e.offset, 0, rc == CURI_ERR_STRUCTURE ? structure_rule(&u) : NULL,
                  out, err);
        blocks_free(&bl);
        return EXIT_INVALID;
    }
    if (ctx->json) {
        json_io(out, s, n, tmp->p, len);
    } else {
        buf_put(out, tmp->p, len);
        buf_putc(out, '\n');
    }
    blocks_free(&bl);
    return EXIT_VALID;
}

static int set_line(const void *vctx, const char *s, size_t n, struct buf *out, struct buf *err,
                    struct buf *tmp)
{
    const struct set_ctx *ctx = vctx;
    curi_uri u;
    curi_error e;
    int status = EXIT_VALID;
    if (curi_parse(&u, s, n, ctx->pflags, &e) != CURI_OK) {
        /* One diagnostic, but every variant's line, so that the output stays rectangular. */
        set_error(ctx, s, n, e.code, e.offset, 1, NULL, out, err);
        for (size_t k = 1; k < ctx->variants; k++) {
            if (ctx->json)
                json_parse_error(out, s, n, &e);
            else
                buf_putc(out, '\n');
        }
        return EXIT_INVALID;
    }
    for (size_t k = 0; k < ctx->variants; k++)
        if (set_variant(ctx, &u, k, s, n, out, err, tmp) != EXIT_VALID)
            status = EXIT_INVALID;
    return status;
}

/*
 * A query pair from --append query=, --replace or --force-replace, made ready: encoded as
 * form data (trurl's way: "q=hello world" gives q=hello+world), or with raw (--raw) taken
 * as query text that must be valid and hold no separator.
 */
static void prepare_pair(const char *what, const char *arg, size_t off, curi_query_op *q,
                         int raw, unsigned qflags, struct blocks *keep)
{
    const char *t = arg + off, *eq = strchr(t, '=');
    size_t len = strlen(t), klen = eq ? (size_t)(eq - t) : len;
    struct buf b = {0};
    if (len == 0)
        arg_error(what, "the pair is empty", arg, off);
    if (!raw) {
        /* Key and value encoded apart, as form data; the first '=' stays. */
        const char *extra = (qflags & CURI_QUERY_SEMICOLON) ? ";" : NULL;
        encode_also(&b, t, klen, CURI_CHARSET_FORM, extra);
        if (eq != NULL) {
            buf_putc(&b, '=');
            encode_also(&b, eq + 1, len - klen - 1, CURI_CHARSET_FORM, extra);
        }
        struct value v = blocks_take(keep, &b);
        q->pair = v.p;
        q->plen = v.len;
        q->key = t; /* the key as typed is the decoded key */
        q->klen = klen;
        return;
    }
    curi_uri probe;
    curi_error e;
    memset(&probe, 0, sizeof probe);
    if (curi_set(&probe, CURI_PART_QUERY, t, len, 0, &e) != CURI_OK)
        value_error(what, e.code, arg, off + e.offset,
                    "--encode (or leaving out --raw) encodes the pair as form data");
    for (size_t i = 0; i < len; i++)
        if (t[i] == '&' || (t[i] == ';' && (qflags & CURI_QUERY_SEMICOLON)))
            arg_error(what, "a pair cannot contain its separator (leave out --raw to encode it)",
                      arg, off + i);
    form_decode(&b, t, klen);
    struct value k = blocks_take(keep, &b);
    q->pair = t;
    q->plen = len;
    q->key = k.p;
    q->klen = k.len;
}

/* An unknown NAME in NAME=VALUE or an option: its text, escaped, in the usage error. */
static void unknown_target(const struct common *c, const char *msg, const char *name, size_t n)
{
    struct buf shown = {0};
    show_bytes(&shown, name, n);
    buf_putc(&shown, '\0');
    usage_error(c, msg, shown.p);
}

/* What curi set's arguments say, before the values are checked (set_prepare). */
struct set_args {
    struct set_ctx *ctx;
    const char **raw; /* each setting's argument, and its value's offset in it */
    size_t *rawoff;
    const char **qraw; /* each query edit's argument, and its pair's offset in it */
    size_t *qoff;
    struct blocks keep;
    int encode, raw_pairs; /* --encode, --raw */
};

/* --remove NAME: a setting with no value. */
static void set_remove(struct common *c, struct set_ctx *ctx, const char *v)
{
    int t = target_from_name(v, strlen(v));
    if (t < 0 || t == T_URL)
        unknown_target(c, "--remove: unknown component", v, strlen(v));
    ctx->v[ctx->nv++] = (struct setting){t, {NULL, 0}, 0};
}

/* --append path=SEGMENT (encoded now) or --append query=PAIR (a query edit). */
static void set_append(struct common *c, struct set_args *sa, const char *v)
{
    struct set_ctx *ctx = sa->ctx;
    if (strncmp(v, "path=", 5) == 0) {
        /* Always encoded, as trurl does: the text is one segment, whatever it holds. */
        struct buf b = {0};
        encode_also(&b, v + 5, strlen(v + 5), CURI_CHARSET_SEGMENT, NULL);
        ctx->segs[ctx->nsegs++] = blocks_take(&sa->keep, &b);
    } else if (strncmp(v, "query=", 6) == 0) {
        sa->qraw[ctx->nqe] = v;
        sa->qoff[ctx->nqe] = 6;
        ctx->qe[ctx->nqe++].op = CURI_QUERY_APPEND;
    } else {
        usage_error(c, "--append: only path=SEGMENT or query=PAIR, got", v);
    }
}

/* --iterate NAME=V1 V2...: once per component; the values are split in set_prepare. */
static void set_iterate(struct common *c, struct set_ctx *ctx, const char *v)
{
    const char *eq = setting_eq(v);
    int t = eq ? target_from_name(v, (size_t)(eq - v)) : -1;
    if (eq == NULL || eq[-1] == '?')
        usage_error(c, "--iterate needs NAME=VALUES, got", v);
    if (t < 0 || t == T_URL)
        unknown_target(c, "--iterate: unknown component", v, (size_t)(eq - v));
    for (size_t k = 0; k < ctx->nit; k++)
        if (ctx->it[k].target == t)
            usage_error(c, "--iterate given twice for", target_names[t]);
    ctx->it[ctx->nit++] = (struct iterate){t, v, NULL, 0};
}

/*
 * An operand before "--" that is NAME=VALUE or NAME?=VALUE (trurl's form: set only where
 * the component is not set) is a setting, and url=URL an input (trurl's --url).  Returns 0
 * for any other operand.
 */
static int set_setting(struct common *c, struct set_args *sa, char *a)
{
    struct set_ctx *ctx = sa->ctx;
    const char *eq = c->dashdash ? NULL : setting_eq(a);
    if (eq == NULL)
        return 0;
    int cond = eq[-1] == '?';
    size_t nlen = (size_t)(eq - a) - (size_t)cond;
    int t = target_from_name(a, nlen);
    if (t < 0)
        unknown_target(c, "unknown component", a, nlen);
    if (t == T_URL && !cond) {
        add_operand(c, a + (eq - a) + 1);
    } else if (t == T_URL) {
        usage_error(c, "url?= is not a setting: give the input as an operand, got", a);
    } else {
        sa->raw[ctx->nv] = a;
        sa->rawoff[ctx->nv] = (size_t)(eq - a) + 1;
        ctx->v[ctx->nv++] = (struct setting){t, {eq + 1, strlen(eq + 1)}, cond};
    }
    return 1;
}

/* The options and settings of curi set (parse_args' handler). */
static int set_option(struct common *c, void *vsa, int id, char *v)
{
    struct set_args *sa = vsa;
    struct set_ctx *ctx = sa->ctx;
    switch (id) {
    case OPT_ENCODE:
        sa->encode = 1;
        break;
    case OPT_RAW:
        sa->raw_pairs = 1;
        break;
    case OPT_SORT_QUERY:
        ctx->sort = 1;
        break;
    case OPT_QUERY_SEPARATOR:
        ctx->qflags = query_separator(c, v);
        break;
    case OPT_REMOVE:
        set_remove(c, ctx, v);
        break;
    case OPT_APPEND:
        set_append(c, sa, v);
        break;
    case OPT_REPLACE:
    case OPT_FORCE_REPLACE: /* and --replace-append, trurl's other name for it */
        sa->qraw[ctx->nqe] = v;
        sa->qoff[ctx->nqe] = 0;
        ctx->qe[ctx->nqe++].op =
            id == OPT_REPLACE ? CURI_QUERY_REPLACE : CURI_QUERY_REPLACE_APPEND;
        break;
    case OPT_TRIM:
        if (strncmp(v, "query=", 6) != 0)
            usage_error(c, "--trim: only query=GLOB, got", v);
        sa->qraw[ctx->nqe] = v;
        ctx->qe[ctx->nqe++] = (curi_query_op){CURI_QUERY_REMOVE, v + 6, strlen(v + 6), NULL, 0};
        break;
    case OPT_ITERATE:
        set_iterate(c, ctx, v);
        break;
    default: /* OPT_OPERAND */
        return set_setting(c, sa, v);
    }
    return 1;
}

/* The values of one --iterate, each checked (or encoded) as a setting of its component. */
static void set_iterate_values(struct common *c, struct set_args *sa, struct iterate *it)
{
    struct set_ctx *ctx = sa->ctx;
    for (size_t j = 0; j < ctx->nv; j++)
        if (ctx->v[j].target == it->target)
            usage_error(c, "--iterate and a setting both change", target_names[it->target]);
    /* The values are separated by single spaces: "a  b" has an empty one inside. */
    const char *vals = strchr(it->arg, '=') + 1;
    size_t cnt = 1;
    for (const char *p = vals; *p; p++)
        cnt += *p == ' ';
    it->items = (struct value *)(void *)blocks_alloc(&sa->keep, cnt * sizeof *it->items);
    for (const char *p = vals;; p++) {
        size_t len = strcspn(p, " ");
        struct value raw_item = {p, len};
        it->items[it->n++] = prepare_value("--iterate", it->arg, (size_t)(p - it->arg),
                                           it->target, raw_item, sa->encode, c->pflags,
                                           &sa->keep);
        p += len;
        if (*p == '\0')
            break;
    }
    if (ctx->variants > ((size_t)1 << 20) / it->n)
        usage_error(c, "--iterate: more than 1048576 combinations", NULL);
    ctx->variants *= it->n;
}

/* Every value checked (or encoded), now that the flags are all known. */
static void set_prepare(struct common *c, struct set_args *sa)
{
    struct set_ctx *ctx = sa->ctx;
    for (size_t k = 0; k < ctx->nv; k++) {
        struct setting *st = &ctx->v[k];
        if (st->v.p != NULL)
            st->v = prepare_value("setting", sa->raw[k], sa->rawoff[k], st->target, st->v,
                                  sa->encode, c->pflags, &sa->keep);
    }
    for (size_t k = 0; k < ctx->nqe; k++)
        if (ctx->qe[k].op != CURI_QUERY_REMOVE)
            prepare_pair(ctx->qe[k].op == CURI_QUERY_APPEND ? "--append"
                         : ctx->qe[k].op == CURI_QUERY_REPLACE ? "--replace"
                                                            : "--force-replace",
                         sa->qraw[k], sa->qoff[k], &ctx->qe[k], sa->raw_pairs && !sa->encode,
                         ctx->qflags, &sa->keep);
    ctx->variants = 1;
    for (size_t k = 0; k < ctx->nit; k++)
        set_iterate_values(c, sa, &ctx->it[k]);
}

int cmd_set(int argc, char **argv)
{
    struct common c = {.cmd = "set", .help = set_help, .jobs = 1};
    size_t cap = (size_t)argc; /* no more settings, edits or values than arguments */
    struct set_ctx ctx = {0};
    struct set_args sa = {&ctx, NULL, NULL, NULL, NULL, {{0}}, 0, 0};
    sa.raw = xmalloc(cap * sizeof *sa.raw);
    sa.rawoff = xmalloc(cap * sizeof *sa.rawoff);
    sa.qraw = xmalloc(cap * sizeof *sa.qraw);
    sa.qoff = xmalloc(cap * sizeof *sa.qoff);
    ctx.v = xmalloc(cap * sizeof *ctx.v);
    ctx.it = xmalloc(cap * sizeof *ctx.it);
    ctx.segs = xmalloc(cap * sizeof *ctx.segs);
    ctx.qe = xmalloc(cap * sizeof *ctx.qe);
    int nops = parse_args(&c, argc, argv, set_option, &sa);
    if (ctx.nv == 0 && ctx.nit == 0 && ctx.nsegs == 0 && ctx.nqe == 0 && !ctx.sort)
        usage_error(&c, "nothing to set: give NAME=VALUE, --remove NAME, or an edit", NULL);
    set_prepare(&c, &sa);
    ctx.pflags = c.pflags;
    ctx.json = c.json;
    free(sa.raw);
    free(sa.rawoff);
    free(sa.qraw);
    free(sa.qoff);
    int status = run_lines(set_line, &ctx, argv, nops, &c, RECORDS_LINES);
    blocks_free(&sa.keep);
    free(ctx.v);
    free(ctx.it);
    free(ctx.segs);
    free(ctx.qe);
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
    "@OPTIONS@\n";

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

/* The options of curi encode (parse_args' handler). */
static int encode_option(struct common *c, void *vctx, int id, char *v)
{
    struct encode_ctx *ctx = vctx;
    if (id == OPT_COMPONENT) {
        size_t k = 0, nk = sizeof charset_names / sizeof charset_names[0];
        while (k < nk && strcmp(charset_names[k], v) != 0)
            k++;
        if (k == nk)
            usage_error(c, "unknown component", v);
        ctx->set = (curi_charset)k;
    } else if (id == OPT_KEEP_PCT) {
        ctx->flags |= CURI_ENCODE_KEEP_PCT;
    }
    return 0; /* an operand stays one */
}

int cmd_encode(int argc, char **argv)
{
    struct common c = {.cmd = "encode", .help = encode_help, .jobs = 1};
    struct encode_ctx ctx = {CURI_CHARSET_UNRESERVED, 0, 0};
    int nops = parse_args(&c, argc, argv, encode_option, &ctx);
    ctx.json = c.json;
    return run_lines(encode_line, &ctx, argv, nops, &c, 0);
}

/*
 * ---------------------------------------------------------------------------
 * curi decode
 * ---------------------------------------------------------------------------
 */
static const char decode_help[] =
    "Usage: curi decode [--plus] [--no-nul] [--lenient] [--json] [--jobs N] [--] [STRING...]\n"
    "\n"
    "Percent-decode each STRING: %HH becomes the byte HH, written raw; other bytes\n"
    "are copied.  A '%' not followed by two hex digits makes the input invalid\n"
    "(with --lenient, it is copied as itself).\n"
    "\n"
    "@OPTIONS@\n";

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

/* The options of curi decode (parse_args' handler). */
static int decode_option(struct common *c, void *vctx, int id, char *v)
{
    struct decode_ctx *ctx = vctx;
    (void)c;
    (void)v;
    if (id == OPT_PLUS)
        ctx->flags |= CURI_DECODE_PLUS;
    else if (id == OPT_NO_NUL)
        ctx->flags |= CURI_DECODE_NO_NUL;
    else if (id == OPT_LENIENT)
        ctx->flags |= CURI_DECODE_LENIENT;
    return 0; /* an operand stays one */
}

int cmd_decode(int argc, char **argv)
{
    struct common c = {.cmd = "decode", .help = decode_help, .jobs = 1};
    struct decode_ctx ctx = {0, 0};
    int nops = parse_args(&c, argc, argv, decode_option, &ctx);
    ctx.json = c.json;
    return run_lines(decode_line, &ctx, argv, nops, &c, 0);
}
