/*
 * curi_sqlite.c -- curi as a SQLite loadable extension (build/curi.so, entry point
 * sqlite3_curi_init): RFC 3986 parsing, extraction, normalization, resolution, comparison
 * and the lint as SQL functions, the WHATWG URL Standard's href and host (curi_url_href,
 * curi_url_host), and the query pairs and path segments of a URI as eponymous virtual
 * tables.
 *
 * One rule for every scalar function: a NULL argument gives NULL; a BLOB is read as its
 * bytes, TEXT as its UTF-8 bytes (numbers as their text); an input that does not parse
 * gives NULL from the functions that need a parse (curi_valid and curi_error say why).
 * All are SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, so they may be used in indexes,
 * generated columns, CHECK constraints and views.  Uses libcuri's public header only.
 * SPDX-License-Identifier: MIT
 */
#include <sqlite3ext.h>
SQLITE_EXTENSION_INIT1

#include <stdlib.h>
#include <string.h>

#include "curi.h"
#include "curi_sql.h"

/* The bytes of argument v; NULL (and *n 0) for SQL NULL.  An empty value is "" not NULL. */
static const char *arg_bytes(sqlite3_value *v, size_t *n)
{
    const char *s;
    if (sqlite3_value_type(v) == SQLITE_BLOB) {
        s = sqlite3_value_blob(v);
        *n = (size_t)sqlite3_value_bytes(v);
        return s != NULL ? s : "";
    }
    if (sqlite3_value_type(v) == SQLITE_NULL) {
        *n = 0;
        return NULL;
    }
    s = (const char *)sqlite3_value_text(v);
    *n = (size_t)sqlite3_value_bytes(v);
    return s;
}

/* Parse argument i into *u: 1 when valid, 0 for NULL or an invalid input. */
static int arg_uri(sqlite3_value **argv, int i, curi_uri *u, curi_error *e)
{
    size_t n;
    const char *s = arg_bytes(argv[i], &n);
    if (s == NULL)
        return 0;
    return curi_parse(u, s, n, 0, e) == CURI_OK;
}

/* Return buffer b as TEXT (copied by SQLite), or an out-of-memory error. */
static void result_buf(sqlite3_context *ctx, const struct buf *b)
{
    if (b->oom)
        sqlite3_result_error_nomem(ctx);
    else
        sqlite3_result_text64(ctx, b->len ? b->p : "", b->len, SQLITE_TRANSIENT, SQLITE_UTF8);
}

/* curi_valid(u): 1 or 0. */
static void fn_valid(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    size_t n;
    const char *s = arg_bytes(argv[0], &n);
    curi_uri u;
    (void)argc;
    if (s != NULL)
        sqlite3_result_int(ctx, curi_parse(&u, s, n, 0, NULL) == CURI_OK);
}

/* curi_error(u): "NAME@offset", or NULL for a valid input. */
static void fn_error(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    size_t n;
    const char *s = arg_bytes(argv[0], &n);
    curi_uri u;
    curi_error e;
    char text[48];
    (void)argc;
    if (s == NULL || curi_parse(&u, s, n, 0, &e) == CURI_OK)
        return;
    size_t len = curi_sql_error_text(text, &e);
    sqlite3_result_text(ctx, text, (int)len, SQLITE_TRANSIENT);
}

/* curi_parse(u): the JSON object of `curi parse --json` (an error object when invalid). */
static void fn_parse(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    size_t n;
    const char *s = arg_bytes(argv[0], &n);
    struct buf b = {0};
    (void)argc;
    if (s == NULL)
        return;
    curi_sql_parse_json(&b, s, n, 0);
    result_buf(ctx, &b);
    buf_free(&b);
}

/* curi_check(u): the JSON object of `curi check --json`, for any input. */
static void fn_check(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    size_t n;
    const char *s = arg_bytes(argv[0], &n);
    struct buf b = {0};
    (void)argc;
    if (s == NULL)
        return;
    curi_sql_check_json(&b, s, n, NULL);
    result_buf(ctx, &b);
    buf_free(&b);
}

/*
 * curi_scheme(u) ... curi_fragment(u): the component as written, NULL when absent or when
 * u is invalid, '' when present and empty.  The part is the function's user data.
 */
static void fn_part(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    curi_uri u;
    (void)argc;
    if (!arg_uri(argv, 0, &u, NULL))
        return;
    curi_str v = curi_get(&u, (curi_part)(size_t)sqlite3_user_data(ctx));
    if (v.ptr != NULL)
        sqlite3_result_text64(ctx, v.len ? v.ptr : "", v.len, SQLITE_TRANSIENT, SQLITE_UTF8);
}

/* curi_host_type(u): 'reg-name', 'ipv4', 'ipv6', 'ipvfuture'; NULL without a host. */
static void fn_host_type(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    curi_uri u;
    (void)argc;
    if (!arg_uri(argv, 0, &u, NULL))
        return;
    const char *t = json_host_type_name(u.host_type);
    if (t != NULL)
        sqlite3_result_text(ctx, t, -1, SQLITE_STATIC);
}

/* curi_param(u, key): the first value of the form-decoded key, form-decoded. */
static void fn_param(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    curi_uri u;
    size_t klen;
    struct buf b = {0};
    (void)argc;
    const char *key = arg_bytes(argv[1], &klen);
    if (key == NULL || !arg_uri(argv, 0, &u, NULL))
        return;
    if (curi_sql_param(&b, u.query, key, klen))
        result_buf(ctx, &b);
    buf_free(&b);
}

/* curi_param_remove(u, glob): u without the pairs whose form-decoded key matches glob. */
static void fn_param_remove(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    curi_uri u;
    size_t glen;
    struct buf b = {0};
    (void)argc;
    const char *glob = arg_bytes(argv[1], &glen);
    if (glob == NULL || !arg_uri(argv, 0, &u, NULL))
        return;
    if (curi_sql_param_remove(&b, &u, glob, glen) == CURI_OK || b.oom)
        result_buf(ctx, &b);
    buf_free(&b);
}

/* curi_normalize(u [, level]): level 'scheme' (the default: 6.2.2 and 6.2.3) or 'syntax'. */
static void fn_normalize(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    curi_uri u;
    unsigned mask = CURI_NORM_DEFAULT;
    struct buf b = {0};
    if (argc == 2) {
        size_t ln;
        const char *level = arg_bytes(argv[1], &ln);
        if (level == NULL)
            return;
        mask = curi_sql_norm_mask(level, ln);
        if (mask == 0) {
            sqlite3_result_error(ctx, "curi_normalize: the level is 'scheme' or 'syntax'", -1);
            return;
        }
    }
    if (!arg_uri(argv, 0, &u, NULL))
        return;
    if (curi_sql_normalize(&b, &u, mask) == CURI_OK || b.oom)
        result_buf(ctx, &b);
    buf_free(&b);
}

/* curi_resolve(base, ref): the target URI; NULL when either is invalid or base has no scheme. */
static void fn_resolve(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    curi_uri base, ref;
    struct buf b = {0};
    (void)argc;
    if (!arg_uri(argv, 0, &base, NULL) || !arg_uri(argv, 1, &ref, NULL))
        return;
    if (curi_sql_resolve(&b, &base, &ref) == CURI_OK || b.oom)
        result_buf(ctx, &b);
    buf_free(&b);
}

/* curi_relative(base, target): the shortest reference from base to target. */
static void fn_relative(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    curi_uri base, target;
    struct buf b = {0};
    (void)argc;
    if (!arg_uri(argv, 0, &base, NULL) || !arg_uri(argv, 1, &target, NULL))
        return;
    if (curi_sql_relative(&b, &base, &target) == CURI_OK || b.oom)
        result_buf(ctx, &b);
    buf_free(&b);
}

/* curi_equal(a, b): 1 when equivalent after scheme-based normalization (RFC 3986 6.2.3). */
static void fn_equal(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    curi_uri a, b;
    curi_equiv lv = CURI_EQ_NONE;
    (void)argc;
    if (!arg_uri(argv, 0, &a, NULL) || !arg_uri(argv, 1, &b, NULL))
        return;
    (void)curi_compare(&a, &b, CURI_EQ_SCHEME, &lv, NULL); /* both parsed: it cannot fail */
    sqlite3_result_int(ctx, lv != CURI_EQ_NONE);
}

/*
 * curi_url_href(u [, base]) and curi_url_host(u [, base]): the WHATWG URL Standard's href of
 * u, parsed against base when one is given, or its host as the URL API's hostname (without
 * the port; IPv6 in brackets; '' for an empty host).  NULL when an argument is NULL, when u
 * or base fails the Standard's parser, and (the host) when the URL's host is null.  The
 * user data is 1 for the host.
 */
static void fn_url(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    size_t n, bn = 0;
    const char *s = arg_bytes(argv[0], &n), *base = NULL;
    struct buf out = {0}, work = {0};
    curi_url url;
    if (s == NULL || (argc == 2 && (base = arg_bytes(argv[1], &bn)) == NULL))
        return;
    int rc = curi_sql_url(&out, &work, &url, s, n, base, bn);
    if (out.oom || work.oom) {
        sqlite3_result_error_nomem(ctx);
    } else if (rc == CURI_OK) {
        curi_str v = sqlite3_user_data(ctx) != NULL ? curi_sql_url_host(&url) : url.href;
        if (v.ptr != NULL)
            sqlite3_result_text64(ctx, v.len ? v.ptr : "", v.len, SQLITE_TRANSIENT, SQLITE_UTF8);
    }
    buf_free(&out);
    buf_free(&work);
}

/*
 * ---------------------------------------------------------------------------
 * Table-valued functions: curi_query_each(u) and curi_segments(u)
 * ---------------------------------------------------------------------------
 * Eponymous virtual tables with one hidden column, the argument.  A cursor copies the
 * argument and walks it with the library's iterators; nothing is materialized.
 */
enum { VT_QUERY, VT_SEGMENTS };

struct curi_vtab {
    sqlite3_vtab base;
    int kind;
};

struct curi_vcur {
    sqlite3_vtab_cursor base;
    int kind;
    char *text;          /* a copy of the argument */
    curi_cursor it;      /* over its query or path */
    curi_str a, b;       /* the current key and value, or segment */
    int eof;
    sqlite3_int64 rowid; /* 1-based position */
};

static int vt_connect(sqlite3 *db, void *aux, int argc, const char *const *argv,
                      sqlite3_vtab **out, char **err)
{
    int kind = (int)(size_t)aux;
    (void)argc;
    (void)argv;
    (void)err;
    int rc = sqlite3_declare_vtab(db, kind == VT_QUERY
                                          ? "CREATE TABLE x(key TEXT, value TEXT, uri HIDDEN)"
                                          : "CREATE TABLE x(segment TEXT, decoded TEXT, uri HIDDEN)");
    if (rc != SQLITE_OK)
        return rc;
    struct curi_vtab *t = sqlite3_malloc(sizeof *t);
    if (t == NULL)
        return SQLITE_NOMEM;
    memset(t, 0, sizeof *t);
    t->kind = kind;
    *out = &t->base;
    sqlite3_vtab_config(db, SQLITE_VTAB_INNOCUOUS);
    return SQLITE_OK;
}

static int vt_disconnect(sqlite3_vtab *vt)
{
    sqlite3_free(vt);
    return SQLITE_OK;
}

/* The argument (column 2) must be given by equality: plan 1 uses it, anything else fails. */
static int vt_best_index(sqlite3_vtab *vt, sqlite3_index_info *info)
{
    int arg = -1;
    (void)vt;
    for (int i = 0; i < info->nConstraint; i++) {
        const struct sqlite3_index_constraint *c = &info->aConstraint[i];
        if (c->iColumn != 2 || c->op != SQLITE_INDEX_CONSTRAINT_EQ)
            continue;
        if (!c->usable)
            return SQLITE_CONSTRAINT;
        arg = i;
    }
    if (arg < 0)
        return SQLITE_CONSTRAINT; /* no plan without the argument */
    info->aConstraintUsage[arg].argvIndex = 1;
    info->aConstraintUsage[arg].omit = 1;
    info->idxNum = 1;
    info->estimatedCost = 10;
    info->estimatedRows = 10;
    return SQLITE_OK;
}

static int vt_open(sqlite3_vtab *vt, sqlite3_vtab_cursor **out)
{
    struct curi_vcur *c = sqlite3_malloc(sizeof *c);
    if (c == NULL)
        return SQLITE_NOMEM;
    memset(c, 0, sizeof *c);
    c->kind = ((struct curi_vtab *)vt)->kind;
    c->eof = 1;
    *out = &c->base;
    return SQLITE_OK;
}

static int vt_close(sqlite3_vtab_cursor *cur)
{
    struct curi_vcur *c = (struct curi_vcur *)cur;
    sqlite3_free(c->text);
    sqlite3_free(c);
    return SQLITE_OK;
}

static int vt_next(sqlite3_vtab_cursor *cur)
{
    struct curi_vcur *c = (struct curi_vcur *)cur;
    int more = c->kind == VT_QUERY ? curi_query_next(&c->it, &c->a, &c->b)
                                   : curi_segments_next(&c->it, &c->a);
    c->eof = !more;
    c->rowid++;
    return SQLITE_OK;
}

static int vt_filter(sqlite3_vtab_cursor *cur, int idx, const char *idxstr, int argc,
                     sqlite3_value **argv)
{
    struct curi_vcur *c = (struct curi_vcur *)cur;
    curi_uri u;
    size_t n = 0;
    const char *s;
    (void)idxstr;
    sqlite3_free(c->text);
    c->text = NULL;
    c->eof = 1;
    c->rowid = 0;
    if (idx != 1 || argc < 1 || (s = arg_bytes(argv[0], &n)) == NULL)
        return SQLITE_OK;
    c->text = sqlite3_malloc64(n ? n : 1);
    if (c->text == NULL)
        return SQLITE_NOMEM;
    if (n)
        memcpy(c->text, s, n);
    if (curi_parse(&u, c->text, n, 0, NULL) != CURI_OK)
        return SQLITE_OK;
    if (c->kind == VT_QUERY)
        curi_query_init(&c->it, u.query, 0, NULL);
    else
        curi_segments_init(&c->it, u.path);
    return vt_next(cur);
}

static int vt_eof(sqlite3_vtab_cursor *cur)
{
    return ((struct curi_vcur *)cur)->eof;
}

/* Query: key and value form-decoded (value NULL for a pair without '='); segments: raw and
 * percent-decoded (NULL when the decoding is not valid, which a parsed path never gives). */
static int vt_column(sqlite3_vtab_cursor *cur, sqlite3_context *ctx, int col)
{
    struct curi_vcur *c = (struct curi_vcur *)cur;
    struct buf b = {0};
    if (col == 2)
        return SQLITE_OK;
    if (c->kind == VT_SEGMENTS && col == 0) {
        sqlite3_result_text64(ctx, c->a.len ? c->a.ptr : "", c->a.len, SQLITE_TRANSIENT,
                              SQLITE_UTF8);
        return SQLITE_OK;
    }
    curi_str v = col == 0 || c->kind == VT_SEGMENTS ? c->a : c->b;
    if (v.ptr == NULL)
        return SQLITE_OK;
    if (c->kind == VT_QUERY) {
        curi_sql_form_decode(&b, v.ptr, v.len);
    } else if (curi_sql_pct_decode(&b, v.ptr, v.len) != CURI_OK && !b.oom) {
        buf_free(&b);
        return SQLITE_OK;
    }
    result_buf(ctx, &b);
    buf_free(&b);
    return SQLITE_OK;
}

static int vt_rowid(sqlite3_vtab_cursor *cur, sqlite3_int64 *rowid)
{
    *rowid = ((struct curi_vcur *)cur)->rowid;
    return SQLITE_OK;
}

static const sqlite3_module curi_vt_module = {
    .iVersion = 0,
    .xCreate = NULL, /* eponymous only */
    .xConnect = vt_connect,
    .xBestIndex = vt_best_index,
    .xDisconnect = vt_disconnect,
    .xDestroy = vt_disconnect,
    .xOpen = vt_open,
    .xClose = vt_close,
    .xFilter = vt_filter,
    .xNext = vt_next,
    .xEof = vt_eof,
    .xColumn = vt_column,
    .xRowid = vt_rowid,
};

/*
 * ---------------------------------------------------------------------------
 * Registration
 * ---------------------------------------------------------------------------
 */
struct fn_def {
    const char *name;
    int nargs;
    void (*fn)(sqlite3_context *, int, sqlite3_value **);
    size_t data;
};

static const struct fn_def fns[] = {
    {"curi_valid", 1, fn_valid, 0},
    {"curi_error", 1, fn_error, 0},
    {"curi_parse", 1, fn_parse, 0},
    {"curi_check", 1, fn_check, 0},
    {"curi_scheme", 1, fn_part, CURI_PART_SCHEME},
    {"curi_userinfo", 1, fn_part, CURI_PART_USERINFO},
    {"curi_host", 1, fn_part, CURI_PART_HOST},
    {"curi_port", 1, fn_part, CURI_PART_PORT},
    {"curi_path", 1, fn_part, CURI_PART_PATH},
    {"curi_query", 1, fn_part, CURI_PART_QUERY},
    {"curi_fragment", 1, fn_part, CURI_PART_FRAGMENT},
    {"curi_host_type", 1, fn_host_type, 0},
    {"curi_param", 2, fn_param, 0},
    {"curi_param_remove", 2, fn_param_remove, 0},
    {"curi_normalize", 1, fn_normalize, 0},
    {"curi_normalize", 2, fn_normalize, 0},
    {"curi_resolve", 2, fn_resolve, 0},
    {"curi_relative", 2, fn_relative, 0},
    {"curi_equal", 2, fn_equal, 0},
    {"curi_url_href", 1, fn_url, 0},
    {"curi_url_href", 2, fn_url, 0},
    {"curi_url_host", 1, fn_url, 1},
    {"curi_url_host", 2, fn_url, 1},
};

#ifdef _WIN32
__declspec(dllexport)
#endif
int sqlite3_curi_init(sqlite3 *db, char **err, const sqlite3_api_routines *api);

int sqlite3_curi_init(sqlite3 *db, char **err, const sqlite3_api_routines *api)
{
    SQLITE_EXTENSION_INIT2(api);
    (void)err;
    const int flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS;
    for (size_t i = 0; i < sizeof fns / sizeof fns[0]; i++) {
        int rc = sqlite3_create_function(db, fns[i].name, fns[i].nargs, flags,
                                         (void *)fns[i].data, fns[i].fn, NULL, NULL);
        if (rc != SQLITE_OK)
            return rc;
    }
    int rc = sqlite3_create_module(db, "curi_query_each", &curi_vt_module, (void *)(size_t)VT_QUERY);
    if (rc == SQLITE_OK)
        rc = sqlite3_create_module(db, "curi_segments", &curi_vt_module,
                                   (void *)(size_t)VT_SEGMENTS);
    return rc;
}
