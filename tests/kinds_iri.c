/*
 * kinds_iri.c -- the IRI kinds (RFC 3987; IDNA2008, src/idn.c).  %flags idn passes
 * CURI_IRI_IDN to the mappings.  (IRI parsing itself is kind parse with %flags iri.)
 *
 * touri:    IRI URI  or  IRI !CODE@OFF: curi_iri_to_uri.  The URI must parse as an RFC 3986
 *           reference; without idn, when the IRI holds no '%' and no invisible
 *           character (src/iri.h), whose characters may therefore all stand raw, curi_uri_to_iri must
 *           give the IRI back (the round trip of RFC 3987 3.2).
 * toiri:    URI IRI  or  URI !CODE@OFF: curi_uri_to_iri.  The IRI must parse with
 *           CURI_PARSE_IRI, and curi_iri_compare must find it equal to URI at the string
 *           or the syntax rung (the mapping loses nothing; hex case aside) unless idn is set.
 * toascii, tounicode:  HOST OUTPUT  or  HOST !CODE@OFF [why=NAME]: curi_host_to_ascii and
 *           curi_host_to_unicode.  On every error, curi_idn_reason must give a name and a
 *           sentence for a CURI_ERR_IDN_* code and NULL (and a NULL sentence) for any other;
 *           why=NAME says which name.
 * uts46:    SOURCE UNICODE ASCII: a line of Unicode's IdnaTestV2.txt (uts46.vec says which):
 *           UNICODE is curi_host_to_unicode's output and ASCII curi_host_to_ascii's, or "!"
 *           for an error of any code.
 * iriequal: A B LEVEL (%flags [syntax] [idn]): curi_iri_compare both ways round; LEVEL may
 *           be !CODE, the error of a mapping (A or B is no IRI).
 * The kinds that need IDNA (idn, toascii, tounicode, uts46) fail when curi_features lacks
 * CURI_FEATURE_IDN, which every libcuri has since IDNA is its own.  Every writer runs
 * through the writer-contract harness with its input at a guard page.
 * SPDX-License-Identifier: MIT
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/iri.h"
#include "runner.h"


enum { W_TOURI, W_TOIRI, W_ASCII, W_UNICODE };

typedef struct iri_ctx {
    const char *s;
    size_t n;
    unsigned flags;
    int what;
} iri_ctx;

static const char *const w_names[] = {"curi_iri_to_uri", "curi_uri_to_iri", "curi_host_to_ascii",
                                      "curi_host_to_unicode"};

static int w_iri(const void *vctx, char *dst, size_t cap, size_t *outlen, curi_error *err)
{
    const iri_ctx *c = vctx;
    switch (c->what) {
    case W_TOURI:
        return curi_iri_to_uri(dst, cap, outlen, c->s, c->n, c->flags, err);
    case W_TOIRI:
        return curi_uri_to_iri(dst, cap, outlen, c->s, c->n, c->flags, err);
    case W_ASCII:
        return curi_host_to_ascii(dst, cap, outlen, c->s, c->n, c->flags, err);
    default:
        return curi_host_to_unicode(dst, cap, outlen, c->s, c->n, c->flags, err);
    }
}

static size_t w_bound(int what, size_t n, unsigned flags)
{
    switch (what) {
    case W_TOURI:
        return curi_iri_to_uri_bound(n, flags);
    case W_TOIRI:
        return curi_uri_to_iri_bound(n, flags);
    case W_ASCII:
        return curi_host_to_ascii_bound(n);
    default:
        return curi_host_to_unicode_bound(n);
    }
}

/* One writer through the harness, its input in slot `slot`. */
static int run_iri(tcase *tc, int what, int slot, const char *s, size_t n, unsigned flags,
                   sbuf *out, curi_error *err)
{
    iri_ctx c;
    c.s = gput(slot, s, n);
    c.n = n;
    c.flags = flags;
    c.what = what;
    return run_writer(tc, w_names[what], w_iri, &c, w_bound(what, n, flags), out, err);
}

static int have_idn(void)
{
    return (curi_features() & CURI_FEATURE_IDN) != 0;
}

/*
 * IDNA is built into every libcuri (src/idn.c): a library whose curi_features lacks
 * CURI_FEATURE_IDN fails the case.  Returns 1 when the case must not run further.
 */
static int skip_without_idn(tcase *tc, int what, unsigned flags)
{
    (void)what;
    (void)flags;
    if (have_idn())
        return 0;
    fail(tc, "curi_features lacks CURI_FEATURE_IDN, which every libcuri now has");
    return 1;
}

/* A '%' in s, or a character to-iri keeps encoded although it may stand raw (src/iri.h's
 * curi__iri_invisible: the bidi formats, every default-ignorable, U+2028, U+2029). */
static int has_pct_or_bidi(const char *s, size_t n)
{
    for (size_t i = 0; i < n;) {
        uint32_t c;
        size_t k = 1;
        if (s[i] == '%')
            return 1;
        if ((unsigned char)s[i] >= 0x80) {
            k = curi__utf8(s + i, s + n, &c);
            if (k == 0)
                return 0;
            if (curi__iri_invisible(c))
                return 1;
        }
        i += k;
    }
    return 0;
}

/*
 * curi_idn_reason after a failed host conversion: a name and a sentence for an IDN error, NULL
 * for any other (curi.h); want, when not NULL (the case's why=NAME), is the name.
 */
static void check_reason(tcase *tc, int rc, const curi_error *err, const tok *want)
{
    const char *msg = "unset", *name = curi_idn_reason(err, &msg);
    int idn = rc >= CURI_ERR_IDN_DISALLOWED && rc <= CURI_ERR_IDN_STD3;

    if (idn && (name == NULL || msg == NULL || curi_idn_reason(err, NULL) != name))
        fail(tc, "curi_idn_reason: want a name and a sentence for !%s: got %s", err_name(rc),
             name ? "no sentence" : "NULL");
    else if (!idn && (name != NULL || msg != NULL))
        fail(tc, "curi_idn_reason: want NULL for !%s: got %s", err_name(rc),
             name ? name : "a sentence");
    if (want != NULL && (name == NULL || strlen(name) != want->len - 4 ||
                         memcmp(name, want->s + 4, want->len - 4) != 0))
        fail(tc, "curi_idn_reason: want %s: got %s", show(want->s + 4, want->len - 4),
             name ? name : "NULL");
}

/* The common shape: INPUT OUTPUT or INPUT !CODE@OFF [why=NAME] through writer `what`. */
static int expect_output(tcase *tc, int what, sbuf *out)
{
    curi_error err;
    int code, rc, e;
    size_t off;
    const tok *why = NULL;

    if (tc->n == 3 && (what == W_ASCII || what == W_UNICODE) && tc->t[2].len > 4 &&
        memcmp(tc->t[2].s, "why=", 4) == 0)
        why = &tc->t[2];
    if (tc->n != 2 && why == NULL) {
        fail(tc, "a case is INPUT OUTPUT or INPUT !CODE@OFF");
        return 0;
    }
    tc->n = 2; /* the error is the second token, before why= */
    e = expect_error(tc, &code, &off);
    tc->n = why != NULL ? 3 : 2;
    if (e < 0)
        return 0;
    if (e == 0 && why != NULL) {
        fail(tc, "why=NAME follows an error only");
        return 0;
    }
    rc = run_iri(tc, what, G_IN0, tc->t[0].s, tc->t[0].len, tc->flags, out, &err);
    if (e == 1) {
        check_error(tc, w_names[what], rc, &err, code, off);
        if (what == W_ASCII || what == W_UNICODE)
            check_reason(tc, rc, &err, why);
        return 0;
    }
    if (rc != CURI_OK) {
        fail(tc, "%s: want %s: got !%s@%zu", w_names[what], show(tc->t[1].s, tc->t[1].len),
             err_name(rc), err.offset);
        return 0;
    }
    if (out->len != tc->t[1].len || memcmp(out->p, tc->t[1].s, out->len) != 0) {
        fail(tc, "%s: want %s: got %s", w_names[what], show(tc->t[1].s, tc->t[1].len),
             show(out->p, out->len));
        return 0;
    }
    return 1;
}

void kind_touri(tcase *tc)
{
    sbuf out = {0}, back = {0};
    curi_uri u;
    curi_error err;

    if ((tc->flags & (CURI_IRI_IDN | CURI_IRI_IDN_DNS)) &&
        skip_without_idn(tc, W_TOURI, tc->flags))
        return;
    if (expect_output(tc, W_TOURI, &out)) {
        if (parse_in(G_IN1, out.p, out.len, 0, &u, &err) != CURI_OK)
            fail(tc, "the URI %s does not parse: !%s@%zu", show(out.p, out.len),
                 err_name(err.code), err.offset);
        if (!(tc->flags & (CURI_IRI_IDN | CURI_IRI_IDN_DNS)) &&
            !has_pct_or_bidi(tc->t[0].s, tc->t[0].len)) {
            int rc = run_iri(tc, W_TOIRI, G_IN2, out.p, out.len, 0, &back, &err);
            if (rc != CURI_OK || back.len != tc->t[0].len ||
                memcmp(back.p, tc->t[0].s, back.len) != 0)
                fail(tc, "round trip: curi_uri_to_iri gives %s",
                     rc == CURI_OK ? show(back.p, back.len) : err_name(rc));
        }
    }
    sbuf_free(&out);
    sbuf_free(&back);
}

void kind_toiri(tcase *tc)
{
    sbuf out = {0};
    curi_uri u;
    curi_error err;

    if ((tc->flags & CURI_IRI_IDN) && skip_without_idn(tc, W_TOIRI, tc->flags))
        return;
    if (expect_output(tc, W_TOIRI, &out)) {
        if (parse_in(G_IN1, out.p, out.len, CURI_PARSE_IRI, &u, &err) != CURI_OK)
            fail(tc, "the IRI %s does not parse: !%s@%zu", show(out.p, out.len),
                 err_name(err.code), err.offset);
        if (!(tc->flags & CURI_IRI_IDN)) {
            size_t cap = curi_iri_compare_bound(tc->t[0].len, out.len, 0);
            char *work = malloc(cap ? cap : 1);
            curi_equiv eq = CURI_EQ_NONE;
            int rc = work ? curi_iri_compare(tc->t[0].s, tc->t[0].len, out.p, out.len, 0,
                                             CURI_EQ_SYNTAX, work, cap, &eq, NULL)
                          : CURI_ERR_NOSPACE;
            if (rc != CURI_OK || (eq != CURI_EQ_STRING && eq != CURI_EQ_SYNTAX))
                fail(tc, "the input and the output are not equal as IRIs (5.3)");
            free(work);
        }
    }
    sbuf_free(&out);
}

void kind_toascii(tcase *tc)
{
    sbuf out = {0};
    if (!skip_without_idn(tc, W_ASCII, 0))
        expect_output(tc, W_ASCII, &out);
    sbuf_free(&out);
}

void kind_tounicode(tcase *tc)
{
    sbuf out = {0};
    if (!skip_without_idn(tc, W_UNICODE, 0))
        expect_output(tc, W_UNICODE, &out);
    sbuf_free(&out);
}

void kind_uts46(tcase *tc)
{
    sbuf out = {0};
    curi_error err;

    if (tc->n != 3) {
        fail(tc, "a uts46 case is SOURCE UNICODE ASCII");
        return;
    }
    if (skip_without_idn(tc, W_ASCII, 0))
        return;
    for (int k = 1; k <= 2; k++) {
        int what = k == 1 ? W_UNICODE : W_ASCII;
        int want_err = tc->t[k].len == 1 && tc->t[k].s[0] == '!';
        /* Unicode's conformance file is run with UseSTD3ASCIIRules on */
        int rc = run_iri(tc, what, G_IN0, tc->t[0].s, tc->t[0].len, CURI_HOST_STD3, &out, &err);
        if (want_err && rc == CURI_OK)
            fail(tc, "%s: want an error: got %s", w_names[what], show(out.p, out.len));
        else if (!want_err && rc != CURI_OK)
            fail(tc, "%s: want %s: got !%s@%zu", w_names[what], show(tc->t[k].s, tc->t[k].len),
                 err_name(rc), err.offset);
        else if (!want_err && (out.len != tc->t[k].len || memcmp(out.p, tc->t[k].s, out.len)))
            fail(tc, "%s: want %s: got %s", w_names[what], show(tc->t[k].s, tc->t[k].len),
                 show(out.p, out.len));
    }
    sbuf_free(&out);
}

static const char *const levels[] = {"none", "string", "syntax", "scheme"};

void kind_iriequal(tcase *tc)
{
    curi_equiv max = (tc->opt & OPT_MAXSYN) ? CURI_EQ_SYNTAX : CURI_EQ_SCHEME;
    unsigned flags = tc->flags;
    size_t cap;
    char *work;
    int want = -1, want_rc = CURI_OK;

    if (tc->n != 3) {
        fail(tc, "an iriequal case is A B LEVEL, or A B !ERROR (a mapping refused)");
        return;
    }
    for (int i = 0; i < 4; i++)
        if (strcmp(tc->t[2].s, levels[i]) == 0)
            want = i;
    if (tc->t[2].len > 1 && tc->t[2].s[0] == '!')
        want_rc = err_from_name(tc->t[2].s + 1, tc->t[2].len - 1);
    if (want < 0 && want_rc <= 0) {
        fail(tc, "unknown level or error %s", show(tc->t[2].s, tc->t[2].len));
        return;
    }
    if ((flags & (CURI_IRI_IDN | CURI_IRI_IDN_DNS)) && skip_without_idn(tc, W_TOURI, flags))
        return;
    cap = curi_iri_compare_bound(tc->t[0].len, tc->t[1].len, flags);
    work = malloc(cap ? cap : 1);
    if (work == NULL) {
        fail(tc, "out of memory");
        return;
    }
    for (int r = 0; r < 2; r++) {
        const tok *a = &tc->t[r], *b = &tc->t[1 - r];
        const char *pa = gput(G_IN0, a->s, a->len), *pb = gput(G_IN1, b->s, b->len);
        curi_equiv got = (curi_equiv)-1, shortl = (curi_equiv)-1;
        curi_error e = {-1, 0, 0};
        int rc = curi_iri_compare(pa, a->len, pb, b->len, flags, max, work, cap, &got, &e), rs;
        if (rc != e.code || (rc != CURI_OK && got != CURI_EQ_NONE))
            fail(tc, "curi_iri_compare(%s, %s): !%s, err.code %d, level %d", show(a->s, a->len),
                 show(b->s, b->len), err_name(rc), e.code, (int)got);
        else if (want_rc != CURI_OK && rc != want_rc)
            fail(tc, "curi_iri_compare(%s, %s): want !%s: got %s", show(a->s, a->len),
                 show(b->s, b->len), err_name(want_rc),
                 rc ? err_name(rc) : levels[got]);
        else if (want_rc == CURI_OK && (rc != CURI_OK || (int)got != want))
            fail(tc, "curi_iri_compare(%s, %s): want %s: got %s", show(a->s, a->len),
                 show(b->s, b->len), levels[want],
                 rc ? err_name(rc) : (unsigned)got < 4 ? levels[got] : "?");
        /* One byte short of the bound is not enough for every pair: NOSPACE then, or the
         * same answer when it happens to be. */
        rs = curi_iri_compare(pa, a->len, pb, b->len, flags, max, work, cap ? cap - 1 : 0,
                              &shortl, NULL);
        if (!(rs == CURI_ERR_NOSPACE && shortl == CURI_EQ_NONE) && !(rs == rc && shortl == got))
            fail(tc, "curi_iri_compare with a byte short of the bound: !%s, level %d",
                 err_name(rs), (int)shortl);
    }
    free(work);
}

/*
 * idna46: libcuri's own UTS #46 (curi_uts46_to_ascii, curi_uts46_to_unicode) as the WHATWG URL
 * Standard configures it (flags 0).  A case is SOURCE ASCII UNICODE, each result the text or
 * !ERROR (a CURI_ERR_* name).
 */
void kind_idna46(tcase *tc)
{
    if (tc->n != 3) {
        fail(tc, "an idna46 case is SOURCE ASCII UNICODE");
        return;
    }
    for (int k = 1; k <= 2; k++) {
        const char *name = k == 1 ? "to_ascii" : "to_unicode";
        size_t cap = 4 * tc->t[0].len + 64, len = 0;
        char *out = malloc(cap);
        curi_error err;
        int rc;
        if (out == NULL) {
            fail(tc, "out of memory");
            return;
        }
        for (;;) {
            rc = k == 1 ? curi_uts46_to_ascii(out, cap, &len, tc->t[0].s, tc->t[0].len, 0, &err)
                        : curi_uts46_to_unicode(out, cap, &len, tc->t[0].s, tc->t[0].len, 0,
                                                &err);
            if (rc != CURI_ERR_NOSPACE)
                break;
            char *grown = realloc(out, len);
            if (grown == NULL) {
                free(out);
                fail(tc, "out of memory");
                return;
            }
            out = grown;
            cap = len;
        }
        if (tc->t[k].len > 1 && tc->t[k].s[0] == '!') {
            int want = err_from_name(tc->t[k].s + 1, tc->t[k].len - 1);
            if (want <= 0)
                fail(tc, "unknown error %s", show(tc->t[k].s, tc->t[k].len));
            else if (rc != want)
                fail(tc, "%s: want %s: got %s%s", name, show(tc->t[k].s, tc->t[k].len),
                     rc == CURI_OK ? "" : "!", rc == CURI_OK ? show(out, len) : err_name(rc));
        } else if (rc != CURI_OK) {
            fail(tc, "%s: want %s: got !%s@%zu", name, show(tc->t[k].s, tc->t[k].len),
                 err_name(rc), err.offset);
        } else if (len != tc->t[k].len || memcmp(out, tc->t[k].s, len) != 0) {
            fail(tc, "%s: want %s: got %s", name, show(tc->t[k].s, tc->t[k].len), show(out, len));
        }
        free(out);
    }
}
