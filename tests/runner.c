/*
 * runner.c -- curi-test: runs the plain-text vector files of tests/vectors.
 *
 *   curi-test [-v] FILE.vec...
 *
 * Reads each file line by line (format: tests/vectors/README.md), hands every
 * case to its kind (kinds_*.c), prints "file:line: input: want ...: got ..."
 * for each failed check and ends with one line "N passed, N failed"; the exit
 * status is 1 when anything failed.  Unknown kinds, flags, keys and escapes are
 * failures too, never skipped.  This file also holds the shared helpers:
 * guard-page buffers, the writer-contract harness and error names.
 * SPDX-License-Identifier: MIT
 */
#define _DEFAULT_SOURCE
#define _POSIX_C_SOURCE 200809L

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "runner.h"
#include "../src/testing.h"

#ifndef MAP_ANONYMOUS
#define MAP_ANONYMOUS MAP_ANON
#endif

int verbose;

/* ------------------------------------------------------------------ reporting */

static const char *cur_input(const tcase *tc)
{
    return tc->n > 0 ? tc->t[0].raw : "";
}

void fail(tcase *tc, const char *fmt, ...)
{
    va_list ap;

    tc->failed = 1;
    /* A broken case can fail many checks at once: the first few say enough. */
    if (++tc->messages > 4) {
        return;
    }
    printf("%s:%d: %.*s: ", tc->file, tc->line, (int)(tc->n > 0 ? tc->t[0].rawlen : 0),
           cur_input(tc));
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    putchar('\n');
}

/*
 * show() returns text from a small ring of buffers, so one printf can show
 * several values.  Long values are cut with "..." (messages only).
 */
#define SHOW_RING 8
#define SHOW_MAX 600

const char *show(const char *s, size_t len)
{
    static char ring[SHOW_RING][SHOW_MAX * 4 + 8];
    static unsigned next;
    char *o = ring[next++ % SHOW_RING];
    size_t k = 0;

    if (len == 0) {
        return "\"\"";
    }
    for (size_t i = 0; i < len && i < SHOW_MAX; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c <= 0x20 || c >= 0x7f) {
            k += (size_t)sprintf(o + k, "\\x%02X", c);
        } else if (c == '\\') {
            o[k++] = '\\';
            o[k++] = '\\';
        } else {
            o[k++] = (char)c;
        }
    }
    if (len > SHOW_MAX) {
        memcpy(o + k, "...", 3);
        k += 3;
    }
    o[k] = '\0';
    return o;
}

const char *show_str(curi_str v)
{
    return v.ptr ? show(v.ptr, v.len) : "(absent)";
}

/* ------------------------------------------------------------------ error names */

static const struct {
    int code;
    const char *name;
} err_names[] = {
#define T_ERR_(code, name, msg) {code, #name},
    CURI_ERRNO_MAP(T_ERR_)
#undef T_ERR_
};

const char *err_name(int code)
{
    static char buf[32];

    for (size_t i = 0; i < sizeof err_names / sizeof err_names[0]; i++) {
        if (err_names[i].code == code) {
            return err_names[i].name;
        }
    }
    snprintf(buf, sizeof buf, "code%d", code);
    return buf;
}

int err_from_name(const char *s, size_t len)
{
    for (size_t i = 0; i < sizeof err_names / sizeof err_names[0]; i++) {
        if (strlen(err_names[i].name) == len && memcmp(err_names[i].name, s, len) == 0) {
            return err_names[i].code;
        }
    }
    return -1;
}

int expect_error(tcase *tc, int *code, size_t *off)
{
    const tok *t;
    const char *at;
    size_t v = 0;

    if (tc->n < 2) {
        return 0;
    }
    t = &tc->t[tc->n - 1];
    /* The raw form is tested: an output that really starts with '!' is written \x21. */
    if (t->rawlen < 2 || t->raw[0] != '!') {
        return 0;
    }
    at = memchr(t->raw, '@', t->rawlen);
    if (at == NULL || at + 1 == t->raw + t->rawlen) {
        fail(tc, "bad expected error %s: want !CODE@OFFSET", show(t->raw, t->rawlen));
        return -1;
    }
    for (const char *p = at + 1; p < t->raw + t->rawlen; p++) {
        if (*p < '0' || *p > '9' || v > 100000000) {
            fail(tc, "bad offset in %s", show(t->raw, t->rawlen));
            return -1;
        }
        v = v * 10 + (size_t)(*p - '0');
    }
    *code = err_from_name(t->raw + 1, (size_t)(at - t->raw - 1));
    if (*code <= 0) {
        fail(tc, "unknown error code in %s", show(t->raw, t->rawlen));
        return -1;
    }
    *off = v;
    return 1;
}

int check_error(tcase *tc, const char *what, int rc, const curi_error *err, int code, size_t off)
{
    if (rc != code || err->code != code || err->offset != off) {
        if (rc == CURI_OK) {
            fail(tc, "%s: want !%s@%zu: got success", what, err_name(code), off);
        } else {
            fail(tc, "%s: want !%s@%zu: got !%s@%zu%s", what, err_name(code), off, err_name(rc),
                 err->offset, err->code != rc ? " (err->code differs from the return value)" : "");
        }
        return 0;
    }
    return 1;
}

/* ------------------------------------------------------------------ guard pages */

static struct {
    char *map;    /* start of the mapping */
    size_t avail; /* readable/writable bytes before the guard page */
} slots[G_NSLOTS];

static size_t page_size(void)
{
    static size_t ps;

    if (ps == 0) {
        long v = sysconf(_SC_PAGESIZE);
        ps = v > 0 ? (size_t)v : 4096;
    }
    return ps;
}

char *gslot(int slot, size_t n)
{
    size_t ps = page_size();

    if (slots[slot].map == NULL || slots[slot].avail < n) {
        size_t avail = (n + ps - 1) / ps * ps;
        char *m;

        if (avail == 0) {
            avail = ps;
        }
        if (slots[slot].map) {
            munmap(slots[slot].map, slots[slot].avail + ps);
        }
        m = mmap(NULL, avail + ps, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (m == MAP_FAILED) {
            perror("curi-test: mmap");
            exit(2);
        }
        /* The page after the usable bytes can be neither read nor written. */
        if (mprotect(m + avail, ps, PROT_NONE) != 0) {
            perror("curi-test: mprotect");
            exit(2);
        }
        slots[slot].map = m;
        slots[slot].avail = avail;
    }
    return slots[slot].map + slots[slot].avail - n;
}

/*
 * The mirror image: n bytes that start right after an unreadable page, so a
 * read before the first byte faults.  Separate mappings from gslot's.
 */
static struct {
    char *map;
    size_t avail;
} fslots[G_NSLOTS];

char *gput_front(int slot, const char *s, size_t n)
{
    size_t ps = page_size();
    char *p;

    if (fslots[slot].map == NULL || fslots[slot].avail < n) {
        size_t avail = (n + ps - 1) / ps * ps;
        char *m;

        if (avail == 0) {
            avail = ps;
        }
        if (fslots[slot].map) {
            munmap(fslots[slot].map, fslots[slot].avail + ps);
        }
        m = mmap(NULL, avail + ps, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (m == MAP_FAILED) {
            perror("curi-test: mmap");
            exit(2);
        }
        if (mprotect(m, ps, PROT_NONE) != 0) {
            perror("curi-test: mprotect");
            exit(2);
        }
        fslots[slot].map = m;
        fslots[slot].avail = avail;
    }
    p = fslots[slot].map + ps;
    if (n > 0) {
        memcpy(p, s, n);
    }
    return p;
}

char *gput(int slot, const char *s, size_t n)
{
    char *p = gslot(slot, n);

    if (n > 0) {
        memcpy(p, s, n);
    }
    return p;
}

/* ------------------------------------------------------------------ buffers */

void sbuf_set(sbuf *b, const char *s, size_t n)
{
    if (b->cap < n + 1) {
        char *np = realloc(b->p, n + 1);
        if (np == NULL) {
            perror("curi-test: realloc");
            exit(2);
        }
        b->p = np;
        b->cap = n + 1;
    }
    if (n > 0) {
        memcpy(b->p, s, n);
    }
    b->p[n] = '\0';
    b->len = n;
}

void sbuf_free(sbuf *b)
{
    free(b->p);
    b->p = NULL;
    b->len = b->cap = 0;
}

int str_eq(curi_str a, const char *s, size_t n)
{
    if (a.ptr == NULL || s == NULL) {
        return a.ptr == NULL && s == NULL;
    }
    return a.len == n && (n == 0 || memcmp(a.ptr, s, n) == 0);
}

/* ------------------------------------------------------------------ writer harness */

int run_writer(tcase *tc, const char *what, writer_fn f, const void *ctx, size_t bound, sbuf *out,
               curi_error *err)
{
    size_t n = (size_t)-1, n2 = (size_t)-1;
    curi_error e2 = {-1, 0, 0};
    char *dst;
    int rc, rc2;

    err->code = -1;
    err->offset = 0;
    dst = gslot(G_OUT, bound);
    rc = f(ctx, bound ? dst : NULL, bound, &n, err);
    if (!tc->urlfile) {
        /* The contract's argument rules: dst NULL needs cap 0; outlen may be NULL. */
        n2 = (size_t)-1;
        rc2 = f(ctx, NULL, 1, &n2, &e2);
        if (rc2 != CURI_ERR_INVALID_ARG || n2 != 0) {
            fail(tc, "%s with dst NULL, cap 1: want INVALID_ARG, outlen 0: got %s, outlen %zu",
                 what, err_name(rc2), n2);
        }
        dst = gslot(G_OUT, bound);
        rc2 = f(ctx, bound ? dst : NULL, bound, NULL, &e2);
        if (rc2 != rc) {
            fail(tc, "%s with outlen NULL: want %s: got %s", what, err_name(rc), err_name(rc2));
        }
    }
    if (rc != CURI_OK) {
        if (rc == CURI_ERR_NOSPACE) {
            fail(tc, "%s: want at most the bound %zu bytes: got NOSPACE, outlen %zu", what, bound,
                 n);
        } else if (err->code != rc) {
            fail(tc, "%s: err->code %d differs from the return value %d", what, err->code, rc);
        } else if (n != 0) {
            fail(tc, "%s: after %s want *outlen 0: got %zu", what, err_name(rc), n);
        }
        out->len = 0;
        return rc;
    }
    if (n > bound) {
        fail(tc, "%s: want outlen <= bound %zu: got %zu", what, bound, n);
        return CURI_ERR_NOSPACE;
    }
    sbuf_set(out, dst, n);
    if (tc->urlfile) {
        return rc;
    }
    /* cap = outlen: the same bytes, written exactly up to the guard page. */
    dst = gslot(G_OUT, n);
    rc2 = f(ctx, n ? dst : NULL, n, &n2, &e2);
    if (rc2 != CURI_OK || n2 != n || (n > 0 && memcmp(dst, out->p, n) != 0)) {
        fail(tc, "%s with cap = outlen %zu: want %s: got %s %s", what, n, show(out->p, n),
             rc2 ? err_name(rc2) : "OK", rc2 ? "" : show(dst, n2 <= n ? n2 : n));
    }
    if (n == 0) {
        return rc;
    }
    /* cap = outlen - 1 and cap = 0: NOSPACE, and the same length to retry with. */
    dst = gslot(G_OUT, n - 1);
    n2 = (size_t)-1;
    rc2 = f(ctx, n > 1 ? dst : NULL, n - 1, &n2, &e2);
    if (rc2 != CURI_ERR_NOSPACE || n2 != n) {
        fail(tc, "%s with cap %zu: want NOSPACE, outlen %zu: got %s, outlen %zu", what, n - 1, n,
             err_name(rc2), n2);
    }
    n2 = (size_t)-1;
    rc2 = f(ctx, NULL, 0, &n2, &e2);
    if (rc2 != CURI_ERR_NOSPACE || n2 != n) {
        fail(tc, "%s with dst NULL, cap 0: want NOSPACE, outlen %zu: got %s, outlen %zu", what, n,
             err_name(rc2), n2);
    }
    return rc;
}

int parse_in(int slot, const char *s, size_t n, unsigned flags, curi_uri *u, curi_error *err)
{
    const char *p = gput(slot, s, n);

    err->code = -1;
    err->offset = 0;
    return curi__parse(u, p, n, flags, err);
}

int t_compare(const curi_uri *a, const curi_uri *b, curi_equiv max_level, int stream)
{
    curi_error e = {-1, 0, 0};
    curi_equiv lv = (curi_equiv)-1;
    int rc = stream ? curi__compare(a, b, max_level, 1, &lv, &e)
                    : curi_compare(a, b, max_level, &lv, &e);
    return rc == CURI_OK && e.code == CURI_OK ? (int)lv : -1;
}

int t_is_normalized(const curi_uri *u, unsigned mask, int stream)
{
    curi_error e = {-1, 0, 0};
    int r = -1;
    int rc = stream ? curi__is_normalized(u, mask, 1, &r, &e)
                    : curi_is_normalized(u, mask, &r, &e);
    return rc == CURI_OK && e.code == CURI_OK ? r : -1;
}

size_t t_lint(const char *s, size_t len, const curi_lint_options *options, curi_finding *out,
              size_t cap)
{
    curi_error e = {-1, 0, 0};
    size_t n = 0;
    int rc = curi__lint_entry(s, len, options, out, cap, &n, &e);
    return rc == CURI_OK && e.code == CURI_OK ? n : (size_t)-1;
}

int t_extract_next(curi_extractor *x, const char *text, size_t len, unsigned flags,
                   curi_match *m)
{
    curi_error e = {-1, 0, 0};
    int found = -1;
    int rc = curi_extract_next(x, text, len, flags, m, &found, &e);
    if (rc != e.code || (rc != CURI_OK && found != 0))
        return -2; /* the error model broken: no caller takes it for an answer */
    return rc == CURI_OK ? found : -1;
}

int edit_parts(curi_uri *u, int slot0, curi_error *err)
{
    curi_str v[7];

    v[CURI_PART_SCHEME] = u->scheme;
    v[CURI_PART_USERINFO] = u->userinfo;
    v[CURI_PART_HOST] = u->host;
    v[CURI_PART_PORT] = u->port;
    v[CURI_PART_PATH] = u->path;
    v[CURI_PART_QUERY] = u->query;
    v[CURI_PART_FRAGMENT] = u->fragment;
    /* the host first: setting it re-derives the host fields, and userinfo and port are
     * set after it */
    static const curi_part order[7] = {CURI_PART_SCHEME, CURI_PART_HOST, CURI_PART_USERINFO,
                                       CURI_PART_PORT,   CURI_PART_PATH, CURI_PART_QUERY,
                                       CURI_PART_FRAGMENT};
    for (int i = 0; i < 7; i++) {
        curi_part part = order[i];
        int rc;
        if (v[part].ptr == NULL) {
            continue;
        }
        rc = curi_set(u, part, gput(slot0 + (int)part, v[part].ptr, v[part].len), v[part].len, 0,
                      err);
        if (rc != CURI_OK) {
            return rc;
        }
    }
    return CURI_OK;
}

static int w_recompose(const void *ctx, char *dst, size_t cap, size_t *outlen, curi_error *err)
{
    return curi_recompose(dst, cap, outlen, (const curi_uri *)ctx, err);
}

int recompose_into(tcase *tc, const curi_uri *u, sbuf *out, curi_error *err)
{
    return run_writer(tc, "recompose", w_recompose, u, curi_recompose_bound(u), out, err);
}

/* Same presence and bytes for one component; names the component in why. */
static int same_str(const char *name, curi_str a, curi_str b, char *why, size_t whylen)
{
    if (str_eq(a, b.ptr, b.len)) {
        return 1;
    }
    snprintf(why, whylen, "%s %s vs %s", name, show_str(a), show_str(b));
    return 0;
}

int uri_same(const curi_uri *a, const curi_uri *b, char *why, size_t whylen)
{
    if (!same_str("scheme", a->scheme, b->scheme, why, whylen) ||
        !same_str("userinfo", a->userinfo, b->userinfo, why, whylen) ||
        !same_str("host", a->host, b->host, why, whylen) ||
        !same_str("port", a->port, b->port, why, whylen) ||
        !same_str("path", a->path, b->path, why, whylen) ||
        !same_str("query", a->query, b->query, why, whylen) ||
        !same_str("fragment", a->fragment, b->fragment, why, whylen) ||
        !same_str("zone", a->zone, b->zone, why, whylen)) {
        return 0;
    }
    if (a->host_type != b->host_type) {
        snprintf(why, whylen, "host_type %d vs %d", (int)a->host_type, (int)b->host_type);
        return 0;
    }
    if ((a->host_type == CURI_HOST_IPV4 && memcmp(a->ip, b->ip, 4) != 0) ||
        (a->host_type == CURI_HOST_IPV6 && memcmp(a->ip, b->ip, 16) != 0)) {
        snprintf(why, whylen, "ip bytes differ");
        return 0;
    }
    if (a->port_status != b->port_status ||
        (a->port_status == CURI_PORT_VALID && a->port_number != b->port_number)) {
        snprintf(why, whylen, "port_status/number %d/%u vs %d/%u", (int)a->port_status,
                 (unsigned)a->port_number, (int)b->port_status, (unsigned)b->port_number);
        return 0;
    }
    return 1;
}

/* ------------------------------------------------------------------ kinds and flags */

typedef struct flagword {
    const char *word;
    unsigned flag; /* library flag bits */
    unsigned opt;  /* runner option bits */
} flagword;

static const flagword parse_words[] = {
    {"iri", CURI_PARSE_IRI, 0},
    {"uri", CURI_PARSE_URI, 0},
    {"absolute", CURI_PARSE_ABSOLUTE, 0},
    {"strict-3986", CURI_PARSE_STRICT_3986, 0},
    {"port-range", CURI_PARSE_PORT_RANGE, 0},
    {NULL, 0, 0},
};
static const flagword set_words[] = {
    {"encode", 0, OPT_ENCODE},
    {"uri", CURI_PARSE_URI, 0},
    {"absolute", CURI_PARSE_ABSOLUTE, 0},
    {"strict-3986", CURI_PARSE_STRICT_3986, 0},
    {"port-range", CURI_PARSE_PORT_RANGE, 0},
    {NULL, 0, 0},
};
/* encode: the set name is stored as (set + 1) in the low bits of flags. */
static const flagword encode_words[] = {
    {"unreserved", CURI_CHARSET_UNRESERVED + 1, 0},
    {"userinfo", CURI_CHARSET_USERINFO + 1, 0},
    {"host", CURI_CHARSET_HOST + 1, 0},
    {"segment", CURI_CHARSET_SEGMENT + 1, 0},
    {"path", CURI_CHARSET_PATH + 1, 0},
    {"query", CURI_CHARSET_QUERY + 1, 0},
    {"fragment", CURI_CHARSET_FRAGMENT + 1, 0},
    {"form", CURI_CHARSET_FORM + 1, 0},
    {"keep-pct", 0, OPT_KEEPPCT},
    {NULL, 0, 0},
};
static const flagword decode_words[] = {
    {"plus", CURI_DECODE_PLUS, 0},
    {"no-nul", CURI_DECODE_NO_NUL, 0},
    {"lenient", CURI_DECODE_LENIENT, 0},
    {NULL, 0, 0},
};
static const flagword query_words[] = {
    {"semicolon", CURI_QUERY_SEMICOLON, 0},
    {NULL, 0, 0},
};
static const flagword escape_words[] = {
    {"json", CURI_ESCAPE_JSON, 0},
    {"strict", CURI_ESCAPE_STRICT, 0},
    {NULL, 0, 0},
};
static const flagword qfind_words[] = {
    {"semicolon", CURI_QUERY_SEMICOLON, 0},
    {"form", CURI_QUERY_FORM, 0},
    {NULL, 0, 0},
};
static const flagword qedit_words[] = {
    {"semicolon", CURI_QUERY_SEMICOLON, 0},
    {"form", CURI_QUERY_FORM, 0},
    {"sort", CURI_QUERY_SORT, 0},
    {NULL, 0, 0},
};
static const flagword resolve_words[] = {
    {"non-strict", CURI_RESOLVE_NON_STRICT, 0},
    {NULL, 0, 0},
};
static const flagword relative_words[] = {
    {"abspath", CURI_RELATIVE_ABSPATH, 0},
    {"netpath", CURI_RELATIVE_NETPATH, 0},
    {"ignore-case", CURI_RELATIVE_IGNORE_CASE, 0},
    {NULL, 0, 0},
};
static const flagword normalize_words[] = {
    {"case", CURI_NORM_CASE, 0},
    {"pct-hex", CURI_NORM_PCT_HEX, 0},
    {"unreserved", CURI_NORM_UNRESERVED, 0},
    {"dots", CURI_NORM_DOTS, 0},
    {"port", CURI_NORM_PORT, 0},
    {"empty-path", CURI_NORM_EMPTY_PATH, 0},
    {"ipv6", CURI_NORM_IPV6, 0},
    {"syntax", CURI_NORM_SYNTAX, 0},
    {"scheme", CURI_NORM_SCHEME, 0},
    {"default", CURI_NORM_DEFAULT, 0},
    {NULL, 0, 0},
};
static const flagword equal_words[] = {
    {"syntax", 0, OPT_MAXSYN},
    {NULL, 0, 0},
};
static const flagword lint_words[] = {
    {"strict-3986", CURI_LINT_STRICT_3986, 0},
    {NULL, 0, 0},
};
static const flagword extract_words[] = {
    {"complete", CURI_EXTRACT_COMPLETE, 0},
    {"iri", CURI_EXTRACT_IRI, 0},
    {NULL, 0, 0},
};
static const flagword path_words[] = {
    {"windows", CURI_PATH_WINDOWS, 0},
    {"drive-bar", CURI_PATH_DRIVE_BAR, 0},
    {NULL, 0, 0},
};
static const flagword iri_words[] = {
    {"idn", CURI_IRI_IDN, 0},
    {"dns", CURI_IRI_IDN_DNS, 0},
    {NULL, 0, 0},
};
static const flagword host_conv_words[] = {
    {"std3", CURI_HOST_STD3, 0},
    {NULL, 0, 0},
};
static const flagword iriequal_words[] = {
    {"idn", CURI_IRI_IDN, 0},
    {"dns", CURI_IRI_IDN_DNS, 0},
    {"syntax", 0, OPT_MAXSYN},
    {NULL, 0, 0},
};
static const flagword no_words[] = {
    {NULL, 0, 0},
};

typedef struct kinddef {
    const char *name;
    void (*run)(tcase *tc);
    const flagword *words;
} kinddef;

static const kinddef kinds[] = {
    {"parse", kind_parse, parse_words},
    {"host", kind_host, parse_words},
    {"encode", kind_encode, encode_words},
    {"decode", kind_decode, decode_words},
    {"query", kind_query, query_words},
    {"segments", kind_segments, no_words},
    {"escape", kind_escape, escape_words},
    {"qfind", kind_qfind, qfind_words},
    {"qedit", kind_qedit, qedit_words},
    {"set", kind_set, set_words},
    {"resolve", kind_resolve, resolve_words},
    {"relative", kind_relative, relative_words},
    {"normalize", kind_normalize, normalize_words},
    {"equal", kind_equal, equal_words},
    {"dots", kind_dots, no_words},
    {"scheme", kind_scheme, no_words},
    {"registry", kind_registry, no_words},
    {"batch", kind_batch, parse_words},
    {"lines", kind_lines, parse_words},
    {"lint", kind_lint, lint_words},
    {"lintmsg", kind_lintmsg, lint_words},
    {"extract", kind_extract, extract_words},
    {"frompath", kind_frompath, path_words},
    {"topath", kind_topath, path_words},
    {"pathprop", kind_pathprop, path_words},
    {"schemecheck", kind_schemecheck, no_words},
    {"schemeparts", kind_schemeparts, no_words},
    {"touri", kind_touri, iri_words},
    {"toiri", kind_toiri, iri_words},
    {"toascii", kind_toascii, host_conv_words},
    {"tounicode", kind_tounicode, host_conv_words},
    {"uts46", kind_uts46, no_words},
    {"idna46", kind_idna46, no_words},
    {"iriequal", kind_iriequal, iriequal_words},
    {"urlfile", NULL, no_words},
};
#define NKINDS ((int)(sizeof kinds / sizeof kinds[0]))

/* ------------------------------------------------------------------ lines and tokens */

static int hexval(int c)
{
    if (c >= '0' && c <= '9') {
        return c - '0';
    }
    if (c >= 'a' && c <= 'f') {
        return c - 'a' + 10;
    }
    if (c >= 'A' && c <= 'F') {
        return c - 'A' + 10;
    }
    return -1;
}

/*
 * Split line[0..len) into tokens, unescaping into arena (at least len + n
 * bytes).  Returns the token count, or -1 with *bad naming the bad escape.
 */
static int tokenize(char *line, size_t len, tok *t, int max, char *arena, const char **bad)
{
    int n = 0;
    size_t i = 0;

    while (i < len) {
        size_t start, o = 0;
        char *dst = arena;

        while (i < len && (line[i] == ' ' || line[i] == '\t')) {
            i++;
        }
        if (i == len) {
            break;
        }
        start = i;
        while (i < len && line[i] != ' ' && line[i] != '\t') {
            i++;
        }
        if (n == max) {
            *bad = "too many tokens";
            return -1;
        }
        t[n].raw = line + start;
        t[n].rawlen = i - start;
        /* "" alone is the empty string; a quote anywhere else is an ordinary byte. */
        if (!(i - start == 2 && line[start] == '"' && line[start + 1] == '"')) {
            for (size_t k = start; k < i; k++) {
                if (line[k] != '\\') {
                    dst[o++] = line[k];
                } else if (k + 1 < i && line[k + 1] == '\\') {
                    dst[o++] = '\\';
                    k++;
                } else if (k + 3 < i && line[k + 1] == 'x' && hexval(line[k + 2]) >= 0 &&
                           hexval(line[k + 3]) >= 0) {
                    dst[o++] = (char)(hexval(line[k + 2]) * 16 + hexval(line[k + 3]));
                    k += 3;
                } else {
                    *bad = "bad escape (only \\xHH and \\\\ exist)";
                    return -1;
                }
            }
        }
        dst[o] = '\0';
        t[n].s = dst;
        t[n].len = o;
        arena += o + 1;
        n++;
    }
    return n;
}

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    size_t cap = 0, n = 0;

    if (f == NULL) {
        return NULL;
    }
    for (;;) {
        size_t got;
        if (n + 65536 > cap) {
            char *nb;
            cap = cap ? cap * 2 : 1 << 20;
            nb = realloc(buf, cap);
            if (nb == NULL) {
                fclose(f);
                free(buf);
                return NULL;
            }
            buf = nb;
        }
        got = fread(buf + n, 1, cap - n - 1, f);
        n += got;
        if (got == 0) {
            break;
        }
    }
    fclose(f);
    buf[n] = '\0';
    *len = n;
    return buf;
}

/* Exported for kinds_urlfile.c, which reads URL lists the same way. */
char *runner_read_file(const char *path, size_t *len)
{
    return read_file(path, len);
}


static long total_pass, total_fail;

/* Count a directive error: it is a failure of the file, reported at its line. */
static void directive_error(const char *file, int line, const char *what, const char *s, size_t n)
{
    printf("%s:%d: %s: %s\n", file, line, what, show(s, n));
    total_fail++;
}

static void run_file(const char *path)
{
    size_t len = 0, pos = 0;
    char *text = read_file(path, &len);
    char *arena;
    tok t[MAXTOK];
    int lineno = 0, kind = -2, bad_flags = 0;
    unsigned flags = 0, opt = 0;
    char kindname[64] = "";

    if (text == NULL) {
        printf("%s:0: cannot read the file\n", path);
        total_fail++;
        return;
    }
    arena = malloc(len * 2 + MAXTOK + 16);
    if (arena == NULL) {
        perror("curi-test: malloc");
        exit(2);
    }
    while (pos < len) {
        char *line = text + pos;
        char *nl = memchr(line, '\n', len - pos);
        size_t ll = nl ? (size_t)(nl - line) : len - pos;
        const char *bad = NULL;
        int n;

        pos += ll + 1;
        lineno++;
        if (ll > 0 && line[ll - 1] == '\r') {
            ll--;
        }
        /* A '#' or '%' in column one starts a comment or a directive: inputs write it \x23, \x25. */
        if (ll == 0 || line[0] == '#') {
            continue;
        }
        n = tokenize(line, ll, t, MAXTOK, arena, &bad);
        if (n == 0) {
            continue;
        }
        if (n < 0) {
            directive_error(path, lineno, bad, line, ll);
            continue;
        }
        if (line[0] == '%') {
            if (t[0].rawlen == 5 && memcmp(t[0].raw, "%kind", 5) == 0) {
                kind = -1;
                flags = opt = 0;
                bad_flags = 0;
                snprintf(kindname, sizeof kindname, "%.*s", n > 1 ? (int)t[1].rawlen : 0,
                         n > 1 ? t[1].raw : "");
                for (int k = 0; n == 2 && k < NKINDS; k++) {
                    if (strcmp(kinds[k].name, t[1].s) == 0) {
                        kind = k;
                    }
                }
                if (kind < 0) {
                    directive_error(path, lineno, "unknown kind (or not exactly one name)", line,
                                    ll);
                }
            } else if (t[0].rawlen == 6 && memcmp(t[0].raw, "%flags", 6) == 0) {
                flags = opt = 0;
                bad_flags = 0;
                if (kind < 0) {
                    directive_error(path, lineno, "%flags before a known %kind", line, ll);
                    bad_flags = lineno;
                    continue;
                }
                for (int i = 1; i < n; i++) {
                    const flagword *w = kinds[kind].words;
                    while (w->word && strcmp(w->word, t[i].s) != 0) {
                        w++;
                    }
                    if (w->word == NULL) {
                        printf("%s:%d: unknown flag %s for kind %s\n", path, lineno,
                               show(t[i].s, t[i].len), kinds[kind].name);
                        total_fail++;
                        bad_flags = lineno;
                    } else {
                        flags |= w->flag;
                        opt |= w->opt;
                    }
                }
            } else {
                directive_error(path, lineno, "unknown directive", line, ll);
            }
            continue;
        }
        {
            tcase tc;
            memset(&tc, 0, sizeof tc);
            tc.file = path;
            tc.line = lineno;
            tc.t = t;
            tc.n = n;
            tc.flags = flags;
            tc.opt = opt;
            if (kind == -2) {
                fail(&tc, "case before any %%kind line");
            } else if (kind == -1) {
                fail(&tc, "case under the unknown kind %s", show(kindname, strlen(kindname)));
            } else if (bad_flags) {
                fail(&tc, "case under the invalid %%flags line %d", bad_flags);
            } else if (kinds[kind].run == NULL) {
                kind_urlfile(&tc, &total_pass, &total_fail);
                continue;
            } else {
                kinds[kind].run(&tc);
            }
            if (tc.failed) {
                total_fail++;
            } else if (tc.skipped) {
                /* counted where it was skipped (runner_skipped) */
            } else {
                total_pass++;
                if (verbose) {
                    printf("ok %s:%d: %s %.*s\n", path, lineno, kinds[kind].name,
                           (int)t[0].rawlen, t[0].raw);
                }
            }
        }
    }
    free(arena);
    free(text);
}

long runner_skipped;

int main(int argc, char **argv)
{
    int files = 0;

    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-v") == 0) {
            verbose = 1;
        } else if (argv[i][0] == '-') {
            fprintf(stderr, "usage: curi-test [-v] FILE.vec...\n");
            return 2;
        }
    }
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-v") != 0) {
            run_file(argv[i]);
            files++;
        }
    }
    if (files == 0) {
        fprintf(stderr, "usage: curi-test [-v] FILE.vec...\n");
        return 2;
    }
    if (runner_skipped) {
        printf("%ld skipped: data files not found\n", runner_skipped);
    }
    printf("%ld passed, %ld failed\n", total_pass, total_fail);
    return total_fail ? 1 : 0;
}
