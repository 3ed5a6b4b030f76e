#!/usr/bin/env python3
"""url-differential.py -- curi's WHATWG URL parser (curi url) against Node's URL and the
npm package whatwg-url (the Standard's reference implementation), input by input.

    python3 tools/url-differential.py [--curi build/curi] [--whatwg-url DIR] [--mutate N]
                                      FILE...

Each line of each FILE is one input (bytes as they are: `curi url --binary` and Node both see
the line without its '\\n'; invalid UTF-8 reaches both as U+FFFD).  --mutate N adds N inputs
made from the files' lines by seeded random insertions, deletions and replacements of
URL-significant tokens (backslashes, '%', '@', brackets, IPv4 forms, non-ASCII, dots, tabs...),
reported as the pseudo-file "mutated".  --whatwg-url DIR: a node_modules directory holding
whatwg-url (`npm install --prefix DIR whatwg-url`); without it only Node's URL is compared.

For each oracle, prints per file: inputs, agreements, and the disagreements by class:
  caret              curi writes '^' in a path as %5E (URL Standard commit 9bc33c3,
                     whatwg/url#846, 2025-03), the oracle leaves it;
  ascii-xn--         an ASCII host with an xn-- label that is not valid Punycode of a valid
                     label: curi lowercases it, as domain to ASCII does for every ASCII domain
                     since whatwg/url#914 (2026), the oracle fails;
  bidi               curi fails with IDN_BIDI (UTS #46 CheckBidi, which the Standard sets),
                     the oracle accepts;
  other              anything else: a curi bug until shown otherwise (the first ones are
                     printed).
Exit status 0 (the counts are the result).
"""
import json
import os
import random
import subprocess
import sys

args = sys.argv[1:]
curi = "build/curi"
wu = None
mutate = 0
files = []
while args:
    a = args.pop(0)
    if a == "--curi":
        curi = args.pop(0)
    elif a == "--whatwg-url":
        wu = args.pop(0)
    elif a == "--mutate":
        mutate = int(args.pop(0))
    else:
        files.append(a)

NODE_SCRIPT = r"""
const fs = require('fs');
const impl = process.argv[1] ? require(process.argv[1]).URL : URL;
const lines = fs.readFileSync(0).toString('utf8').split('\n');
lines.pop();
const out = [];
for (const l of lines) {
    try { out.push(JSON.stringify(new impl(l).href)); } catch (e) { out.push('null'); }
}
process.stdout.write(out.join('\n') + '\n');
"""

TOKENS = [b"\\", b"/", b"//", b"%", b"%2e", b"%2E.", b"..", b".", b"@", b":", b"::", b"[",
          b"]", b"[::1]", b"\t", b" ", b"#", b"?", b"^", b"|", b"0x7f", b".1", b"%41", b"%ZZ",
          b"\xc3\xa9", b"\xef\xbc\x8e", b"\xe3\x80\x82", b"\xff", b"\xc3", b"xn--",
          b"xn--zca", b"\xc2\xad", b"C:", b"c|", b"file:", b"http:", b"https://", b"blob:",
          b"1.2.3.4", b"999999999999", b"0", b"<", b">", b"`", b"{", b"}", b'"', b"'", b"\x00",
          b"\x7f", b"\xe2\x80\x8d", b"\xd7\x90", b"localhost", b":80", b":443", b":65536",
          b"a@b:c@d"]


def mutated(lines, n):
    rnd = random.Random(28)
    pool = [l for l in lines if l]
    out = []
    for _ in range(n):
        l = rnd.choice(pool)
        for _ in range(rnd.randint(1, 4)):
            p = rnd.randint(0, len(l))
            op = rnd.random()
            t = rnd.choice(TOKENS)
            if op < 0.6:
                l = l[:p] + t + l[p:]
            elif op < 0.8:
                l = l[:p] + l[p + rnd.randint(1, 5):]
            else:
                l = l[:p] + t + l[p + 1:]
        out.append(l.replace(b"\n", b"\t"))
    return out


def run_curi(lines):
    data = b"".join(l + b"\n" for l in lines)
    res = subprocess.run([curi, "url", "--json", "--binary"], input=data, capture_output=True)
    got = []
    for line in res.stdout.decode("utf-8", "replace").splitlines():
        o = json.loads(line)
        got.append((o.get("href"), o.get("error")))
    return got


def run_node(lines, module):
    data = b"".join(l + b"\n" for l in lines)
    argv = ["node", "-e", NODE_SCRIPT, "--"] + ([module] if module else [])
    res = subprocess.run(argv, input=data, capture_output=True, check=True)
    return [json.loads(x) for x in res.stdout.decode("utf-8").splitlines()]


def classify(inp, mine, theirs):
    href, err = mine
    if href is not None and theirs is not None and href.replace("%5E", "^") == theirs:
        return "caret"
    if href is not None and theirs is None and b"xn--" in inp.lower():
        return "ascii-xn--"
    if href is None and err == "IDN_BIDI" and theirs is not None:
        return "bidi"
    return "other"


sets = []
all_lines = []
for f in files:
    with open(f, "rb") as fh:
        lines = fh.read().split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    sets.append((os.path.basename(f), lines))
    all_lines += lines
if mutate:
    sets.append(("mutated", mutated(all_lines, mutate)))

oracles = [("node-URL", None)]
if wu:
    oracles.append(("whatwg-url", os.path.join(os.path.abspath(wu), "whatwg-url")))
for name, lines in sets:
    mine = run_curi(lines)
    assert len(mine) == len(lines), (name, len(mine), len(lines))
    for oname, module in oracles:
        theirs = run_node(lines, module)
        counts = {}
        others = []
        for inp, m, t in zip(lines, mine, theirs):
            if m[0] == t:
                continue
            c = classify(inp, m, t)
            counts[c] = counts.get(c, 0) + 1
            if c == "other":
                others.append((inp, m, t))
        agree = len(lines) - sum(counts.values())
        print("%s vs %s: %d inputs, %d agree; %s" % (name, oname, len(lines), agree,
              ", ".join("%s %d" % kv for kv in sorted(counts.items())) or "no disagreement"))
        for o in others[:10]:
            print("   other: %r curi %r %s %r" % (o[0], o[1], oname, o[2]))
