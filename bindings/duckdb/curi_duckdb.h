/*
 * curi_duckdb.h -- registering curi's scalar functions on a DuckDB connection.
 * SPDX-License-Identifier: MIT
 */
#ifndef CURI_DUCKDB_H
#define CURI_DUCKDB_H

#include "duckdb_capi.h"

/*
 * Add curi_scheme, curi_userinfo, curi_host, curi_port, curi_path, curi_query,
 * curi_fragment, curi_host_type, curi_valid, curi_error, curi_normalize (1 and 2
 * arguments), curi_resolve, curi_relative, curi_param, curi_parse, curi_url_href and
 * curi_url_host (1 and 2 arguments each) to con.  Returns the number of functions DuckDB
 * refused (0 when all were added).
 */
int curi_duckdb_register(duckdb_connection con);

#endif /* CURI_DUCKDB_H */
