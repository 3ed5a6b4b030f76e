/*
 * idn2diff.c -- curi_host_to_ascii (libcuri's own IDNA2008 on its UTS #46) against libidn2,
 * the library it replaced: idn2_lookup_u8 with IDN2_NONTRANSITIONAL and the checks libcuri
 * used to add after it (the ASCII result holds only a reg-name's characters, VerifyDnsLength
 * with a root dot allowed, an A-label must give itself back; not the partial CheckBidi, whose
 * whole gap is the libidn2-bidi class).  Built and run by make check only when pkg-config
 * finds libidn2 (the Makefile's check-idn2diff).
 *
 *   idn2diff IdnaTestV2.txt URLFILE...
 *
 * The names: the source column of every line of IdnaTestV2.txt and the host of every URL of
 * the URL files (curi_parse, reg-names only), each once; for each, also its ToASCII by
 * curi_uts46_to_ascii (so that A-labels decoding to every kind of character are tried), the
 * name with a root dot, the name in capitals (ASCII letters) and the name with U+3002 for
 * each '.'.  Each disagreement falls in one named class (the README beside this file argues
 * each from the RFCs, with the counts) or counts as unexplained, which fails the run.
 * Prints the count of each class and "idn2diff: N passed, N failed" (failed: the
 * unexplained ones).
 * SPDX-License-Identifier: MIT
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <idn2.h>

#include "curi.h"

enum { MAXNAME = 1024 };

/* The disagreement classes. */
enum {
    C_AGREE,        /* same output, or both refuse */
    C_NEWER,        /* a code point libidn2's Unicode tables leave unassigned (IDN2_UNASSIGNED) */
    C_MAPPING,      /* both accept, different A-labels: a mapping Unicode changed (U+1E9E) */
    C_SYMBOL,       /* libidn2 accepts U+2260, U+226E, U+226F (DISALLOWED in RFC 5892) */
    C_CURI_ONLY,    /* curi accepts, libidn2's older tables disallow a code point of the name */
    C_BIDI,         /* libidn2 accepts a name that breaks RFC 5893 (it checks only RTL labels) */
    C_UNEXPLAINED,
    C_COUNT
};
static const char *const cname[C_COUNT] = {
    "agree", "newer-unicode", "mapping-changed", "libidn2-symbol",
    "libidn2-older-status", "libidn2-bidi", "UNEXPLAINED"};
static long count[C_COUNT];

/* The old path's answer: 0 and the ASCII name in a, or libidn2's code (< 0), or 1 for a
 * refusal by the old post-checks. */
static int old_path(const char *s, size_t n, char *a, size_t cap)
{
    char in[MAXNAME + 1];
    uint8_t *out = NULL, *back = NULL;
    size_t len, i;
    int rc, xn = 0;
    if (n > MAXNAME)
        return 1;
    memcpy(in, s, n);
    in[n] = '\0';
    if (memchr(in, 0, n))
        return 1;
    rc = idn2_lookup_u8((const uint8_t *)in, &out, IDN2_NONTRANSITIONAL);
    if (rc != IDN2_OK)
        return rc;
    len = strlen((const char *)out);
    if (len == 0 || len >= cap || (len == 1 && out[0] == '.') ||
        len - (out[len - 1] == '.') > 253) {
        idn2_free(out);
        return 1;
    }
    for (i = 0; i < len; i++) {
        unsigned char c = out[i];
        if (c == '.' ? (i == 0 || out[i - 1] == '.')
                     : !((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
                         c == '_' || c == '~' || strchr("!$&'()*+,;=", c) != NULL)) {
            idn2_free(out);
            return 1;
        }
        if ((i == 0 || out[i - 1] == '.') && len - i >= 4 && memcmp(out + i, "xn--", 4) == 0)
            xn = 1;
    }
    memcpy(a, out, len + 1);
    idn2_free(out);
    if (xn) { /* the A-labels must give themselves back (libidn2 accepts xn--6a) */
        char *u = NULL;
        if (idn2_to_unicode_8z8z(a, &u, 0) != IDN2_OK)
            return 1;
        rc = idn2_lookup_u8((const uint8_t *)u, &back, IDN2_NONTRANSITIONAL);
        idn2_free(u);
        if (rc != IDN2_OK)
            return rc;
        rc = strcmp((const char *)back, a) != 0;
        idn2_free(back);
        if (rc)
            return 1;
    }
    return 0;
}

static int has_cp(const char *s, size_t n, uint32_t c0, uint32_t c1)
{
    for (size_t i = 0; i < n;) {
        unsigned char b = (unsigned char)s[i];
        uint32_t c;
        size_t k;
        if (b < 0x80) {
            c = b;
            k = 1;
        } else if (b >= 0xC0 && b < 0xE0 && n - i >= 2) {
            c = (uint32_t)(b & 0x1F) << 6 | ((unsigned char)s[i + 1] & 0x3F);
            k = 2;
        } else if (b >= 0xE0 && b < 0xF0 && n - i >= 3) {
            c = (uint32_t)(b & 0x0F) << 12 | (uint32_t)((unsigned char)s[i + 1] & 0x3F) << 6 |
                ((unsigned char)s[i + 2] & 0x3F);
            k = 3;
        } else if (b >= 0xF0 && n - i >= 4) {
            c = (uint32_t)(b & 0x07) << 18 | (uint32_t)((unsigned char)s[i + 1] & 0x3F) << 12 |
                (uint32_t)((unsigned char)s[i + 2] & 0x3F) << 6 | ((unsigned char)s[i + 3] & 0x3F);
            k = 4;
        } else {
            return 0;
        }
        if (c >= c0 && c <= c1)
            return 1;
        i += k;
    }
    return 0;
}

static int show_left = 20;

static void compare(const char *s, size_t n)
{
    char want[512], got[512];
    size_t glen = 0;
    curi_error e;
    int old = old_path(s, n, want, sizeof want);
    int rc = curi_host_to_ascii(got, sizeof got - 1, &glen, s, n, 0, &e);
    int cls = C_AGREE;
    if (rc == CURI_OK)
        got[glen] = '\0';
    if (old == 0 && rc == CURI_OK) {
        char u[2048], *uni = NULL;
        size_t ulen = 0;
        if (strcmp(want, got) != 0) {
            cls = has_cp(s, n, 0x1E9E, 0x1E9E) ? C_MAPPING : C_UNEXPLAINED;
        } else if (curi_host_to_unicode(u, sizeof u - 1, &ulen, s, n, 0, NULL) != CURI_OK ||
                   idn2_to_unicode_8z8z(want, &uni, 0) != IDN2_OK || uni == NULL ||
                   strlen(uni) != ulen || memcmp(uni, u, ulen) != 0) {
            cls = C_UNEXPLAINED; /* ToUnicode: the U-labels of the same A-labels differ */
        }
        idn2_free(uni);
    } else if (old == 0) {
        /* libidn2 accepts, curi refuses: judged on libidn2's U-labels */
        char *uni = NULL;
        size_t un;
        if (idn2_to_unicode_8z8z(want, &uni, 0) != IDN2_OK || uni == NULL) {
            cls = C_UNEXPLAINED;
        } else {
            un = strlen(uni);
            if (has_cp(uni, un, 0x2260, 0x2260) || has_cp(uni, un, 0x226E, 0x226F))
                cls = C_SYMBOL;
            else if (rc == CURI_ERR_IDN_BIDI)
                cls = C_BIDI;
            else
                cls = C_UNEXPLAINED;
            idn2_free(uni);
        }
    } else if (rc == CURI_OK) {
        /* curi accepts, libidn2 refuses */
        cls = old == IDN2_UNASSIGNED                                          ? C_NEWER
              : old == IDN2_DISALLOWED || old == IDN2_INVALID_NONTRANSITIONAL ? C_CURI_ONLY
                                                                              : C_UNEXPLAINED;
    }
    count[cls]++;
    if (cls == C_UNEXPLAINED && show_left-- > 0)
        printf("idn2diff: UNEXPLAINED %.*s: libidn2 path %s (%d), curi %s (%s)\n", (int)n, s,
               old == 0 ? want : "refuses", old, rc == CURI_OK ? got : "refuses",
               rc == CURI_OK ? "" : curi_strerror_name(rc));
}

/* The name and its variants. */
static void try_name(const char *s, size_t n)
{
    char v[4 * MAXNAME + 8], a[512];
    size_t k = 0, alen = 0;
    if (n == 0 || n > MAXNAME)
        return;
    compare(s, n);
    memcpy(v, s, n);
    v[n] = '.';
    compare(v, n + 1);
    for (size_t i = 0; i < n; i++)
        v[i] = (s[i] >= 'a' && s[i] <= 'z') ? (char)(s[i] - 32) : s[i];
    compare(v, n);
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '.') {
            memcpy(v + k, "\xE3\x80\x82", 3);
            k += 3;
        } else {
            v[k++] = s[i];
        }
    }
    if (k != n)
        compare(v, k);
    if (curi_uts46_to_ascii(a, sizeof a, &alen, s, n, 0, NULL) == CURI_OK &&
        (alen != n || memcmp(a, s, n) != 0))
        compare(a, alen);
}

/* IdnaTestV2.txt's first column, its \uXXXX and \x{...} escapes decoded. */
static void idna_file(const char *path)
{
    FILE *f = fopen(path, "r");
    char line[8192], name[4 * MAXNAME + 8];
    if (!f) {
        perror(path);
        exit(2);
    }
    while (fgets(line, sizeof line, f)) {
        size_t k = 0;
        char *end = strchr(line, ';');
        if (line[0] == '#' || end == NULL)
            continue;
        while (end > line && end[-1] == ' ')
            end--;
        for (char *p = line; p < end && k < MAXNAME;) {
            unsigned long c;
            char *q;
            if (p[0] == '\\' && p[1] == 'u') {
                c = strtoul(p + 2, &q, 16);
                p += 6;
            } else if (p[0] == '\\' && p[1] == 'x' && p[2] == '{') {
                c = strtoul(p + 3, &q, 16);
                p = q + 1;
            } else {
                name[k++] = *p++;
                continue;
            }
            if (c >= 0xD800 && c <= 0xDFFF) { /* a lone surrogate: not UTF-8 */
                k = 0;
                break;
            }
            if (c < 0x80) {
                name[k++] = (char)c;
            } else if (c < 0x800) {
                name[k++] = (char)(0xC0 | c >> 6);
                name[k++] = (char)(0x80 | (c & 0x3F));
            } else if (c < 0x10000) {
                name[k++] = (char)(0xE0 | c >> 12);
                name[k++] = (char)(0x80 | (c >> 6 & 0x3F));
                name[k++] = (char)(0x80 | (c & 0x3F));
            } else {
                name[k++] = (char)(0xF0 | c >> 18);
                name[k++] = (char)(0x80 | (c >> 12 & 0x3F));
                name[k++] = (char)(0x80 | (c >> 6 & 0x3F));
                name[k++] = (char)(0x80 | (c & 0x3F));
            }
        }
        try_name(name, k);
    }
    fclose(f);
}

/* The reg-name hosts of a URL file. */
static void url_file(const char *path)
{
    FILE *f = fopen(path, "r");
    char line[65536];
    if (!f) {
        perror(path);
        exit(2);
    }
    while (fgets(line, sizeof line, f)) {
        curi_uri u;
        size_t n = strcspn(line, "\r\n");
        if (curi_parse(&u, line, n, CURI_PARSE_IRI, NULL) != CURI_OK || u.host.ptr == NULL ||
            u.host.len == 0 || u.host.ptr[0] == '[')
            continue;
        try_name(u.host.ptr, u.host.len);
    }
    fclose(f);
}

int main(int argc, char **argv)
{
    long bad;
    if (argc < 2) {
        fprintf(stderr, "usage: idn2diff IdnaTestV2.txt [URLFILE...]\n");
        return 2;
    }
    printf("idn2diff: libidn2 %s against libcuri's IDNA2008 (Unicode %s)\n",
           idn2_check_version(NULL), curi_uts46_unicode_version());
    idna_file(argv[1]);
    for (int i = 2; i < argc; i++)
        url_file(argv[i]);
    for (int c = 0; c < C_COUNT; c++)
        printf("idn2diff:   %-26s %ld\n", cname[c], count[c]);
    bad = count[C_UNEXPLAINED];
    printf("idn2diff: %ld passed, %ld failed\n", count[C_AGREE] + count[C_NEWER] +
           count[C_MAPPING] + count[C_SYMBOL] + count[C_CURI_ONLY] +
           count[C_BIDI], bad);
    return bad != 0;
}
