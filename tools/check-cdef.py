#!/usr/bin/env python3
"""check-cdef.py -- the header's binding block, read by cffi and called for real.

    python3 tools/check-cdef.py [LIBRARY [HEADER]]

LIBRARY is the freshly built shared library (default build/libcuri.so.0), HEADER the header
(default include/curi.h).  Everything between the lines /* CURI_CDEF_BEGIN */ and
/* CURI_CDEF_END */ of the header is handed, as it is, to cffi's FFI().cdef() -- comments
and all: cffi drops them itself -- the way a Python binding would; then LIBRARY is
dlopen()ed through those declarations and a few functions are called and their results
checked: parse (views, port, an error code and offset), normalize into a buffer, the
writer contract's NOSPACE retry, encoding, the query cursor, the scheme registry, both
batch functions, and every error code's number, name and message against CURI_ERRNO_MAP.
The block must hold no preprocessor line and no macro, and declare only functions the
library exports.

The last line is "check-cdef: N passed, N failed"; the exit status is 1 when any check
failed.  Without cffi (Debian: python3-cffi) the script says SKIPPED and exits 0.
SPDX-License-Identifier: MIT
"""
import os
import re
import sys

NAME = "check-cdef"
BEGIN = "/* CURI_CDEF_BEGIN */"
END = "/* CURI_CDEF_END */"

passed = 0
failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print(f"{NAME}: FAIL: {what}")
    return ok


def done():
    print(f"{NAME}: {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


def main():
    lib_path = sys.argv[1] if len(sys.argv) > 1 else "build/libcuri.so.0"
    header = sys.argv[2] if len(sys.argv) > 2 else "include/curi.h"
    try:
        import cffi
    except ImportError:
        print(f"{NAME}: cffi is not importable (Debian: python3-cffi): SKIPPED")
        sys.exit(0)

    with open(header, encoding="utf-8") as f:
        text = f.read()

    # The block: one pair of markers, each alone on its line, in that order.
    lines = text.split("\n")
    begins = [i for i, l in enumerate(lines) if l.strip() == BEGIN]
    ends = [i for i, l in enumerate(lines) if l.strip() == END]
    if not check(len(begins) == 1 and len(ends) == 1 and begins[0] < ends[0],
                 f"{header} needs one line {BEGIN} and, after it, one line {END}"):
        done()
    block = "\n".join(lines[begins[0] + 1:ends[0]])

    # No preprocessor line and no macro: cdef reads neither, and a binding gets nothing else.
    pp = [l for l in block.split("\n") if l.lstrip().startswith("#")]
    check(not pp, f"preprocessor lines inside the block: {pp}")
    code = re.sub(r"/\*.*?\*/|//[^\n]*", " ", block, flags=re.S)

    # Every enumerator has a literal value (a binding reads the number, never a position).
    implicit = []
    for body in re.findall(r"\benum\b[^{;]*\{([^}]*)\}", code):
        for item in body.split(","):
            item = item.strip()
            if item and not re.fullmatch(r"[A-Z][A-Z0-9_]*\s*=\s*(0x[0-9A-Fa-f]+|[0-9]+)", item):
                implicit.append(item)
    check(not implicit, f"enumerators without a literal value: {implicit}")
    macros = sorted(set(re.findall(
        r"\b(?:CURI_API|CURI_MAX_LEN|CURI_ROW_ABSENT|CURI_ERRNO_MAP|CURI_VERSION_[A-Z]+)\b",
        code)))
    check(not macros, f"macros used by the declarations of the block: {macros}")

    ffi = cffi.FFI()
    try:
        ffi.cdef(block)  # as it is: comments included
    except Exception as e:  # cffi raises CDefError, or pycparser's ParseError
        check(False, f"cffi's cdef() refuses the block: {type(e).__name__}: {e}")
        done()
    check(True, "cdef() reads the block")
    try:
        lib = ffi.dlopen(os.path.abspath(lib_path))
    except OSError as e:
        check(False, f"dlopen {lib_path}: {e}")
        done()

    # Every function the block declares is exported by the library.
    funcs = sorted(set(re.findall(r"\b(curi_[a-z0-9_]+)\s*\(", code)))
    check(len(funcs) >= 40, f"only {len(funcs)} functions in the block")
    for fn in funcs:
        try:
            getattr(lib, fn)
            check(True, fn)
        except (AttributeError, NotImplementedError) as e:
            check(False, f"{fn} is declared in the block but not found in {lib_path}: {e}")

    s = lambda p: ffi.string(p).decode() if p != ffi.NULL else None

    def view(v):
        return None if v.ptr == ffi.NULL else ffi.unpack(v.ptr, v.len).decode()

    # Version: the linked library's against the header's macros.
    ver = re.search(r'#define CURI_VERSION_STRING "([^"]*)"', text).group(1)
    major, minor, patch = (int(x) for x in ver.split("."))
    check(s(lib.curi_version_string()) == ver,
          f"curi_version_string() is {s(lib.curi_version_string())!r}, header {ver!r}")
    check(lib.curi_version_number() == major * 10000 + minor * 100 + patch,
          f"curi_version_number() is {lib.curi_version_number()}")

    # Error codes: enumerators, names and messages against the X-macro list.
    xx = re.findall(r'XX\((\d+), ([A-Z0-9_]+), "((?:[^"\\]|\\.)*)"\)', text)
    check(len(xx) >= 26, f"CURI_ERRNO_MAP has only {len(xx)} entries")
    for num, nm, msg in xx:
        num = int(num)
        check(getattr(lib, "CURI_ERR_" + nm, None) == num,
              f"CURI_ERR_{nm} is {getattr(lib, 'CURI_ERR_' + nm, None)} in the block, "
              f"{num} in CURI_ERRNO_MAP")
        check(s(lib.curi_strerror_name(num)) == nm, f"curi_strerror_name({num})")
        check(s(lib.curi_strerror(num)) == msg, f"curi_strerror({num})")
    check(lib.CURI_OK == 0 and s(lib.curi_strerror_name(-1)) == "UNKNOWN",
          "CURI_OK, curi_strerror_name(-1)")

    # Flags read as plain integers, the composite masks included.
    check(lib.CURI_NORM_SYNTAX == lib.CURI_NORM_CASE | lib.CURI_NORM_PCT_HEX |
          lib.CURI_NORM_UNRESERVED | lib.CURI_NORM_DOTS, "CURI_NORM_SYNTAX")
    check(lib.CURI_NORM_SCHEME ==
          lib.CURI_NORM_PORT | lib.CURI_NORM_EMPTY_PATH | lib.CURI_NORM_SCHEME_RULES,
          "CURI_NORM_SCHEME")
    check(lib.CURI_NORM_DEFAULT == lib.CURI_NORM_SYNTAX | lib.CURI_NORM_SCHEME,
          "CURI_NORM_DEFAULT")
    check((lib.CURI_PARSE_URI, lib.CURI_PARSE_ABSOLUTE, lib.CURI_PARSE_STRICT_3986,
           lib.CURI_PARSE_PORT_RANGE) == (1, 2, 4, 8), "CURI_PARSE_* values")
    check(ffi.sizeof("curi_row") == 64, f"sizeof(curi_row) is {ffi.sizeof('curi_row')}")

    # Parse: views into the input, the port, the host type.
    src = b"http://user@Example.COM:8080/a/./b/../c/%7euser?q=1&k#frag"
    buf = ffi.new("char[]", src)  # the views point into buf: keep it alive
    u = ffi.new("curi_uri *")
    err = ffi.new("curi_error *")
    rc = lib.curi_parse(u, buf, len(src), 0, err)
    check(rc == lib.CURI_OK and err.code == lib.CURI_OK, f"curi_parse({src!r}) returned {rc}")
    got = {p: view(getattr(u, p)) for p in ("scheme", "userinfo", "host", "port", "path",
                                             "query", "fragment", "zone")}
    want = {"scheme": "http", "userinfo": "user", "host": "Example.COM", "port": "8080",
            "path": "/a/./b/../c/%7euser", "query": "q=1&k", "fragment": "frag", "zone": None}
    check(got == want, f"curi_parse views: {got}")
    check(u.host_type == lib.CURI_HOST_REGNAME and u.port_status == lib.CURI_PORT_VALID and
          u.port_number == 8080, "host_type, port_status, port_number")
    check(view(lib.curi_get(u, lib.CURI_PART_HOST)) == "Example.COM",
          "curi_get(u, CURI_PART_HOST) (a struct returned by value)")
    check(s(lib.curi_part_name(lib.CURI_PART_FRAGMENT)) == "fragment", "curi_part_name")

    # Parse errors: the code and the offset of the first offending byte.
    for bad, code, at in ((b"http://[::1", lib.CURI_ERR_IP_UNTERMINATED, 7),
                          (b"http://a b/", lib.CURI_ERR_HOST_CHAR, 8),
                          (b"a%2", lib.CURI_ERR_PCT, 1)):
        rc = lib.curi_parse(u, bad, len(bad), 0, err)
        check(rc == code and err.code == code and err.offset == at,
              f"curi_parse({bad!r}): {rc} ({s(lib.curi_strerror_name(rc))}) at "
              f"{err.offset}, want {code} at {at}")
        check(u.host.ptr == ffi.NULL and u.path.ptr == ffi.NULL, f"{bad!r}: *out not cleared")

    # Normalize into a buffer, after measuring with dst NULL, cap 0 (the writer contract).
    rc = lib.curi_parse(u, buf, len(src), 0, err)
    outlen = ffi.new("size_t *")
    rc = lib.curi_normalize(ffi.NULL, 0, outlen, u, lib.CURI_NORM_DEFAULT, err)
    want = "http://user@example.com:8080/a/c/~user?q=1&k#frag"
    check(rc == lib.CURI_ERR_NOSPACE and outlen[0] == len(want),
          f"curi_normalize(NULL, 0): {rc}, *outlen {outlen[0]}")
    out = ffi.new("char[]", outlen[0])
    rc = lib.curi_normalize(out, outlen[0], outlen, u, lib.CURI_NORM_DEFAULT, err)
    got = ffi.unpack(out, outlen[0]).decode()
    check(rc == lib.CURI_OK and got == want, f"curi_normalize: {rc} {got!r}")
    check(lib.curi_normalize_bound(u) >= len(want), "curi_normalize_bound")
    level = ffi.new("curi_equiv *")
    rc = lib.curi_compare(u, u, lib.CURI_EQ_SCHEME, level, err)
    check(rc == lib.CURI_OK and level[0] == lib.CURI_EQ_STRING, f"curi_compare: {rc} {level[0]}")
    rc = lib.curi_compare(u, u, 7, level, err)
    check(rc == lib.CURI_ERR_INVALID_ARG and err.code == rc and level[0] == lib.CURI_EQ_NONE,
          f"curi_compare with a max_level past the ladder: {rc} {level[0]}")
    rc = lib.curi_normalize(out, outlen[0], ffi.NULL, u, 0x100, ffi.NULL)
    check(rc == lib.CURI_ERR_INVALID_ARG, f"curi_normalize with an unknown mask bit: {rc}")

    # Percent-encoding with a named character set.
    enc = ffi.new("char[]", 64)
    rc = lib.curi_pct_encode(enc, 64, outlen, b"a b/c%", 6, lib.CURI_CHARSET_PATH, 0, err)
    got = ffi.unpack(enc, outlen[0]).decode()
    check(rc == lib.CURI_OK and got == "a%20b/c%25", f"curi_pct_encode: {rc} {got!r}")

    # The query cursor.
    c = ffi.new("curi_cursor *")
    k, v = ffi.new("curi_str *"), ffi.new("curi_str *")
    rc = lib.curi_query_init(c, u.query, 0, err)
    check(rc == lib.CURI_OK, f"curi_query_init: {rc}")
    pairs = []
    while lib.curi_query_next(c, k, v):
        pairs.append((view(k[0]), view(v[0])))
    check(pairs == [("q", "1"), ("k", None)], f"query pairs: {pairs}")

    # The scheme registry through its opaque handle.
    sch = lib.curi_scheme_find(b"HTTPS", 5)
    check(sch != ffi.NULL and s(lib.curi_scheme_name(sch)) == "https" and
          lib.curi_scheme_default_port(sch) == 443, "curi_scheme_find(HTTPS)")

    # Batches: spans of (pointer, length), and the same inputs as lines of one block.
    inputs = [b"http://a:1/x", b"bad uri", b"mailto:x@y", b""]
    n = len(inputs)
    keep = [ffi.from_buffer(i) for i in inputs]
    spans = ffi.new("curi_str[]", [(k, len(i)) for k, i in zip(keep, inputs)])
    rows = ffi.new("curi_row[]", n)
    nvalid = ffi.new("size_t *")
    rc = lib.curi_parse_many(rows, spans, n, 0, nvalid, ffi.NULL)
    check(rc == 0 and nvalid[0] == 3, f"curi_parse_many: {rc}, {nvalid[0]} valid, want 3")
    absent = int(re.search(r"#define CURI_ROW_ABSENT UINT32_C\((0x[0-9A-Fa-f]+)\)",
                           text).group(1), 16)
    check(absent == 0xFFFFFFFF, f"CURI_ROW_ABSENT is {absent:#x}")
    r0, r1, r2 = rows[0], rows[1], rows[2]
    check(r0.code == 0 and r0.off[lib.CURI_PART_HOST] == 7 and
          r0.len[lib.CURI_PART_HOST] == 1 and r0.value == 1 and
          r0.port_status == lib.CURI_PORT_VALID, "curi_parse_many row 0")
    check(r0.off[lib.CURI_PART_USERINFO] == absent, "row 0: an absent userinfo")
    check(r1.code == lib.CURI_ERR_PATH_CHAR and r1.value == 3 and
          all(r1.off[p] == absent for p in range(lib.CURI_ROW_PARTS)),
          f"curi_parse_many row 1: code {r1.code} at {r1.value}")
    check(r2.code == 0 and r2.host_type == lib.CURI_HOST_NONE and
          r2.off[lib.CURI_PART_PATH] == 7 and r2.len[lib.CURI_PART_PATH] == 3,
          "curi_parse_many row 2")
    codes = ffi.new("uint16_t[]", n)
    rc = lib.curi_valid_many(codes, spans, n, 0, nvalid, ffi.NULL)
    check(rc == 0 and nvalid[0] == 3 and list(codes) == [0, lib.CURI_ERR_PATH_CHAR, 0, 0],
          f"curi_valid_many: {rc}, {nvalid[0]} valid, codes {list(codes)}")
    block = b"\r\n".join(inputs) + b"\n"
    starts = ffi.new("size_t[]", n)
    lines, used = ffi.new("size_t *"), ffi.new("size_t *")
    rc = lib.curi_parse_lines(rows, starts, n, block, len(block), 0, lines, used, ffi.NULL)
    check(rc == 0 and lines[0] == n and used[0] == len(block) and list(starts) == [0, 14, 23, 35]
          and rows[0].off[lib.CURI_PART_HOST] == 7 and rows[1].value == 3,
          f"curi_parse_lines: {rc}, {lines[0]} lines, {used[0]} bytes, starts {list(starts)}")
    ends = ffi.new("size_t[]", n)
    codes = ffi.new("uint16_t[]", n)
    nbuf = ffi.new("char[]", 64)
    done_ = ffi.new("size_t *")
    rc = lib.curi_normalize_many(nbuf, 64, ends, codes, spans, n, 0, lib.CURI_NORM_DEFAULT,
                                 done_, ffi.NULL)
    k = done_[0] if rc == 0 else -1
    outs = [ffi.unpack(nbuf + (ends[i - 1] if i else 0),
                       ends[i] - (ends[i - 1] if i else 0)).decode() for i in range(n)]
    check(k == n and outs == ["http://a:1/x", "", "mailto:x@y", ""] and
          list(codes) == [0, lib.CURI_ERR_PATH_CHAR, 0, 0],
          f"curi_normalize_many: {k} {outs} {list(codes)}")
    done()


if __name__ == "__main__":
    main()
