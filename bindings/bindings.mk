# bindings/bindings.mk -- curi in SQL engines, included by the Makefile (docs/sql.md).
#
#   make sqlite            $(B)/curi.so, the SQLite loadable extension (.load build/curi)
#   make check-sqlite      its sqlite3-shell tests (bindings/sqlite/tests/)
#   make postgresql        the PostgreSQL extension, built with PGXS in $(B)/postgresql/
#   make check-postgresql  pg_regress against a throw-away cluster (bindings/postgresql/run.sh)
#   make duckdb            $(B)/duckdb/curi-duckdb, a host program with the DuckDB functions,
#                          linked to the libduckdb.so that npm installs into $(B)/duckdb/
#   make check-duckdb      its SQL tests (bindings/duckdb/tests/)
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
	    -o $@ bindings/sqlite/curi_sqlite.c $(SQL_C) $(STATIC) $(IDN_LIBS)

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
	    CURI_LIBS="$(IDN_LIBS)" PG_CONFIG=$(PG_CONFIG) sh bindings/postgresql/run.sh $(B) build; \
	else $(PG_SKIP); fi

check-postgresql:
ifeq ($(SAN),1)
	@echo "check-postgresql: SKIPPED under SAN=1 (the extension is built without sanitizers)"
else
	@if $(PG_HAVE); then \
	    $(MAKE) --no-print-directory B=$(B) $(STATIC) $(TOOL) && \
	    CURI_LIBS="$(IDN_LIBS)" PG_CONFIG=$(PG_CONFIG) sh bindings/postgresql/run.sh $(B) check; \
	else $(PG_SKIP); fi
endif

# --- DuckDB -------------------------------------------------------------------------------
# libduckdb.so from the npm registry's DuckDB node bindings package for this machine
# (it ships no header: bindings/duckdb/duckdb_capi.h declares what is used), installed by
# npm into $(B)/duckdb/npm and copied beside the host program, which finds it by its rpath.
DUCKDB_NPM_VERSION ?= 1.5.6-r.1
DUCKDB_NPM_ARCH := $(if $(filter aarch64 arm64,$(shell uname -m)),linux-arm64,linux-x64)
DUCKDB_NPM_PKG := @duckdb/node-bindings-$(DUCKDB_NPM_ARCH)
DUCKDB_SRC := bindings/duckdb/host.c bindings/duckdb/curi_duckdb.c bindings/duckdb/curi_duckdb.h \
    bindings/duckdb/duckdb_capi.h $(SQL_COMMON)

$(B)/duckdb/libduckdb.so:
	@mkdir -p $(B)/duckdb/npm
	@command -v npm >/dev/null 2>&1 || { echo "duckdb: no npm to install $(DUCKDB_NPM_PKG)"; exit 1; }
	npm install --no-save --no-package-lock --no-audit --no-fund --prefix $(B)/duckdb/npm \
	    $(DUCKDB_NPM_PKG)@$(DUCKDB_NPM_VERSION) >$(B)/duckdb/npm.log 2>&1 || { cat $(B)/duckdb/npm.log; exit 1; }
	cp $(B)/duckdb/npm/node_modules/$(DUCKDB_NPM_PKG)/libduckdb.so $@

$(B)/duckdb/curi-duckdb: $(DUCKDB_SRC) $(STATIC) $(B)/duckdb/libduckdb.so
	$(CC) $(SQL_CFLAGS) -Ibindings/duckdb $(LDFLAGS) -o $@ bindings/duckdb/host.c \
	    bindings/duckdb/curi_duckdb.c $(SQL_C) $(STATIC) $(IDN_LIBS) \
	    -L$(B)/duckdb -lduckdb -Wl,-rpath,'$$ORIGIN'

duckdb: $(B)/duckdb/curi-duckdb

check-duckdb:
ifeq ($(SAN),1)
	@echo "check-duckdb: SKIPPED under SAN=1 (the functions are built without sanitizers)"
else
	@if [ ! -f $(B)/duckdb/libduckdb.so ] && ! command -v npm >/dev/null 2>&1; then \
	    echo "check-duckdb: SKIPPED: no npm to install libduckdb.so ($(DUCKDB_NPM_PKG))"; \
	elif ! $(MAKE) --no-print-directory B=$(B) $(B)/duckdb/libduckdb.so; then \
	    echo "check-duckdb: SKIPPED: npm could not install $(DUCKDB_NPM_PKG)@$(DUCKDB_NPM_VERSION)"; \
	else \
	    $(MAKE) --no-print-directory B=$(B) $(B)/duckdb/curi-duckdb $(TOOL) && \
	    sh bindings/duckdb/run-tests.sh $(B); \
	fi
endif

# --- Speed --------------------------------------------------------------------------------
BENCH_SQL_ROWS ?= 1000000
bench-sql: $(B)/curi.so
	-@$(MAKE) --no-print-directory B=$(B) duckdb >/dev/null
	sh bindings/bench-sql.sh $(B) $(BENCH_SQL_ROWS)
