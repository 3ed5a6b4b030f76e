#!/bin/sh
# dist.sh -- the Python package as an sdist and a wheel, built offline, installed into a fresh
# venv and tested there (make check-pip).
#
#   sh bindings/python/dist.sh PYTHON AMALGDIR OUTDIR TESTS_ENV...
#
# 1. The sdist: bindings/python's package files with libcuri's amalgamation (AMALGDIR/curi.c
#    and curi.h, make amalgamation) as csrc/, by `python -m build --no-isolation --sdist`
#    (Debian's python3-build; the installed setuptools, wheel and cffi, no package index).
# 2. The wheel, from that sdist alone: unpacked in a temporary directory outside the source
#    tree, `python -m build --no-isolation --wheel` there.
# 3. A fresh `python -m venv --system-site-packages` (cffi from Debian), the wheel installed
#    into it by its pip with --no-index, and the package's tests (bindings/python/tests,
#    not the Dask or pip ones) run by the venv's python from the temporary directory, so that
#    `import curi` can only find the installed copy (the first test says where it is).
# The sdist and the wheel are left in OUTDIR.  SPDX-License-Identifier: MIT
set -eu
PY=$1 AMALG=$2 OUT=$3
shift 3
HERE=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
AMALG=$(cd "$AMALG" && pwd)
TMP=$(mktemp -d "${TMPDIR:-/tmp}/curi-pip.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
export PIP_NO_INDEX=1 PIP_DISABLE_PIP_VERSION_CHECK=1
unset PYTHONPATH CC CFLAGS LDFLAGS || true

version=$(sed -n 's/^version = "\(.*\)"$/\1/p' "$HERE/pyproject.toml")
lib=$(sed -n 's/^#define CURI_VERSION_STRING "\(.*\)"$/\1/p' "$AMALG/curi.h")
if [ "$version" != "$lib" ]; then
    echo "check-pip: pyproject.toml says version $version, curi.h $lib"; exit 1
fi

mkdir -p "$TMP/src/csrc" "$OUT"
cp -R "$HERE/curi" "$HERE/curi_build.py" "$HERE/setup.py" "$HERE/pyproject.toml" \
    "$HERE/MANIFEST.in" "$TMP/src/"
rm -rf "$TMP/src/curi/__pycache__"
cp "$AMALG/curi.c" "$AMALG/curi.h" "$AMALG/LICENSE" "$TMP/src/csrc/"
rm -f "$OUT"/curi-"$version".tar.gz "$OUT"/curi-"$version"-*.whl
(cd "$TMP/src" && "$PY" -m build --no-isolation --sdist --outdir "$OUT") >"$TMP/sdist.log" 2>&1 ||
    { cat "$TMP/sdist.log"; exit 1; }
sdist=$OUT/curi-$version.tar.gz
echo "check-pip: sdist $sdist: $(tar tzf "$sdist" | wc -l) files, C sources: $(tar tzf "$sdist" |
    grep -c '\.[ch]$')"

mkdir "$TMP/unpacked"
tar xzf "$sdist" -C "$TMP/unpacked"
(cd "$TMP/unpacked/curi-$version" && "$PY" -m build --no-isolation --wheel --outdir "$OUT") \
    >"$TMP/wheel.log" 2>&1 || { cat "$TMP/wheel.log"; exit 1; }
wheel=$(ls "$OUT"/curi-"$version"-*.whl)
echo "check-pip: wheel $wheel, built from the sdist alone"
# the licence travels with both (MIT asks for its notice in every copy)
tar tzf "$sdist" | grep -q '/csrc/LICENSE$' || { echo "check-pip: the sdist lacks csrc/LICENSE"; exit 1; }
"$PY" -c 'import sys, zipfile
sys.exit(not any(n.endswith("/LICENSE") for n in zipfile.ZipFile(sys.argv[1]).namelist()))' \
    "$wheel" || { echo "check-pip: the wheel lacks the LICENSE"; exit 1; }

"$PY" -m venv --system-site-packages "$TMP/venv"
"$TMP/venv/bin/python" -m pip install -q --no-index --no-deps "$wheel"
cd "$TMP"
"$TMP/venv/bin/python" -c 'import curi, sys; f = curi.__file__
print("check-pip: curi", curi.version, "imported from", f)
sys.exit(not f.startswith(sys.prefix))'
env "$@" PYTHONDONTWRITEBYTECODE=1 "$TMP/venv/bin/python" "$HERE/tests/run.py" \
    -m "not dask and not pip" "$HERE/tests"
