#!/bin/sh
# make-corpus.sh -- (re)build the seed corpora fuzz/corpus/<target>/ from the test vectors
# (tests/vectors/*.vec) and a sample of the shared URL lists (../shared/data/urls/*.txt).
#
#   sh fuzz/make-corpus.sh            run from the repository root
#
# Each seed is written in the input format of its target (see the top of fuzz/fuzz_*.c) and
# named by the first 16 hex digits of the SHA-1 of its content.  At most MAX (300) files are
# kept per target, old and new together: the ones with the smallest names, which is a
# pseudo-random sample.  Plain POSIX sh and awk; sha1sum (or cksum) names the files.
# SPDX-License-Identifier: MIT
set -eu

MAX=${MAX:-300}
OUT=${OUT:-fuzz/corpus}
DATA=${DATA:-../shared/data/urls}
export LC_ALL=C

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# ---- 1. records "TARGET<TAB>printf-format" from the vectors and the URL sample ----
# The format string spells every byte as itself or as an octal escape \ooo, and '%' as '%%'.
awk '
function init(   i) {
    for (i = 0; i < 256; i++) ord[sprintf("%c", i)] = i
    hexd = "0123456789abcdef"
}
# A vector token (\xHH, \\, "" escapes) as a printf format.
function fmt_tok(t,   o, i, c, n) {
    if (t == "\"\"") return ""
    o = ""
    for (i = 1; i <= length(t); i++) {
        c = substr(t, i, 1)
        if (c == "\\" && substr(t, i + 1, 1) == "x") {
            n = (index(hexd, tolower(substr(t, i + 2, 1))) - 1) * 16 + \
                index(hexd, tolower(substr(t, i + 3, 1))) - 1
            o = o sprintf("\\%03o", n)
            i += 3
        } else if (c == "\\" && substr(t, i + 1, 1) == "\\") {
            o = o "\\\\"
            i++
        } else {
            o = o fmt_raw(c)
        }
    }
    return o
}
# Raw bytes (a URL line) as a printf format.
function fmt_raw(s,   o, i, c) {
    o = ""
    for (i = 1; i <= length(s); i++) {
        c = substr(s, i, 1)
        if (c == "%") o = o "%%"
        else if (c == "\\") o = o "\\\\"
        else if (ord[c] < 33 || ord[c] > 126) o = o sprintf("\\%03o", ord[c])
        else o = o c
    }
    return o
}
function byte(n) { return sprintf("\\%03o", n) }
function emit(target, f) { printf "%s\t%s\n", target, f }
# part[KEY] = the format of VALUE for every KEY=VALUE token of the case.
function parts_of(   i, k, eq) {
    delete part
    for (i = 2; i <= NF; i++) {
        eq = index($i, "=")
        if (eq == 0) continue
        k = substr($i, 1, eq - 1)
        part[k] = fmt_tok(substr($i, eq + 1))
    }
}
BEGIN { init() }
FILENAME ~ /\.vec$/ {
    if ($0 ~ /^[ \t]*(#|$)/) next
    if ($1 == "%kind") { kind = $2; flags = ""; next }
    if ($1 == "%flags") { flags = $0; next }
    a = fmt_tok($1)
    if (kind == "parse") {
        emit("parse", a); emit("normalize", a); emit("iter", a); emit("compare", a); emit("edit", a)
        emit("resolve", a); emit("relative", a); emit("cli", byte(NR % 12) a)
        emit("pct", a); emit("lint", a)
        if ($NF !~ /^!/) {
            parts_of()
            if ("host" in part) emit("host_parse", part["host"])
            # recompose: a presence mask, then the seven parts in curi_part order
            mask = 0
            split("scheme userinfo host port path query fragment", names, " ")
            f = ""
            for (i = 1; i <= 7; i++) {
                if (names[i] in part) mask += 2 ^ (i - 1)
                f = f (i > 1 ? "\\n" : "") ((names[i] in part) ? part[names[i]] : "")
            }
            emit("recompose", byte(mask + 16 * (NR % 2 == 0 && !("path" in part))) f)
        }
    } else if (kind == "host") {
        emit("host_parse", a)
    } else if (kind == "encode" || kind == "decode") {
        emit("pct", a)
    } else if (kind == "query" || kind == "segments") {
        emit("iter", a)
    } else if (kind == "set" && NF >= 3) {
        split("scheme userinfo host port path query fragment", names, " ")
        p = 0
        for (i = 1; i <= 7; i++) if (names[i] == $2) p = i - 1
        ctl = p + (flags ~ /encode/ ? 8 : 0) + (flags ~ /port-range/ ? 16 : 0) + \
              (flags ~ /strict-3986/ ? 32 : 0) + ($3 == "(null)" ? 64 : 0)
        emit("set", byte(ctl) a "\\n" ($3 == "(null)" ? "" : fmt_tok($3)))
    } else if ((kind == "resolve" || kind == "relative") && NF >= 2) {
        emit(kind, a "\\n" fmt_tok($2))
        emit(kind == "resolve" ? "relative" : "resolve", a "\\n" fmt_tok($2))
    } else if ((kind == "normalize" || kind == "equal") && NF >= 2) {
        emit("normalize", a)
        if ($2 !~ /^!/) { emit("compare", a "\\n" fmt_tok($2)); emit("edit", a "\\n" fmt_tok($2)) }
    } else if (kind == "dots") {
        emit("resolve", a)
    } else if (kind == "lint" || kind == "lintmsg") {
        emit("lint", a)
    } else if (kind == "extract") {
        # the mode bit, and a block size of 1 to 16 bytes
        emit("extract", byte((flags ~ /complete/ ? 1 : 0) + 2 * (NR % 16)) a)
        if (NR % 8 == 0) emit("cli", byte(16 + (flags ~ /complete/ ? 32 : 0)) a)
    } else if (kind == "frompath" || kind == "topath") {
        # filepath: a control byte (1: --windows), then a path or a URI; both sides of a case.
        w = byte(flags ~ /windows/ ? 1 : 0)
        emit("filepath", w a)
        if (NF >= 2 && $2 !~ /^!/) emit("filepath", w fmt_tok($2))
    } else if (kind == "schemecheck") {
        emit("scheme_check", a); emit("edit", a)
    } else if (kind == "touri" || kind == "toiri") {
        # iri: a control byte (1: --idn), then the text; both sides of a case.
        w = byte(flags ~ /idn/ ? 1 : 0)
        emit("iri", w a)
        if (NF >= 2 && $2 !~ /^!/) emit("iri", w fmt_tok($2))
    } else if (kind == "toascii" || kind == "tounicode" || kind == "uts46") {
        emit("idn", a)
    }
    if (kind == "parse" && flags ~ /iri/) emit("iri", byte(0) a)
    next
}
# URL lists: every STEP-th line (after a BOM and a CR are stripped).
{
    if (FNR == 1) { prev = ""; sub(/^\357\273\277/, "") }
    sub(/\r$/, "")
    if (FNR % step != 1) next
    u = fmt_raw($0)
    emit("parse", u); emit("normalize", u); emit("iter", u); emit("compare", u); emit("edit", u)
    emit("resolve", u); emit("cli", byte(FNR % 12) u); emit("lint", u)
    emit("filepath", byte(FNR % 2) u)
    if (prev != "") emit("relative", prev "\\n" u)
    emit("set", byte(FNR % 128) u "\\n" fmt_raw(substr($0, 1, 12)))
    prev = u
}
' step="${STEP:-1500}" tests/vectors/*.vec "$DATA"/*.txt > "$tmp/records"

# ---- 2. one file per record, named by content hash ----
hash() {
    if command -v sha1sum >/dev/null 2>&1; then sha1sum "$1" | cut -c1-16
    else cksum "$1" | awk '{ printf "%016x\n", $1 }'; fi
}
while IFS='	' read -r target fmt; do
    mkdir -p "$tmp/$target"
    printf -- "$fmt" > "$tmp/one"
    mv "$tmp/one" "$tmp/$target/$(hash "$tmp/one")"
done < "$tmp/records"

for t in "$tmp"/*/; do
    t=$(basename "$t")
    mkdir -p "$OUT/$t"
    # Keep the MAX smallest names (new and old together).
    { ls "$tmp/$t"; ls "$OUT/$t"; } | sort -u | head -n "$MAX" > "$tmp/keep"
    while read -r f; do
        [ -f "$OUT/$t/$f" ] || cp "$tmp/$t/$f" "$OUT/$t/$f"
    done < "$tmp/keep"
    for f in "$OUT/$t"/*; do
        grep -qx "$(basename "$f")" "$tmp/keep" || rm -f "$f"
    done
    echo "$t: $(ls "$OUT/$t" | wc -l) files"
done
