#!/bin/sh
# idn-hosts.sh -- a file of internationalized host names for the curi-idna runners of
# curi-bench, one a line: the source column of every line of Unicode's IdnaTestV2.txt
# (tests/data) that holds a non-ASCII character and whose nontransitional toASCII has no
# error (toAsciiNStatus empty or []), each once, then the list repeated until it has at
# least MIN lines (default 20000).  Some of these names are refused by IDNA2008 (libidn2):
# the runners' "valid" column says how many each accepts.
#
#   sh bench/idn-hosts.sh [IdnaTestV2.txt] > idn-hosts.txt
# SPDX-License-Identifier: MIT
set -eu
src=${1:-tests/data/IdnaTestV2.txt}
/usr/bin/python3 - "$src" "${MIN:-20000}" <<'PY'
import re, sys
seen, hosts = set(), []
for line in open(sys.argv[1], encoding="utf-8"):
    line = line.split("#", 1)[0].strip()
    if not line:
        continue
    f = [x.strip() for x in line.split(";")]
    if len(f) < 5:
        continue
    src = re.sub(r"\\u([0-9A-Fa-f]{4})", lambda m: chr(int(m.group(1), 16)), f[0])
    src = re.sub(r"\\x\{([0-9A-Fa-f]+)\}", lambda m: chr(int(m.group(1), 16)), src)
    status = f[4] if f[4] else (f[2] if f[2] else "")
    if status not in ("", "[]") or all(ord(c) < 128 for c in src) or src in seen:
        continue
    if any(0xD800 <= ord(c) <= 0xDFFF for c in src) or "\n" in src:
        continue
    seen.add(src)
    hosts.append(src)
n = max(1, -(-int(sys.argv[2]) // max(1, len(hosts))))
out = sys.stdout.buffer
for _ in range(n):
    for h in hosts:
        out.write(h.encode("utf-8") + b"\n")
PY
