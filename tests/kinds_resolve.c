/*
 * kinds_resolve.c -- the resolve, relative, normalize, equal, dots and scheme
 * kinds of curi-test (RFC 3986 sections 5 and 6).
 *
 * resolve:   %flags [non-strict]; BASE REF TARGET | BASE REF !CODE@OFF (the
 *            error may come from parsing BASE, then REF, then curi_resolve).
 *            TARGET must reparse and recompose to itself.
 * relative:  %flags [abspath] [netpath] [ignore-case]; BASE TARGET EXPECTED; also
 *            resolve(BASE, EXPECTED) == TARGET with its dot segments removed (under
 *            ignore-case, but for the case of the scheme and the host).
 * normalize: %flags MASKWORD... (none: default); INPUT OUTPUT | INPUT !CODE@OFF
 *            (a parse error).  normalize(OUTPUT) == OUTPUT, is_normalized of
 *            OUTPUT is 1 and of INPUT is (INPUT == OUTPUT).
 * equal:     A B LEVEL (none string syntax scheme), both ways round; max level
 *            scheme, or syntax under %flags syntax.
 * dots:      INPUT OUTPUT for curi_remove_dot_segments.
 * scheme:    NAME PORT SLASH (PORT a number or none) | NAME !none.
 * SPDX-License-Identifier: MIT
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner.h"
#include "../src/testing.h"

/* ------------------------------------------------------------------ adapters */

typedef struct pair_ctx {
    const curi_uri *a, *b;
    unsigned flags;
} pair_ctx;

static int w_resolve(const void *ctx, char *dst, size_t cap, size_t *outlen, curi_error *err)
{
    const pair_ctx *c = ctx;
    return curi_resolve(dst, cap, outlen, c->a, c->b, c->flags, err);
}

static int w_relative(const void *ctx, char *dst, size_t cap, size_t *outlen, curi_error *err)
{
    const pair_ctx *c = ctx;
    return curi_relative(dst, cap, outlen, c->a, c->b, c->flags, err);
}

static int w_normalize(const void *ctx, char *dst, size_t cap, size_t *outlen, curi_error *err)
{
    const pair_ctx *c = ctx;
    return curi_normalize(dst, cap, outlen, c->a, c->flags, err);
}

int do_resolve(tcase *tc, const curi_uri *base, const curi_uri *ref, unsigned flags, sbuf *out,
               curi_error *err)
{
    pair_ctx c = {base, ref, flags};
    return run_writer(tc, "resolve", w_resolve, &c, curi_resolve_bound(base, ref), out, err);
}

int do_relative(tcase *tc, const curi_uri *base, const curi_uri *target, unsigned flags,
                sbuf *out, curi_error *err)
{
    pair_ctx c = {base, target, flags};
    return run_writer(tc, "relative", w_relative, &c, curi_relative_bound(base, target), out,
                      err);
}

int do_normalize(tcase *tc, const curi_uri *u, unsigned mask, sbuf *out, curi_error *err)
{
    pair_ctx c = {u, NULL, mask};
    return run_writer(tc, "normalize", w_normalize, &c, curi_normalize_bound(u), out, err);
}

/*
 * The recomposition of t with remove_dot_segments applied to its path, which
 * is what resolving any reference to t must give.  Where that path would start
 * with "//" without an authority, "/." stays in front of it (curi.h: the output
 * of curi_resolve always parses back to its components).  Uses slot G_IN4.
 */
int dotless(tcase *tc, const curi_uri *t, sbuf *out)
{
    curi_uri d = *t;
    curi_error err;
    char *p = gslot(G_IN4, t->path.len + 2);
    size_t n;
    int rc;

    memcpy(p + 2, t->path.ptr, t->path.len);
    n = curi_remove_dot_segments(p + 2, t->path.len);
    if (!t->host.ptr && n >= 2 && p[2] == '/' && p[3] == '/') {
        p[0] = '/';
        p[1] = '.';
        d.path.ptr = p;
        d.path.len = n + 2;
    } else {
        d.path.ptr = p + 2;
        d.path.len = n;
    }
    rc = recompose_into(tc, &d, out, &err);
    if (rc != CURI_OK) {
        fail(tc, "recompose of the target without dot segments: got !%s@%zu", err_name(rc),
             err.offset);
    }
    return rc;
}

static int same(const sbuf *b, const tok *t)
{
    return b->len == t->len && (t->len == 0 || memcmp(b->p, t->s, t->len) == 0);
}

/* ------------------------------------------------------------------ resolve */

void kind_resolve(tcase *tc)
{
    curi_uri base, ref, tu;
    curi_error err;
    int code = 0, rc;
    size_t off = 0;
    int want_err = expect_error(tc, &code, &off);
    sbuf out = {0}, again = {0};

    if (want_err < 0) {
        return;
    }
    if (tc->n != 3) {
        fail(tc, "a resolve case is BASE REF TARGET or BASE REF !CODE@OFF");
        return;
    }
    rc = parse_in(G_IN0, tc->t[0].s, tc->t[0].len, 0, &base, &err);
    if (rc == CURI_OK) {
        rc = parse_in(G_IN1, tc->t[1].s, tc->t[1].len, 0, &ref, &err);
    }
    if (rc == CURI_OK) {
        rc = do_resolve(tc, &base, &ref, tc->flags, &out, &err);
    }
    if (want_err) {
        check_error(tc, "resolve", rc, &err, code, off);
    } else if (rc != CURI_OK) {
        fail(tc, "resolve %s: want %s: got !%s@%zu", tc->t[1].raw, show(tc->t[2].s, tc->t[2].len),
             err_name(rc), err.offset);
    } else if (!same(&out, &tc->t[2])) {
        fail(tc, "resolve %s: want %s: got %s", show(tc->t[1].s, tc->t[1].len),
             show(tc->t[2].s, tc->t[2].len), show(out.p, out.len));
    } else {
        rc = parse_in(G_IN2, out.p, out.len, CURI_PARSE_URI, &tu, &err);
        if (rc != CURI_OK) {
            fail(tc, "the target does not parse as a URI: !%s@%zu", err_name(rc), err.offset);
        } else if (recompose_into(tc, &tu, &again, &err) != CURI_OK || !same(&again, &tc->t[2])) {
            fail(tc, "recompose of the target: want %s: got %s", show(out.p, out.len),
                 show(again.p, again.len));
        }
    }
    sbuf_free(&out);
    sbuf_free(&again);
}

/* ------------------------------------------------------------------ relative */

/* a and b are the same URI but for the ASCII case of the scheme and of the host (the case
 * CURI_RELATIVE_IGNORE_CASE leaves to the base's spelling): every other byte equal. */
static int same_but_case(const char *a, size_t alen, const char *b, size_t blen)
{
    curi_uri ua, ub;
    size_t hs, he;

    if (alen != blen || curi_parse(&ua, a, alen, 0, NULL) != CURI_OK ||
        curi_parse(&ub, b, blen, 0, NULL) != CURI_OK || ua.scheme.len != ub.scheme.len ||
        ua.host.len != ub.host.len || (ua.host.ptr == NULL) != (ub.host.ptr == NULL)) {
        return 0;
    }
    hs = ua.host.ptr ? (size_t)(ua.host.ptr - a) : 0;
    he = ua.host.ptr ? hs + (ua.zone.ptr ? (size_t)(ua.zone.ptr - ua.host.ptr) : ua.host.len) : 0;
    if (ua.host.ptr && (size_t)(ub.host.ptr - b) != hs) {
        return 0;
    }
    for (size_t i = 0; i < alen; i++) {
        int folds = i < ua.scheme.len || (i >= hs && i < he);
        unsigned char x = (unsigned char)a[i], y = (unsigned char)b[i];
        if (folds && x >= 'A' && x <= 'Z')
            x = (unsigned char)(x + 32);
        if (folds && y >= 'A' && y <= 'Z')
            y = (unsigned char)(y + 32);
        if (x != y)
            return 0;
    }
    return 1;
}

void kind_relative(tcase *tc)
{
    curi_uri base, target, ref;
    curi_error err;
    int rc;
    sbuf out = {0}, back = {0}, want = {0};

    if (tc->n != 3) {
        fail(tc, "a relative case is BASE TARGET EXPECTED");
        return;
    }
    rc = parse_in(G_IN0, tc->t[0].s, tc->t[0].len, 0, &base, &err);
    if (rc != CURI_OK) {
        fail(tc, "the base must parse: got !%s@%zu", err_name(rc), err.offset);
        return;
    }
    rc = parse_in(G_IN1, tc->t[1].s, tc->t[1].len, 0, &target, &err);
    if (rc != CURI_OK) {
        fail(tc, "the target must parse: got !%s@%zu", err_name(rc), err.offset);
        return;
    }
    rc = do_relative(tc, &base, &target, tc->flags, &out, &err);
    if (rc != CURI_OK) {
        fail(tc, "relative: want %s: got !%s@%zu", show(tc->t[2].s, tc->t[2].len), err_name(rc),
             err.offset);
    } else if (!same(&out, &tc->t[2])) {
        fail(tc, "relative to %s: want %s: got %s", show(tc->t[1].s, tc->t[1].len),
             show(tc->t[2].s, tc->t[2].len), show(out.p, out.len));
    }
    /* Resolving EXPECTED gives TARGET back (dot segments removed). */
    rc = parse_in(G_IN2, tc->t[2].s, tc->t[2].len, 0, &ref, &err);
    if (rc != CURI_OK) {
        fail(tc, "EXPECTED must parse: got !%s@%zu", err_name(rc), err.offset);
    } else if (dotless(tc, &target, &want) == CURI_OK) {
        rc = do_resolve(tc, &base, &ref, 0, &back, &err);
        if (rc != CURI_OK ||
            ((tc->flags & CURI_RELATIVE_IGNORE_CASE)
                 ? !same_but_case(back.p, back.len, want.p, want.len)
                 : (back.len != want.len || memcmp(back.p, want.p, want.len) != 0))) {
            fail(tc, "resolve(BASE, EXPECTED): want %s: got %s", show(want.p, want.len),
                 rc ? err_name(rc) : show(back.p, back.len));
        }
    }
    sbuf_free(&out);
    sbuf_free(&back);
    sbuf_free(&want);
}

/* ------------------------------------------------------------------ normalize */

/* 1 when the other walks of normalize.c (testing.h) write out exactly *want: the backward
 * writer, and the streaming reader with its own chunks and with chunks of 3, 4 and 5 bytes. */
int normalize_twins(const curi_uri *u, unsigned mask, const sbuf *want)
{
    char *buf = malloc(want->len + 1);
    int ok = buf != NULL;

    for (int how = 1; ok && how <= 5; how++) {
        size_t n = curi__normalize_twin(buf, want->len + 1, u, mask, how);
        ok = n == want->len && (n == 0 || memcmp(buf, want->p, n) == 0);
    }
    free(buf);
    return ok;
}

void kind_normalize(tcase *tc)
{
    curi_uri in, ou;
    curi_error err;
    int code = 0, rc;
    size_t off = 0;
    int want_err = expect_error(tc, &code, &off);
    unsigned mask = tc->flags ? tc->flags : CURI_NORM_DEFAULT;
    sbuf out = {0}, again = {0};

    if (want_err < 0) {
        return;
    }
    if (tc->n != 2) {
        fail(tc, "a normalize case is INPUT OUTPUT or INPUT !CODE@OFF");
        return;
    }
    rc = parse_in(G_IN0, tc->t[0].s, tc->t[0].len, 0, &in, &err);
    if (want_err) {
        check_error(tc, "parse", rc, &err, code, off);
        return;
    }
    if (rc != CURI_OK) {
        fail(tc, "parse: want success: got !%s@%zu", err_name(rc), err.offset);
        return;
    }
    rc = do_normalize(tc, &in, mask, &out, &err);
    if (rc != CURI_OK) {
        fail(tc, "normalize: want %s: got !%s@%zu", show(tc->t[1].s, tc->t[1].len), err_name(rc),
             err.offset);
        return;
    }
    if (!normalize_twins(&in, mask, &out)) {
        fail(tc, "normalize: the backward writer or the streaming reader disagrees with %s",
             show(out.p, out.len));
    }
    if (!same(&out, &tc->t[1])) {
        fail(tc, "normalize: want %s: got %s", show(tc->t[1].s, tc->t[1].len),
             show(out.p, out.len));
    }
    {
        int eq = tc->t[0].len == tc->t[1].len &&
                 memcmp(tc->t[0].s, tc->t[1].s, tc->t[0].len) == 0;
        int isn = t_is_normalized(&in, mask, 0);
        int iss = t_is_normalized(&in, mask, 1);
        if (isn != eq || iss != eq) {
            fail(tc, "is_normalized(INPUT): want %d: got %d (streaming: %d)", eq, isn, iss);
        }
    }
    rc = parse_in(G_IN1, tc->t[1].s, tc->t[1].len, 0, &ou, &err);
    if (rc != CURI_OK) {
        fail(tc, "OUTPUT must parse: got !%s@%zu", err_name(rc), err.offset);
    } else {
        if (t_is_normalized(&ou, mask, 0) != 1 || t_is_normalized(&ou, mask, 1) != 1) {
            fail(tc, "is_normalized(OUTPUT): want 1: got 0");
        }
        rc = do_normalize(tc, &ou, mask, &again, &err);
        if (rc != CURI_OK || !same(&again, &tc->t[1])) {
            fail(tc, "normalize(OUTPUT): want OUTPUT: got %s",
                 rc ? err_name(rc) : show(again.p, again.len));
        }
    }
    /* The same reference with every component in a buffer of its own (edited by curi_set,
     * each ending at a guard page): the same output, and nothing read past any view. */
    if (parse_in(G_IN2, tc->t[0].s, tc->t[0].len, 0, &in, &err) == CURI_OK) {
        if (edit_parts(&in, G_EDIT0, &err) != CURI_OK) {
            fail(tc, "edited: curi_set refused a component of its own: !%s@%zu",
                 err_name(err.code), err.offset);
        } else if ((rc = do_normalize(tc, &in, mask, &again, &err)) != CURI_OK ||
                   !same(&again, &tc->t[1])) {
            fail(tc, "edited: normalize: want %s: got %s", show(tc->t[1].s, tc->t[1].len),
                 rc ? err_name(rc) : show(again.p, again.len));
        } else if (t_is_normalized(&in, mask, 0) !=
                   (tc->t[0].len == tc->t[1].len &&
                    memcmp(tc->t[0].s, tc->t[1].s, tc->t[0].len) == 0)) {
            fail(tc, "edited: is_normalized disagrees with the parsed reference's");
        }
    }
    sbuf_free(&out);
    sbuf_free(&again);
}

/* ------------------------------------------------------------------ equal */

static const char *const level_names[] = {"none", "string", "syntax", "scheme"};

void kind_equal(tcase *tc)
{
    curi_uri a, b;
    curi_error err;
    curi_equiv max = (tc->opt & OPT_MAXSYN) ? CURI_EQ_SYNTAX : CURI_EQ_SCHEME;
    int want = -1, rc;
    int ab, ba;

    if (tc->n != 3) {
        fail(tc, "an equal case is A B LEVEL");
        return;
    }
    for (int i = 0; i < 4; i++) {
        if (strcmp(tc->t[2].s, level_names[i]) == 0) {
            want = i;
        }
    }
    if (want < 0) {
        fail(tc, "unknown level %s (none string syntax scheme)", show(tc->t[2].s, tc->t[2].len));
        return;
    }
    rc = parse_in(G_IN0, tc->t[0].s, tc->t[0].len, 0, &a, &err);
    if (rc == CURI_OK) {
        rc = parse_in(G_IN1, tc->t[1].s, tc->t[1].len, 0, &b, &err);
    }
    if (rc != CURI_OK) {
        fail(tc, "A and B must parse: got !%s@%zu", err_name(rc), err.offset);
        return;
    }
    ab = t_compare(&a, &b, max, 0);
    ba = t_compare(&b, &a, max, 0);
    /* The streaming comparison (long references) must give the same answers. */
    if (t_compare(&a, &b, max, 1) != ab || t_compare(&b, &a, max, 1) != ba) {
        fail(tc, "compare: the streaming path disagrees with the buffered one");
    }
    if ((int)ab != want || (int)ba != want) {
        fail(tc, "compare with %s: want %s: got %s (A,B) and %s (B,A)",
             show(tc->t[1].s, tc->t[1].len), level_names[want],
             (unsigned)ab < 4 ? level_names[ab] : "?", (unsigned)ba < 4 ? level_names[ba] : "?");
    }
    /* Both edited (every component in a buffer of its own, ending at a guard page). */
    if (edit_parts(&a, G_EDIT0, &err) != CURI_OK || edit_parts(&b, G_EDIT1, &err) != CURI_OK) {
        fail(tc, "edited: curi_set refused a component of its own: !%s@%zu", err_name(err.code),
             err.offset);
    } else if (t_compare(&a, &b, max, 0) != ab || t_compare(&b, &a, max, 0) != ba ||
               t_compare(&a, &b, max, 1) != ab) {
        fail(tc, "edited: compare disagrees with the parsed references'");
    }
}

/* ------------------------------------------------------------------ dots */

void kind_dots(tcase *tc)
{
    char *p;
    size_t n;

    if (tc->n != 2) {
        fail(tc, "a dots case is INPUT OUTPUT");
        return;
    }
    p = gput(G_IN0, tc->t[0].s, tc->t[0].len);
    n = curi_remove_dot_segments(p, tc->t[0].len);
    if (n > tc->t[0].len) {
        fail(tc, "want at most %zu bytes: got length %zu", tc->t[0].len, n);
    } else if (n != tc->t[1].len || memcmp(p, tc->t[1].s, n) != 0) {
        fail(tc, "want %s: got %s", show(tc->t[1].s, tc->t[1].len), show(p, n));
    }
}

/* ------------------------------------------------------------------ scheme */

void kind_scheme(tcase *tc)
{
    const curi_scheme *info, *e, *prev = NULL;
    const char *name, *iname;
    int found = 0, port = -1, slash;

    if (!((tc->n == 2 && tc->t[1].rawlen == 5 && memcmp(tc->t[1].raw, "!none", 5) == 0) ||
          tc->n == 3)) {
        fail(tc, "a scheme case is NAME PORT SLASH or NAME !none");
        return;
    }
    name = gput(G_IN0, tc->t[0].s, tc->t[0].len);
    info = curi_scheme_find(name, tc->t[0].len);
    if (tc->n == 2) {
        if (info != NULL) {
            fail(tc, "lookup: want NULL: got %s", curi_scheme_name(info) ? curi_scheme_name(info)
                                                                         : "(entry without name)");
        }
        return;
    }
    if (strcmp(tc->t[1].s, "none") != 0) {
        port = 0;
        for (size_t i = 0; i < tc->t[1].len; i++) {
            if (tc->t[1].s[i] < '0' || tc->t[1].s[i] > '9' || port > 65535) {
                fail(tc, "PORT must be a number or none");
                return;
            }
            port = port * 10 + (tc->t[1].s[i] - '0');
        }
    }
    if (tc->t[2].rawlen != 1 || (tc->t[2].raw[0] != '0' && tc->t[2].raw[0] != '1')) {
        fail(tc, "SLASH must be 0 or 1");
        return;
    }
    slash = tc->t[2].raw[0] - '0';
    if (info == NULL) {
        fail(tc, "lookup: want an entry: got NULL");
        return;
    }
    /* The entry's name is the lowercase form of NAME. */
    iname = curi_scheme_name(info);
    if (iname == NULL || strlen(iname) != tc->t[0].len) {
        fail(tc, "name: want %s lowercased: got %s", show(tc->t[0].s, tc->t[0].len),
             iname ? iname : "NULL");
    } else {
        for (size_t i = 0; i < tc->t[0].len; i++) {
            char c = tc->t[0].s[i];
            if (c >= 'A' && c <= 'Z') {
                c = (char)(c + 32);
            }
            if (iname[i] != c) {
                fail(tc, "name: want %s lowercased: got %s", show(tc->t[0].s, tc->t[0].len),
                     iname);
                break;
            }
        }
    }
    if (curi_scheme_default_port(info) != port) {
        fail(tc, "default port: want %d: got %d", port, curi_scheme_default_port(info));
    }
    if (((curi_scheme_flags(info) & CURI_SCHEME_EMPTY_PATH_SLASH) != 0) != slash) {
        fail(tc, "empty path means \"/\": want %d: got %d", slash,
             (curi_scheme_flags(info) & CURI_SCHEME_EMPTY_PATH_SLASH) != 0);
    }
    if (curi_scheme_source(info) == NULL) {
        fail(tc, "the entry names no source document");
    }
    /* curi_scheme_at lists it, every entry in strictly increasing name order (the lookup
     * is a binary search), and finds each entry by its own name. */
    for (size_t i = 0; (e = curi_scheme_at(i)) != NULL; i++) {
        found |= e == info;
        if (prev != NULL && strcmp(curi_scheme_name(prev), curi_scheme_name(e)) >= 0) {
            fail(tc, "curi_scheme_at(%zu): %s does not sort after %s", i, curi_scheme_name(e),
                 curi_scheme_name(prev));
        }
        if (curi_scheme_find(curi_scheme_name(e), strlen(curi_scheme_name(e))) != e) {
            fail(tc, "curi_scheme_find(%s) does not find its own entry", curi_scheme_name(e));
        }
        prev = e;
    }
    if (!found) {
        fail(tc, "the entry found is not listed by curi_scheme_at()");
    }
}

/* ------------------------------------------------------------------ registry */

/* The findings of rule in s[0..n): how many. */
static size_t lint_has(const char *s, size_t n, int rule)
{
    curi_finding f[64];
    size_t k = t_lint(s, n, NULL, f, sizeof f / sizeof f[0]), hits = 0;

    for (size_t i = 0; i < k && i < sizeof f / sizeof f[0]; i++) {
        hits += f[i].rule == (uint32_t)rule;
    }
    return hits;
}

/*
 * Every consumer of the registry agrees with it, for every entry (curi_scheme_at): the
 * case names what is held.
 *   ports      for S://h:P/ with P the default port (or 65000 and 80 for a scheme without
 *              one), spelled S and upper-case S: the lint says port-not-canonical <=> the
 *              normalization drops ":P" <=> curi_scheme_default_port is P;
 *   hostreq    the lint says host-missing for "S:/x" <=> CURI_SCHEME_HOST_REQUIRED;
 *   dangerous  the lint says scheme-dangerous for "S:x" <=> CURI_SCHEME_DANGEROUS;
 *   extract    curi_extract finds "S://h/x" in running text after a space as one URI <=>
 *              CURI_SCHEME_EXTRACT or the "//" form, and "S:x" <=> CURI_SCHEME_EXTRACT.
 */
void kind_registry(tcase *tc)
{
    const curi_scheme *e;
    const char *what = tc->n == 1 ? tc->t[0].s : "";
    size_t i;

    if (tc->n != 1 || (strcmp(what, "ports") != 0 && strcmp(what, "hostreq") != 0 &&
                       strcmp(what, "dangerous") != 0)) {
        fail(tc, "a registry case is ports, hostreq or dangerous");
        return;
    }
    for (i = 0; (e = curi_scheme_at(i)) != NULL; i++) {
        const char *name = curi_scheme_name(e);
        unsigned flags = curi_scheme_flags(e);
        char in[64], out[128];
        int n;

        if (strcmp(what, "hostreq") == 0) {
            n = snprintf(in, sizeof in, "%s:/x", name);
            if ((lint_has(in, (size_t)n, CURI_LINT_HOST_MISSING) != 0) !=
                ((flags & CURI_SCHEME_HOST_REQUIRED) != 0)) {
                fail(tc, "%s: host-missing for %s is %s, but HOST_REQUIRED is %s", name, in,
                     lint_has(in, (size_t)n, CURI_LINT_HOST_MISSING) ? "said" : "not said",
                     (flags & CURI_SCHEME_HOST_REQUIRED) ? "set" : "clear");
            }
            continue;
        }
        if (strcmp(what, "dangerous") == 0) {
            n = snprintf(in, sizeof in, "%s:x", name);
            if ((lint_has(in, (size_t)n, CURI_LINT_SCHEME_DANGEROUS) != 0) !=
                ((flags & CURI_SCHEME_DANGEROUS) != 0)) {
                fail(tc, "%s: scheme-dangerous disagrees with the DANGEROUS flag", name);
            }
            continue;
        }
        for (int pass = 0; pass < 6; pass++) {
            int dflt = curi_scheme_default_port(e);
            int port = pass % 3 == 0 ? (dflt >= 0 ? dflt : 65000) : pass % 3 == 1 ? 80 : 65000;
            int upper = pass >= 3, said, dropped, is_default = port == dflt;
            char sch[32];
            curi_uri u;
            curi_error err;
            size_t len = 0;

            for (size_t k = 0; name[k] != '\0' && k + 1 < sizeof sch; k++) {
                sch[k] = upper && name[k] >= 'a' && name[k] <= 'z' ? (char)(name[k] - 32)
                                                                    : name[k];
                sch[k + 1] = '\0';
            }
            n = snprintf(in, sizeof in, "%s://h:%d/", sch, port);
            if (curi_parse(&u, in, (size_t)n, 0, &err) != CURI_OK ||
                curi_normalize(out, sizeof out, &len, &u, CURI_NORM_DEFAULT, &err) != CURI_OK) {
                fail(tc, "%s: parse or normalize failed", in);
                continue;
            }
            said = lint_has(in, (size_t)n, CURI_LINT_PORT_NOT_CANONICAL) != 0;
            dropped = 1; /* one ':' left, the scheme's */
            for (size_t k = 0, colons = 0; k < len; k++) {
                colons += out[k] == ':';
                dropped = colons < 2;
            }
            if (said != dropped || dropped != is_default) {
                fail(tc, "%s: port-not-canonical %s, normalize %s (%.*s), default port %d", in,
                     said ? "said" : "not said", dropped ? "drops it" : "keeps it", (int)len, out,
                     dflt);
            }
        }
    }
    if (i < 10) {
        fail(tc, "the registry lists %zu schemes", i);
    }
}
