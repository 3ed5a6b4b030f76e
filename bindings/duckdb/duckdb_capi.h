/*
 * duckdb_capi.h -- the part of DuckDB's stable C API that the curi functions and their host
 * program use, declared here because the libduckdb.so that npm installs ships no header.
 * Types and values as the C API documents them (DuckDB 1.x): opaque handles are pointers
 * to one-word structs; duckdb_result is six words the caller allocates; a VARCHAR value
 * (duckdb_string_t) is 16 bytes, its text inline when at most 12 bytes long, else behind
 * a pointer.  SPDX-License-Identifier: MIT
 */
#ifndef CURI_DUCKDB_CAPI_H
#define CURI_DUCKDB_CAPI_H

#include <stdbool.h>
#include <stdint.h>

typedef uint64_t idx_t;

typedef enum { DuckDBSuccess = 0, DuckDBError = 1 } duckdb_state;

typedef enum {
    DUCKDB_TYPE_BOOLEAN = 1,
    DUCKDB_TYPE_VARCHAR = 17
} duckdb_type;

typedef struct _duckdb_database { void *internal_ptr; } * duckdb_database;
typedef struct _duckdb_connection { void *internal_ptr; } * duckdb_connection;
typedef struct _duckdb_logical_type { void *internal_ptr; } * duckdb_logical_type;
typedef struct _duckdb_data_chunk { void *internal_ptr; } * duckdb_data_chunk;
typedef struct _duckdb_vector { void *internal_ptr; } * duckdb_vector;
typedef struct _duckdb_function_info { void *internal_ptr; } * duckdb_function_info;
typedef struct _duckdb_scalar_function { void *internal_ptr; } * duckdb_scalar_function;

typedef struct {
    idx_t deprecated_column_count;
    idx_t deprecated_row_count;
    idx_t deprecated_rows_changed;
    void *deprecated_columns;
    char *deprecated_error_message;
    void *internal_data;
} duckdb_result;

typedef struct {
    union {
        struct {
            uint32_t length;
            char prefix[4];
            char *ptr;
        } pointer;
        struct {
            uint32_t length;
            char inlined[12];
        } inlined;
    } value;
} duckdb_string_t;

typedef void (*duckdb_scalar_function_t)(duckdb_function_info info, duckdb_data_chunk input,
                                         duckdb_vector output);

duckdb_state duckdb_open(const char *path, duckdb_database *out_database);
void duckdb_close(duckdb_database *database);
duckdb_state duckdb_connect(duckdb_database database, duckdb_connection *out_connection);
void duckdb_disconnect(duckdb_connection *connection);
const char *duckdb_library_version(void);

duckdb_state duckdb_query(duckdb_connection connection, const char *query, duckdb_result *out_result);
void duckdb_destroy_result(duckdb_result *result);
const char *duckdb_result_error(duckdb_result *result);
idx_t duckdb_column_count(duckdb_result *result);
idx_t duckdb_row_count(duckdb_result *result);
char *duckdb_value_varchar(duckdb_result *result, idx_t col, idx_t row);
bool duckdb_value_is_null(duckdb_result *result, idx_t col, idx_t row);
void duckdb_free(void *ptr);

duckdb_logical_type duckdb_create_logical_type(duckdb_type type);
void duckdb_destroy_logical_type(duckdb_logical_type *type);

duckdb_scalar_function duckdb_create_scalar_function(void);
void duckdb_destroy_scalar_function(duckdb_scalar_function *scalar_function);
void duckdb_scalar_function_set_name(duckdb_scalar_function scalar_function, const char *name);
void duckdb_scalar_function_add_parameter(duckdb_scalar_function scalar_function,
                                          duckdb_logical_type type);
void duckdb_scalar_function_set_return_type(duckdb_scalar_function scalar_function,
                                            duckdb_logical_type type);
void duckdb_scalar_function_set_extra_info(duckdb_scalar_function scalar_function, void *extra_info,
                                           void (*destroy)(void *));
void duckdb_scalar_function_set_function(duckdb_scalar_function scalar_function,
                                         duckdb_scalar_function_t function);
duckdb_state duckdb_register_scalar_function(duckdb_connection con,
                                             duckdb_scalar_function scalar_function);
void *duckdb_scalar_function_get_extra_info(duckdb_function_info info);
void duckdb_scalar_function_set_error(duckdb_function_info info, const char *error);

idx_t duckdb_data_chunk_get_size(duckdb_data_chunk chunk);
duckdb_vector duckdb_data_chunk_get_vector(duckdb_data_chunk chunk, idx_t col_idx);
void *duckdb_vector_get_data(duckdb_vector vector);
uint64_t *duckdb_vector_get_validity(duckdb_vector vector);
void duckdb_vector_ensure_validity_writable(duckdb_vector vector);
void duckdb_validity_set_row_invalid(uint64_t *validity, idx_t row);
void duckdb_vector_assign_string_element_len(duckdb_vector vector, idx_t index, const char *str,
                                             idx_t str_len);

#endif /* CURI_DUCKDB_CAPI_H */
