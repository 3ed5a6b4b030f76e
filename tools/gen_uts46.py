#!/usr/bin/env python3
"""Generate src/uts46tab.c: the tables of libcuri's own UTS #46 (src/uts46.c).

    python3 tools/gen_uts46.py --ucd DIR --idna DIR > src/uts46tab.c
    python3 tools/gen_uts46.py --ucd DIR --idna DIR --check   exit 1 unless src/uts46tab.c is
                                                              what the data gives

Sources, all of one Unicode version (17.0.0), none copied: every table is computed from them.
  --ucd DIR   the Unicode Character Database files UnicodeData.txt, DerivedNormalizationProps.txt,
              DerivedBidiClass.txt, DerivedJoiningType.txt (the last two live in extracted/ of
              the UCD; either place works) and Scripts.txt, as published under Public/17.0.0/ucd/
  --idna DIR  IdnaMappingTable.txt of UTS #46, as published under Public/idna/17.0.0/
Debian's unicode-data package (/usr/share/unicode) carries the UCD of 15.0 only; the web-platform
tests and Unicode's IdnaTestV2.txt that curi is checked against follow 17.0, so the tables are
generated from 17.0 files (the unicode-org/unicodetools repository keeps them under
unicodetools/data/ucd/17.0.0 and unicodetools/data/idna/17.0.0).  A version mismatch is refused.

The tables (all sorted by code point, searched by bisection):
  curi__u46_map     IdnaMappingTable: {lo, info}; a run from lo to the next lo; info packs the
                    status (valid, ignored, mapped, deviation, disallowed), for mapped runs the
                    length of each code point's mapping and its offset in curi__u46_pool (stride:
                    the run's code points map to consecutive sequences of that length; a "same"
                    bit when they all map to the one sequence)
  curi__u46_pool    the mapping sequences, code points
  curi__u46_ccc     Canonical_Combining_Class other than 0: {lo << 8 | ccc} from lo to the next lo
  curi__u46_dec     full canonical decompositions (recursive, Hangul excluded): {cp, off << 3 | len}
  curi__u46_dpool   their code points
  curi__u46_comp    primary composites: {first, second, composite}, sorted by (first, second)
  curi__u46_bidi    Bidi_Class: {lo << 8 | class}, defaults of unassigned code points included
  curi__u46_jt      Joining_Type L, D, R, T: {lo << 8 | type} (0: U or C)
  curi__u46_mark    General_Category M (Mn, Mc, Me): [lo, hi] pairs
  curi__u46_nv8     the code points IdnaMappingTable.txt marks NV8 or XV8 (valid under UTS #46,
                    DISALLOWED under IDNA2008: RFC 5892 2.6's exceptions, symbols, punctuation),
                    ASCII left out (curi_host_to_ascii's own URIHost and STD3 rules judge it):
                    [lo, hi] pairs
  curi__u46_script  the scripts the CONTEXTO rules of RFC 5892 appendix A name (Greek, Hebrew,
                    Hiragana, Katakana, Han; 0 for any other): {lo << 8 | script}
and one table indexed in two stages rather than searched, for the checks made on every code
point of a name (uts46.c's fast paths; each bit is computed from the data above):
  curi__u46_prop_idx  for each block of 128 code points (cp >> 7), its number in ...
  curi__u46_prop_blk  ... the distinct blocks, one byte per code point: bits 0-2 the status of
                      curi__u46_map, bit 3 NFC_Quick_Check=Yes with Canonical_Combining_Class 0,
                      bit 4 Bidi_Class R, AL or AN, bit 5 General_Category M, bit 6 a
                      canonical decomposition in curi__u46_dec, bit 7 the second code point
                      of a pair of curi__u46_comp or a Hangul V or T jamo that composes
"""
import os
import re
import sys

from ucd import cprange, fields

VERSION = "17.0.0"
args = sys.argv[1:]
ucd = idna = None
check = False
while args:
    a = args.pop(0)
    if a == "--ucd" and args:
        ucd = args.pop(0)
    elif a == "--idna" and args:
        idna = args.pop(0)
    elif a == "--check":
        check = True
    else:
        sys.exit("usage: gen_uts46.py --ucd DIR --idna DIR [--check]")
if not ucd or not idna:
    sys.exit("usage: gen_uts46.py --ucd DIR --idna DIR [--check]")


def find(d, name):
    for p in (os.path.join(d, name), os.path.join(d, "extracted", name)):
        if os.path.exists(p):
            return p
    sys.exit("gen_uts46.py: %s is missing under %s" % (name, d))


def lines(d, name, want_version=True):
    path = find(d, name)
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if want_version:
        m = re.search(r"(?:Version: |-)(\d+\.\d+\.\d+)", text[:400])
        if not m or m.group(1) != VERSION:
            sys.exit("gen_uts46.py: %s is not version %s" % (path, VERSION))
    return text.splitlines()


def records(d, name, missing=None):
    return fields(lines(d, name, name != "UnicodeData.txt"), missing)


# ------------------------------------------------------------------ IdnaMappingTable
ST = {"valid": 0, "ignored": 1, "mapped": 2, "deviation": 3, "disallowed": 4}
status = [4] * 0x110000
mapping = {}
nv8 = []  # [lo, hi] runs of the IDNA2008 status column's NV8 and XV8, above ASCII
for f in records(idna, "IdnaMappingTable.txt"):
    lo, hi = cprange(f[0])
    st = ST[f[1]]
    for cp in range(lo, hi + 1):
        status[cp] = st
    if len(f) > 3 and f[3] in ("NV8", "XV8") and hi >= 0x80:
        assert st == 0, f
        lo = max(lo, 0x80)
        if nv8 and nv8[-1][1] + 1 == lo:
            nv8[-1][1] = hi
        else:
            nv8.append([lo, hi])
    if st == 2 or (st == 3 and len(f) > 2 and f[2]):
        m = tuple(int(x, 16) for x in f[2].split())
        for cp in range(lo, hi + 1):
            mapping[cp] = m

pool = []
pool_at = {}


def intern(seq, stride_run):
    # a run of sequences laid end to end; reuse an identical earlier run
    key = tuple(stride_run)
    if key in pool_at:
        return pool_at[key]
    off = len(pool)
    for s in stride_run:
        pool.extend(s)
    pool_at[key] = off
    return off


runs = []  # (lo, info)
cp = 0
while cp < 0x110000:
    st = status[cp]
    if st == 3:
        m = mapping.get(cp, ())
        hi = cp
        while hi + 1 < 0x110000 and status[hi + 1] == 3 and mapping.get(hi + 1, ()) == m:
            hi += 1
        runs.append((cp, 3 | len(m) << 3 | 1 << 8 | intern(m, [m]) << 9))
        cp = hi + 1
        continue
    if st != 2:
        hi = cp
        while hi + 1 < 0x110000 and status[hi + 1] == st:
            hi += 1
        runs.append((cp, st))
        cp = hi + 1
        continue
    m = mapping[cp]
    hi = cp
    while hi + 1 < 0x110000 and status[hi + 1] == 2 and mapping[hi + 1] == m:
        hi += 1
    if hi > cp:  # every code point of the run maps to the one sequence
        off = intern(m, [m])
        assert len(m) < 32 and off < (1 << 23)
        runs.append((cp, 2 | len(m) << 3 | 1 << 8 | off << 9))
        cp = hi + 1
        continue
    seqs = [m]
    hi = cp
    while (hi + 1 < 0x110000 and status[hi + 1] == 2 and len(mapping[hi + 1]) == len(m)
           and (hi + 2 >= 0x110000 or status[hi + 2] != 2 or mapping[hi + 2] != mapping[hi + 1])):
        hi += 1
        seqs.append(mapping[hi])
    off = intern(m, seqs)
    assert len(m) < 32 and off < (1 << 23)
    runs.append((cp, 2 | len(m) << 3 | off << 9))
    cp = hi + 1

# ------------------------------------------------------------------ UnicodeData
ccc = [0] * 0x110000
decomp = {}
mark = set()
first = None
for f in records(ucd, "UnicodeData.txt"):
    cp = int(f[0], 16)
    if f[1].endswith(", First>"):
        first = cp
        continue
    lo = first if f[1].endswith(", Last>") else cp
    first = None
    for c in range(lo, cp + 1):
        ccc[c] = int(f[3])
        if f[2] in ("Mn", "Mc", "Me"):
            mark.add(c)
    if f[5] and not f[5].startswith("<"):
        decomp[cp] = [int(x, 16) for x in f[5].split()]


def full(cp):
    if cp in decomp:
        out = []
        for c in decomp[cp]:
            out.extend(full(c))
        return out
    return [cp]


fce = set()
for f in records(ucd, "DerivedNormalizationProps.txt"):
    if f[1] == "Full_Composition_Exclusion":
        lo, hi = cprange(f[0])
        fce.update(range(lo, hi + 1))

dec = []
dpool = []
for cp in sorted(decomp):
    d = full(cp)
    assert len(d) < 8
    dec.append((cp, len(dpool) << 3 | len(d)))
    dpool.extend(d)
comp = sorted((d[0], d[1], cp) for cp, d in decomp.items() if len(d) == 2 and cp not in fce)

ccc_runs = []
prev = None
for c in range(0x110000):
    if ccc[c] != prev:
        ccc_runs.append((c, ccc[c]))
        prev = ccc[c]

# ------------------------------------------------------------------ Bidi_Class, Joining_Type
BIDI = ["L", "R", "AL", "EN", "ES", "ET", "AN", "CS", "NSM", "BN", "B", "S", "WS", "ON",
        "LRE", "LRO", "RLE", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"]
LONG = {"Left_To_Right": "L", "Right_To_Left": "R", "Arabic_Letter": "AL",
        "European_Number": "EN", "European_Separator": "ES", "European_Terminator": "ET",
        "Arabic_Number": "AN", "Common_Separator": "CS", "Nonspacing_Mark": "NSM",
        "Boundary_Neutral": "BN", "Paragraph_Separator": "B", "Segment_Separator": "S",
        "White_Space": "WS", "Other_Neutral": "ON"}


def classes(name, default, conv):
    val = [default] * 0x110000
    missing = []
    body = list(records(ucd, name, missing))
    for m in missing:
        lo, hi = cprange(m[0])
        v = conv(m[1])
        for c in range(lo, hi + 1):
            val[c] = v
    for f in body:
        lo, hi = cprange(f[0])
        v = conv(f[1])
        for c in range(lo, hi + 1):
            val[c] = v
    out = []
    prev = None
    for c in range(0x110000):
        if val[c] != prev:
            out.append((c, val[c]))
            prev = val[c]
    return out


bidi = classes("DerivedBidiClass.txt", 0, lambda s: BIDI.index(LONG.get(s, s)))
JT = {"U": 0, "Non_Joining": 0, "C": 0, "Join_Causing": 0, "L": 1, "Left_Joining": 1,
      "D": 2, "Dual_Joining": 2, "R": 3, "Right_Joining": 3, "T": 4, "Transparent": 4}
jt = classes("DerivedJoiningType.txt", 0, lambda s: JT[s])

# Script, for RFC 5892 A.4-A.7 (1 Greek, 2 Hebrew, 3 Hiragana, 4 Katakana, 5 Han)
SCRIPTS = {"Greek": 1, "Hebrew": 2, "Hiragana": 3, "Katakana": 4, "Han": 5}
script = classes("Scripts.txt", 0, lambda s: SCRIPTS.get(s, 0))

mark_runs = []
for c in sorted(mark):
    if mark_runs and mark_runs[-1][1] + 1 == c:
        mark_runs[-1][1] = c
    else:
        mark_runs.append([c, c])

# ------------------------------------------------------------------ per-code-point properties
# A name whose code points all have bit 3 is already in NFC (UAX #15's quick check: every
# NFC_QC is Yes and no canonical reordering can apply); bits 4 and 5 answer has_rtl and the
# leading-mark check without searching curi__u46_bidi and curi__u46_mark; bits 6 and 7 say
# when NFC must search curi__u46_dec and curi__u46_comp.
nfc_qc = set()
for f in records(ucd, "DerivedNormalizationProps.txt"):
    if f[1] == "NFC_QC":
        lo, hi = cprange(f[0])
        nfc_qc.update(range(lo, hi + 1))
prop = status[:]
for c in range(0x110000):
    if c not in nfc_qc and ccc[c] == 0:
        prop[c] |= 8
for k, (lo, v) in enumerate(bidi):
    if BIDI[v] in ("R", "AL", "AN"):
        hi = bidi[k + 1][0] if k + 1 < len(bidi) else 0x110000
        for c in range(lo, hi):
            prop[c] |= 16
for c in mark:
    prop[c] |= 32
for c in decomp:
    prop[c] |= 64
for c in {p[1] for p in comp} | set(range(0x1161, 0x1176)) | set(range(0x11A8, 0x11C3)):
    prop[c] |= 128
assert all(prop[c] & 8 for c in range(0x300))  # uts46.c's nfc_yes looks up only from U+0300
PROP_BLOCK = 128
prop_idx = []
prop_blk = []
blk_at = {}
for lo in range(0, 0x110000, PROP_BLOCK):
    key = tuple(prop[lo:lo + PROP_BLOCK])
    if key not in blk_at:
        blk_at[key] = len(blk_at)
        prop_blk.extend(key)
    prop_idx.append(blk_at[key])
assert len(blk_at) <= 256, "curi__u46_prop_idx needs a wider type"

# ------------------------------------------------------------------ output
out = []
w = out.append
w("/*")
w(" * uts46tab.c -- GENERATED by tools/gen_uts46.py from the Unicode %s data files" % VERSION)
w(" * (IdnaMappingTable.txt, UnicodeData.txt, DerivedNormalizationProps.txt, DerivedBidiClass.txt,")
w(" * DerivedJoiningType.txt, Scripts.txt); do not edit.  The tables of src/uts46.c and src/idna2008.c")
w(" * (uts46.h says how they read).")
w(" * SPDX-License-Identifier: MIT")
w(" */")
w('#include "uts46.h"')
w("")


def table(ctype, name, items, fmt, per):
    w("const %s %s[%d] = {" % (ctype, name, len(items)))
    for i in range(0, len(items), per):
        w("    " + " ".join(fmt(x) + "," for x in items[i:i + per]))
    w("};")
    w("const size_t %s_count = %d;" % (name, len(items)))
    w("")


w('const char curi__u46_version[] = "%s";' % VERSION)
w("")
table("curi__u46_run", "curi__u46_map", runs, lambda r: "{0x%X, 0x%X}" % r, 4)
table("uint32_t", "curi__u46_pool", pool, lambda x: "0x%X" % x, 10)
table("uint32_t", "curi__u46_ccc", ccc_runs, lambda r: "0x%X" % (r[0] << 8 | r[1]), 8)
table("curi__u46_run", "curi__u46_dec", dec, lambda r: "{0x%X, 0x%X}" % r, 4)
table("uint32_t", "curi__u46_dpool", dpool, lambda x: "0x%X" % x, 10)
table("curi__u46_pair", "curi__u46_comp", comp, lambda r: "{0x%X, 0x%X, 0x%X}" % r, 3)
table("uint32_t", "curi__u46_bidi", bidi, lambda r: "0x%X" % (r[0] << 8 | r[1]), 8)
table("uint32_t", "curi__u46_jt", jt, lambda r: "0x%X" % (r[0] << 8 | r[1]), 8)
table("uint32_t", "curi__u46_mark", [x for r in mark_runs for x in r], lambda x: "0x%X" % x, 10)
table("uint8_t", "curi__u46_prop_idx", prop_idx, lambda x: "%d" % x, 20)
table("uint8_t", "curi__u46_prop_blk", prop_blk, lambda x: "%d" % x, 20)
table("uint32_t", "curi__u46_nv8", [x for r in nv8 for x in r], lambda x: "0x%X" % x, 10)
table("uint32_t", "curi__u46_script", script, lambda r: "0x%X" % (r[0] << 8 | r[1]), 8)
text = "\n".join(out) + "\n"

if check:
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src", "uts46tab.c")
    with open(path, encoding="utf-8") as f:
        if f.read() != text:
            sys.exit("gen_uts46.py --check: src/uts46tab.c is not what the data gives")
    print("gen_uts46.py --check: src/uts46tab.c matches the Unicode %s data" % VERSION)
else:
    sys.stdout.write(text)
