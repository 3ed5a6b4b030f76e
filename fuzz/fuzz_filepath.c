/*
 * fuzz_filepath.c -- libFuzzer target for curi_path_to_uri and curi_uri_to_path (RFC 8089
 * with Appendix E).  Input: one control byte (bit 0: CURI_PATH_WINDOWS, bit 1:
 * CURI_PATH_DRIVE_BAR), then the text, which is tried as a path and as a URI.  Invariants:
 *  - from-path: a POSIX path is refused exactly when it is empty or does not start with
 *    '/' (PATH_RELATIVE@0) or holds a NUL (PATH_NUL at the first one); a success is a
 *    URI that curi_parse accepts, with scheme "file", made only of pchar, '/' and "%HH"
 *    with uppercase hex after "file:", and to-path gives the path back (Windows: with
 *    '/' written '\');
 *  - to-path: an input that curi_parse refuses gives that very error (with DRIVE_BAR: unless
 *    it holds a '|'); a success has no NUL, and from-path then to-path of it gives it back
 *    (so a name to-path lets through, from-path lets through too: both keep Win32's rules);
 *  - DRIVE_BAR: without a '|' in the input nothing changes; a success with one is the
 *    success of the input with that '|' written "%7C" (E.2.2's old drive, its one URI
 *    spelling), with the same path;
 *  - both keep the (dst, cap, outlen) contract, and read nothing past the input (the
 *    copies are exact-size blocks, so AddressSanitizer sees any over-read).
 * SPDX-License-Identifier: MIT
 */
#include <stdlib.h>
#include <string.h>

#include "util.h"

typedef struct fp_ctx {
    const char *s;
    size_t n;
    unsigned flags;
    int to_path;
} fp_ctx;

static int fp_w(char *dst, size_t cap, size_t *outlen, const void *vctx)
{
    const fp_ctx *c = vctx;
    if (c->to_path)
        return curi_uri_to_path(dst, cap, outlen, c->s, c->n, c->flags, NULL);
    return curi_path_to_uri(dst, cap, outlen, c->s, c->n, c->flags, NULL);
}

static int run(int to_path, const char *s, size_t n, unsigned flags, fz_buf *out, curi_error *e)
{
    fp_ctx c = {s, n, flags, to_path};
    size_t bound = to_path ? curi_uri_to_path_bound(n) : curi_path_to_uri_bound(n);
    int rc = fz_write(fp_w, &c, bound, out);
    /* The same call with an error report, to compare the code and read the offset. */
    char *tmp = fz_alloc(bound);
    size_t len;
    int rc2 = to_path ? curi_uri_to_path(tmp, bound, &len, s, n, flags, e)
                      : curi_path_to_uri(tmp, bound, &len, s, n, flags, e);
    FZ_CHECKF(rc2 == rc && e->code == rc, "%s: %d, then %d (err %d)",
              to_path ? "to-path" : "from-path", rc, rc2, e->code);
    free(tmp);
    return rc;
}

/* May c stand in a URI path as from-path writes it (pchar or '/')? */
static int path_byte(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           (c != '\0' && strchr("-._~!$&'()*+,;=:@/", c) != NULL);
}

static void check_from_path(const char *s, size_t n, unsigned flags)
{
    int windows = (flags & CURI_PATH_WINDOWS) != 0;
    fz_buf uri, back;
    curi_error e;
    curi_uri u;
    const char *nul = n ? memchr(s, '\0', n) : NULL;
    int rc = run(0, s, n, flags, &uri, &e);

    if (!windows) {
        if (n == 0 || s[0] != '/')
            FZ_CHECKF(rc == CURI_ERR_PATH_RELATIVE && e.offset == 0, "from-path(%s) = %d@%zu",
                      fz_show(s, n), rc, e.offset);
        else if (nul != NULL)
            FZ_CHECKF(rc == CURI_ERR_PATH_NUL && e.offset == (size_t)(nul - s),
                      "from-path(%s) = %d@%zu", fz_show(s, n), rc, e.offset);
        else
            FZ_CHECKF(rc == CURI_OK, "from-path(%s) = %d@%zu", fz_show(s, n), rc, e.offset);
    } else if (rc != CURI_OK) {
        FZ_CHECKF(rc == CURI_ERR_PATH_RELATIVE || rc == CURI_ERR_PATH_NUL ||
                      rc == CURI_ERR_PATH_UNC || rc == CURI_ERR_PATH_WINDOWS_NAME,
                  "from-path --windows(%s) = %d", fz_show(s, n), rc);
        FZ_CHECK(e.offset <= n);
    }
    if (rc != CURI_OK)
        return;
    FZ_CHECK(nul == NULL);
    FZ_CHECKF(fz_parse(&u, uri.p, uri.n, CURI_PARSE_URI, NULL) == CURI_OK,
              "from-path(%s) = %s, not a URI", fz_show(s, n), fz_show2(uri.p, uri.n));
    FZ_CHECK(u.scheme.len == 4 && memcmp(u.scheme.ptr, "file", 4) == 0);
    FZ_CHECK(u.query.ptr == NULL && u.fragment.ptr == NULL && u.userinfo.ptr == NULL &&
             u.port.ptr == NULL);
    for (size_t i = 5; i < uri.n; i++) {
        if (uri.p[i] == '%') {
            FZ_CHECK(i + 2 < uri.n);
            for (int k = 1; k <= 2; k++) {
                char h = uri.p[i + (size_t)k];
                FZ_CHECKF((h >= '0' && h <= '9') || (h >= 'A' && h <= 'F'), "%s",
                          fz_show(uri.p, uri.n));
            }
            i += 2;
        } else {
            FZ_CHECKF(path_byte(uri.p[i]), "from-path(%s) = %s holds 0x%02x", fz_show(s, n),
                      fz_show2(uri.p, uri.n), (unsigned char)uri.p[i]);
        }
    }
    /* The round trip, to the path with to-path's separators.  A Win32 "\\?\" path comes back
     * without its prefix: "\\?\C:\x" as "C:\x", "\\?\UNC\s\sh" as "\\s\sh". */
    FZ_CHECKF(run(1, uri.p, uri.n, flags, &back, &e) == CURI_OK, "to-path(%s) = %d@%zu",
              fz_show(uri.p, uri.n), e.code, e.offset);
    if (windows && n >= 4 && (s[0] == '\\' || s[0] == '/') && (s[1] == '\\' || s[1] == '/') &&
        s[2] == '?' && (s[3] == '\\' || s[3] == '/')) {
        int unc = n >= 8 && (s[4] | 0x20) == 'u' && (s[5] | 0x20) == 'n' &&
                  (s[6] | 0x20) == 'c' && (s[7] == '\\' || s[7] == '/');
        size_t cut = unc ? 6 : 4;
        FZ_CHECKF(back.n + cut == n && (!unc || (back.p[0] == '\\' && back.p[1] == '\\')),
                  "to-path(from-path(%s)) = %s", fz_show(s, n), fz_show2(back.p, back.n));
        for (size_t i = unc ? 2 : 0; i < back.n; i++) {
            char want = (s[i + cut] == '/') ? '\\' : s[i + cut];
            FZ_CHECKF(back.p[i] == want, "to-path(from-path(%s)) = %s", fz_show(s, n),
                      fz_show2(back.p, back.n));
        }
        fz_free(&back);
        fz_free(&uri);
        return;
    }
    FZ_CHECK(back.n == n);
    for (size_t i = 0; i < n; i++) {
        char want = (windows && s[i] == '/') ? '\\' : s[i];
        FZ_CHECKF(back.p[i] == want, "to-path(from-path(%s)) = %s", fz_show(s, n),
                  fz_show2(back.p, back.n));
    }
    fz_free(&back);
    fz_free(&uri);
}

/*
 * to-path with DRIVE_BAR of s, which curi_parse refuses and which holds a '|': rc (with *e and
 * *path) is a parse error, or a success that the same input with its first '|' written "%7C"
 * gives without the flag.
 */
static void check_drive_bar(const char *s, size_t n, unsigned flags, int rc, const curi_error *e,
                            const fz_buf *path)
{
    const char *bar = memchr(s, '|', n);
    size_t k = (size_t)(bar - s);
    char *t;
    fz_buf other;
    curi_error e2;
    int rc2;

    if (rc != CURI_OK) {
        FZ_CHECKF(e->offset <= n, "to-path(%s) = %d@%zu", fz_show(s, n), rc, e->offset);
        return;
    }
    FZ_CHECKF((flags & CURI_PATH_WINDOWS) != 0, "to-path(%s) without --windows took a '|'",
              fz_show(s, n));
    t = fz_alloc(n + 2);
    memcpy(t, s, k);
    memcpy(t + k, "%7C", 3);
    memcpy(t + k + 3, s + k + 1, n - k - 1);
    rc2 = run(1, t, n + 2, flags & ~(unsigned)CURI_PATH_DRIVE_BAR, &other, &e2);
    FZ_CHECKF(rc2 == CURI_OK && fz_buf_eq(&other, path), "to-path(%s) = %s, with %%7C: %d",
              fz_show(s, n), fz_show2(path->p, path->n), rc2);
    if (rc2 == CURI_OK)
        fz_free(&other);
    free(t);
}

static void check_to_path(const char *s, size_t n, unsigned flags)
{
    fz_buf path, uri, back;
    curi_error e, pe;
    curi_uri u;
    int prc = fz_parse(&u, s, n, 0, &pe);
    int rc = run(1, s, n, flags, &path, &e);

    if ((flags & CURI_PATH_DRIVE_BAR) && (n == 0 || memchr(s, '|', n) == NULL)) {
        fz_buf plain;
        curi_error pe2;
        int rc2 = run(1, s, n, flags & ~(unsigned)CURI_PATH_DRIVE_BAR, &plain, &pe2);
        FZ_CHECKF(rc2 == rc && (rc != CURI_OK ? pe2.offset == e.offset : fz_buf_eq(&plain, &path)),
                  "to-path(%s): DRIVE_BAR changed %d@%zu to %d@%zu", fz_show(s, n), rc2,
                  pe2.offset, rc, e.offset);
        if (rc2 == CURI_OK)
            fz_free(&plain);
    }

    if (prc != CURI_OK && !((flags & CURI_PATH_DRIVE_BAR) && n > 0 && memchr(s, '|', n) != NULL)) {
        FZ_CHECKF(rc == prc && e.offset == pe.offset, "to-path(%s) = %d@%zu, parse %d@%zu",
                  fz_show(s, n), rc, e.offset, prc, pe.offset);
        return;
    }
    if (prc != CURI_OK) {
        /* DRIVE_BAR with a '|': a parse error, or E.2.2's drive read as its "%7C" spelling */
        check_drive_bar(s, n, flags, rc, &e, &path);
        if (rc == CURI_OK)
            fz_free(&path);
        return;
    }
    if (rc != CURI_OK) {
        FZ_CHECKF(((rc >= CURI_ERR_PATH_SCHEME && rc <= CURI_ERR_PATH_UNC) ||
                   rc == CURI_ERR_PATH_WINDOWS_NAME) &&
                      e.offset <= n,
                  "to-path(%s) = %d@%zu", fz_show(s, n), rc, e.offset);
        if (u.scheme.ptr == NULL)
            FZ_CHECK(rc == CURI_ERR_PATH_SCHEME);
        return;
    }
    FZ_CHECK(u.scheme.len == 4 && u.query.ptr == NULL && u.fragment.ptr == NULL);
    FZ_CHECK(path.n == 0 || memchr(path.p, '\0', path.n) == NULL);
    FZ_CHECKF(run(0, path.p, path.n, flags, &uri, &e) == CURI_OK, "from-path(%s) = %d@%zu",
              fz_show(path.p, path.n), e.code, e.offset);
    FZ_CHECKF(run(1, uri.p, uri.n, flags, &back, &e) == CURI_OK && fz_buf_eq(&back, &path),
              "to-path(%s) = %s: from-path and to-path change it", fz_show(s, n),
              fz_show2(path.p, path.n));
    fz_free(&back);
    fz_free(&uri);
    fz_free(&path);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    unsigned flags;
    char *s;

    if (size == 0)
        return 0;
    flags = ((data[0] & 1) ? CURI_PATH_WINDOWS : 0) | ((data[0] & 2) ? CURI_PATH_DRIVE_BAR : 0);
    s = fz_dup(data + 1, size - 1);
    check_from_path(s, size - 1, flags);
    check_to_path(s, size - 1, flags);
    free(s);
    return 0;
}
