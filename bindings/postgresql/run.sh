#!/bin/sh
# bindings/postgresql/run.sh B build|check|bench [ROWS]|psql [ARGS] -- the PostgreSQL
# extension built (make postgresql), its tests (make check-postgresql), its speed runs
# (make bench-sql) or a psql session, each of the last three against a throw-away cluster.
#
# The extension is built with PGXS in B/postgresql and installed into a private copy of
# the PostgreSQL installation that pg_config names, in a temporary directory T, never into
# the system's own directories: a PostgreSQL 15 server finds its share and lib directories
# relative to its own executable (as pg_config's bindir to sharedir and pkglibdir), and has
# no setting that adds another extension directory, so T mirrors the three directories at
# their paths under T: the programs copied (a symbolic link would be followed back to the
# system's tree), every file of lib and share linked, and the extension installed there
# with DESTDIR=T.  The cluster is made by initdb in a temporary directory and started by
# pg_ctl on a Unix socket in that directory only (listen_addresses=''); it is stopped by
# the postmaster's PID when the script ends, whatever happened, and the directory removed.
# initdb and the server refuse to run as root: as root they run as the user postgres
# (Debian's package creates it), which then owns the directory.
# check: pg_regress (make installcheck) over sql/*.sql against expected/*.out, then every
# data file of ../shared/data/urls/ read into curi values whose parts are compared with
# curi_parse()'s, and curi_url_href() of each line with `curi url`'s (one test per file);
# ends with "N passed, N failed".
set -eu
B=$1
what=$2
root=$(cd "$(dirname "$0")/../.." && pwd)
case $B in /*) ;; *) B=$root/$B ;; esac
PG_CONFIG=${PG_CONFIG:-pg_config}
bindir=$($PG_CONFIG --bindir)
mkdir -p "$B/postgresql"

# PGXS brings its own compiler flags: the caller's make variables (CFLAGS=-Werror from CI)
# must not replace them.  PG_CFLAGS holds ours.
unset MAKEFLAGS MFLAGS MAKELEVEL
pgmake() {
    make --no-print-directory -C "$B/postgresql" -f "$root/bindings/postgresql/Makefile" \
        VPATH="$root/bindings/postgresql" CURI_ROOT="$root" CURI_LIB="$B/libcuri.a" CURI_LIBS="${CURI_LIBS:-}" with_llvm=no \
        PG_CONFIG="$PG_CONFIG" "$@"
}
pgmake >"$B/postgresql/build.log" 2>&1 || { cat "$B/postgresql/build.log"; exit 1; }
if grep -q 'warning:' "$B/postgresql/build.log"; then
    cat "$B/postgresql/build.log"
    echo "postgresql: the extension does not build warning-free"
    exit 1
fi
[ "$what" = build ] && exit 0

tmp=$(mktemp -d)
pid=
as_server() { "$@"; }
if [ "$(id -u)" = 0 ]; then
    chown postgres "$tmp"
    as_server() { runuser -u postgres -- "$@"; }
fi
cleanup() {
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
        kill -INT "$pid" 2>/dev/null || true # fast shutdown
        i=0
        while kill -0 "$pid" 2>/dev/null && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
        kill -KILL "$pid" 2>/dev/null || true
    fi
    rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

# The private installation T = $tmp/pg (see the top of this file).
pgroot=$tmp/pg
sharedir=$($PG_CONFIG --sharedir)
pkglibdir=$($PG_CONFIG --pkglibdir)
mkdir -p "$pgroot$bindir" "$pgroot$sharedir/extension" "$pgroot$pkglibdir"
for p in postgres initdb pg_ctl; do
    cp "$bindir/$p" "$pgroot$bindir/$p"
done
for f in "$sharedir"/* "$sharedir"/extension/* "$pkglibdir"/*; do
    case $f in "$sharedir/extension") continue ;; esac
    [ -e "$pgroot$f" ] || ln -s "$f" "$pgroot$f"
done
# the system's own curi files (from an install made by hand) give way to this build's
rm -f "$pgroot$pkglibdir/curi.so" "$pgroot$sharedir"/extension/curi.control \
    "$pgroot$sharedir"/extension/curi--*.sql
pgmake install DESTDIR="$pgroot" >"$B/postgresql/install.log" 2>&1 ||
    { cat "$B/postgresql/install.log"; exit 1; }
srvbin=$pgroot$bindir # the server's programs; psql is the system's own

as_server "$srvbin/initdb" -D "$tmp/data" -U postgres -E UTF8 --locale=C.UTF-8 -A trust \
    >"$tmp/initdb.log" 2>&1 || { cat "$tmp/initdb.log"; exit 1; }
as_server "$srvbin/pg_ctl" -D "$tmp/data" -l "$tmp/server.log" -w \
    -o "-c listen_addresses='' -k $tmp -p 54329 -c fsync=off" start >/dev/null ||
    { cat "$tmp/server.log"; exit 1; }
pid=$(head -n 1 "$tmp/data/postmaster.pid")
export PGHOST="$tmp" PGPORT=54329 PGUSER=postgres PGDATABASE=postgres

if [ "$what" = psql ]; then
    # run.sh B psql [psql arguments]: a session against a fresh cluster, for debugging.
    shift 2
    "$bindir/psql" -X -c 'CREATE EXTENSION curi' "$@"
    exit $?
fi
if [ "$what" = bench ]; then
    sh "$root/bindings/postgresql/bench.sh" "${3:-1000000}"
    exit 0
fi

pass=0
fail=0
set +e
pgmake installcheck >"$tmp/regress.log" 2>&1
cat "$tmp/regress.log"
pass=$(grep -c '\.\.\. ok' "$tmp/regress.log")
fail=$(grep -c '\.\.\. FAILED' "$tmp/regress.log")
if [ -f "$B/postgresql/regression.diffs" ]; then
    head -60 "$B/postgresql/regression.diffs"
fi
if [ $((pass + fail)) = 0 ]; then
    echo "postgresql: pg_regress ran no test"
    fail=1
fi

# The parts of each stored value (its text parsed again) against curi_parse() of the line,
# and its stored normalized form against a fresh one, over every data file.
data=$(ls "$root"/../shared/data/urls/*.txt 2>/dev/null)
[ -n "$data" ] || echo "postgresql: no ../shared/data/urls/*.txt: the data file comparison is left out"
for f in $data; do
    name=$(basename "$f")
    # Beside each line, what `curi url` prints for it (the href, or an empty line).
    sed -e '1s/^\xEF\xBB\xBF//' "$f" >"$tmp/urls.in"
    "$B/curi" url <"$tmp/urls.in" >"$tmp/urls.href" 2>/dev/null || true
    out=$(paste -d "$(printf '\037')" "$tmp/urls.in" "$tmp/urls.href" | sed -e 's/\\/\\\\/g' |
        "$bindir/psql" -X -q -v ON_ERROR_STOP=1 -At -c "
        SET client_min_messages = warning;
        CREATE EXTENSION IF NOT EXISTS curi;
        CREATE TEMP TABLE t(u text, href text);
        COPY t FROM STDIN WITH (FORMAT text, DELIMITER E'\\x1f');
        SELECT count(*) FILTER (WHERE c IS NOT NULL), count(*) FILTER (WHERE mismatch)
          FROM (SELECT c, j,
                       curi_scheme(c) IS DISTINCT FROM j->>'scheme' OR
                       curi_userinfo(c) IS DISTINCT FROM j->>'userinfo' OR
                       curi_host(c) IS DISTINCT FROM j->>'host' OR
                       curi_host_type(c) IS DISTINCT FROM j->>'host_type' OR
                       curi_port(c) IS DISTINCT FROM j->>'port' OR
                       curi_path(c) IS DISTINCT FROM j->>'path' OR
                       curi_query(c) IS DISTINCT FROM j->>'query' OR
                       curi_fragment(c) IS DISTINCT FROM j->>'fragment' OR
                       (c IS NOT NULL AND curi_raw(c) <> u) OR
                       (c IS NULL) <> (j->>'error' IS NOT NULL) OR
                       (c IS NOT NULL AND curi_normalize(c) <> curi_normalize(c, 'scheme')) OR
                       coalesce(curi_url_href(u), '') <> href
                       AS mismatch
                  FROM (SELECT u, href, try_curi(u) AS c, curi_parse(u) AS j FROM t) s) x;" 2>&1)
    case $out in
    *"|0") pass=$((pass + 1)) ;;
    *) fail=$((fail + 1)); echo "FAIL: $name: valid|mismatched = $out" ;;
    esac
done
echo "postgresql: $pass passed, $fail failed"
[ "$fail" = 0 ]
