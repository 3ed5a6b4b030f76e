#!/bin/sh
# iri-idn-data.sh -- IRIs of which one in three has an IDN host, for measuring IRI -> URI
# with IDNA (docs/benchmarks.md, "IDNA"): the IRIs of bench/iri-data.sh whose host is ASCII,
# and after every two of them one with the scheme and path of the next and, as its host, the
# next name of bench/idn-hosts.sh (IdnaTestV2's IDN names).  At least MIN lines (default
# 21000).
#
#   sh bench/iri-idn-data.sh IRI_FILE IDN_HOST_FILE > iri-idn.txt
# SPDX-License-Identifier: MIT
set -eu
iri=${1:?usage: sh bench/iri-idn-data.sh IRI_FILE IDN_HOST_FILE}
idn=${2:?usage: sh bench/iri-idn-data.sh IRI_FILE IDN_HOST_FILE}
/usr/bin/python3 - "$iri" "$idn" "${MIN:-21000}" <<'PY'
import re, sys
ascii_host, seen = [], set()
for line in open(sys.argv[1], encoding="utf-8"):
    m = re.match(r"([a-z][a-z0-9+.-]*://)([^/?#]*)(.*)$", line.rstrip("\n"))
    if m and m.group(0) not in seen and m.group(2).isascii():
        seen.add(m.group(0))
        ascii_host.append(m.groups())
hosts = list(dict.fromkeys(h.rstrip("\n") for h in open(sys.argv[2], encoding="utf-8")))
if not ascii_host or not hosts:
    sys.exit("iri-idn-data.sh: no IRI with an ASCII host, or no IDN name")
out = []
for i in range(int(sys.argv[3])):
    scheme, host, rest = ascii_host[i % len(ascii_host)]
    if i % 3 == 2:
        host = hosts[(i // 3) % len(hosts)]
    out.append(scheme + host + rest)
sys.stdout.write("".join(u + "\n" for u in out))
sys.stderr.write("iri-idn-data.sh: %d lines, %d with an IDN host\n"
                 % (len(out), sum(1 for i in range(len(out)) if i % 3 == 2)))
PY
