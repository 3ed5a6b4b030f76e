#!/bin/sh
# iri-data.sh -- a file of real non-ASCII URLs (IRIs) for the IRI runners of curi-bench,
# made from public data on this machine (make bench-iri writes $(B)/iri-urls.txt with it):
#   1. the lines of ../shared/data/urls/*.txt that hold non-ASCII bytes;
#   2. the URLs of those files that curi to-iri turns into IRIs (percent-encoded UTF-8 of
#      characters an IRI holds raw, written raw);
#   3. URLs with non-ASCII characters in the text files under /usr/share, /usr/lib/python3
#      and /usr/lib/node_modules (Debian's documentation, test data, translations), kept
#      when they are UTF-8 and their non-ASCII characters are letters, marks or digits.
# Each distinct URL once; then the list is repeated until it has at least MIN lines (default
# 20000), since the machine holds only some dozens and a benchmark needs more work per pass.
#
#   sh bench/iri-data.sh CURI [DATA_DIR] > iri-urls.txt
# SPDX-License-Identifier: MIT
set -eu
curi=${1:?usage: sh bench/iri-data.sh CURI [DATA_DIR]}
data=${2:-../shared/data/urls}
min=${MIN:-20000}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
: >"$tmp/all"
for f in "$data"/*.txt; do
    [ -f "$f" ] || continue
    LC_ALL=C grep -aP '[\x80-\xff]' "$f" >>"$tmp/all" || true
    "$curi" to-iri --skip-invalid <"$f" 2>/dev/null | LC_ALL=C grep -aP '[\x80-\xff]' >>"$tmp/all" || true
done
for d in /usr/share /usr/lib/python3 /usr/lib/node_modules; do
    [ -d "$d" ] || continue
    LC_ALL=C grep -rIhoP '(https?|ftp)://[^\s<>"'\''`\\|^{}]*[\x80-\xff][^\s<>"'\''`\\|^{}]*' "$d" \
        2>/dev/null >>"$tmp/all" || true
done
/usr/bin/python3 - "$tmp/all" "$min" <<'PY'
import sys, unicodedata
seen, urls = set(), []
with open(sys.argv[1], "rb") as f:
    for raw in f:
        raw = raw.rstrip(b"\r\n").lstrip(b"\xef\xbb\xbf")
        try:
            s = raw.decode("utf-8")
        except UnicodeDecodeError:
            continue
        s = s.rstrip(".,;:!?)]\u00bb\u201d\u2019")
        wide = [c for c in s if ord(c) > 127]
        if not wide or any(unicodedata.category(c)[0] not in "LMN" for c in wide):
            continue
        if s not in seen:
            seen.add(s)
            urls.append(s)
if not urls:
    sys.exit("iri-data.sh: no non-ASCII URL found")
out = []
while len(out) < int(sys.argv[2]):
    out.extend(urls)
sys.stdout.write("".join(u + "\n" for u in out))
sys.stderr.write("iri-data.sh: %d distinct URLs, %d lines\n" % (len(urls), len(out)))
PY
