# bindings/python/python.mk -- the Python package curi (cffi, API mode), included by the Makefile.
#
#   make python        build the modules (cffi's curi._curi and the extension module curi._lists)
#                      into $(B)/python (PYTHONPATH=$(B)/python imports curi), linked with
#                      $(STATIC); Debian: python3-cffi python3-setuptools python3-dev
#   make check-python  its tests (bindings/python/tests, pytest: python3-pytest), ending with
#                      "python: N passed, N failed", the GNU parallel pipeline against the tool
#                      among them (parallel); make check runs it.  Not under SAN=1: an
#                      instrumented libcuri.a cannot be linked into an uninstrumented python
#                      (the library itself is checked under the sanitizers by the vector suite)
#   make check-dask    the Dask dedup job (examples/dask_dedup.py) on a 2-worker LocalCluster
#                      and on `dask scheduler` + `dask worker` processes, against the tool
#                      (python3-dask, python3-distributed, python3-pandas)
#   make check-pip     pip install --no-build-isolation --no-index ./bindings/python into a
#                      temporary directory (libcuri compiled from src/ by setuptools), and use it;
#                      then the sdist (libcuri inside it as make amalgamation's curi.c) and the
#                      wheel built from it alone, offline (python3-build, python3-wheel), left
#                      in $(B)/pydist, the wheel installed into a fresh venv (python3-venv) and
#                      the package's tests run against it from outside the tree (dist.sh)
#   make bench-python  curi.parse and normalize_many beside urllib.parse, yarl and rfc3986 on
#                      ../shared/data/urls/kasztp.txt: time per URL, and callgrind instructions
#                      per call (bench/python_bench.py; valgrind)
#
# Python is /usr/bin/python3, Debian's: a python3 earlier on PATH may not see Debian's packages.

PYTHON    ?= /usr/bin/python3
PYDIR     := $(B)/python
PY_SRC    := $(wildcard bindings/python/curi/*.py bindings/python/curi/*.pyi bindings/python/curi/*.c) \
             bindings/python/curi/py.typed bindings/python/curi_build.py
PY_STAMP  := $(PYDIR)/.built
PYTEST     = PYTHONPATH=$(PYDIR) CURI=$(TOOL) CURI_DATA=$(CURI_DATA) PYTHONDONTWRITEBYTECODE=1 \
             $(PYTHON) bindings/python/tests/run.py
CURI_DATA ?= ../shared/data/urls

.PHONY: python check-python check-dask check-pip bench-python
python: $(PY_STAMP)

# The modules link libcuri.a; PY_LIBCURI=$(SHARED) links them with libcuri.so.0 instead (the
# Debian package python3-curi does, against libcuri0).  They are compiled with the flags
# Python was built with, not the project's; PY_LDFLAGS adds link flags (the package's
# hardening: -Wl,-z,now).
PY_LIBCURI ?= $(STATIC)
PY_LDFLAGS ?=
$(PY_STAMP): $(PY_LIBCURI) include/curi.h $(PY_SRC)
	@mkdir -p $(PYDIR)/curi
	env -u CC -u CFLAGS -u LDFLAGS $(if $(PY_LDFLAGS),LDFLAGS="$(PY_LDFLAGS)") CURI_LIBCURI_A=$(PY_LIBCURI) $(PYTHON) bindings/python/curi_build.py $(PYDIR)
	cp bindings/python/curi/__init__.py bindings/python/curi/__init__.pyi \
	    bindings/python/curi/py.typed $(PYDIR)/curi/
	@rm -rf $(PYDIR)/curi/_curi.c $(PYDIR)/curi/_curi.o $(PYDIR)/tmp-lists
	@touch $@

ifeq ($(SAN),1)
check-python check-dask check-pip:
	@echo "$@: skipped under SAN=1 (an instrumented libcuri.a is not linked into python)"
else
# What the package needs to build and test; check-python says SKIPPED without it, so that
# make check runs on a machine with only the compiler, make and python3.
PY_HAVE = $(PYTHON) -c 'import cffi, pytest, setuptools, sysconfig, os, sys; \
    sys.exit(not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")))' \
    >/dev/null 2>&1

check-python: $(TOOL) $(STATIC)
	@if $(PY_HAVE); then \
	    $(MAKE) --no-print-directory B=$(B) python && \
	    $(PYTEST) -m "not dask and not pip" bindings/python/tests; \
	else \
	    echo "check-python: SKIPPED: $(PYTHON) lacks cffi, pytest, setuptools or Python.h (Debian: python3-cffi python3-pytest python3-setuptools python3-dev)"; \
	fi

check-dask: $(PY_STAMP) $(TOOL)
	$(PYTEST) -m dask bindings/python/tests

check-pip: $(AMALG)/curi.c $(TOOL)
	$(PYTEST) -m pip bindings/python/tests
	sh bindings/python/dist.sh $(PYTHON) $(AMALG) $(B)/pydist CURI=$(abspath $(TOOL)) \
	    CURI_DATA=$(abspath $(CURI_DATA))
endif

bench-python: $(PY_STAMP) $(TOOL)
	PYTHONPATH=$(PYDIR) $(PYTHON) bench/python_bench.py $(CURI_DATA)/kasztp.txt
	PYTHONPATH=$(PYDIR) $(PYTHON) bench/python_bench.py --callgrind $(CURI_DATA)/kasztp.txt
