/*
 * curi_duckdb.c -- curi's scalar functions for DuckDB, through its stable C API, vectorized:
 * DuckDB calls each function once per chunk (up to 2048 rows) and the loop below runs the
 * library over the chunk's strings.  curi_duckdb_register(con) adds them to a connection.
 *
 * The SQLite binding's rules hold: a NULL argument gives NULL; an input that does not parse
 * gives NULL (curi_valid and curi_error say why); parts are NULL when absent, '' when empty.
 * curi_url_href(u [, base]) and curi_url_host(u [, base]) are the WHATWG URL Standard's href
 * and hostname, NULL when u or base fails its parser (the host also when it is null).
 * The functions are VARCHAR -> VARCHAR (curi_valid -> BOOLEAN).  Uses libcuri's public
 * header only.  SPDX-License-Identifier: MIT
 */
#include "curi_duckdb.h"

#include <stdlib.h>
#include <string.h>

#include "curi.h"
#include "curi_sql.h"

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
    F_URL_HOST  /* its hostname */
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
    duckdb_vector_ensure_validity_writable(out);
    duckdb_validity_set_row_invalid(duckdb_vector_get_validity(out), row);
}

static void set_text(duckdb_vector out, idx_t row, const char *s, size_t n)
{
    duckdb_vector_assign_string_element_len(out, row, n ? s : "", n);
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
        break;
    }
    set_null(out, row);
    return 0;
}

/* The function DuckDB calls per chunk; the fn_def is the extra info. */
static void curi_chunk(duckdb_function_info info, duckdb_data_chunk input, duckdb_vector out)
{
    const struct fn_def *f = duckdb_scalar_function_get_extra_info(info);
    idx_t n = duckdb_data_chunk_get_size(input);
    const duckdb_string_t *data[2] = {NULL, NULL};
    const uint64_t *valid[2] = {NULL, NULL};
    struct buf b = {0}, w = {0};
    for (int i = 0; i < f->nargs; i++) {
        duckdb_vector v = duckdb_data_chunk_get_vector(input, (idx_t)i);
        data[i] = duckdb_vector_get_data(v);
        valid[i] = duckdb_vector_get_validity(v);
    }
    if (f->kind == F_VALID) {
        bool *res = duckdb_vector_get_data(out);
        for (idx_t row = 0; row < n; row++) {
            if (!row_valid(valid[0], row)) {
                set_null(out, row);
                continue;
            }
            curi_str s = str_of(&data[0][row]);
            curi_uri u;
            res[row] = curi_parse(&u, s.ptr, s.len, 0, NULL) == CURI_OK;
        }
        return;
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
        if (isnull) {
            set_null(out, row);
            continue;
        }
        int rc = one_row(f, a, out, row, &b, &w);
        if (rc == -1) {
            duckdb_scalar_function_set_error(info, "curi: out of memory");
            break;
        }
        if (rc == -2) {
            duckdb_scalar_function_set_error(info, "curi_normalize: the level is 'scheme' or 'syntax'");
            break;
        }
    }
    buf_free(&b);
    buf_free(&w);
}

int curi_duckdb_register(duckdb_connection con)
{
    duckdb_logical_type varchar = duckdb_create_logical_type(DUCKDB_TYPE_VARCHAR);
    duckdb_logical_type boolean = duckdb_create_logical_type(DUCKDB_TYPE_BOOLEAN);
    int failed = 0;
    for (size_t i = 0; i < sizeof fns / sizeof fns[0]; i++) {
        duckdb_scalar_function f = duckdb_create_scalar_function();
        duckdb_scalar_function_set_name(f, fns[i].name);
        for (int k = 0; k < fns[i].nargs; k++)
            duckdb_scalar_function_add_parameter(f, varchar);
        duckdb_scalar_function_set_return_type(f, fns[i].kind == F_VALID ? boolean : varchar);
        /* The table is static: no destructor. */
        duckdb_scalar_function_set_extra_info(f, (void *)(uintptr_t)&fns[i], NULL);
        duckdb_scalar_function_set_function(f, curi_chunk);
        if (duckdb_register_scalar_function(con, f) != DuckDBSuccess)
            failed++;
        duckdb_destroy_scalar_function(&f);
    }
    duckdb_destroy_logical_type(&varchar);
    duckdb_destroy_logical_type(&boolean);
    return failed;
}
