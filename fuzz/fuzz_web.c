/*
 * fuzz_web.c -- libFuzzer target for the web inspector's C API (web/curi_web.c): cw_inspect,
 * which runs every operation the page shows (parse, the scheme's parts, normalize, resolve,
 * relative, the lint, the IRI mappings, UTS #46, the WHATWG parser, curi diff's report)
 * over one input and a base and writes them as one JSON document, and cw_escape.  Input:
 * the reference, or, when the first byte is 0x01, a base and the reference separated by the
 * first 0x02 byte.
 * Invariants:
 *  - cw_inspect answers a document "{...}" with no raw byte below 0x20 (JSON strings escape
 *    them) and only well-formed UTF-8 (a lost byte becomes U+FFFD with a _hex twin);
 *  - cw_escape's text holds no control byte, no bidi or line-separator character and only
 *    well-formed UTF-8, and is the input itself when that needs no escaping (printable
 *    ASCII without '\').
 * SPDX-License-Identifier: MIT
 */
#include <stdlib.h>
#include <string.h>

#include "util.h"
#include "../web/curi_web.h"

/* s[0..n) is well-formed UTF-8 (RFC 3629: no overlong form, surrogate or value past U+10FFFF)
 * and, with no_hidden, holds none of U+2028-202E, U+2066-2069, U+200E-200F. */
static int clean_utf8(const char *s, size_t n, int no_hidden)
{
    const unsigned char *b = (const unsigned char *)s;
    for (size_t i = 0; i < n;) {
        unsigned c = b[i], need = 0;
        if (c < 0x80) {
            i++;
            continue;
        }
        if (c >= 0xc2 && c <= 0xdf)
            need = 1;
        else if (c >= 0xe0 && c <= 0xef)
            need = 2;
        else if (c >= 0xf0 && c <= 0xf4)
            need = 3;
        else
            return 0;
        if (n - i <= need)
            return 0;
        unsigned long v = c & (0x3fu >> need);
        for (unsigned k = 1; k <= need; k++) {
            if ((b[i + k] & 0xc0) != 0x80)
                return 0;
            v = (v << 6) | (b[i + k] & 0x3fu);
        }
        static const unsigned long min[4] = {0, 0x80, 0x800, 0x10000};
        if (v < min[need] || (v >= 0xd800 && v <= 0xdfff) || v > 0x10ffff)
            return 0;
        if (no_hidden && ((v >= 0x2028 && v <= 0x202e) || (v >= 0x2066 && v <= 0x2069) ||
                          v == 0x200e || v == 0x200f || (v >= 0x80 && v <= 0x9f)))
            return 0;
        i += need + 1;
    }
    return 1;
}

static int has_control(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)s[i] < 0x20 || s[i] == 0x7f)
            return 1;
    return 0;
}

static void check_inspect(const char *in, size_t n, const char *base, size_t bn)
{
    size_t len = 0;
    char *doc = cw_inspect(in, n, base, bn, &len);
    FZ_CHECKF(doc != NULL, "%s: no document", fz_show(in, n));
    FZ_CHECKF(len >= 2 && doc[0] == '{' && doc[len - 1] == '}' && doc[len] == '\0',
              "%s: not an object", fz_show(in, n));
    FZ_CHECKF(!has_control(doc, len), "%s: a raw control byte in the document", fz_show(in, n));
    FZ_CHECKF(clean_utf8(doc, len, 0), "%s: the document is not UTF-8", fz_show(in, n));
    cw_free(doc);
    doc = cw_core(in, n, &len);
    FZ_CHECKF(doc != NULL && len >= 2 && doc[0] == '{' && doc[len - 1] == '}',
              "%s: cw_core", fz_show(in, n));
    cw_free(doc);
}

static void check_escape(const char *in, size_t n)
{
    size_t len = 0;
    char *t = cw_escape(in, n, &len);
    FZ_CHECKF(t != NULL, "%s: cw_escape", fz_show(in, n));
    FZ_CHECKF(!has_control(t, len) && clean_utf8(t, len, 1), "%s: escaped text shows %s",
              fz_show(in, n), fz_show2(t, len));
    int plain = 1;
    for (size_t i = 0; i < n && plain; i++)
        plain = in[i] >= 0x20 && in[i] < 0x7f && in[i] != '\\';
    if (plain)
        FZ_CHECKF(fz_eq(t, len, in, n), "%s: printable ASCII changed", fz_show(in, n));
    cw_free(t);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *s = (const char *)data;
    if (size > 4096)
        return 0;
    if (size > 0 && data[0] == 1) {
        const char *b, *in;
        size_t bn, n;
        fz_split(s + 1, size - 1, 2, &b, &bn, &in, &n);
        char *bc = fz_dup(b, bn), *ic = fz_dup(in, n);
        check_inspect(ic, n, bc, bn);
        free(bc);
        free(ic);
        return 0;
    }
    char *c = fz_dup(s, size);
    check_inspect(c, size, NULL, 0);
    check_escape(c, size);
    free(c);
    return 0;
}
