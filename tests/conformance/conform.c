/*
 * conform.c -- curi-conform: libcuri against published conformance data (tests/data/).
 *
 *   curi-conform [-v] idna IdnaTestV2.txt      Unicode's UTS #46 test file, every option on
 *   curi-conform [-v] idna-whatwg IdnaTestV2.txt   its toASCII columns with the options of the
 *                                              WHATWG URL Standard (flags 0)
 *   curi-conform [-v] urltestdata FILE.json    web-platform-tests url/resources/urltestdata.json
 *   curi-conform [-v] toascii FILE.json        web-platform-tests url/resources/toascii.json
 *   curi-conform [-v] setters FILE.json        web-platform-tests url/resources/setters_tests.json
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

/* Whether the status list s ("[B1, V3, A4_2]") names an error other than those in ignore
 * (codes separated by spaces, each followed by a space). */
static int has_status(const char *s, const char *ignore)
{
    while (*s) {
        while (*s == '[' || *s == ']' || *s == ',' || *s == ' ')
            s++;
        size_t n = strcspn(s, ",] ");
        if (n == 0)
            break;
        char code[16];
        if (n >= sizeof code)
            return 1;
        memcpy(code, s, n);
        code[n] = ' ';
        code[n + 1] = 0;
        if (ignore == NULL || strstr(ignore, code) == NULL)
            return 1;
        s += n;
    }
    return 0;
}

/*
 * whatwg: the file's toASCII columns in the WHATWG URL Standard's configuration (flags 0:
 * CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength false), the statuses of those options
 * ignored as the file's header says (V2 V3, U1, A4_1 A4_2, and X4_2, the empty-label code);
 * otherwise every option on and three checks per line.
 */
static int run_idna(const char *path, int whatwg)
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
            const char *ign = whatwg ? "V2 V3 U1 A4_1 A4_2 X4_2 " : NULL;
            const char *ust = raw_empty[2] ? "" : c[2];
            const char *anst = raw_empty[4] ? ust : c[4];
            const char *atst = raw_empty[6] ? anst : c[6];
            const char *uni = raw_empty[1] ? c[0] : c[1];
            const char *an = raw_empty[3] ? uni : c[3];
            const char *at = raw_empty[5] ? an : c[5];
            unsigned fl = whatwg ? 0 : all;
            if (!whatwg)
                idna_check("toUnicode", 1, fl, c[0], l[0], uni, has_status(ust, ign));
            idna_check("toAsciiN", 0, fl, c[0], l[0], an, has_status(anst, ign));
            idna_check("toAsciiT", 0, fl | CURI_UTS46_TRANSITIONAL, c[0], l[0], at,
                       has_status(atst, ign));
            for (size_t i = 0; i < 7; i++)
                free(c[i]);
        }
        line = nl ? nl + 1 : text + len;
    }
    free(text);
    return 0;
}


/* ------------------------------------------------------------------ JSON (flat objects) */

/* One string or null value of a test object: ptr NULL when null or absent. */
typedef struct jstr {
    char *ptr;
    size_t len;
    int present;
} jstr;

enum { MAXKEYS = 20 };
typedef struct jobj {
    char *key[MAXKEYS];
    jstr val[MAXKEYS];
    int truth[MAXKEYS]; /* true for the literal true */
    size_t n;
} jobj;

static const char *jp; /* the parse position */

static void ws(void)
{
    while (*jp == ' ' || *jp == '\n' || *jp == '\r' || *jp == '\t')
        jp++;
}

static unsigned hex4(const char *p)
{
    char h[5] = {p[0], p[1], p[2], p[3], 0};
    return (unsigned)strtoul(h, NULL, 16);
}

/* A JSON string at jp (at its '"'), as UTF-8; a lone surrogate becomes U+FFFD, as a JS
 * string does when it is converted to a USVString for URL. */
static char *jstring(size_t *len)
{
    size_t cap = 64, n = 0;
    char *o = malloc(cap);
    jp++;
    while (*jp != '"') {
        uint32_t cp;
        if (cap - n < 8) {
            cap *= 2;
            o = realloc(o, cap);
        }
        if (*jp == '\\') {
            char e = jp[1];
            jp += 2;
            switch (e) {
            case 'n': o[n++] = '\n'; continue;
            case 't': o[n++] = '\t'; continue;
            case 'r': o[n++] = '\r'; continue;
            case 'b': o[n++] = '\b'; continue;
            case 'f': o[n++] = '\f'; continue;
            case 'u':
                cp = hex4(jp);
                jp += 4;
                if (cp >= 0xD800 && cp <= 0xDBFF && jp[0] == '\\' && jp[1] == 'u' &&
                    hex4(jp + 2) >= 0xDC00 && hex4(jp + 2) <= 0xDFFF) {
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (hex4(jp + 2) - 0xDC00);
                    jp += 6;
                } else if (cp >= 0xD800 && cp <= 0xDFFF) {
                    cp = 0xFFFD;
                }
                n += put_utf8(o + n, cp);
                continue;
            default: o[n++] = e; continue;
            }
        }
        o[n++] = *jp++;
    }
    jp++;
    o[n] = 0;
    *len = n;
    return o;
}

static void jskip_value(void)
{
    size_t l;
    ws();
    if (*jp == '"') {
        free(jstring(&l));
    } else if (*jp == '{' || *jp == '[') {
        int depth = 0;
        do {
            if (*jp == '"') {
                free(jstring(&l));
                continue;
            }
            if (*jp == '{' || *jp == '[')
                depth++;
            if (*jp == '}' || *jp == ']')
                depth--;
            jp++;
        } while (depth > 0);
    } else {
        while (*jp && *jp != ',' && *jp != '}' && *jp != ']')
            jp++;
    }
}

static void jmembers(jobj *o, const char *prefix);

/* The next element of the top-level array: 1 and *o for an object, 0 for anything else
 * (comments), -1 at the end. */
static int jnext(jobj *o)
{
    ws();
    if (*jp == '[' || *jp == ',') {
        jp++;
        ws();
    }
    if (*jp == ']' || *jp == 0)
        return -1;
    if (*jp != '{') {
        jskip_value();
        return 0;
    }
    memset(o, 0, sizeof *o);
    jmembers(o, "");
    return 1;
}

/* The members of the object at jp (at its '{') into o, each key after prefix; a member
 * that is an object has its own members added as "key.member". */
static void jmembers(jobj *o, const char *prefix)
{
    jp++;
    for (;;) {
        size_t l;
        ws();
        if (*jp == '}') {
            jp++;
            return;
        }
        if (*jp == ',') {
            jp++;
            continue;
        }
        char *k0 = jstring(&l), *k = malloc(strlen(prefix) + l + 1);
        strcpy(k, prefix);
        strcat(k, k0);
        free(k0);
        ws();
        jp++; /* ':' */
        ws();
        if (*jp == '{') {
            char sub[64];
            snprintf(sub, sizeof sub, "%s.", k);
            free(k);
            jmembers(o, sub);
            continue;
        }
        if (o->n == MAXKEYS) {
            free(k);
            jskip_value();
            continue;
        }
        o->key[o->n] = k;
        if (*jp == '"') {
            o->val[o->n].ptr = jstring(&o->val[o->n].len);
            o->val[o->n].present = 1;
        } else if (strncmp(jp, "null", 4) == 0) {
            o->val[o->n].present = 1;
            jp += 4;
        } else if (strncmp(jp, "true", 4) == 0) {
            o->truth[o->n] = 1;
            jp += 4;
        } else {
            jskip_value();
        }
        o->n++;
    }
}

static void jfree(jobj *o)
{
    for (size_t i = 0; i < o->n; i++) {
        free(o->key[i]);
        free(o->val[i].ptr);
    }
}

static const jstr *jget(const jobj *o, const char *key)
{
    for (size_t i = 0; i < o->n; i++)
        if (strcmp(o->key[i], key) == 0)
            return &o->val[i];
    return NULL;
}

/* A member of the case's "expected" object. */
static const jstr *jget_expected(const jobj *o, const char *key)
{
    char k[64];
    snprintf(k, sizeof k, "expected.%s", key);
    return jget(o, k);
}

static int jtrue(const jobj *o, const char *key)
{
    for (size_t i = 0; i < o->n; i++)
        if (strcmp(o->key[i], key) == 0)
            return o->truth[i];
    return 0;
}

/* ------------------------------------------------------------------ URLs */

static char ubuf[1 << 20], bbuf[1 << 20], obuf[1 << 16];

/* Parse input against base (NULL: none): CURI_OK and *u, or the error. */
static int parse_url(curi_url *u, const char *in, size_t inlen, const char *base,
                     size_t baselen)
{
    curi_url b;
    size_t n;
    if (base != NULL) {
        int rc = curi_url_parse(bbuf, sizeof bbuf, &n, &b, base, baselen, NULL, 0, NULL);
        if (rc != CURI_OK)
            return rc;
    }
    return curi_url_parse(ubuf, sizeof ubuf, &n, u, in, inlen, base ? &b : NULL, 0, NULL);
}

static void show_url(char *t, size_t cap, const curi_url *u)
{
    size_t olen = 0;
    curi_url_origin(obuf, sizeof obuf, &olen, u, NULL);
    snprintf(t, cap, "href=%.*s origin=%.*s protocol=%.*s username=%.*s password=%.*s host=%.*s "
             "hostname=%.*s port=%.*s pathname=%.*s search=%.*s hash=%.*s",
             (int)u->href.len, u->href.ptr, (int)olen, obuf, (int)u->protocol.len,
             u->protocol.ptr, (int)u->username.len, u->username.ptr, (int)u->password.len,
             u->password.ptr, (int)u->host.len, u->host.ptr, (int)u->hostname.len,
             u->hostname.ptr, (int)u->port.len, u->port.ptr, (int)u->pathname.len,
             u->pathname.ptr, (int)u->search.len, u->search.ptr, (int)u->hash.len,
             u->hash.ptr);
}

static int same(const jstr *want, curi_str got)
{
    return want == NULL || (want->ptr != NULL && want->len == got.len &&
                            memcmp(want->ptr, got.ptr, got.len) == 0);
}

static void run_urltestdata(const char *path)
{
    size_t len;
    char *text = slurp(path, &len);
    jobj o;
    int k;
    jp = text;
    while ((k = jnext(&o)) >= 0) {
        if (k == 0)
            continue;
        const jstr *in = jget(&o, "input"), *base = jget(&o, "base");
        curi_url u;
        static char got[1 << 17], want[1 << 17];
        int rc = parse_url(&u, in->ptr, in->len, base && base->ptr ? base->ptr : NULL,
                           base && base->ptr ? base->len : 0);
        int ok;
        if (jtrue(&o, "failure")) {
            ok = rc != CURI_OK;
            snprintf(want, sizeof want, "failure");
        } else {
            static const char *const keys[] = {"href", "protocol", "username", "password",
                                               "host", "hostname", "port", "pathname",
                                               "search", "hash"};
            const jstr *h = jget(&o, "href");
            ok = rc == CURI_OK;
            if (ok) {
                const curi_str *parts[] = {&u.href, &u.protocol, &u.username, &u.password,
                                           &u.host, &u.hostname, &u.port, &u.pathname,
                                           &u.search, &u.hash};
                for (size_t i = 0; i < 10; i++)
                    ok = ok && same(jget(&o, keys[i]), *parts[i]);
                const jstr *origin = jget(&o, "origin");
                if (origin != NULL) {
                    size_t olen = 0;
                    curi_url_origin(obuf, sizeof obuf, &olen, &u, NULL);
                    curi_str os = {obuf, olen};
                    ok = ok && same(origin, os);
                }
            }
            snprintf(want, sizeof want, "href=%s", h && h->ptr ? h->ptr : "?");
        }
        if (rc == CURI_OK)
            show_url(got, sizeof got, &u);
        else
            snprintf(got, sizeof got, "failure %s", curi_strerror_name(rc));
        char label[1 << 12];
        snprintf(label, sizeof label, "%.*s (base %s)", (int)in->len, in->ptr,
                 base && base->ptr ? base->ptr : "null");
        result(ok, "url", label, strlen(label), want, got);
        jfree(&o);
    }
    free(text);
}

/* web-platform-tests url/toascii.window.js: new URL("https://" + input + "/x"). */
static void run_toascii(const char *path)
{
    size_t len;
    char *text = slurp(path, &len);
    jobj o;
    int k;
    jp = text;
    while ((k = jnext(&o)) >= 0) {
        if (k == 0)
            continue;
        const jstr *in = jget(&o, "input"), *out = jget(&o, "output");
        static char src[1 << 16], got[1 << 17], want[1 << 16];
        int n = snprintf(src, sizeof src, "https://%.*s/x", (int)in->len, in->ptr);
        curi_url u;
        int rc = parse_url(&u, src, (size_t)n, NULL, 0);
        int ok;
        if (out == NULL || out->ptr == NULL) {
            ok = rc != CURI_OK;
            snprintf(want, sizeof want, "failure");
        } else {
            char href[1 << 16];
            int hn = snprintf(href, sizeof href, "https://%s/x", out->ptr);
            ok = rc == CURI_OK && u.host.len == out->len &&
                 memcmp(u.host.ptr, out->ptr, out->len) == 0 && u.hostname.len == out->len &&
                 memcmp(u.hostname.ptr, out->ptr, out->len) == 0 && u.pathname.len == 2 &&
                 memcmp(u.pathname.ptr, "/x", 2) == 0 && u.href.len == (size_t)hn &&
                 memcmp(u.href.ptr, href, (size_t)hn) == 0;
            snprintf(want, sizeof want, "host=%s", out->ptr);
        }
        if (rc == CURI_OK)
            snprintf(got, sizeof got, "host=%.*s href=%.*s", (int)u.host.len, u.host.ptr,
                     (int)u.href.len, u.href.ptr);
        else
            snprintf(got, sizeof got, "failure %s", curi_strerror_name(rc));
        result(ok, "toascii", in->ptr, in->len, want, got);
        jfree(&o);
    }
    free(text);
}


/* web-platform-tests url/resources/setters_tests.json: new URL(href), then url[attr] =
 * new_value (curi_url_set), then every getter the case lists.  The top-level object maps
 * each attribute to an array of cases; "href" (the href setter) is a parse of new_value. */
static void run_setters(const char *path)
{
    static const char *const attrs[] = {"protocol", "username", "password", "host", "hostname",
                                        "port", "pathname", "search", "hash", "href"};
    static const char *const keys[] = {"href", "protocol", "username", "password", "host",
                                       "hostname", "port", "pathname", "search", "hash"};
    static char sbuf[1 << 20], got[1 << 17], want[1 << 17], label[1 << 13];
    size_t len;
    char *text = slurp(path, &len);
    jp = text + 1; /* inside the top-level object */
    for (;;) {
        size_t kl;
        ws();
        if (*jp == ',') {
            jp++;
            ws();
        }
        if (*jp != '"')
            break;
        char *attr = jstring(&kl);
        ws();
        jp++; /* ':' */
        ws();
        int which = 0;
        for (int a = 0; a < 10; a++)
            if (strcmp(attr, attrs[a]) == 0)
                which = a + 1; /* CURI_URL_SET_PROTOCOL is 1, ..., 10: href */
        if (which == 0) { /* "comment" */
            jskip_value();
            free(attr);
            continue;
        }
        jobj o;
        int k;
        while ((k = jnext(&o)) >= 0) {
            if (k == 0)
                continue;
            const jstr *href = jget(&o, "href"), *val = jget(&o, "new_value");
            curi_url u, out;
            size_t n;
            int rc = curi_url_parse(ubuf, sizeof ubuf, &n, &u, href->ptr, href->len, NULL, 0,
                                    NULL);
            if (rc == CURI_OK && which == 10)
                rc = curi_url_parse(sbuf, sizeof sbuf, &n, &out, val->ptr, val->len, NULL, 0,
                                    NULL);
            else if (rc == CURI_OK)
                rc = curi_url_set(sbuf, sizeof sbuf, &n, &out, &u, which, val->ptr, val->len,
                                  0, NULL);
            /* the "expected" object's members follow the case's own in o */
            int ok = rc == CURI_OK;
            if (ok) {
                const curi_str *parts[] = {&out.href, &out.protocol, &out.username,
                                           &out.password, &out.host, &out.hostname,
                                           &out.port, &out.pathname, &out.search, &out.hash};
                for (size_t i = 0; i < 10; i++)
                    ok = ok && same(jget_expected(&o, keys[i]), *parts[i]);
                show_url(got, sizeof got, &out);
            } else {
                snprintf(got, sizeof got, "failure %s", curi_strerror_name(rc));
            }
            const jstr *wh = jget_expected(&o, "href");
            snprintf(want, sizeof want, "href=%s", wh && wh->ptr ? wh->ptr : "?");
            snprintf(label, sizeof label, "%s %s = %s", href->ptr, attr, val->ptr);
            result(ok, "setter", label, strlen(label), want, got);
            jfree(&o);
        }
        jp++; /* ']' */
        free(attr);
    }
    free(text);
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
        fprintf(stderr, "usage: curi-conform [-v] idna|idna-whatwg|urltestdata|toascii|setters FILE\n");
        return 2;
    }
    name = argv[i];
    if (strcmp(name, "idna") == 0) {
        run_idna(argv[i + 1], 0);
        name = "uts46-idnatest";
    } else if (strcmp(name, "idna-whatwg") == 0) {
        run_idna(argv[i + 1], 1);
        name = "uts46-idnatest-whatwg";
    } else if (strcmp(name, "urltestdata") == 0) {
        run_urltestdata(argv[i + 1]);
        name = "wpt-urltestdata";
    } else if (strcmp(name, "toascii") == 0) {
        run_toascii(argv[i + 1]);
        name = "wpt-toascii";
    } else if (strcmp(name, "setters") == 0) {
        run_setters(argv[i + 1]);
        name = "wpt-setters";
    } else {
        fprintf(stderr, "curi-conform: unknown suite %s\n", name);
        return 2;
    }
    printf("%s: %ld passed, %ld failed\n", name, npass, nfail);
    return nfail > 0;
}
