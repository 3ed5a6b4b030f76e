#!/usr/bin/python3
# gen_manref.py -- the generated parts of libcuri(3), read from include/curi.h's comments:
# the SYNOPSIS prototypes and the per-function reference (the FUNCTIONS section).
#
#   tools/gen_manref.py [--header H] [--page P]           rewrite P (docs/libcuri.3) in place
#   tools/gen_manref.py --check [--header H] [--page P]   exit 1 if P is not what H gives
#   make man                                              the first form
#
# The page keeps its narrative by hand; the generator owns only what lies between the
# comment lines  .\" synopsis begin / .\" synopsis end  and  .\" reference begin /
# .\" reference end  (as tools/gen_errtable.sh owns the error table's rows).
#
# What it reads: the declarations between the comments CURI_CDEF_BEGIN and CURI_CDEF_END,
# which is every public function, type and constant (tools/check-cdef.py keeps that true).
# The comment conventions of the header, which this script relies on (a new declaration
# that keeps them needs nothing else: rerun make man):
#   - A section starts with a block comment holding a line of dashes (10 or more), the
#     section's title on the next line, and another line of dashes; the rest of that
#     comment is the section's introduction, printed before its declarations (a declaration
#     directly under that comment, no blank line between, is one the introduction
#     describes).  A comment holding a line of ten or more '*' is a banner (EXPERIMENTAL:
#     ...); its text is printed as a note.
#   - A block comment directly above a declaration (no blank line between) describes it,
#     and also the declarations that follow it without a blank line or another comment:
#     a group such as curi_normalize and curi_normalize_bound shares one comment.
#   - A declaration after a blank line with no comment above it must be named in an earlier
#     comment of its section (for example the section's introduction); it is printed with
#     "Described above."  Any other uncommented function is an error: the script names it
#     and exits 1, so that every function declared has its text in the page.
#   - Comments inside a declaration (an enum's or a struct's members) stay in its code.
#   - In a comment: a blank line separates paragraphs.  Indented lines starting with "- "
#     are a bulleted list (deeper-indented lines continue an item).  A block indented by
#     four or more is code, and indented lines holding a run of two spaces inside (not
#     after a '.') or of three are a table: both are printed as they stand.  Other indented
#     lines are indented paragraphs, each starting at a line of the least indentation
#     (deeper lines continue it).
#   - curi_* and CURI_* names are set in bold.  Latin-1 characters become groff glyphs
#     (\[u00FC]); other non-ASCII characters are written U+XXXX (no device lacks those).
# Python 3 standard library only.
# SPDX-License-Identifier: MIT
import re
import sys

HEADER = "include/curi.h"
PAGE = "docs/libcuri.3"
MARKS = {
    "synopsis": ('.\\" synopsis begin', '.\\" synopsis end'),
    "reference": ('.\\" reference begin', '.\\" reference end'),
}
WIDTH = 78  # the synopsis lines are wrapped to fit an 80-column terminal


class Fail(Exception):
    pass


# ---------------------------------------------------------------------------------------
# Reading the header: a list of sections, each a list of items.
# ---------------------------------------------------------------------------------------

def comment_text(lines):
    """The text of a block comment: delimiters and the ' * ' margin gone, indentation kept."""
    out = []
    for i, ln in enumerate(lines):
        s = ln.rstrip()
        if i == 0:
            s = s.strip()
            assert s.startswith("/*")
            s = s[2:]
            if s.startswith(" "):
                s = s[1:]
        else:
            s = s.strip()
            if s.startswith("*") and not s.startswith("*/"):
                s = s[1:]
                if s.startswith(" "):
                    s = s[1:]
            elif s != "*/" and not s.endswith("*/"):
                s = ln.rstrip()  # a line without the margin: keep it as it is
        if s.rstrip().endswith("*/"):
            s = s.rstrip()[:-2].rstrip()
        out.append(s.rstrip())
    while out and not out[0].strip():
        out.pop(0)
    while out and not out[-1].strip():
        out.pop()
    return out


def tokens(lines):
    """The header's lines as ('blank',), ('comment', text, lineno), ('decl', code, lineno)."""
    i, n = 0, len(lines)
    while i < n:
        ln = lines[i]
        st = ln.strip()
        if not st:
            yield ("blank",)
            i += 1
        elif st.startswith("#"):
            while lines[i].rstrip().endswith("\\"):
                i += 1
            i += 1
            yield ("blank",)
        elif st.startswith("/*"):
            start = i
            while "*/" not in lines[i]:
                i += 1
            if lines[i].split("*/", 1)[1].strip():
                raise Fail("%d: code after a comment on one line" % (i + 1))
            yield ("comment", comment_text(lines[start:i + 1]), start + 1)
            i += 1
        else:
            start, depth = i, 0
            while True:
                code = re.sub(r"/\*.*?\*/", "", lines[i])
                code = code.split("/*", 1)[0]
                depth += code.count("{") - code.count("}")
                if "/*" in re.sub(r"/\*.*?\*/", "", lines[i]):  # a comment going on below
                    while "*/" not in lines[i + 1]:
                        i += 1
                    i += 1
                    rest = lines[i].split("*/", 1)[1]
                    depth += rest.count("{") - rest.count("}")
                    code = rest
                if depth == 0 and code.rstrip().endswith(";"):
                    break
                i += 1
                if i >= n:
                    raise Fail("%d: a declaration that does not end" % (start + 1))
            yield ("decl", [l.rstrip() for l in lines[start:i + 1]], start + 1)
            i += 1


DASHES = re.compile(r"^-{10,}$")
STARS = re.compile(r"^\*{10,}$")
FUNC = re.compile(r"\b(curi_[a-z0-9_]+)\s*\(")


def func_name(code):
    """The function a declaration declares, or None for a type or a constant."""
    first = " ".join(code)
    if re.match(r"\s*(typedef|enum|struct|union)\b", first):
        return None
    m = FUNC.search(first)
    return m.group(1) if m else None


def read_header(path):
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    try:
        b = next(i for i, l in enumerate(lines) if l.strip() == "/* CURI_CDEF_BEGIN */")
        e = next(i for i, l in enumerate(lines) if l.strip() == "/* CURI_CDEF_END */")
    except StopIteration:
        raise Fail("%s: no CURI_CDEF_BEGIN ... CURI_CDEF_END block" % path)
    sections = []
    section = None
    pending = None  # (comment text, lineno): a comment waiting for its declaration
    last = None     # the item the previous declaration went into, while no blank line came
    errors = []
    for tok in tokens(lines[b + 1:e]):
        kind = tok[0]
        if kind == "blank":
            if pending is not None:
                if section is None:
                    raise Fail("%s:%d: a comment before the first section"
                               % (path, pending[1]))
                section["items"].append({"text": pending[0], "decls": [], "funcs": []})
                pending = None
            last = None
            continue
        if kind == "comment":
            text, lineno = tok[1], tok[2] + b + 1
            if pending is not None:
                if section is None:
                    raise Fail("%s:%d: a comment before the first section"
                               % (path, pending[1]))
                section["items"].append({"text": pending[0], "decls": [], "funcs": []})
                pending = None
            last = None
            if any(DASHES.match(l.strip()) for l in text):
                k = [i for i, l in enumerate(text) if DASHES.match(l.strip())]
                if len(k) < 2:
                    raise Fail("%s:%d: a section comment needs its title between two "
                               "lines of dashes" % (path, lineno))
                title = " ".join(l.strip() for l in text[k[0] + 1:k[1]])
                intro = text[k[1] + 1:]
                section = {"title": title, "items": [], "line": lineno}
                sections.append(section)
                if intro:
                    # the introduction is printed first; a declaration right under it (no
                    # blank line) is one the introduction describes
                    item = {"text": intro, "decls": [], "funcs": [], "intro": True}
                    section["items"].append(item)
                    last = item
            elif any(STARS.match(l.strip()) for l in text):
                if section is None:
                    raise Fail("%s:%d: a banner before the first section" % (path, lineno))
                body = [l for l in text if not STARS.match(l.strip())]
                section["items"].append({"text": body, "decls": [], "funcs": [], "banner": True})
            elif text == ["CURI_CDEF_BEGIN"] or text == ["CURI_CDEF_END"]:
                pass
            else:
                pending = (text, lineno)
            continue
        code, lineno = tok[1], tok[2] + b + 1
        if section is None:
            raise Fail("%s:%d: a declaration before the first section" % (path, lineno))
        f = func_name(code)
        if pending is not None:
            item = {"text": pending[0], "decls": [], "funcs": []}
            section["items"].append(item)
            pending = None
        elif last is not None:
            item = last
        else:
            said = f is not None and any(
                re.search(r"\b%s\b" % f, "\n".join(it["text"]))
                for it in section["items"])
            if f is not None and not said:
                errors.append("%s:%d: %s has no comment (write one directly above it, "
                              "or name it in its section's text)" % (path, lineno, f))
            item = {"text": ["Described above."] if f else [], "decls": [], "funcs": []}
            section["items"].append(item)
        item["decls"].append(code)
        if f:
            item["funcs"].append(f)
        last = item
    if pending is not None:  # a comment at the end of the block, over no declaration
        section["items"].append({"text": pending[0], "decls": [], "funcs": []})
    if errors:
        raise Fail("\n".join(errors))
    return sections


# ---------------------------------------------------------------------------------------
# Writing roff.
# ---------------------------------------------------------------------------------------

def nonascii(s):
    """Latin-1 letters and signs as groff glyphs (\\[u00FC]: every output device has them);
    any other character as its code point written out (U+3002), which no device lacks."""
    return "".join(c if ord(c) < 128 else "\\[u%04X]" % ord(c) if 0xA0 <= ord(c) <= 0xFF
                   else "U+%04X" % ord(c) for c in s)


def esc(s):
    """Text as roff: \\ is \\e, - is \\- (the header's hyphens are code and ASCII),
    ~ ^ ` ' are \\(ti \\(ha \\(ga \\(aq, non-ASCII as nonascii() says."""
    s = s.replace("\\", "\\e").replace("-", "\\-")
    # the characters groff may draw as typographic glyphs, kept ASCII so that code reads
    # and pastes as written
    s = s.replace("~", "\\(ti").replace("^", "\\(ha").replace("`", "\\(ga")
    s = s.replace("'", "\\(aq")
    return nonascii(s)


def guard(line):
    """A line that would read as a request (leading . or ') is made text."""
    return "\\&" + line if line[:1] in (".", "'") else line


NAME = re.compile(r"(?<![A-Za-z0-9_])((?:curi|CURI)_[A-Za-z0-9_]*[A-Za-z0-9](?:_\*|\*)?)")


def prose(s):
    return guard(NAME.sub(r"\\fB\1\\fR", esc(s.strip())))


def code_lines(lines):
    return [guard(esc(l)) if l else "" for l in lines]


def indent_of(l):
    return len(l) - len(l.lstrip(" "))


def paragraph(lines, out):
    """One paragraph of comment text: runs of plain lines filled, indented runs as lists,
    tables or indented paragraphs."""
    i = 0
    first = True
    while i < len(lines):
        if indent_of(lines[i]) == 0:
            j = i
            while j < len(lines) and indent_of(lines[j]) == 0:
                j += 1
            if not first:
                out.append(".PP")
            out.extend(prose(l) for l in lines[i:j])
            i = j
        else:
            j = i
            while j < len(lines) and indent_of(lines[j]) > 0:
                j += 1
            block = lines[i:j]
            base = min(indent_of(l) for l in block)
            if block[0].strip().startswith("- "):
                for l in block:
                    if indent_of(l) == base and l.strip().startswith("- "):
                        out.append(".IP \\(bu 2")
                        out.append(prose(l.strip()[2:]))
                    else:
                        out.append(prose(l))
            elif base >= 4 or any(re.search(r"[^\s.] {2,}\S|\S {3,}\S", l.strip())
                                  for l in block):
                out.append(".PP")
                out.append(".EX")
                out.extend(code_lines([l[base:] for l in block]))
                out.append(".EE")
            else:
                for l in block:
                    if indent_of(l) == base:
                        out.append(".IP \"\" 2")
                    out.append(prose(l))
            out.append(".PP")
            i = j
        first = False
    if out and out[-1] == ".PP":
        out.pop()


def description(text, out):
    paras, cur = [], []
    for l in text:
        if l.strip():
            cur.append(l)
        elif cur:
            paras.append(cur)
            cur = []
    if cur:
        paras.append(cur)
    for k, p in enumerate(paras):
        if k:
            out.append(".PP")
        paragraph(p, out)


PARAM = re.compile(r"^(.*?)([A-Za-z_][A-Za-z0-9_]*)((?:\[[^\]]*\])*)$")


def synopsis(code):
    """A prototype as .BI lines: types bold, parameter names italic, wrapped to WIDTH."""
    flat = re.sub(r"\s+", " ", re.sub(r"/\*.*?\*/", "", " ".join(code))).strip()
    m = re.match(r"^(.*?\(\s*)(.*)\)\s*;$", flat)
    if not m:
        raise Fail("cannot read the prototype: " + flat)
    head, params = m.group(1).rstrip(), m.group(2).strip()
    if params in ("", "void"):
        return ['.B "%s%s);"' % (head, params or "void")]
    chunks = []  # (bold, italic) pairs
    plist = [p.strip() for p in params.split(",")]
    for k, p in enumerate(plist):
        pm = PARAM.match(p)
        if not pm:
            raise Fail("cannot read the parameter %r of %s" % (p, head))
        typ, name = pm.group(1), pm.group(2)
        after = pm.group(3) + ("," if k + 1 < len(plist) else ");")
        chunks.append([typ, name, after])
    pad = " " * len(head)
    lines, cur, width = [], [], 0
    for k, (typ, name, after) in enumerate(chunks):
        lead = head if k == 0 else " "
        w = len(lead) + len(typ) + len(name) + len(after)
        if cur and width + w > WIDTH:
            lines.append(cur)
            cur, width, lead = [], 0, pad
            w = len(lead) + len(typ) + len(name) + len(after)
        cur.append([lead + typ, name, after])
        width += w
    lines.append(cur)
    out = []
    for line in lines:
        seq, prev = [], None
        for k, (b, i, after) in enumerate(line):
            seq += [b if k == 0 else prev + b, i]
            prev = after
        seq.append(prev)
        words = ['"%s"' % w if n % 2 == 0 else w for n, w in enumerate(seq)]
        out.append(".BI " + esc_args(" ".join(words)))
    return out


def esc_args(s):
    return nonascii(s.replace("\\", "\\e"))


def gen_synopsis(sections):
    out = [".nf", ".B #include <curi.h>"]
    for s in sections:
        protos = [d for it in s["items"] for d in it["decls"] if func_name(d)]
        if not protos:
            continue
        out += [".PP", ".I " + quote(s["title"]), ".PP"]
        for d in protos:
            out += synopsis(d)
    out.append(".fi")
    return out


def quote(title):
    return '"%s"' % esc(title).replace('"', "\\(dq")


def gen_reference(sections):
    out = []
    for s in sections:
        out.append(".SS " + quote(s["title"]))
        first = True
        for it in s["items"]:
            if not it["decls"] or it.get("intro"):
                if not first:
                    out.append(".PP")
                if it.get("banner"):
                    out.append(".RS 2")
                    description(it["text"], out)
                    out.append(".RE")
                else:
                    description(it["text"], out)
                first = False
                if not it["decls"]:
                    continue
            out.append(".PP")
            for d in it["decls"]:
                if func_name(d):
                    out.append(".nf")
                    out += synopsis(d)
                    out.append(".fi")
                else:
                    out.append(".EX")
                    out += code_lines(d)
                    out.append(".EE")
            if it["text"] and not it.get("intro"):
                out.append(".RS 4")
                description(it["text"], out)
                out.append(".RE")
            first = False
    return out


def splice(page, name, body):
    begin, end = MARKS[name]
    lines = page.split("\n")
    try:
        b = lines.index(begin)
        e = lines.index(end, b)
    except ValueError:
        raise Fail("the page has no lines %r and %r" % (begin, end))
    return "\n".join(lines[:b + 1] + body + lines[e:])


def main(argv):
    header, page, check = HEADER, PAGE, False
    args = list(argv)
    while args:
        a = args.pop(0)
        if a == "--check":
            check = True
        elif a == "--header" and args:
            header = args.pop(0)
        elif a == "--page" and args:
            page = args.pop(0)
        else:
            print(__doc__ or "usage: gen_manref.py [--check] [--header H] [--page P]",
                  file=sys.stderr)
            return 2
    try:
        sections = read_header(header)
        with open(page, encoding="utf-8") as f:
            old = f.read()
        new = splice(old, "synopsis", gen_synopsis(sections))
        new = splice(new, "reference", gen_reference(sections))
    except (Fail, OSError) as e:
        print("gen_manref.py: %s" % e, file=sys.stderr)
        return 1
    nfunc = sum(len(it["funcs"]) for s in sections for it in s["items"])
    if check:
        if new != old:
            print("gen_manref.py: %s is not what %s gives; run `make man` "
                  "(tools/gen_manref.py) and commit the page" % (page, header), file=sys.stderr)
            return 1
        print("gen_manref: %s matches %s (%d sections, %d functions)"
              % (page, header, len(sections), nfunc))
        return 0
    if new != old:
        with open(page, "w", encoding="utf-8") as f:
            f.write(new)
    print("gen_manref: wrote %s from %s (%d sections, %d functions)"
          % (page, header, len(sections), nfunc))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
