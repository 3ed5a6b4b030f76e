/*
 * kinds_urlfile.c -- the urlfile kind of curi-test: real URL lists as tests.
 *
 * A case is one PATH (relative to the repository root, e.g.
 * ../shared/data/urls/kasztp.txt).  Every line is parsed; a line that is not
 * a valid RFC 3986 URI-reference is counted as invalid, which is not a
 * failure.  For every valid line four properties are checked, and each
 * property counts once per file as passed or failed:
 *   recompose  recompose(parse(line)) == line
 *   normalize  normalize(line) parses and normalizing it again changes nothing
 *   resolve    resolve(BASE, line) parses again, BASE = http://a/b/c/d;p?q
 *   relative   for consecutive valid lines b, t with schemes:
 *              resolve(b, relative(b, t)) == t with dot segments removed
 * and once per file, over all its non-blank lines, valid or not:
 *   batch      curi_parse_many and curi_normalize_many agree with the
 *              one-input functions (batch_check in kinds_batch.c)
 *   url        curi_url_parse gives what the WHATWG state machine alone gives
 *              (curi__url_parse with CURI__URL_GENERAL: no fast path), without a
 *              base and against the WHATWG parse of BASE: the same result, error
 *              offset, href, views, port, flags and validation errors (also
 *              on a failure)
 * A UTF-8 byte order mark at the start and '\r' at line ends are stripped.
 * SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L /* access */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <errno.h>
#include <unistd.h>

#include "runner.h"
#include "../src/testing.h"

enum { P_RECOMPOSE, P_NORMALIZE, P_RESOLVE, P_RELATIVE, P_BATCH, P_URL, P_N };
static const char *const prop_names[P_N] = {"recompose", "normalize", "resolve", "relative",
                                            "batch", "url"};

#define SHOWN_PER_PROPERTY 5

typedef struct ufile {
    tcase *tc;
    const char *path;
    long bad[P_N];
    long checked[P_N];
} ufile;

/* Note one failure of a property; only the first few are printed. */
static void ufail(ufile *f, int prop, long lineno, const char *line, size_t len, const char *want,
                  const char *got)
{
    if (++f->bad[prop] <= SHOWN_PER_PROPERTY) {
        printf("%s:%d: %s:%ld: %s: %s: want %s: got %s\n", f->tc->file, f->tc->line, f->path,
               lineno, show(line, len), prop_names[prop], want, got);
    }
}

static const char fixed_base[] = "http://a/b/c/d;p?q";

/* Two curi_url results of the same input, in buffers da and db, are the same: every view at
 * the same offset with the same length and bytes, every other field equal. */
static int same_url(const curi_url *a, const char *da, const curi_url *b, const char *db)
{
    const curi_str *x[] = {&a->href, &a->protocol, &a->username, &a->password, &a->host,
                           &a->hostname, &a->port, &a->pathname, &a->search, &a->hash};
    const curi_str *y[] = {&b->href, &b->protocol, &b->username, &b->password, &b->host,
                           &b->hostname, &b->port, &b->pathname, &b->search, &b->hash};
    for (size_t i = 0; i < sizeof x / sizeof x[0]; i++) {
        if (x[i]->len != y[i]->len || x[i]->ptr - da != y[i]->ptr - db) {
            return 0;
        }
    }
    return memcmp(da, db, a->href.len) == 0 && a->port_number == b->port_number &&
           a->host_type == b->host_type && a->opaque_path == b->opaque_path &&
           a->special == b->special && a->has_query == b->has_query &&
           a->has_fragment == b->has_fragment && a->validation == b->validation &&
           a->validation_offset == b->validation_offset;
}

/* curi_url_parse of line (placed before a guard page) against base (NULL: none) agrees with
 * the state machine alone; 0 with a description in msg when it does not. */
static int url_agrees(const char *line, size_t ll, const curi_url *base, char *msg, size_t mcap)
{
    size_t cap = curi_url_bound(ll, base), na = 0, nb = 0;
    const char *in = gput(G_IN4, line, ll);
    char *da = gslot(G_EDIT0, cap), *db = gslot(G_EDIT0 + 1, cap);
    curi_url ua, ub;
    curi_error ea, eb;
    int ra = curi_url_parse(da, cap, &na, &ua, in, ll, base, 0, &ea);
    int rb = curi__url_parse(db, cap, &nb, &ub, in, ll, base, CURI__URL_GENERAL, &eb);
    if (ra != rb ||
        (ra != CURI_OK && (ea.offset != eb.offset || ua.validation != ub.validation ||
                           ua.validation_offset != ub.validation_offset)) ||
        (ra == CURI_OK && (na != nb || !same_url(&ua, da, &ub, db)))) {
        snprintf(msg, mcap, "%s%s: %s@%zu %.*s, the state machine %s@%zu %.*s",
                 base != NULL ? "against " : "", base != NULL ? fixed_base : "",
                 err_name(ra), ea.offset, ra ? 0 : (int)ua.href.len, da, err_name(rb),
                 eb.offset, rb ? 0 : (int)ub.href.len, db);
        return 0;
    }
    return 1;
}

void kind_urlfile(tcase *tc, long *passed, long *failed)
{
    ufile f;
    size_t len = 0, pos = 0;
    char *text;
    long lineno = 0, valid = 0, invalid = 0, blank = 0;
    curi_uri base, prev, cur;
    int have_prev = 0, slot = G_IN5;
    const char *prev_line = NULL;
    size_t prev_len = 0;
    sbuf a = {0}, b = {0}, c = {0};
    curi_error err;
    char msg[64];

    memset(&f, 0, sizeof f);
    f.tc = tc;
    f.path = tc->t[0].s;
    tc->urlfile = 1;
    if (tc->n != 1) {
        printf("%s:%d: a urlfile case is one PATH\n", tc->file, tc->line);
        ++*failed;
        return;
    }
    if (access(f.path, F_OK) != 0 && errno == ENOENT) {
        /*
         * The shared data sets live beside the checkout (../shared), not in it.  Where they
         * are not there, say so loudly and count the case as skipped, neither passed nor
         * failed: the summary line above "N passed, N failed" shows it.
         */
        printf("%s:%d: %s: SKIPPED: no such file (the shared data sets are not beside this "
               "checkout)\n",
               tc->file, tc->line, f.path);
        runner_skipped++;
        return;
    }
    text = runner_read_file(f.path, &len);
    if (text == NULL) {
        printf("%s:%d: %s: cannot read the file\n", tc->file, tc->line, f.path);
        ++*failed;
        return;
    }
    if (parse_in(G_IN3, fixed_base, sizeof fixed_base - 1, 0, &base, &err) != CURI_OK) {
        printf("%s:%d: the fixed base %s does not parse\n", tc->file, tc->line, fixed_base);
        ++*failed;
        free(text);
        return;
    }
    /* A UTF-8 byte order mark is not part of the first URL. */
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) {
        pos = 3;
    }
    /* The non-blank lines again, one after the other, for the batch functions. */
    size_t nbatch = 0, *boff, nlines = 1;
    char *blk = malloc(len + 1);
    for (const char *q = text; (q = memchr(q, '\n', len - (size_t)(q - text))) != NULL; q++) {
        nlines++;
    }
    boff = malloc((nlines + 1) * sizeof *boff);
    if (blk == NULL || boff == NULL) {
        printf("%s:%d: out of memory\n", tc->file, tc->line);
        ++*failed;
        free(blk);
        free(boff);
        free(text);
        return;
    }
    boff[0] = 0;
    /* The base of the url property: fixed_base through the WHATWG parser, kept in a buffer of
     * its own. */
    static char wbase_buf[64];
    curi_url wbase;
    size_t wbase_len = 0;
    int wbase_ok = curi_url_parse(wbase_buf, sizeof wbase_buf, &wbase_len, &wbase, fixed_base,
                                  sizeof fixed_base - 1, NULL, 0, NULL) == CURI_OK;
    if (!wbase_ok) {
        f.checked[P_URL] = 1;
        ufail(&f, P_URL, 0, fixed_base, sizeof fixed_base - 1, "a WHATWG base", "a failure");
    }
    while (pos < len) {
        const char *line = text + pos;
        const char *nl = memchr(line, '\n', len - pos);
        size_t ll = nl ? (size_t)(nl - line) : len - pos;
        int rc;

        pos += ll + 1;
        lineno++;
        if (ll > 0 && line[ll - 1] == '\r') {
            ll--;
        }
        if (ll == 0) {
            blank++;
            have_prev = 0;
            continue;
        }
        {
            char umsg[512];
            f.checked[P_URL]++;
            if (wbase_ok && (!url_agrees(line, ll, NULL, umsg, sizeof umsg) ||
                             !url_agrees(line, ll, &wbase, umsg, sizeof umsg))) {
                ufail(&f, P_URL, lineno, line, ll, "the state machine's answer", umsg);
            }
        }
        memcpy(blk + boff[nbatch], line, ll);
        boff[nbatch + 1] = boff[nbatch] + ll;
        nbatch++;
        /* Consecutive lines alternate between two slots, so the previous parse stays valid. */
        slot = slot == G_IN5 ? G_IN6 : G_IN5;
        rc = parse_in(slot, line, ll, 0, &cur, &err);
        if (rc != CURI_OK) {
            invalid++;
            have_prev = 0;
            continue;
        }
        valid++;

        /* recompose(parse(line)) == line */
        tc->failed = 0;
        f.checked[P_RECOMPOSE]++;
        rc = recompose_into(tc, &cur, &a, &err);
        if (rc != CURI_OK || a.len != ll || memcmp(a.p, line, ll) != 0 || tc->failed) {
            ufail(&f, P_RECOMPOSE, lineno, line, ll, "the line", rc ? err_name(rc) : show(a.p, a.len));
        }

        /* normalize: the output parses, and normalizing it again is the identity. */
        tc->failed = 0;
        f.checked[P_NORMALIZE]++;
        rc = do_normalize(tc, &cur, CURI_NORM_DEFAULT, &a, &err);
        if (rc != CURI_OK) {
            ufail(&f, P_NORMALIZE, lineno, line, ll, "success", err_name(rc));
        } else {
            curi_uri nu;
            rc = parse_in(G_IN1, a.p, a.len, 0, &nu, &err);
            if (rc != CURI_OK) {
                snprintf(msg, sizeof msg, "!%s@%zu", err_name(rc), err.offset);
                ufail(&f, P_NORMALIZE, lineno, line, ll, "output that parses", msg);
            } else {
                rc = do_normalize(tc, &nu, CURI_NORM_DEFAULT, &b, &err);
                if (rc != CURI_OK || b.len != a.len || memcmp(a.p, b.p, a.len) != 0) {
                    ufail(&f, P_NORMALIZE, lineno, line, ll, show(a.p, a.len),
                          rc ? err_name(rc) : show(b.p, b.len));
                } else if (tc->failed) {
                    ufail(&f, P_NORMALIZE, lineno, line, ll, "the writer contract", "a breach");
                } else if (!normalize_twins(&cur, CURI_NORM_DEFAULT, &a)) {
                    ufail(&f, P_NORMALIZE, lineno, line, ll, show(a.p, a.len),
                          "another from the backward writer or the streaming reader");
                } else if (t_compare(&cur, &nu, CURI_EQ_SCHEME, 0) <= (int)CURI_EQ_NONE ||
                           t_compare(&cur, &nu, CURI_EQ_SCHEME, 1) !=
                               t_compare(&cur, &nu, CURI_EQ_SCHEME, 0) ||
                           t_is_normalized(&nu, CURI_NORM_DEFAULT, 1) != 1 ||
                           t_is_normalized(&cur, CURI_NORM_DEFAULT, 1) !=
                               t_is_normalized(&cur, CURI_NORM_DEFAULT, 0)) {
                    /* The line and its normal form are equivalent, and the streaming
                     * comparison agrees with the buffered one. */
                    ufail(&f, P_NORMALIZE, lineno, line, ll, "equivalent to its normal form",
                          "a comparison that disagrees");
                }
            }
        }

        /* resolve(BASE, line) parses again. */
        tc->failed = 0;
        f.checked[P_RESOLVE]++;
        rc = do_resolve(tc, &base, &cur, 0, &a, &err);
        if (rc != CURI_OK) {
            ufail(&f, P_RESOLVE, lineno, line, ll, "success", err_name(rc));
        } else {
            curi_uri ru;
            rc = parse_in(G_IN1, a.p, a.len, CURI_PARSE_URI, &ru, &err);
            if (rc != CURI_OK) {
                snprintf(msg, sizeof msg, "!%s@%zu", err_name(rc), err.offset);
                ufail(&f, P_RESOLVE, lineno, line, ll, "a target that parses", msg);
            } else if (tc->failed) {
                ufail(&f, P_RESOLVE, lineno, line, ll, "the writer contract", "a breach");
            }
        }

        /* resolve(prev, relative(prev, cur)) == cur without dot segments */
        if (have_prev && cur.scheme.ptr != NULL) {
            curi_uri ref;
            tc->failed = 0;
            f.checked[P_RELATIVE]++;
            rc = do_relative(tc, &prev, &cur, 0, &a, &err);
            if (rc != CURI_OK) {
                ufail(&f, P_RELATIVE, lineno, line, ll, "success", err_name(rc));
            } else if ((rc = parse_in(G_IN1, a.p, a.len, 0, &ref, &err)) != CURI_OK) {
                ufail(&f, P_RELATIVE, lineno, line, ll, "a reference that parses",
                      show(a.p, a.len));
            } else if (dotless(tc, &cur, &c) != CURI_OK) {
                ufail(&f, P_RELATIVE, lineno, line, ll, "the line without dots", "an error");
            } else {
                rc = do_resolve(tc, &prev, &ref, 0, &b, &err);
                if (rc != CURI_OK || b.len != c.len || memcmp(b.p, c.p, c.len) != 0) {
                    /* Name the base and the computed reference: the pair is the test. */
                    char got[1024];
                    snprintf(got, sizeof got, "%s (resolving %s",
                             rc ? err_name(rc) : show(b.p, b.len), show(a.p, a.len));
                    snprintf(got + strlen(got), sizeof got - strlen(got), " against %s)",
                             show(prev_line, prev_len));
                    ufail(&f, P_RELATIVE, lineno, line, ll, show(c.p, c.len), got);
                } else if (tc->failed) {
                    ufail(&f, P_RELATIVE, lineno, line, ll, "the writer contract", "a breach");
                }
            }
        }
        have_prev = cur.scheme.ptr != NULL;
        prev = cur;
        prev_line = line;
        prev_len = ll;
    }
    tc->failed = 0;
    f.checked[P_BATCH] = (long)nbatch;
    if (!batch_check(tc, blk, boff, nbatch, 0, CURI_NORM_DEFAULT)) {
        f.bad[P_BATCH] = 1; /* batch_check stops at the first disagreement and prints it */
    }
    free(blk);
    free(boff);
    for (int p = 0; p < P_N; p++) {
        if (f.bad[p] > SHOWN_PER_PROPERTY) {
            printf("%s:%d: %s: %s: %ld more failures not shown\n", tc->file, tc->line, f.path,
                   prop_names[p], f.bad[p] - SHOWN_PER_PROPERTY);
        }
        if (f.bad[p]) {
            ++*failed;
        } else {
            ++*passed;
        }
    }
    printf("%s: %ld lines: %ld valid, %ld invalid, %ld blank; failed: recompose %ld/%ld, "
           "normalize %ld/%ld, resolve %ld/%ld, relative %ld/%ld, batch %ld/%ld, url %ld/%ld\n",
           f.path, lineno, valid, invalid, blank, f.bad[P_RECOMPOSE], f.checked[P_RECOMPOSE],
           f.bad[P_NORMALIZE], f.checked[P_NORMALIZE], f.bad[P_RESOLVE], f.checked[P_RESOLVE],
           f.bad[P_RELATIVE], f.checked[P_RELATIVE], f.bad[P_BATCH], f.checked[P_BATCH],
           f.bad[P_URL], f.checked[P_URL]);
    tc->failed = 0;
    sbuf_free(&a);
    sbuf_free(&b);
    sbuf_free(&c);
    free(text);
}
