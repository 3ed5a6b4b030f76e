#!/usr/bin/env python3
"""Prove two limits of libcuri from the compiler's own call graph (gcc -fcallgraph-info=su):

  1. no recursion anywhere: the call graph of src/*.c, src/schemes/*.c and src/lint/*.c has no cycle;
  2. stack use independent of the input: every function's frame is static or bounded (no VLA, no
     alloca), so the deepest chain from each public function has a fixed size, printed here.

Usage: python3 tools/stack-check.py [CC]   (run from the repository root; CC defaults to gcc)
Exit status 1 on a cycle or an unbounded frame.  Calls into libc (memchr, memcpy, ...) are leaves.
"""
import glob
import os
import re
import subprocess
import sys
import tempfile

cc = sys.argv[1] if len(sys.argv) > 1 else "gcc"
node_re = re.compile(r'node: \{ title: "([^"]+)" label: "([^"]*)"')
edge_re = re.compile(r'edge: \{ sourcename: "([^"]+)" targetname: "([^"]+)"')

frames = {}  # function -> (bytes, qualifier)
edges = {}   # function -> set of callees
with tempfile.TemporaryDirectory() as tmp:
    for src in sorted(glob.glob("src/*.c") + glob.glob("src/schemes/*.c") + glob.glob("src/lint/*.c")):
        obj = os.path.join(tmp, os.path.basename(src) + ".o")
        subprocess.run([cc, "-std=c11", "-O2", "-Iinclude", "-fcallgraph-info=su", "-c", src,
                        "-o", obj], check=True, cwd=".")
        ci = obj[:-2] + ".ci"
        if not os.path.exists(ci):
            ci = os.path.join(tmp, os.path.basename(src)[:-2] + ".ci")
        text = open(ci).read()
        for title, label in node_re.findall(text):
            m = re.search(r"(\d+) bytes \(([^)]*)\)", label)
            if m:
                frames[title] = (int(m.group(1)), m.group(2))
        for a, b in edge_re.findall(text):
            edges.setdefault(a, set()).add(b)

bad = [f for f, (_, q) in frames.items() if "bounded" not in q and q != "static"]
for f in bad:
    print("unbounded stack frame:", f, frames[f])

# Depth-first search without recursion: colour 1 = on the stack, 2 = done.
colour, depth, cycle = {}, {}, None
for root in sorted(frames):
    if colour.get(root):
        continue
    stack = [(root, iter(sorted(edges.get(root, ()))))]
    colour[root] = 1
    while stack and cycle is None:
        fn, it = stack[-1]
        nxt = next(it, None)
        if nxt is None:
            stack.pop()
            colour[fn] = 2
            own = frames.get(fn, (0, ""))[0]
            depth[fn] = own + max([depth.get(c, 0) for c in edges.get(fn, ())] or [0])
        elif colour.get(nxt) == 1:
            cycle = [f for f, _ in stack] + [nxt]
        elif not colour.get(nxt):
            colour[nxt] = 1
            stack.append((nxt, iter(sorted(edges.get(nxt, ())))))
    if cycle:
        break

if cycle:
    print("recursion:", " -> ".join(cycle))
public = sorted(f for f in frames if re.fullmatch(r"curi_[a-z][a-z0-9_]*", f))
print("deepest stack use from each public function (bytes, libc calls excluded):")
for f in public:
    print("  %-28s %6d" % (f, depth.get(f, 0)))
ok = not bad and not cycle
print("stack-check: %d functions, %s" % (len(frames), "no recursion, all frames bounded" if ok
                                         else "FAILED"))
sys.exit(0 if ok else 1)
