#!/usr/bin/python3
"""gen_debsymbols.py -- debian/libcuri0.symbols from the released ABI, abi/libcuri.abi.

Each export of libcuri.so carries the symbol version of the release that added it (or last
changed its signature), src/libcuri.map's node CURI_X.Y; the symbols file gives each the
package version X.Y.0, so that a program built against the Debian package depends on the
oldest libcuri0 that has every symbol it uses (dpkg-gensymbols, dh_makeshlibs).

    python3 tools/gen_debsymbols.py            rewrite debian/libcuri0.symbols
    python3 tools/gen_debsymbols.py --check    exit 1 when it differs from what this writes

`make abi-update` runs it after rewriting abi/libcuri.abi; `make check` runs --check.
SPDX-License-Identifier: MIT
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ABI = os.path.join(ROOT, "abi", "libcuri.abi")
OUT = os.path.join(ROOT, "debian", "libcuri0.symbols")
SYMBOL = re.compile(r"<elf-symbol name='([^']+)' version='(CURI_(\d+)\.(\d+))'")
SONAME = re.compile(r"<abi-corpus [^>]*soname='([^']+)'")


def generate():
    with open(ABI, encoding="utf-8") as f:
        text = f.read()
    soname = SONAME.search(text).group(1)
    lines = set()
    for name, node, major, minor in SYMBOL.findall(text):
        version = "%s.%s.0" % (major, minor)
        lines.add((name, node, version))
        # The version node itself is exported as a symbol of its own name (CURI_0.3@CURI_0.3).
        lines.add((node, node, version))
    package = "lib%s%s" % tuple(re.match(r"lib(\w+)\.so\.(\d+)$", soname).groups())
    out = ["%s %s #MINVER#" % (soname, package), "* Build-Depends-Package: libcuri-dev"]
    out += [" %s@%s %s" % line for line in sorted(lines)]
    return "\n".join(out) + "\n"


def main():
    text = generate()
    if sys.argv[1:] == ["--check"]:
        try:
            with open(OUT, encoding="utf-8") as f:
                same = f.read() == text
        except FileNotFoundError:
            same = False
        if not same:
            print("gen_debsymbols: debian/libcuri0.symbols is not what abi/libcuri.abi gives: "
                  "run python3 tools/gen_debsymbols.py", file=sys.stderr)
            return 1
        return 0
    with open(OUT, "w", encoding="utf-8") as f:
        f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
