/*
 * curi_duckdb.c -- curi as a DuckDB loadable extension (build/curi.duckdb_extension), through
 * DuckDB's C extension API (bindings/duckdb/duckdb_capi_v1_2.h): LOAD calls curi_init_c_api,
 * which registers the scalar functions and the table functions curi_query_each and
 * curi_segments on the database.  The scalar functions are vectorized: DuckDB calls each once
 * per chunk (up to 2048 rows) and the loop below runs the library over the chunk's strings.
 *
 * The SQLite extension's rules hold: a NULL argument gives NULL; an input that does not parse
 * gives NULL (curi_valid and curi_error say why); parts are NULL when absent, '' when empty.
 * curi_url_href(u [, base]) and curi_url_host(u [, base]) are the WHATWG URL Standard's href
 * and hostname, NULL when u or base fails its parser (the host also when it is null).
 * curi_valid and curi_equal are BOOLEAN, the rest VARCHAR.  The table functions give no row
 * for NULL or for an input that does not parse.  Uses libcuri's public header only.
 *
 * The one piece of file-level state is the copy of DuckDB's function-pointer struct: the
 * callbacks DuckDB makes reach their extra info only through that struct, so it cannot
 * travel in the extra info.  The first LOAD in the process fills it, before any function is
 * registered; a later LOAD (another database) finds it filled and checks that it is the
 * same DuckDB.  SPDX-License-Identifier: MIT
 */
#include <stdatomic.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "curi.h"
#include "curi_sql.h"
#include "duckdb_capi_v1_2.h"

/* The positions of the slots in duckdb_ext_api_v1, checked against the skips. */
#define SLOT(member, n)                                                                        \
    _Static_assert(offsetof(struct curi_duckdb_api, member) == (n) * sizeof(void (*)(void)),   \
                   #member " is slot " #n)
SLOT(connect, 3);
SLOT(disconnect, 6);
SLOT(vector_size, 26);
SLOT(destroy_value, 92);
SLOT(is_null_value, 149);
SLOT(create_logical_type, 156);
SLOT(destroy_logical_type, 184);
SLOT(data_chunk_get_vector, 190);
SLOT(vector_assign_string_element_len, 198);
SLOT(validity_set_row_invalid, 207);
SLOT(create_scalar_function, 209);
SLOT(scalar_function_add_parameter, 215);
SLOT(scalar_function_set_error, 221);
SLOT(register_scalar_function_set, 225);
SLOT(create_table_function, 242);
SLOT(table_function_set_extra_info, 247);
SLOT(table_function_set_function, 251);
SLOT(register_table_function, 253);
SLOT(bind_get_parameter, 257);
SLOT(bind_set_bind_data, 259);
SLOT(bind_set_error, 261);
SLOT(init_get_bind_data, 263);
SLOT(function_get_extra_info, 269);
SLOT(function_set_error, 273);

/* DuckDB's functions: filled by the first LOAD (state 0 -> 1 while copying -> 2). */
static struct curi_duckdb_api duck;
static atomic_int duck_state;

enum fn_kind {
    F_PART, /* the part in fn_def.part */
    F_HOST_TYPE,
    F_VALID,
    F_ERROR,
    F_NORMALIZE,
    F_NORMALIZE_LEVEL,
    F_RESOLVE,
    F_RELATIVE,
    F_PARAM,
    F_PARAM_REMOVE,
    F_PARSE,
    F_URL_HREF, /* the WHATWG URL Standard's href (of a[0] against a[1] with 2 arguments) */
    F_URL_HOST, /* its hostname */
    F_CHECK,    /* the JSON of `curi check --json` */
    F_EQUAL     /* BOOLEAN: equivalent after scheme-based normalization */
};

struct fn_def {
    const char *name;
    int nargs;
    enum fn_kind kind;
    int part;
};

static const struct fn_def fns[] = {
    {"curi_scheme", 1, F_PART, CURI_PART_SCHEME},
    {"curi_userinfo", 1, F_PART, CURI_PART_USERINFO},
    {"curi_host", 1, F_PART, CURI_PART_HOST},
    {"curi_port", 1, F_PART, CURI_PART_PORT},
    {"curi_path", 1, F_PART, CURI_PART_PATH},
    {"curi_query", 1, F_PART, CURI_PART_QUERY},
    {"curi_fragment", 1, F_PART, CURI_PART_FRAGMENT},
    {"curi_host_type", 1, F_HOST_TYPE, 0},
    {"curi_valid", 1, F_VALID, 0},
    {"curi_error", 1, F_ERROR, 0},
    {"curi_normalize", 1, F_NORMALIZE, 0},
    {"curi_normalize", 2, F_NORMALIZE_LEVEL, 0},
    {"curi_resolve", 2, F_RESOLVE, 0},
    {"curi_relative", 2, F_RELATIVE, 0},
    {"curi_param", 2, F_PARAM, 0},
    {"curi_param_remove", 2, F_PARAM_REMOVE, 0},
    {"curi_parse", 1, F_PARSE, 0},
    {"curi_check", 1, F_CHECK, 0},
    {"curi_equal", 2, F_EQUAL, 0},
    {"curi_url_href", 1, F_URL_HREF, 0},
    {"curi_url_href", 2, F_URL_HREF, 0},
    {"curi_url_host", 1, F_URL_HOST, 0},
    {"curi_url_host", 2, F_URL_HOST, 0},
};

/* The bytes of a VARCHAR value: inline up to 12 bytes, else behind a pointer. */
static curi_str str_of(const duckdb_string_t *s)
{
    curi_str v;
    v.len = s->value.inlined.length;
    v.ptr = v.len <= 12 ? s->value.inlined.inlined : s->value.pointer.ptr;
    return v;
}

static int row_valid(const uint64_t *validity, idx_t row)
{
    return validity == NULL || ((validity[row / 64] >> (row % 64)) & 1) != 0;
}

static void set_null(duckdb_vector out, idx_t row)
{
    duck.vector_ensure_validity_writable(out);
    duck.validity_set_row_invalid(duck.vector_get_validity(out), row);
}

static void set_text(duckdb_vector out, idx_t row, const char *s, size_t n)
{
    duck.vector_assign_string_element_len(out, row, n ? s : "", n);
}

/*
 * One row of a VARCHAR function: writes the result to out (or a NULL), using b for
 * results that are built and w for a WHATWG base.  Returns 0, or -1 when memory ran out.
 */
static int one_row(const struct fn_def *f, const curi_str *a, duckdb_vector out, idx_t row,
                   struct buf *b, struct buf *w)
{
    curi_uri u, v;
    curi_error e;
    int rc;
    b->len = 0;
    switch (f->kind) {
    case F_PART:
        if (curi_parse(&u, a[0].ptr, a[0].len, 0, NULL) == CURI_OK) {
            curi_str p = curi_get(&u, (curi_part)f->part);
            if (p.ptr != NULL) {
                set_text(out, row, p.ptr, p.len);
                return 0;
            }
        }
        break;
    case F_HOST_TYPE:
        if (curi_parse(&u, a[0].ptr, a[0].len, 0, NULL) == CURI_OK) {
            const char *t = json_host_type_name(u.host_type);
            if (t != NULL) {
                set_text(out, row, t, strlen(t));
                return 0;
            }
        }
        break;
    case F_ERROR:
        if (curi_parse(&u, a[0].ptr, a[0].len, 0, &e) != CURI_OK) {
            char text[48];
            size_t n = curi_sql_error_text(text, &e);
            set_text(out, row, text, n);
            return 0;
        }
        break;
    case F_NORMALIZE:
    case F_NORMALIZE_LEVEL: {
        unsigned mask = CURI_NORM_DEFAULT;
        if (f->kind == F_NORMALIZE_LEVEL && (mask = curi_sql_norm_mask(a[1].ptr, a[1].len)) == 0)
            return -2;
        if (curi_parse(&u, a[0].ptr, a[0].len, 0, NULL) == CURI_OK) {
            rc = curi_sql_normalize(b, &u, mask);
            if (b->oom)
                return -1;
            if (rc == CURI_OK) {
                set_text(out, row, b->p, b->len);
                return 0;
            }
        }
        break;
    }
    case F_RESOLVE:
    case F_RELATIVE:
        if (curi_parse(&u, a[0].ptr, a[0].len, 0, NULL) == CURI_OK &&
            curi_parse(&v, a[1].ptr, a[1].len, 0, NULL) == CURI_OK) {
            rc = f->kind == F_RESOLVE ? curi_sql_resolve(b, &u, &v) : curi_sql_relative(b, &u, &v);
            if (b->oom)
                return -1;
            if (rc == CURI_OK) {
                set_text(out, row, b->p, b->len);
                return 0;
            }
        }
        break;
    case F_PARAM:
        if (curi_parse(&u, a[0].ptr, a[0].len, 0, NULL) == CURI_OK &&
            curi_sql_param(b, u.query, a[1].ptr, a[1].len)) {
            if (b->oom)
                return -1;
            set_text(out, row, b->p, b->len);
            return 0;
        }
        break;
    case F_CHECK:
        curi_sql_check_json(b, a[0].ptr, a[0].len, NULL);
        if (b->oom)
            return -1;
        set_text(out, row, b->p, b->len);
        return 0;
    case F_PARAM_REMOVE:
        if (curi_parse(&u, a[0].ptr, a[0].len, 0, NULL) == CURI_OK) {
            rc = curi_sql_param_remove(b, &u, a[1].ptr, a[1].len);
            if (b->oom)
                return -1;
            if (rc == CURI_OK) {
                set_text(out, row, b->p, b->len);
                return 0;
            }
        }
        break;
    case F_PARSE:
        curi_sql_parse_json(b, a[0].ptr, a[0].len, 0);
        if (b->oom)
            return -1;
        set_text(out, row, b->p, b->len);
        return 0;
    case F_URL_HREF:
    case F_URL_HOST: {
        curi_url url;
        rc = curi_sql_url(b, w, &url, a[0].ptr, a[0].len, f->nargs == 2 ? a[1].ptr : NULL,
                          a[1].len);
        if (b->oom || w->oom)
            return -1;
        if (rc == CURI_OK) {
            curi_str r = f->kind == F_URL_HOST ? curi_sql_url_host(&url) : url.href;
            if (r.ptr != NULL) {
                set_text(out, row, r.ptr, r.len);
                return 0;
            }
        }
        break;
    }
    case F_VALID:
    case F_EQUAL:
        break; /* BOOLEAN: curi_chunk */
    }
    set_null(out, row);
    return 0;
}

/* The BOOLEAN functions' value for one row: curi_valid(a), curi_equal(a, b). */
static bool bool_row(const struct fn_def *f, const curi_str *a, int *isnull)
{
    curi_uri u, v;
    if (f->kind == F_VALID)
        return curi_parse(&u, a[0].ptr, a[0].len, 0, NULL) == CURI_OK;
    if (curi_parse(&u, a[0].ptr, a[0].len, 0, NULL) != CURI_OK ||
        curi_parse(&v, a[1].ptr, a[1].len, 0, NULL) != CURI_OK) {
        *isnull = 1;
        return false;
    }
    curi_equiv lv = CURI_EQ_NONE;
    (void)curi_compare(&u, &v, CURI_EQ_SCHEME, &lv, NULL); /* both parsed: it cannot fail */
    return lv != CURI_EQ_NONE;
}

/* The function DuckDB calls per chunk; the fn_def is the extra info. */
static void curi_chunk(duckdb_function_info info, duckdb_data_chunk input, duckdb_vector out)
{
    const struct fn_def *f = duck.scalar_function_get_extra_info(info);
    idx_t n = duck.data_chunk_get_size(input);
    const duckdb_string_t *data[2] = {NULL, NULL};
    const uint64_t *valid[2] = {NULL, NULL};
    struct buf b = {0}, w = {0};
    bool *res = f->kind == F_VALID || f->kind == F_EQUAL ? duck.vector_get_data(out) : NULL;
    for (int i = 0; i < f->nargs; i++) {
        duckdb_vector v = duck.data_chunk_get_vector(input, (idx_t)i);
        data[i] = duck.vector_get_data(v);
        valid[i] = duck.vector_get_validity(v);
    }
    for (idx_t row = 0; row < n; row++) {
        curi_str a[2] = {{NULL, 0}, {NULL, 0}};
        int isnull = 0;
        for (int i = 0; i < f->nargs; i++) {
            if (!row_valid(valid[i], row))
                isnull = 1;
            else
                a[i] = str_of(&data[i][row]);
        }
        if (!isnull && res != NULL)
            res[row] = bool_row(f, a, &isnull);
        if (isnull) {
            set_null(out, row);
            continue;
        }
        if (res != NULL)
            continue;
        int rc = one_row(f, a, out, row, &b, &w);
        if (rc == -1) {
            duck.scalar_function_set_error(info, "curi: out of memory");
            break;
        }
        if (rc == -2) {
            duck.scalar_function_set_error(info, "curi_normalize: the level is 'scheme' or 'syntax'");
            break;
        }
    }
    buf_free(&b);
    buf_free(&w);
}

/*
 * ---------------------------------------------------------------------------
 * Table functions: curi_query_each(u) -> (key, value), curi_segments(u) -> (segment, decoded)
 * ---------------------------------------------------------------------------
 * The bind copies the argument (NULL stays NULL: no rows), the init parses the copy and
 * starts the library's iterator over its query or path, and each call fills one chunk.
 * Query keys and values are form-decoded (value NULL for a pair without '='); segments are
 * given raw and percent-decoded.  The C API hands the argument over as a NUL-terminated
 * string (duckdb_get_varchar), so it is read up to a NUL byte, which no URI contains.
 */
enum { VT_QUERY, VT_SEGMENTS };

static const int vt_kinds[2] = {VT_QUERY, VT_SEGMENTS};

struct vt_bind {
    int kind;
    char *text; /* the argument, NUL-terminated; NULL for SQL NULL */
};

struct vt_state {
    int kind;
    int eof;
    curi_cursor it;
};

static void vt_bind_free(void *p)
{
    struct vt_bind *b = p;
    if (b != NULL)
        duck.free(b->text);
    free(b);
}

static void vt_bind(duckdb_bind_info info)
{
    const int *kind = duck.bind_get_extra_info(info);
    duckdb_logical_type varchar = duck.create_logical_type(DUCKDB_TYPE_VARCHAR);
    duck.bind_add_result_column(info, *kind == VT_QUERY ? "key" : "segment", varchar);
    duck.bind_add_result_column(info, *kind == VT_QUERY ? "value" : "decoded", varchar);
    duck.destroy_logical_type(&varchar);
    struct vt_bind *b = malloc(sizeof *b);
    if (b == NULL) {
        duck.bind_set_error(info, "curi: out of memory");
        return;
    }
    b->kind = *kind;
    b->text = NULL;
    duckdb_value v = duck.bind_get_parameter(info, 0);
    if (v != NULL && !duck.is_null_value(v))
        b->text = duck.get_varchar(v);
    duck.destroy_value(&v);
    duck.bind_set_bind_data(info, b, vt_bind_free);
}

static void vt_init(duckdb_init_info info)
{
    const struct vt_bind *b = duck.init_get_bind_data(info);
    struct vt_state *s = malloc(sizeof *s);
    curi_uri u;
    if (s == NULL)
        return; /* vt_scan sees no state and reports it */
    s->kind = b->kind;
    s->eof = 1;
    if (b->text != NULL && curi_parse(&u, b->text, strlen(b->text), 0, NULL) == CURI_OK) {
        s->eof = 0;
        if (b->kind == VT_QUERY)
            curi_query_init(&s->it, u.query, 0, NULL);
        else
            curi_segments_init(&s->it, u.path);
    }
    duck.init_set_init_data(info, s, free);
}

/* Form-decode (query) or percent-decode (segment) v into column vec at row; NULL when
 * v.ptr is NULL, and when the decoded bytes are not UTF-8 (a VARCHAR cannot hold them:
 * set_text's DuckDB call stores NULL then; docs/sql.md says so).  Returns 0, or -1 when
 * memory ran out. */
static int vt_decoded(duckdb_vector vec, idx_t row, int kind, curi_str v, struct buf *b)
{
    if (v.ptr == NULL) {
        set_null(vec, row);
        return 0;
    }
    b->len = 0;
    if (kind == VT_QUERY) {
        curi_sql_form_decode(b, v.ptr, v.len);
    } else if (curi_sql_pct_decode(b, v.ptr, v.len) != CURI_OK && !b->oom) {
        set_null(vec, row); /* a parsed path's segment always decodes */
        return 0;
    }
    if (b->oom)
        return -1;
    set_text(vec, row, b->p, b->len);
    return 0;
}

static void vt_scan(duckdb_function_info info, duckdb_data_chunk output)
{
    struct vt_state *s = duck.function_get_init_data(info);
    duckdb_vector c0 = duck.data_chunk_get_vector(output, 0);
    duckdb_vector c1 = duck.data_chunk_get_vector(output, 1);
    idx_t cap = duck.vector_size(), row = 0;
    struct buf b = {0};
    if (s == NULL) {
        duck.function_set_error(info, "curi: out of memory");
        return;
    }
    while (!s->eof && row < cap) {
        curi_str x, y = {NULL, 0};
        int more = s->kind == VT_QUERY ? curi_query_next(&s->it, &x, &y)
                                       : curi_segments_next(&s->it, &x);
        if (!more) {
            s->eof = 1;
            break;
        }
        int rc;
        if (s->kind == VT_QUERY) {
            rc = vt_decoded(c0, row, VT_QUERY, x, &b);
            if (rc == 0)
                rc = vt_decoded(c1, row, VT_QUERY, y, &b);
        } else {
            set_text(c0, row, x.ptr, x.len);
            rc = vt_decoded(c1, row, VT_SEGMENTS, x, &b);
        }
        if (rc != 0) {
            duck.function_set_error(info, "curi: out of memory");
            break;
        }
        row++;
    }
    buf_free(&b);
    duck.data_chunk_set_size(output, row);
}

static const char *const vt_names[2] = {"curi_query_each", "curi_segments"};

/*
 * ---------------------------------------------------------------------------
 * Registration
 * ---------------------------------------------------------------------------
 */

/* Add the functions to con; returns the number DuckDB refused (0 when all were added). */
static int curi_duckdb_register(duckdb_connection con)
{
    duckdb_logical_type varchar = duck.create_logical_type(DUCKDB_TYPE_VARCHAR);
    duckdb_logical_type boolean = duck.create_logical_type(DUCKDB_TYPE_BOOLEAN);
    int failed = 0;
    /* One function set per name (the entries of a name are adjacent): DuckDB before 1.5
     * refuses a second function of the same name, so overloads go in as a set. */
    for (size_t i = 0; i < sizeof fns / sizeof fns[0];) {
        duckdb_scalar_function_set set = duck.create_scalar_function_set(fns[i].name);
        const char *name = fns[i].name;
        for (; i < sizeof fns / sizeof fns[0] && strcmp(fns[i].name, name) == 0; i++) {
            duckdb_scalar_function f = duck.create_scalar_function();
            duck.scalar_function_set_name(f, fns[i].name);
            for (int k = 0; k < fns[i].nargs; k++)
                duck.scalar_function_add_parameter(f, varchar);
            int is_bool = fns[i].kind == F_VALID || fns[i].kind == F_EQUAL;
            duck.scalar_function_set_return_type(f, is_bool ? boolean : varchar);
            /* The table is static: no destructor. */
            duck.scalar_function_set_extra_info(f, (void *)(uintptr_t)&fns[i], NULL);
            duck.scalar_function_set_function(f, curi_chunk);
            if (duck.add_scalar_function_to_set(set, f) != DuckDBSuccess)
                failed++;
            duck.destroy_scalar_function(&f);
        }
        if (duck.register_scalar_function_set(con, set) != DuckDBSuccess)
            failed++;
        duck.destroy_scalar_function_set(&set);
    }
    for (size_t i = 0; i < 2; i++) {
        duckdb_table_function t = duck.create_table_function();
        duck.table_function_set_name(t, vt_names[i]);
        duck.table_function_add_parameter(t, varchar);
        duck.table_function_set_extra_info(t, (void *)(uintptr_t)&vt_kinds[i], NULL);
        duck.table_function_set_bind(t, vt_bind);
        duck.table_function_set_init(t, vt_init);
        duck.table_function_set_function(t, vt_scan);
        if (duck.register_table_function(con, t) != DuckDBSuccess)
            failed++;
        duck.destroy_table_function(&t);
    }
    duck.destroy_logical_type(&varchar);
    duck.destroy_logical_type(&boolean);
    return failed;
}

/*
 * The entry point DuckDB looks up at LOAD (the file's base name, "curi", and "_init_c_api").
 * Returns true when every function was registered; else false, with a message through
 * access->set_error.
 */
bool curi_init_c_api(duckdb_extension_info info, struct duckdb_extension_access *access);

bool curi_init_c_api(duckdb_extension_info info, struct duckdb_extension_access *access)
{
    const struct curi_duckdb_api *api = access->get_api(info, CURI_DUCKDB_CAPI_VERSION);
    if (api == NULL)
        return false; /* DuckDB has said why */
    int expected = 0;
    if (atomic_compare_exchange_strong(&duck_state, &expected, 1)) {
        duck = *api;
        atomic_store(&duck_state, 2);
    } else {
        while (atomic_load(&duck_state) != 2)
            ; /* another database's LOAD is copying the same struct: a few nanoseconds */
        if (duck.connect != api->connect) {
            access->set_error(info, "curi: loaded into a second, different DuckDB library");
            return false;
        }
    }
    duckdb_database *db = access->get_database(info);
    duckdb_connection con;
    if (db == NULL)
        return false;
    if (duck.connect(*db, &con) != DuckDBSuccess) {
        access->set_error(info, "curi: cannot open a connection to register the functions");
        return false;
    }
    int failed = curi_duckdb_register(con);
    duck.disconnect(&con);
    if (failed != 0) {
        access->set_error(info, "curi: DuckDB refused some of the functions");
        return false;
    }
    return true;
}
