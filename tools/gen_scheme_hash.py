#!/usr/bin/env python3
"""gen_scheme_hash.py -- the perfect hash of the scheme registry (src/schemes/registry.c).

Reads the names of the registry's table (checking that each entry's KEY and length spell
its name, and that no two names share their first eight bytes), finds a multiplier M such that
(key * M mod 2^64) >> (64 - BITS) sends every key (the name packed big-endian into 64 bits,
as registry.c's KEY does) to its own slot, and writes the slot table between the
"scheme hash begin/end" comments of registry.c.  The search is seeded, so the output only
changes when the table does.

    python3 tools/gen_scheme_hash.py           rewrite the block in registry.c
    python3 tools/gen_scheme_hash.py --check   exit 1 unless the block is up to date

SPDX-License-Identifier: MIT
"""
import random
import re
import sys

PATH = "src/schemes/registry.c"
BEGIN = "/* scheme hash begin (tools/gen_scheme_hash.py) */"
END = "/* scheme hash end */"


def key(name):
    """The first eight bytes of name, NUL-padded, big-endian (registry.c's KEY)."""
    b = name.encode()[:8]
    return int.from_bytes(b + b"\0" * (8 - len(b)), "big")


def block(names):
    keys = [key(n) for n in names]
    rng = random.Random(20261125)
    for bits in (6, 7, 8):
        if len(keys) > (1 << bits):
            continue
        for _ in range(1000000):
            m = rng.getrandbits(64) | 1
            slots = {}
            for i, k in enumerate(keys):
                h = ((k * m) & ((1 << 64) - 1)) >> (64 - bits)
                if h in slots:
                    break
                slots[h] = i
            else:
                table = [slots.get(h, 255) for h in range(1 << bits)]
                rows = []
                for r in range(0, len(table), 16):
                    rows.append("    " + ", ".join("%3d" % v for v in table[r:r + 16]) + ",")
                return "\n".join([
                    BEGIN,
                    "#define HASH_MUL UINT64_C(0x%016x)" % m,
                    "#define HASH_BITS %d" % bits,
                    "/* slot -> index into table, 255 for an empty slot */",
                    "static const uint8_t slots[1 << HASH_BITS] = {",
                ] + rows + ["};", END])
    sys.exit("gen_scheme_hash.py: no multiplier found")


def main():
    text = open(PATH).read()
    rows = re.findall(r'^    \{"([a-z0-9+.-]+)", KEY\(([^)]*)\), (\d+),', text, re.M)
    names = [r[0] for r in rows]
    if not names or names != sorted(names) or len(set(key(n) for n in names)) != len(names):
        sys.exit("gen_scheme_hash.py: the table's names must be sorted, and no two may share "
                 "their first 8 bytes")
    for name, args, length in rows:
        chars = [a.strip() for a in args.split(",")]
        want = ["'%s'" % c for c in name[:8]] + ["0"] * (8 - min(len(name), 8))
        if chars != want or int(length) != len(name) or len(name) > 10:
            sys.exit("gen_scheme_hash.py: the KEY or length of %s does not spell its name "
                     "(or it is longer than CURI__SCHEME_NAME_MAX)" % name)
    new = block(names)
    a, b = text.find(BEGIN), text.find(END)
    if a < 0 or b < 0:
        sys.exit("gen_scheme_hash.py: no hash block in " + PATH)
    old = text[a:b + len(END)]
    if "--check" in sys.argv[1:]:
        if old != new:
            print("gen_scheme_hash.py: the hash block of %s is out of date" % PATH)
            sys.exit(1)
        print("gen_scheme_hash: %d names, block up to date" % len(names))
        return
    open(PATH, "w").write(text[:a] + new + text[b + len(END):])


main()
