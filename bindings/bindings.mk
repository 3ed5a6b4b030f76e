# bindings/bindings.mk -- curi in SQL engines, included by the Makefile (docs/sql.md).
#
#   make sqlite            $(B)/curi.so, the SQLite loadable extension (.load build/curi)
#   make check-sqlite      its sqlite3-shell tests (bindings/sqlite/tests/)
#   make postgresql        the PostgreSQL extension, built with PGXS in $(B)/postgresql/
#   make check-postgresql  pg_regress against a throw-away cluster (bindings/postgresql/run.sh)
#   make duckdb            $(B)/curi.duckdb_extension, the DuckDB loadable extension
#                          (LOAD 'build/curi.duckdb_extension')
#   make check-duckdb      its SQL tests (bindings/duckdb/tests/) in DuckDB's Node.js client
#   make bench-sql         the speed runs of all three over 1M URLs of the data files
#
# Each check-* target ends with an "N passed, N failed" line, or says SKIPPED (and passes)
# when its engine, headers or npm are missing.  The extensions link libcuri.a and are built
# without sanitizers: under SAN=1 the check-* targets say so and skip, since a sanitized
# module cannot be loaded into an engine that was not built with the sanitizer runtime.

.PHONY: sqlite check-sqlite postgresql check-postgresql duckdb check-duckdb bench-sql

# bindings/common/ is the SQL layer; common/ (buffer, JSON) is shared with the curi tool.
SQL_C      := bindings/common/curi_sql.c common/buf.c common/json.c
SQL_COMMON := $(SQL_C) bindings/common/curi_sql.h common/buf.h common/json.h
SQL_CFLAGS  = $(CSTD) $(OPT) $(WARN) -fPIC -Iinclude -Ibindings/common -Icommon $(CFLAGS)

# --- SQLite -------------------------------------------------------------------------------
sqlite: $(B)/curi.so

$(B)/curi.so: bindings/sqlite/curi_sqlite.c bindings/sqlite/curi.map $(SQL_COMMON) $(STATIC) include/curi.h
	$(CC) $(SQL_CFLAGS) -shared -Wl,--version-script=bindings/sqlite/curi.map $(LDFLAGS) \
	    -o $@ bindings/sqlite/curi_sqlite.c $(SQL_C) $(STATIC)

check-sqlite:
ifeq ($(SAN),1)
	@echo "check-sqlite: SKIPPED under SAN=1 (the extension is built without sanitizers)"
else
	@if ! command -v sqlite3 >/dev/null 2>&1 || [ ! -f /usr/include/sqlite3ext.h ]; then \
	    echo "check-sqlite: SKIPPED: no sqlite3 shell or no sqlite3ext.h (Debian: sqlite3 libsqlite3-dev)"; \
	else \
	    $(MAKE) --no-print-directory B=$(B) $(B)/curi.so $(TOOL) && \
	    sh bindings/sqlite/run-tests.sh $(B); \
	fi
endif

# --- PostgreSQL ---------------------------------------------------------------------------
PG_CONFIG ?= pg_config
PG_BUILDABLE = command -v $(PG_CONFIG) >/dev/null 2>&1 && \
    [ -f "$$($(PG_CONFIG) --includedir-server)/postgres.h" ]
PG_HAVE = $(PG_BUILDABLE) && [ -x "$$($(PG_CONFIG) --bindir)/initdb" ] && \
    { [ "$$(id -u)" != 0 ] || { id postgres >/dev/null 2>&1 && command -v runuser >/dev/null 2>&1; }; }
PG_SKIP = echo "$@: SKIPPED: no pg_config, server headers or initdb (Debian: postgresql postgresql-server-dev-15), or root without a postgres user"

postgresql: $(STATIC)
	@if $(PG_BUILDABLE); then \
	    PG_CONFIG=$(PG_CONFIG) sh bindings/postgresql/run.sh $(B) build; \
	else $(PG_SKIP); fi

check-postgresql:
ifeq ($(SAN),1)
	@echo "check-postgresql: SKIPPED under SAN=1 (the extension is built without sanitizers)"
else
	@if $(PG_HAVE); then \
	    $(MAKE) --no-print-directory B=$(B) $(STATIC) $(TOOL) && \
	    PG_CONFIG=$(PG_CONFIG) sh bindings/postgresql/run.sh $(B) check; \
	else $(PG_SKIP); fi
endif

# --- DuckDB -------------------------------------------------------------------------------
# $(B)/curi.duckdb_extension, a loadable extension through DuckDB's C extension API (ABI type
# C_STRUCT, C API version from bindings/duckdb/duckdb_capi_v1_2.h): any DuckDB 1.x from that
# version on loads it with SET allow_unsigned_extensions = true; LOAD 'build/curi.duckdb_extension';
# Building it needs nothing of DuckDB.  The tests run in DuckDB's Node.js client, the npm
# registry's @duckdb/node-api (it brings libduckdb.so), installed by npm into $(B)/duckdb/node.
DUCKDB_NODE_VERSION ?= 1.5.6-r.1
DUCKDB_PLATFORM := $(if $(filter aarch64 arm64,$(shell uname -m)),linux_arm64,linux_amd64)
DUCKDB_CAPI_VERSION := $(shell sed -n 's/^\#define CURI_DUCKDB_CAPI_VERSION "\(.*\)"/\1/p' \
    bindings/duckdb/duckdb_capi_v1_2.h)
DUCKDB_NODE := $(B)/duckdb/node/node_modules/@duckdb/node-api/package.json
DUCKDB_SRC := bindings/duckdb/curi_duckdb.c bindings/duckdb/duckdb_capi_v1_2.h \
    bindings/duckdb/curi.map bindings/duckdb/append-metadata.sh $(SQL_COMMON)

$(B)/curi.duckdb_extension: $(DUCKDB_SRC) $(STATIC) include/curi.h
	@mkdir -p $(B)/duckdb
	$(CC) $(SQL_CFLAGS) -Ibindings/duckdb -shared -Wl,--version-script=bindings/duckdb/curi.map \
	    $(LDFLAGS) -o $(B)/duckdb/curi.so bindings/duckdb/curi_duckdb.c $(SQL_C) $(STATIC)
	sh bindings/duckdb/append-metadata.sh $(B)/duckdb/curi.so $@ $(DUCKDB_PLATFORM) \
	    $(DUCKDB_CAPI_VERSION) $(VERSION)

$(DUCKDB_NODE):
	@mkdir -p $(B)/duckdb/node
	@command -v npm >/dev/null 2>&1 || { echo "duckdb: no npm to install @duckdb/node-api"; exit 1; }
	npm install --no-save --no-package-lock --no-audit --no-fund --prefix $(B)/duckdb/node \
	    @duckdb/node-api@$(DUCKDB_NODE_VERSION) >$(B)/duckdb/npm.log 2>&1 || { cat $(B)/duckdb/npm.log; exit 1; }

duckdb: $(B)/curi.duckdb_extension

check-duckdb:
ifeq ($(SAN),1)
	@echo "check-duckdb: SKIPPED under SAN=1 (the extension is built without sanitizers)"
else
	@if [ ! -f $(DUCKDB_NODE) ] && ! command -v npm >/dev/null 2>&1; then \
	    echo "check-duckdb: SKIPPED: no node and npm to install @duckdb/node-api"; \
	elif ! $(MAKE) --no-print-directory B=$(B) $(DUCKDB_NODE); then \
	    echo "check-duckdb: SKIPPED: npm could not install @duckdb/node-api@$(DUCKDB_NODE_VERSION)"; \
	else \
	    $(MAKE) --no-print-directory B=$(B) $(B)/curi.duckdb_extension $(TOOL) && \
	    sh bindings/duckdb/run-tests.sh $(B); \
	fi
endif

# --- Speed --------------------------------------------------------------------------------
BENCH_SQL_ROWS ?= 1000000
bench-sql: $(B)/curi.so
	-@$(MAKE) --no-print-directory B=$(B) duckdb $(DUCKDB_NODE) >/dev/null
	sh bindings/bench-sql.sh $(B) $(BENCH_SQL_ROWS)
