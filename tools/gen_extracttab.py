#!/usr/bin/python3
"""gen_extracttab.py -- the character table of src/extract.c (xtab), from the classes of
extraction.md section 1 written out below.

    python3 tools/gen_extracttab.py            print the 16 rows of the table
    python3 tools/gen_extracttab.py --check    exit 1 unless src/extract.c holds them
"""
import string
import sys

URIC = set(string.ascii_letters + string.digits + "-._~:/?#[]@!$&'()*+,;=%")
SCHEME = set(string.ascii_letters + string.digits + "+-.")
WS = set(" \t\n\v\f\r")
T = set(".,;:!?'*")
HOST = set(string.ascii_letters + string.digits + "-.")
TRIG = set(":<")             # and 0xE2, the first byte of U+27E8
TRIGC = set("wWfF")
LEFT = set("([{<>\"'*:,;`") | WS  # and every byte >= 0x80
ALPHA = set(string.ascii_letters)


def entry(b):
    c = chr(b)
    v = 0
    v |= 0x001 if c in URIC else 0
    v |= 0x002 if c in SCHEME else 0
    v |= 0x004 if c in WS else 0
    v |= 0x008 if c in T else 0
    v |= 0x010 if c in HOST else 0
    v |= 0x020 if c in TRIG or b == 0xE2 else 0
    v |= 0x040 if c in TRIGC else 0
    v |= 0x080 if c in LEFT or b >= 0x80 else 0
    v |= 0x100 if c in ALPHA else 0
    return v


rows = ["    /* %X */ " % hi + ", ".join("0x%03x" % entry(hi * 16 + lo) for lo in range(16)) + ","
        for hi in range(16)]
if sys.argv[1:] == ["--check"]:
    src = open("src/extract.c", encoding="utf-8").read()
    ok = "\n".join(rows) in src
    print("gen_extracttab: src/extract.c %s" % ("matches" if ok else "DIFFERS: regenerate"))
    sys.exit(0 if ok else 1)
print("\n".join(rows))
