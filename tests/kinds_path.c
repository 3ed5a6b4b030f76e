/*
 * kinds_path.c -- the frompath, topath and pathprop kinds (curi_path_to_uri,
 * curi_uri_to_path; RFC 8089 with Appendix E).  %flags windows passes CURI_PATH_WINDOWS.
 *
 * frompath: PATH URI [BACK]  or  PATH !CODE@OFF.  On success the URI must also parse as an
 *           RFC 3986 URI with scheme "file", and curi_uri_to_path must give PATH back (BACK
 *           when given; for Windows with every '/' written '\': the separator to-path writes).
 * topath:   URI PATH  or  URI !CODE@OFF.  On success curi_path_to_uri(PATH) must give a URI
 *           that curi_uri_to_path turns into PATH again.
 * pathprop: COUNT SEED  the round trip as a property: COUNT random absolute paths (POSIX:
 *           '/' and random bytes 1-255; Windows: a drive or a UNC host and share, then
 *           random bytes without '/', which to-path would write as '\'), drawn from a
 *           xorshift generator seeded with SEED; for each, from-path succeeds within its
 *           bound, the URI parses with a scheme, and to-path gives the path back.  Counts
 *           as one case; the first failures are printed.
 * Both writers run through the writer-contract harness with their inputs at a guard page.
 * SPDX-License-Identifier: MIT
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner.h"

typedef struct path_ctx {
    const char *s;
    size_t n;
    unsigned flags;
    int to_path; /* 1: curi_uri_to_path, 0: curi_path_to_uri */
} path_ctx;

static int w_path(const void *vctx, char *dst, size_t cap, size_t *outlen, curi_error *err)
{
    const path_ctx *c = vctx;
    if (c->to_path) {
        return curi_uri_to_path(dst, cap, outlen, c->s, c->n, c->flags, err);
    }
    return curi_path_to_uri(dst, cap, outlen, c->s, c->n, c->flags, err);
}

/* One direction through the harness, the input at a guard page of its own slot. */
static int run_path(tcase *tc, int to_path, const char *s, size_t n, sbuf *out, curi_error *err)
{
    path_ctx c;
    c.s = gput(to_path ? G_IN1 : G_IN0, s, n);
    c.n = n;
    c.flags = tc->flags;
    c.to_path = to_path;
    return run_writer(tc, to_path ? "to-path" : "from-path", w_path, &c,
                      to_path ? curi_uri_to_path_bound(n) : curi_path_to_uri_bound(n), out, err);
}

/* PATH with Windows '/' separators written '\', as to-path writes them. */
static void canonical(const tcase *tc, const char *s, size_t n, sbuf *b)
{
    sbuf_set(b, s, n);
    if (tc->flags & CURI_PATH_WINDOWS) {
        for (size_t i = 0; i < n; i++) {
            if (b->p[i] == '/') {
                b->p[i] = '\\';
            }
        }
    }
}

/* The URI parses as a URI with scheme "file" (any case). */
static int is_file_uri(tcase *tc, const char *s, size_t n)
{
    curi_uri u;
    curi_error e;
    if (parse_in(G_IN2, s, n, CURI_PARSE_URI, &u, &e) != CURI_OK) {
        fail(tc, "the URI %s does not parse: %s@%zu", show(s, n), err_name(e.code), e.offset);
        return 0;
    }
    if (u.scheme.len != 4 || (u.scheme.ptr[0] | 0x20) != 'f') {
        fail(tc, "the URI %s has scheme %s", show(s, n), show_str(u.scheme));
        return 0;
    }
    return 1;
}

static void one_way(tcase *tc, int to_path)
{
    sbuf out = {0}, back = {0}, want = {0};
    curi_error err;
    int code, rc, ex;
    size_t off = 0;
    const char *what = to_path ? "to-path" : "from-path";

    if (tc->n != 2 && !(tc->n == 3 && !to_path)) {
        fail(tc, "want two tokens: INPUT OUTPUT or INPUT !CODE@OFF (frompath: or PATH URI BACK)");
        return;
    }
    ex = expect_error(tc, &code, &off);
    if (ex < 0) {
        return;
    }
    rc = run_path(tc, to_path, tc->t[0].s, tc->t[0].len, &out, &err);
    if (ex == 1) {
        check_error(tc, what, rc, &err, code, off);
        goto done;
    }
    if (rc != CURI_OK) {
        fail(tc, "%s: want %s: got !%s@%zu", what, show(tc->t[1].s, tc->t[1].len),
             err_name(rc), err.offset);
        goto done;
    }
    if (out.len != tc->t[1].len || memcmp(out.p, tc->t[1].s, out.len) != 0) {
        fail(tc, "%s: want %s: got %s", what, show(tc->t[1].s, tc->t[1].len),
             show(out.p, out.len));
        goto done;
    }
    if (!to_path) {
        /* The URI is one, and it leads back to the path. */
        if (!is_file_uri(tc, out.p, out.len)) {
            goto done;
        }
        /* BACK, when given: a path to-path does not write (\\?\C:\x comes back C:\x) */
        canonical(tc, tc->t[tc->n == 3 ? 2 : 0].s, tc->t[tc->n == 3 ? 2 : 0].len, &want);
        rc = run_path(tc, 1, out.p, out.len, &back, &err);
        if (rc != CURI_OK || back.len != want.len || memcmp(back.p, want.p, want.len) != 0) {
            fail(tc, "to-path(%s): want %s: got %s", show(out.p, out.len),
                 show(want.p, want.len),
                 rc == CURI_OK ? show(back.p, back.len) : err_name(rc));
        }
    } else {
        /* from-path of the path gives a URI that leads to the same path. */
        sbuf uri = {0};
        rc = run_path(tc, 0, out.p, out.len, &uri, &err);
        if (rc != CURI_OK) {
            fail(tc, "from-path(%s): got !%s@%zu", show(out.p, out.len), err_name(rc),
                 err.offset);
        } else {
            rc = run_path(tc, 1, uri.p, uri.len, &back, &err);
            if (rc != CURI_OK || back.len != out.len || memcmp(back.p, out.p, out.len) != 0) {
                fail(tc, "to-path(from-path(%s)) = %s", show(out.p, out.len),
                     rc == CURI_OK ? show(back.p, back.len) : err_name(rc));
            }
        }
        sbuf_free(&uri);
    }
done:
    sbuf_free(&out);
    sbuf_free(&back);
    sbuf_free(&want);
}

void kind_frompath(tcase *tc)
{
    one_way(tc, 0);
}

void kind_topath(tcase *tc)
{
    one_way(tc, 1);
}

/* ------------------------------------------------------------------ the property */

static uint64_t next_rand(uint64_t *x)
{
    /* xorshift64*: small, fast, and the same sequence everywhere. */
    *x ^= *x >> 12;
    *x ^= *x << 25;
    *x ^= *x >> 27;
    return *x * UINT64_C(2685821657736338717);
}

/* A random byte 1-255, often one of the bytes that matter ('%', '/', '.', ':', '\', ...). */
static char rand_byte(uint64_t *x, int windows)
{
    static const char special[] = "%/.:\\@?#[]|~ \x7f\x80\xff";
    uint64_t r = next_rand(x);
    char c;
    if (r % 4 == 0) {
        c = special[(r >> 8) % (sizeof special - 1)];
    } else {
        c = (char)(1 + (r >> 8) % 255);
    }
    if (windows && c == '/') {
        c = '\\';
    }
    /* A Windows name may not hold these (PATH_WINDOWS_NAME): draw another byte's stand-in. */
    if (windows && ((unsigned char)c < 0x20 || strchr(":*?<>\"|", c) != NULL)) {
        c = '_';
    }
    return c;
}

/*
 * Make each name of a random Windows path p[0..n) one Windows accepts: a name ending in '.'
 * or ' ' (but "." and "..") gets '_' there, and one starting with the letters of a DOS device
 * (con, prn, aux, nul, com, lpt) gets '_' first, which is more than the rule needs but cheap.
 */
static void win_fix_names(char *p, size_t n)
{
    size_t start = 0;
    for (size_t i = 0; i <= n; i++) {
        if (i < n && p[i] != '\\') {
            continue;
        }
        size_t len = i - start;
        char *seg = p + start;
        int dots = (len == 1 && seg[0] == '.') || (len == 2 && seg[0] == '.' && seg[1] == '.');
        if (len > 0 && !dots && (seg[len - 1] == '.' || seg[len - 1] == ' ')) {
            seg[len - 1] = '_';
        }
        if (len >= 3) {
            char l[3];
            for (int k = 0; k < 3; k++) {
                l[k] = (char)(seg[k] >= 'A' && seg[k] <= 'Z' ? seg[k] + 32 : seg[k]);
            }
            static const char dev[6][4] = {"con", "prn", "aux", "nul", "com", "lpt"};
            for (int d = 0; d < 6; d++) {
                if (memcmp(l, dev[d], 3) == 0) {
                    seg[0] = '_';
                }
            }
        }
        start = i + 1;
    }
}

/* Random bytes into p; returns how many (up to max). */
static size_t rand_bytes(uint64_t *x, char *p, size_t max, int windows)
{
    size_t n = (size_t)(next_rand(x) % (max + 1));
    for (size_t i = 0; i < n; i++) {
        p[i] = rand_byte(x, windows);
    }
    return n;
}

/* A random name without separators, at least one byte, not "localhost". */
static size_t rand_name(uint64_t *x, char *p, size_t max)
{
    size_t n = 1 + (size_t)(next_rand(x) % max);
    for (size_t i = 0; i < n; i++) {
        do {
            p[i] = rand_byte(x, 1);
        } while (p[i] == '\\');
    }
    if (n == 9 && memcmp(p, "localhost", 9) == 0) {
        p[0] = 'x'; /* \\localhost\ is this machine: a UNC path may not name it */
    }
    if (n == 1 && (p[0] == '.' || p[0] == '?')) {
        p[0] = 'x'; /* \\.\ and \\?\ are Win32's device and raw namespaces, no host */
    }
    return n;
}

/* A random absolute path of the kind flags asks for. */
static size_t rand_path(uint64_t *x, char *p, int windows)
{
    size_t n = 0;
    if (!windows) {
        p[n++] = '/';
        return n + rand_bytes(x, p + n, 60, 0);
    }
    if (next_rand(x) % 2 == 0) {
        p[n++] = (char)((next_rand(x) % 2 ? 'A' : 'a') + next_rand(x) % 26);
        p[n++] = ':';
        p[n++] = '\\';
        return n + rand_bytes(x, p + n, 60, 1);
    }
    p[n++] = '\\';
    p[n++] = '\\';
    n += rand_name(x, p + n, 12);
    p[n++] = '\\';
    n += rand_name(x, p + n, 12);
    if (next_rand(x) % 2 == 0) {
        p[n++] = '\\';
        n += rand_bytes(x, p + n, 40, 1);
    }
    return n;
}

void kind_pathprop(tcase *tc)
{
    char path[160], uri[160 * 3 + 16], back[160 * 3 + 16];
    unsigned long count;
    uint64_t x;
    int windows = (tc->flags & CURI_PATH_WINDOWS) != 0, shown = 0;

    if (tc->n != 2) {
        fail(tc, "want COUNT SEED");
        return;
    }
    count = strtoul(tc->t[0].s, NULL, 10);
    x = (uint64_t)strtoull(tc->t[1].s, NULL, 10) | 1;
    for (unsigned long k = 0; k < count && shown < 4; k++) {
        size_t n = rand_path(&x, path, windows), un = 0, bn = 0;
        if (windows) {
            win_fix_names(path, n);
        }
        curi_error e;
        curi_uri u;
        const char *in = gput(G_IN0, path, n);
        int rc = curi_path_to_uri(uri, curi_path_to_uri_bound(n), &un, in, n, tc->flags, &e);
        if (rc != CURI_OK) {
            fail(tc, "path %lu %s: from-path !%s@%zu", k, show(path, n), err_name(rc), e.offset);
            shown++;
            continue;
        }
        if (un > curi_path_to_uri_bound(n) ||
            curi_parse(&u, gput(G_IN1, uri, un), un, CURI_PARSE_URI, &e) != CURI_OK) {
            fail(tc, "path %lu %s: from-path gives %s, not a URI", k, show(path, n),
                 show(uri, un));
            shown++;
            continue;
        }
        rc = curi_uri_to_path(back, curi_uri_to_path_bound(un), &bn, gput(G_IN1, uri, un), un,
                              tc->flags, &e);
        if (rc != CURI_OK || bn != n || memcmp(back, path, n) != 0) {
            fail(tc, "path %lu %s: URI %s: to-path gives %s", k, show(path, n), show(uri, un),
                 rc == CURI_OK ? show(back, bn) : err_name(rc));
            shown++;
        }
    }
}
