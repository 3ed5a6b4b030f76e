#!/usr/bin/env python3
"""Check that the examples of docs/url-diff.md still give what the document says.

Usage: CURI=build/curi python3 tools/check-url-diff-doc.py [docs/url-diff.md]

Each row of the document's class table is | class | `input` | `base` or empty | RFC 3986 |
WHATWG | `curi diff output` |; the input is written with \\xHH for a byte that would not show
(a leading space).  For every row, `curi diff [--base BASE] -- INPUT` must print the last
column exactly, and the class of the first column must be among the classes it names ("(agree)":
the output is "agree").  Ends with "url-diff.md: N passed, N failed"; exit status 1 on a failure.
"""
import os
import re
import subprocess
import sys

curi = os.environ.get("CURI", "build/curi")
doc = sys.argv[1] if len(sys.argv) > 1 else "docs/url-diff.md"


def unescape(s):
    """The input of a row as bytes: \\xHH is that byte, '\\|' a '|', the rest UTF-8."""
    s = s.replace("\\|", "|")
    out = bytearray()
    i = 0
    while i < len(s):
        if s.startswith("\\x", i) and re.match(r"[0-9A-Fa-f]{2}", s[i + 2:i + 4]):
            out.append(int(s[i + 2:i + 4], 16))
            i += 4
        else:
            out += s[i].encode()
            i += 1
    return bytes(out)


def cells(line):
    """The cells of a table row, split at '|' not escaped as '\\|'."""
    parts = re.split(r"(?<!\\)\|", line.strip())
    return [p.strip() for p in parts[1:-1]]


def code(cell):
    m = re.fullmatch(r"`(.*)`", cell)
    return m.group(1) if m else None


passed = failed = 0
for n, line in enumerate(open(doc, encoding="utf-8"), 1):
    if not line.startswith("| ") or "---" in line:
        continue
    c = cells(line)
    if len(c) != 6 or code(c[1]) is None or code(c[5]) is None:
        continue
    cls, inp, base, want = c[0], unescape(code(c[1])), code(c[2]), code(c[5])
    args = [curi, "diff"] + (["--base", base] if base else []) + ["--"]
    got = subprocess.run([a.encode() for a in args] + [inp], capture_output=True)
    out = got.stdout.decode("utf-8", "replace").rstrip("\n")
    named = out[len("differ: "):].split(",") if out.startswith("differ: ") else []
    ok = out == want and (out == "agree" if cls == "(agree)" else cls in named)
    if ok:
        passed += 1
    else:
        failed += 1
        print("%s:%d: %r: want %r (class %s), got %r" % (doc, n, inp, want, cls, out))
print("url-diff.md: %d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
