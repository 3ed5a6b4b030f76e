"""curi_build.py -- the cffi builder of the module curi._curi (API mode), and the builder of
the CPython extension module curi._lists (the batch calls over Python lists, curi/_lists.c).

The declarations are the header's binding block (the lines between /* CURI_CDEF_BEGIN */ and
/* CURI_CDEF_END */ of include/curi.h, handed to cffi as they are) and the prototypes of the
helpers in curi/_helpers.c.  libcuri itself is linked in statically:

  - from a built archive when CURI_LIBCURI_A names one (what `make python` does: the
    Makefile's own libcuri.a, compiled with the project's flags, -fPIC); when it names the
    shared library instead (make python PY_LIBCURI=..., the Debian package), the modules
    are linked with it and need libcuri.so.0 at run time;
  - else from libcuri as one file, csrc/curi.c beside this file (with its curi.h), compiled
    with the flags Python was built with: in a checkout (pip install ./bindings/python)
    tools/amalgamate.py writes it now from ../../src; the sdist carries it (make check-pip),
    so that the sdist builds alone.

The header of the binding block is ../../include/curi.h in a checkout, csrc/curi.h in the
sdist.

    CURI_LIBCURI_A=build/libcuri.a python3 bindings/python/curi_build.py OUTDIR

compiles both modules into OUTDIR/curi/ (`make python`); setup.py builds the same two for pip.
SPDX-License-Identifier: MIT
"""
import glob
import os
import subprocess
import sys

import cffi

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
AMALG = os.path.join(HERE, "csrc")
AMALGAMATE = os.path.join(ROOT, "tools", "amalgamate.py")
TREE = os.path.isfile(AMALGAMATE)         # a checkout around this directory, not the sdist
INCLUDE = os.path.join(ROOT, "include") if TREE else AMALG
HEADER = os.path.join(INCLUDE, "curi.h")
BEGIN = "/* CURI_CDEF_BEGIN */"
END = "/* CURI_CDEF_END */"

HELPERS_CDEF = """
int64_t curipy_check(const char *s, uint64_t lenflags);
int curipy_parse(const char *s, size_t len, unsigned flags, int32_t *r);
void curipy_rows(int32_t *out, const curi_row *rows, size_t n);
size_t curipy_cr(size_t n, const char *text, size_t len, const size_t *starts);
int curipy_normalize(char *dst, size_t cap, size_t *outlen, const char *s, size_t len,
                     unsigned pflags, unsigned mask, curi_error *err);
int curipy_resolve(char *dst, size_t cap, size_t *outlen, const char *b, size_t blen,
                   const char *r, size_t rlen, unsigned pflags, unsigned rflags,
                   int *which, curi_error *err);
int curipy_relative(char *dst, size_t cap, size_t *outlen, const char *b, size_t blen,
                    const char *t, size_t tlen, unsigned pflags, unsigned rflags,
                    int *which, curi_error *err);
int curipy_compare(const char *a, size_t alen, const char *b, size_t blen, unsigned pflags,
                   int level);
long curipy_extract(curi_extractor *x, const char *text, size_t len, curi_match *out,
                    size_t cap, char *dst, size_t *written);
int curipy_replace(char *dst, size_t cap, size_t *outlen, const char *s, size_t len,
                   unsigned pflags, const char *vals, const size_t *voff,
                   const size_t *vlen, const int *ops, int *which, curi_error *err);
size_t curipy_url_href_many(const char *block, const size_t *starts, size_t n,
                            const curi_url *base, char *dst, size_t cap, size_t *ends, int *ok);
"""


def header_block(path=HEADER):
    """The text between the two markers, as it is."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    start = text.index(BEGIN) + len(BEGIN)
    return text[start:text.index(END, start)]


def make_builder(archive=None):
    ffi = cffi.FFI()
    ffi.cdef(header_block() + HELPERS_CDEF)
    with open(os.path.join(HERE, "curi", "_helpers.c"), encoding="utf-8") as f:
        helpers = f.read()
    # Made for the Python that builds it (no abi3 name), as its companion curi._lists is,
    # which reads lists with CPython's full C API.
    kw = dict(libcuri_args(archive), define_macros=[("_CFFI_NO_LIMITED_API", None)],
              py_limited_api=False)
    ffi.set_source("curi._curi", helpers, **kw)
    return ffi


def here(path):
    """path relative to the working directory: setuptools refuses an absolute path to a file
    of the package (pip and python -m build run setup.py beside this file, make python from
    the top of the tree)."""
    return os.path.relpath(path)


def libcuri_args(archive):
    """How a module gets libcuri: the built archive, or the library's sources."""
    kw = {"include_dirs": [INCLUDE]}
    if archive:
        kw["extra_objects"] = [os.path.abspath(archive)]
    else:
        kw["sources"] = [amalgamation()]
        kw["extra_compile_args"] = ["-std=c11"]
    return kw


_written = []


def amalgamation():
    """csrc/curi.c (relative): in a checkout written once per build from the library's
    sources (the Makefile's LIB_SRC wildcards; amalgamate.py refuses a list that misses a
    source of src/), in the sdist as it came."""
    if TREE and not _written:
        srcs = sorted(glob.glob(os.path.join(ROOT, "src", "*.c")) +
                      glob.glob(os.path.join(ROOT, "src", "schemes", "*.c")) +
                      glob.glob(os.path.join(ROOT, "src", "lint", "*.c")))
        subprocess.run([sys.executable, AMALGAMATE, AMALG] + srcs, check=True)
        _written.append(AMALG)
    return here(os.path.join(AMALG, "curi.c"))


def lists_extension(archive=None):
    """The setuptools Extension of curi._lists (curi/_lists.c), linked with libcuri."""
    from setuptools import Extension
    kw = libcuri_args(archive)
    kw["sources"] = [here(os.path.join(HERE, "curi", "_lists.c"))] + kw.get("sources", [])
    return Extension("curi._lists", **kw)


def build_lists(out, archive):
    """Compile curi._lists into out/curi/ with setuptools' build_ext (make python)."""
    from setuptools import Distribution
    dist = Distribution({"name": "curi", "ext_modules": [lists_extension(archive)]})
    cmd = dist.get_command_obj("build_ext")
    cmd.build_lib = out
    cmd.build_temp = os.path.join(out, "tmp-lists")
    cmd.ensure_finalized()
    cmd.run()


ffibuilder = make_builder(os.environ.get("CURI_LIBCURI_A") or None)

if __name__ == "__main__":
    out = sys.argv[1] if len(sys.argv) > 1 else "."
    os.makedirs(out, exist_ok=True)
    ffibuilder.compile(tmpdir=out, verbose=False)
    build_lists(out, os.environ.get("CURI_LIBCURI_A") or None)
