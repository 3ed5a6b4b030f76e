#!/usr/bin/python3
# manref-compare.py -- a migration aid: which facts of libcuri(3)'s hand-written DESCRIPTION
# subsections are not yet in include/curi.h's comments (and so not in the generated
# FUNCTIONS section).  Delete it with the last hand-written subsection that repeats the
# header.
#
#   tools/manref-compare.py [SUBSECTION ...]
#
# For each ".SS" subsection of DESCRIPTION (or the ones named), it lists the checkable
# tokens of the text -- curi_* and CURI_* names, quoted strings, numbers of two or more
# digits, "RFC NNNN" and section numbers -- that occur nowhere in the header's comments and
# declarations, and the subsection's functions.  A token found is not proof that the fact
# around it moved (the prose still has to be read), but a token missing is a fact to carry
# over or to drop on purpose.  Python 3 standard library only.
# SPDX-License-Identifier: MIT
import re
import sys

page = open("docs/libcuri.3", encoding="utf-8").read().split("\n")
header = open("include/curi.h", encoding="utf-8").read()
flat_header = re.sub(r"\s+", " ", header)


def plain(line):
    """roff to text, roughly: requests' names, fonts and escapes gone."""
    if line.startswith('.\\"'):
        return ""
    line = re.sub(r"^\.(B|I|BR|RB|BI|IB|IR|RI|TP|PP|IP|SS|SH|RS|RE|EX|EE|nf|fi|in)\b ?", "", line)
    if line.startswith("."):
        return ""
    line = line.replace("\\(dq", '"').replace("\\-", "-").replace("\\~", " ").replace("\\e", "\\")
    line = re.sub(r"\\f[BIRP]", "", line).replace("\\&", "").replace("\\|", "")
    line = re.sub(r"\\\(em|\\\(en", "-", line)
    # .BR a b: the arguments were joined without space
    return line.replace('" "', "").replace('"', '"')


def subsections():
    start = page.index(".SH DESCRIPTION")
    end = next(i for i in range(start + 1, len(page)) if page[i].startswith(".SH "))
    cur, out = None, []
    for ln in page[start:end]:
        if ln.startswith(".SS "):
            cur = [ln[4:].strip('"'), []]
            out.append(cur)
        elif cur:
            cur[1].append(ln)
    return out


def tokens(text):
    found = set()
    found.update(re.findall(r"\b(?:curi|CURI)_[A-Za-z0-9_]*[A-Za-z0-9]\b", text))
    for q in re.findall(r'"([^"\n]{1,40})"', text):
        if q.strip():
            found.add('"%s"' % q)
    found.update(re.findall(r"RFC ?\d{4}", text))
    found.update(re.findall(r"\b\d+\.\d+(?:\.\d+)*\b", text))
    found.update(re.findall(r"\b\d{2,}\b", text))
    return found


def in_header(tok):
    t = tok.strip('"')
    if re.match(r"RFC ?\d{4}$", t):
        return re.search(r"RFC ?" + t[-4:], flat_header) is not None
    return t in flat_header or t.replace(" ", "") in flat_header


want = set(sys.argv[1:])
total = 0
for title, lines in subsections():
    if want and title not in want:
        continue
    text = "\n".join(plain(l) for l in lines)
    funcs = sorted(set(re.findall(r"\bcuri_[a-z0-9_]+(?= *\(|\b)", text)))
    missing = sorted(t for t in tokens(text) if not in_header(t))
    total += len(missing)
    print("== %s: %d lines, %d tokens not in curi.h" % (title, len(lines), len(missing)))
    for t in missing:
        print("   " + t)
print("manref-compare: %d tokens of the hand-written subsections are not in curi.h" % total)
