/*
 * duckdb_capi_v1_2.h -- the part of DuckDB's C extension API (duckdb_extension.h, API version
 * v1.2.0, the first stable one) that curi's loadable extension uses, declared here because the
 * extension is built without DuckDB's headers.
 *
 * A C API extension exports one symbol, NAME_init_c_api(info, access) (NAME the file's base
 * name, here curi_init_c_api).  DuckDB calls it at LOAD with an access struct of three
 * callbacks; access->get_api(info, "v1.2.0") returns the function-pointer struct
 * duckdb_ext_api_v1, which later DuckDB releases only ever extend at its end, so an extension
 * built for v1.2.0 loads into any DuckDB 1.x from 1.2.0 on.  The struct below mirrors the
 * slots of that struct that are used, at their positions in v1.2.0 (the number after each);
 * the slots between are skipped by CURI_DUCKDB_SKIP, arrays of function pointers of the
 * same size.  The file's metadata footer names the ABI "C_STRUCT" and the same version
 * (bindings/duckdb/append-metadata.sh).
 *
 * Types and values as DuckDB's duckdb.h defines them: opaque handles are pointers to
 * one-word structs; a VARCHAR value (duckdb_string_t) is 16 bytes, its text inline when at
 * most 12 bytes long, else behind a pointer.  SPDX-License-Identifier: MIT
 */
#ifndef CURI_DUCKDB_CAPI_V1_2_H
#define CURI_DUCKDB_CAPI_V1_2_H

#include <stdbool.h>
#include <stdint.h>

/* The C API version asked of get_api and written in the footer. */
#define CURI_DUCKDB_CAPI_VERSION "v1.2.0"

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
typedef struct _duckdb_value { void *internal_ptr; } * duckdb_value;
typedef struct _duckdb_function_info { void *internal_ptr; } * duckdb_function_info;
typedef struct _duckdb_scalar_function { void *internal_ptr; } * duckdb_scalar_function;
typedef struct _duckdb_scalar_function_set { void *internal_ptr; } * duckdb_scalar_function_set;
typedef struct _duckdb_table_function { void *internal_ptr; } * duckdb_table_function;
typedef struct _duckdb_bind_info { void *internal_ptr; } * duckdb_bind_info;
typedef struct _duckdb_init_info { void *internal_ptr; } * duckdb_init_info;
typedef struct _duckdb_extension_info { void *internal_ptr; } * duckdb_extension_info;

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

typedef void (*duckdb_delete_callback_t)(void *data);
typedef void (*duckdb_scalar_function_t)(duckdb_function_info info, duckdb_data_chunk input,
                                         duckdb_vector output);
typedef void (*duckdb_table_function_bind_t)(duckdb_bind_info info);
typedef void (*duckdb_table_function_init_t)(duckdb_init_info info);
typedef void (*duckdb_table_function_t)(duckdb_function_info info, duckdb_data_chunk output);

/* What DuckDB passes to NAME_init_c_api. */
struct duckdb_extension_access {
    void (*set_error)(duckdb_extension_info info, const char *error);
    duckdb_database *(*get_database)(duckdb_extension_info info);
    const void *(*get_api)(duckdb_extension_info info, const char *version);
};

/* Slots from (inclusive) to before `to` of duckdb_ext_api_v1, not used here. */
#define CURI_DUCKDB_SKIP(from, to) void (*skip_##from[(to) - (from)])(void);

/* The used slots of duckdb_ext_api_v1 (v1.2.0), named as in the C API without "duckdb_". */
struct curi_duckdb_api {
    CURI_DUCKDB_SKIP(0, 3)
    duckdb_state (*connect)(duckdb_database database, duckdb_connection *out_connection); /* 3 */
    CURI_DUCKDB_SKIP(4, 6)
    void (*disconnect)(duckdb_connection *connection); /* 6 */
    CURI_DUCKDB_SKIP(7, 25)
    void (*free)(void *ptr);      /* 25 */
    idx_t (*vector_size)(void);   /* 26 */
    CURI_DUCKDB_SKIP(27, 92)
    void (*destroy_value)(duckdb_value *value); /* 92 */
    CURI_DUCKDB_SKIP(93, 142)
    char *(*get_varchar)(duckdb_value value); /* 142 */
    CURI_DUCKDB_SKIP(143, 149)
    bool (*is_null_value)(duckdb_value value); /* 149 */
    CURI_DUCKDB_SKIP(150, 156)
    duckdb_logical_type (*create_logical_type)(duckdb_type type); /* 156 */
    CURI_DUCKDB_SKIP(157, 184)
    void (*destroy_logical_type)(duckdb_logical_type *type); /* 184 */
    CURI_DUCKDB_SKIP(185, 190)
    duckdb_vector (*data_chunk_get_vector)(duckdb_data_chunk chunk, idx_t col_idx); /* 190 */
    idx_t (*data_chunk_get_size)(duckdb_data_chunk chunk);                          /* 191 */
    void (*data_chunk_set_size)(duckdb_data_chunk chunk, idx_t size);               /* 192 */
    CURI_DUCKDB_SKIP(193, 194)
    void *(*vector_get_data)(duckdb_vector vector);              /* 194 */
    uint64_t *(*vector_get_validity)(duckdb_vector vector);      /* 195 */
    void (*vector_ensure_validity_writable)(duckdb_vector vector); /* 196 */
    CURI_DUCKDB_SKIP(197, 198)
    void (*vector_assign_string_element_len)(duckdb_vector vector, idx_t index, const char *str,
                                             idx_t str_len); /* 198 */
    CURI_DUCKDB_SKIP(199, 207)
    void (*validity_set_row_invalid)(uint64_t *validity, idx_t row); /* 207 */
    CURI_DUCKDB_SKIP(208, 209)
    duckdb_scalar_function (*create_scalar_function)(void);                  /* 209 */
    void (*destroy_scalar_function)(duckdb_scalar_function *scalar_function); /* 210 */
    void (*scalar_function_set_name)(duckdb_scalar_function f, const char *name); /* 211 */
    CURI_DUCKDB_SKIP(212, 215)
    void (*scalar_function_add_parameter)(duckdb_scalar_function f, duckdb_logical_type type); /* 215 */
    void (*scalar_function_set_return_type)(duckdb_scalar_function f,
                                            duckdb_logical_type type); /* 216 */
    void (*scalar_function_set_extra_info)(duckdb_scalar_function f, void *extra_info,
                                           duckdb_delete_callback_t destroy); /* 217 */
    void (*scalar_function_set_function)(duckdb_scalar_function f,
                                         duckdb_scalar_function_t function); /* 218 */
    duckdb_state (*register_scalar_function)(duckdb_connection con,
                                             duckdb_scalar_function f); /* 219 */
    void *(*scalar_function_get_extra_info)(duckdb_function_info info);          /* 220 */
    void (*scalar_function_set_error)(duckdb_function_info info, const char *error); /* 221 */
    duckdb_scalar_function_set (*create_scalar_function_set)(const char *name); /* 222 */
    void (*destroy_scalar_function_set)(duckdb_scalar_function_set *set);      /* 223 */
    duckdb_state (*add_scalar_function_to_set)(duckdb_scalar_function_set set,
                                               duckdb_scalar_function f); /* 224 */
    duckdb_state (*register_scalar_function_set)(duckdb_connection con,
                                                 duckdb_scalar_function_set set); /* 225 */
    CURI_DUCKDB_SKIP(226, 242)
    duckdb_table_function (*create_table_function)(void);                     /* 242 */
    void (*destroy_table_function)(duckdb_table_function *table_function);     /* 243 */
    void (*table_function_set_name)(duckdb_table_function f, const char *name); /* 244 */
    void (*table_function_add_parameter)(duckdb_table_function f, duckdb_logical_type type); /* 245 */
    CURI_DUCKDB_SKIP(246, 247)
    void (*table_function_set_extra_info)(duckdb_table_function f, void *extra_info,
                                          duckdb_delete_callback_t destroy); /* 247 */
    void (*table_function_set_bind)(duckdb_table_function f,
                                    duckdb_table_function_bind_t bind); /* 248 */
    void (*table_function_set_init)(duckdb_table_function f,
                                    duckdb_table_function_init_t init); /* 249 */
    CURI_DUCKDB_SKIP(250, 251)
    void (*table_function_set_function)(duckdb_table_function f,
                                        duckdb_table_function_t function); /* 251 */
    CURI_DUCKDB_SKIP(252, 253)
    duckdb_state (*register_table_function)(duckdb_connection con, duckdb_table_function f); /* 253 */
    void *(*bind_get_extra_info)(duckdb_bind_info info); /* 254 */
    void (*bind_add_result_column)(duckdb_bind_info info, const char *name,
                                   duckdb_logical_type type); /* 255 */
    CURI_DUCKDB_SKIP(256, 257)
    duckdb_value (*bind_get_parameter)(duckdb_bind_info info, idx_t index); /* 257 */
    CURI_DUCKDB_SKIP(258, 259)
    void (*bind_set_bind_data)(duckdb_bind_info info, void *bind_data,
                               duckdb_delete_callback_t destroy); /* 259 */
    CURI_DUCKDB_SKIP(260, 261)
    void (*bind_set_error)(duckdb_bind_info info, const char *error); /* 261 */
    CURI_DUCKDB_SKIP(262, 263)
    void *(*init_get_bind_data)(duckdb_init_info info); /* 263 */
    void (*init_set_init_data)(duckdb_init_info info, void *init_data,
                               duckdb_delete_callback_t destroy); /* 264 */
    CURI_DUCKDB_SKIP(265, 269)
    void *(*function_get_extra_info)(duckdb_function_info info); /* 269 */
    void *(*function_get_bind_data)(duckdb_function_info info);  /* 270 */
    void *(*function_get_init_data)(duckdb_function_info info);  /* 271 */
    CURI_DUCKDB_SKIP(272, 273)
    void (*function_set_error)(duckdb_function_info info, const char *error); /* 273 */
};

#endif /* CURI_DUCKDB_CAPI_V1_2_H */
