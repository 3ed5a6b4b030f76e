/*
 * host.c -- curi-duckdb, a small DuckDB shell with curi's functions registered: it opens an
 * in-memory database, adds the functions to its connection and runs the SQL statements of
 * each FILE (or standard input).  A statement ends with a line whose last non-blank
 * character is ';'; lines starting with "--" are skipped.  Each result row is printed as
 * its values joined by '|', NULL as "NULL"; an error as "Error: <message>" (on standard
 * output, so that tests can expect it), and the next statement runs.  With -t, the time each
 * statement took goes to standard error as "time: <ms> ms: <first line>".
 * Exit status: 0, or 1 when a statement failed.  SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "curi_duckdb.h"

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* Run one statement and print its result; returns 0 or 1 on error. */
static int run(duckdb_connection con, const char *sql, int timing)
{
    duckdb_result res;
    double t0 = now_ms();
    int failed = duckdb_query(con, sql, &res) != DuckDBSuccess;
    double t1 = now_ms();
    if (failed) {
        const char *msg = duckdb_result_error(&res);
        printf("Error: %s\n", msg ? msg : "(no message)");
    } else {
        idx_t cols = duckdb_column_count(&res), rows = duckdb_row_count(&res);
        for (idx_t r = 0; r < rows; r++) {
            for (idx_t c = 0; c < cols; c++) {
                if (c > 0)
                    putchar('|');
                if (duckdb_value_is_null(&res, c, r)) {
                    fputs("NULL", stdout);
                } else {
                    char *v = duckdb_value_varchar(&res, c, r);
                    fputs(v ? v : "", stdout);
                    duckdb_free(v);
                }
            }
            putchar('\n');
        }
    }
    duckdb_destroy_result(&res);
    if (timing) {
        size_t n = strcspn(sql, "\n");
        fprintf(stderr, "time: %.1f ms: %.*s\n", t1 - t0, (int)n, sql);
    }
    fflush(stdout);
    return failed;
}

/* Run the statements of f. */
static int run_file(duckdb_connection con, FILE *f, int timing)
{
    char *line = NULL, *stmt = NULL;
    size_t cap = 0, len = 0, scap = 0;
    ssize_t got;
    int failed = 0;
    while ((got = getline(&line, &cap, f)) >= 0) {
        const char *p = line;
        while (*p == ' ' || *p == '\t')
            p++;
        if (strncmp(p, "--", 2) == 0 || (len == 0 && (*p == '\n' || *p == '\0')))
            continue;
        if (len + (size_t)got + 1 > scap) {
            scap = 2 * (len + (size_t)got + 1);
            char *ns = realloc(stmt, scap);
            if (ns == NULL) {
                fputs("curi-duckdb: out of memory\n", stderr);
                exit(2);
            }
            stmt = ns;
        }
        memcpy(stmt + len, line, (size_t)got);
        len += (size_t)got;
        stmt[len] = '\0';
        size_t end = len;
        while (end > 0 && (stmt[end - 1] == '\n' || stmt[end - 1] == ' ' || stmt[end - 1] == '\t' ||
                           stmt[end - 1] == '\r'))
            end--;
        if (end > 0 && stmt[end - 1] == ';') {
            failed |= run(con, stmt, timing);
            len = 0;
        }
    }
    if (len > 0)
        failed |= run(con, stmt, timing);
    free(line);
    free(stmt);
    return failed;
}

int main(int argc, char **argv)
{
    duckdb_database db;
    duckdb_connection con;
    int timing = 0, failed = 0, files = 0;
    if (duckdb_open(NULL, &db) != DuckDBSuccess || duckdb_connect(db, &con) != DuckDBSuccess) {
        fputs("curi-duckdb: cannot open an in-memory database\n", stderr);
        return 2;
    }
    if (curi_duckdb_register(con) != 0) {
        fputs("curi-duckdb: DuckDB refused some curi functions\n", stderr);
        return 2;
    }
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-t") == 0) {
            timing = 1;
            continue;
        }
        if (strcmp(argv[i], "--version") == 0) {
            printf("DuckDB %s\n", duckdb_library_version());
            continue;
        }
        FILE *f = fopen(argv[i], "r");
        if (f == NULL) {
            perror(argv[i]);
            return 2;
        }
        failed |= run_file(con, f, timing);
        fclose(f);
        files++;
    }
    if (files == 0)
        failed |= run_file(con, stdin, timing);
    duckdb_disconnect(&con);
    duckdb_close(&db);
    return failed;
}
