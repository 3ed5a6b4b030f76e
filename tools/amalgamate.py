#!/usr/bin/python3
"""amalgamate.py -- libcuri as one C file and its header (make amalgamation).

    /usr/bin/python3 tools/amalgamate.py OUTDIR SOURCE.c...

writes OUTDIR/curi.h (include/curi.h as it is) and OUTDIR/curi.c: the library's sources, in
the order given (the Makefile passes its LIB_SRC), each followed by the #undef of the macros
it defined, with every internal header they include (src/*.h, src/schemes/*.h, src/lint/*.h)
inlined where it is first included.  A guarded header (#ifndef X / #define X) is inlined
once; an unguarded one (parse_impl.h, the grammar that parse.c compiles once per scanner)
each time it is included.  System headers stay #include lines, under the conditions the
sources put them (the SIMD paths keep their compiler-macro guards), and so does curi.h.
The generated tables (chartab.c, unitab.c, uts46tab.c) are sources like the others.

Nothing but libc is needed, IDNA included (src/idn.c).  src/compat/ (the 0.2.0 symbol versions of libcuri.so) is left out.

The script refuses (status 1, naming the files) when a source under src/ is neither given
nor in src/compat/, when an internal header is not found, when two sources define the same
file-scope static name, or when a source defines a macro that a header defines too (its
#undef would take the header's away from the sources after it).  #line directives keep the
compiler's messages pointing at the original files.
SPDX-License-Identifier: MIT
"""
import glob
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PUBLIC = os.path.join(ROOT, "include", "curi.h")
LICENSE = os.path.join(ROOT, "LICENSE")
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
DEFINE = re.compile(r'^\s*#\s*define\s+([A-Za-z_]\w*)', re.M)
GUARD = re.compile(r'^\s*#\s*ifndef\s+(\w+)\s*\n\s*#\s*define\s+(\w+)', re.M)


def rel(path):
    return os.path.relpath(path, ROOT).replace(os.sep, "/")


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def resolve(name, including):
    """The file an #include "name" in `including` names: beside it, then in src/."""
    for d in (os.path.dirname(including), os.path.join(ROOT, "src")):
        p = os.path.normpath(os.path.join(d, name))
        if os.path.isfile(p):
            return p
    return None


def guarded(text):
    """A header's text is one include guard: #ifndef X, #define X first (after its comment),
    the #endif of the #ifndef last (parse_impl.h opens with #ifndef P_FRAG / #define P_FRAG,
    a default, and ends otherwise)."""
    m = GUARD.search(text)
    code = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return bool(m) and m.group(1) == m.group(2) and \
        not re.sub(r"/\*.*?\*/", "", text[:m.start()], flags=re.S).strip() and \
        re.search(r"#\s*endif[^\n]*\s*$", code) is not None


TOKEN = re.compile(r"[A-Za-z_]\w*|\S")
IDENT = re.compile(r"[A-Za-z_]\w*$")
KEYWORDS = frozenset("""static const volatile inline extern typedef struct union enum unsigned
    signed char short int long float double void _Bool restrict register auto _Noreturn
    _Alignas _Thread_local""".split())
LEXEME = re.compile(r'"(?:\\.|[^"\\\n])*"' + r"|'(?:\\.|[^'\\\n])*'|/\*.*?\*/|//[^\n]*", re.S)
DIRECTIVE = re.compile(r"^\s*#(?:[^\n]*\\\n)*[^\n]*", re.M)


def file_scope_names(text):
    """The names a source gives at file scope to a static object or function, a typedef, or
    a struct, union or enum tag it defines: what two sources may not share in one file.  A
    small scanner (comments, literals, preprocessor lines and the insides of braces
    dropped); the compiler of the amalgamation has the last word."""
    text = DIRECTIVE.sub(" ", LEXEME.sub(lambda m: " " if m.group(0)[0] == "/" else "0", text))
    names, stmt, depth = set(), [], 0
    for tok in TOKEN.findall(text):
        if tok == "{":
            depth += 1
            if depth == 1:
                if len(stmt) >= 2 and stmt[-2] in ("struct", "union", "enum"):
                    names.add(stmt[-1])
                stmt.append("{}")
            continue
        if tok == "}":
            depth -= 1
            if depth == 0 and len(stmt) >= 2 and stmt[-2] == ")" and "=" not in stmt:
                names |= declared(stmt)      # a function's body ends its definition
                stmt = []
            continue
        if depth:
            continue
        if tok == ";":
            names |= declared(stmt)
            stmt = []
        else:
            stmt.append(tok)
    return names


def declared(stmt):
    """The name a file-scope statement (its tokens) declares or defines: a static (macros
    such as ESC_INLINE may hide the keyword, so every definition counts) or a typedef."""
    if not stmt or stmt[0] in ("_Static_assert", "static_assert") or "extern" in stmt or ("static" not in stmt and "typedef" not in stmt and
                            "=" not in stmt and stmt[-1:] != ["{}"]):
        return set()                         # what the headers declare, or a prototype
    toks = stmt[:stmt.index("=")] if "=" in stmt else stmt
    clean, i = [], 0
    while i < len(toks):                     # without __attribute__((...))
        if toks[i] != "__attribute__":
            clean.append(toks[i])
            i += 1
            continue
        i, d = i + 1, 0
        while i < len(toks):
            d += (toks[i] == "(") - (toks[i] == ")")
            i += 1
            if d == 0:
                break
    if "typedef" not in clean:
        for k in range(1, len(clean)):
            if clean[k] in ("(", "[") and IDENT.match(clean[k - 1]):
                return {clean[k - 1]}
    idents = [t for t in clean if IDENT.match(t) and t not in KEYWORDS]
    return {idents[-1]} if idents else set()


class Amalgam:
    def __init__(self):
        self.out = []
        self.seen = set()        # guarded headers already inlined
        self.header_macros = {}  # macro -> header that defines it
        self.errors = []

    def emit_file(self, path):
        text = read(path)
        lines = text.split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        self.out.append('#line 1 "%s"' % rel(path))
        for i, line in enumerate(lines, 1):
            m = INCLUDE.match(line)
            if not m:
                self.out.append(line)
                continue
            target = resolve(m.group(1), path)
            if target is None:
                if os.path.basename(m.group(1)) == "curi.h":
                    self.out.append('#include "curi.h"')
                    continue
                self.errors.append("%s:%d: %s not found" % (rel(path), i, m.group(1)))
                continue
            if os.path.samefile(target, PUBLIC):
                self.out.append('#include "curi.h"')
                continue
            htext = read(target)
            once = guarded(htext)
            if once and target in self.seen:
                self.out.append("/* %s: inlined above */" % line.strip())
                continue
            self.seen.add(target)
            if once:
                for name in DEFINE.findall(htext.replace("\\\n", " ")):
                    self.header_macros.setdefault(name, rel(target))
            self.emit_file(target)
            self.out.append('#line %d "%s"' % (i + 1, rel(path)))
        return text

    def emit_source(self, path):
        self.out.append("")
        self.out.append("/* " + ("=" * 20) + " %s " % rel(path) + ("=" * 20) + " */")
        text = self.emit_file(path)
        macros = sorted(set(DEFINE.findall(text)))
        for name in macros:
            if name in self.header_macros:
                self.errors.append("%s defines %s, which %s defines too"
                                   % (rel(path), name, self.header_macros[name]))
        if macros:
            self.out.append("/* the macros of %s end with it */" % rel(path))
            self.out.extend("#undef " + name for name in macros)


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__)
    outdir, sources = argv[1], [os.path.abspath(s) for s in argv[2:]]
    given = {rel(s) for s in sources}
    tree = {rel(p) for p in glob.glob(os.path.join(ROOT, "src", "**", "*.c"), recursive=True)}
    missing = sorted(p for p in tree - given if not p.startswith("src/compat/"))
    if missing:
        sys.exit("amalgamate: sources under src/ not given: " + " ".join(missing))

    a = Amalgam()
    owner = {}
    for s in sources:
        for name in file_scope_names(read(s)):
            if name in owner:
                a.errors.append("%s is defined at file scope in %s and in %s" % (name, owner[name], rel(s)))
            owner[name] = rel(s)
    version = re.search(r'#define CURI_VERSION_STRING "([^"]+)"', read(PUBLIC)).group(1)
    a.out.append("""/*
 * curi.c -- libcuri %s in one file (the amalgamation), with its header curi.h beside it.
 * Generated by tools/amalgamate.py from the sources named in its #line directives: edit
 * those, not this file.
 *
 *   cc -std=c11 -O2 -c curi.c                        nothing to link but libc
 *
 * -DCURI_NO_SIMD builds the scalar scanners only.
 * SPDX-License-Identifier: MIT
 */
#include "curi.h\"""" % version)
    for s in sources:
        a.emit_source(s)
    if a.errors:
        sys.exit("amalgamate: " + "\n amalgamate: ".join(a.errors))
    os.makedirs(outdir, exist_ok=True)
    # The licence travels with the copies (MIT asks for its notice in them): at the top of
    # both files, and as LICENSE beside them.
    notice = "/*\n" + "".join((" * " + line).rstrip() + "\n"
                                for line in read(LICENSE).splitlines()) + " */\n"
    with open(os.path.join(outdir, "LICENSE"), "w", encoding="utf-8") as f:
        f.write(read(LICENSE))
    with open(os.path.join(outdir, "curi.h"), "w", encoding="utf-8") as f:
        f.write(notice + read(PUBLIC))
    with open(os.path.join(outdir, "curi.c"), "w", encoding="utf-8") as f:
        f.write(notice + "\n".join(a.out) + "\n")


if __name__ == "__main__":
    main(sys.argv)
