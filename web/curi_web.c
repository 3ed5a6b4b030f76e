/*
 * curi_web.c -- the exported C API of curi.wasm, the URL inspector's engine (web/): one
 * call reads an input (and an optional base) with every operation the page shows and
 * returns one JSON document built by the same code the curi tool prints with (common/:
 * the objects of parse --json, parse --scheme --json, check --json, url --json and diff
 * --json), so that the page and the tool agree by construction.  Uses libcuri through its
 * public header only; compiled for wasm32-wasi (web/web.mk).  SPDX-License-Identifier: MIT
 *
 * Memory: the page allocates its input with cw_alloc, and frees it and every result with
 * cw_free.  A result is a malloc'd buffer; its length is stored in *outlen.  No state lives
 * between calls.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "curi.h"
#include "curi_web.h"
#include "json.h"

void *cw_alloc(size_t n)
{
    return malloc(n > 0 ? n : 1);
}

void cw_free(void *p)
{
    free(p);
}

/* The buffer handed to the page: NUL-terminated for safety, its length in *outlen. */
static char *hand_over(struct buf *b, size_t *outlen)
{
    buf_putc(b, '\0');
    if (b->oom) {
        buf_free(b);
        *outlen = 0;
        return NULL;
    }
    *outlen = b->len - 1;
    return b->p;
}

/*
 * s[0..n) escaped for display as the tool's diagnostics show input (curi_escape_display,
 * terminal style: controls, bidi and invisible characters and bytes that are not UTF-8 as
 * \xhh), for the page to insert as text.
 */
char *cw_escape(const char *s, size_t n, size_t *outlen)
{
    struct buf b = {0};
    size_t got = 0;
    if (!buf_reserve(&b, 4 * n + 1) ||
        curi_escape_display(b.p, 4 * n, &got, s, n, 0, NULL) != CURI_OK) {
        buf_free(&b);
        *outlen = 0;
        return NULL;
    }
    b.len = got;
    return hand_over(&b, outlen);
}

/* "key":{"error":NAME,"message":...,"offset":N} for a failed call (no input member). */
static void error_member(struct buf *out, const char *key, const curi_error *e)
{
    const char *name = curi_strerror_name(e->code);
    const char *msg = curi_strerror(e->code);
    json_key(out, key);
    buf_putc(out, '{');
    json_member(out, "error", name, strlen(name));
    json_member(out, "message", msg, strlen(msg));
    json_key(out, "offset");
    buf_putu(out, e->offset);
    buf_putc(out, '}');
}

/* "key":{"output":tmp's text} when a writer returned rc == CURI_OK, else the error member. */
static void output_member(struct buf *out, const char *key, const struct buf *tmp, int rc,
                          const curi_error *e)
{
    if (rc != CURI_OK) {
        error_member(out, key, e);
        return;
    }
    json_key(out, key);
    buf_putc(out, '{');
    json_member(out, "output", tmp->p ? tmp->p : "", tmp->len);
    buf_putc(out, '}');
}

/* "spans":[{"name":..,"start":..,"end":..},...]: the components of u as byte offsets of s. */
static void spans_member(struct buf *out, const char *s, const curi_uri *u)
{
    const struct {
        const char *name;
        curi_str v;
    } c[] = {{"scheme", u->scheme}, {"userinfo", u->userinfo}, {"host", u->host},
             {"port", u->port},     {"path", u->path},         {"query", u->query},
             {"fragment", u->fragment}};
    json_key(out, "spans");
    buf_putc(out, '[');
    int first = 1;
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        if (c[i].v.ptr == NULL)
            continue; /* absent */
        size_t at = (size_t)(c[i].v.ptr - s);
        if (!first)
            buf_putc(out, ',');
        first = 0;
        buf_putc(out, '{');
        json_member(out, "name", c[i].name, strlen(c[i].name));
        json_key(out, "start");
        buf_putu(out, at);
        json_key(out, "end");
        buf_putu(out, at + c[i].v.len);
        buf_putc(out, '}');
    }
    buf_putc(out, ']');
}

/* "normalize" (6.2.2 and 6.2.3) or "normalize_syntax" (6.2.2) of u. */
static void normalize_member(struct buf *out, const char *key, const curi_uri *u, unsigned mask,
                             struct buf *tmp)
{
    curi_error e = {0};
    size_t cap = curi_normalize_bound(u), got = 0;
    tmp->len = 0;
    buf_reserve(tmp, cap + 1);
    int rc = curi_normalize(tmp->p, cap, &got, u, mask, &e);
    tmp->len = got;
    output_member(out, key, tmp, rc, &e);
}

/* The findings the page draws at most: an input of the page's size can have tens of thousands
 * (one per "%00"), and a row each would stall the page for seconds at every keystroke. */
enum { CW_FINDINGS_MAX = 200 };

/* The check --json object of s[0..n) (every rule, default options), as `curi check --json`,
 * with its first CW_FINDINGS_MAX findings and "more": how many were left out (as the SQL
 * functions' curi_check does past 1,000). */
static void check_member(struct buf *out, const char *s, size_t n, struct buf *tmp)
{
    curi_finding small[32];
    curi_finding *fs = small;
    size_t nf = 0, total, cap = sizeof small / sizeof small[0];
    json_key(out, "check");
    if (curi_lint(s, n, NULL, fs, cap, &nf, NULL) != CURI_OK)
        nf = 0;
    if (nf > cap) {
        fs = malloc(nf * sizeof *fs);
        cap = fs != NULL ? nf : 0;
        if (fs == NULL || curi_lint(s, n, NULL, fs, cap, &nf, NULL) != CURI_OK)
            nf = 0;
        if (nf > cap)
            nf = cap;
    }
    total = nf;
    if (nf > CW_FINDINGS_MAX)
        nf = CW_FINDINGS_MAX;
    json_check_open(out, s, n, NULL, 0);
    for (size_t i = 0; i < nf; i++) {
        size_t mlen = 0;
        tmp->len = 0;
        if (curi_lint_message(NULL, 0, &mlen, s, n, NULL, &fs[i], NULL) == CURI_ERR_NOSPACE &&
            buf_reserve(tmp, mlen + 1) &&
            curi_lint_message(tmp->p, mlen, &mlen, s, n, NULL, &fs[i], NULL) == CURI_OK)
            tmp->len = mlen;
        json_finding(out, i == 0, &fs[i], tmp->p ? tmp->p : "", tmp->len);
    }
    json_check_close(out, total - nf);
    if (fs != small)
        free(fs);
}

/* "parts": the object of `curi parse --scheme --json` after its components, or the rule's
 * error (error: the rule's name, message, offset). */
static void scheme_member(struct buf *out, const curi_uri *u, struct buf *tmp)
{
    curi_scheme_parts sp;
    curi_error e = {0};
    const char *rule = NULL;
    json_key(out, "scheme");
    buf_putc(out, '{');
    if (curi_scheme_parts_get(&sp, u, 0, &rule, &e) == CURI_OK) {
        json_scheme_parts(out, &sp, u, tmp);
    } else if (rule != NULL) {
        const char *msg = curi_scheme_rule_message(rule);
        if (msg == NULL)
            msg = curi_strerror(CURI_ERR_SCHEME_RULE);
        json_member(out, "error", rule, strlen(rule));
        json_member(out, "message", msg, strlen(msg));
        json_key(out, "offset");
        buf_putu(out, e.offset);
    } else {
        const char *name = curi_strerror_name(e.code);
        json_member(out, "error", name, strlen(name));
    }
    buf_putc(out, '}');
}

/* A writer's output into tmp (cap from its bound); rc and *e as it returned them. */
static int write_iri(struct buf *tmp, int to_uri, const char *s, size_t n, unsigned flags,
                     curi_error *e)
{
    size_t cap = to_uri ? curi_iri_to_uri_bound(n, flags) : curi_uri_to_iri_bound(n, flags);
    size_t got = 0;
    tmp->len = 0;
    if (!buf_reserve(tmp, cap + 1))
        return CURI_ERR_NOSPACE;
    int rc = to_uri ? curi_iri_to_uri(tmp->p, cap, &got, s, n, flags, e)
                    : curi_uri_to_iri(tmp->p, cap, &got, s, n, flags, e);
    tmp->len = got;
    return rc;
}

/* UTS #46 of a host name as `curi host` converts it (IP literals are not converted). */
static int write_host(struct buf *tmp, int unicode, const char *h, size_t n, curi_error *e)
{
    size_t cap = unicode ? curi_host_to_unicode_bound(n) : curi_host_to_ascii_bound(n), got = 0;
    tmp->len = 0;
    if (!buf_reserve(tmp, cap + 1))
        return CURI_ERR_NOSPACE;
    int rc = unicode ? curi_uts46_to_unicode(tmp->p, cap, &got, h, n, 0, e)
                     : curi_uts46_to_ascii(tmp->p, cap, &got, h, n, 0, e);
    tmp->len = got;
    return rc;
}

/*
 * "iri": to_uri (RFC 3987 3.1, every host percent-encoded, as `curi to-uri --no-idn`), to_iri
 * (3.2, as `curi to-iri`), and the host (of the IRI reading) through UTS #46: host_ascii and
 * host_unicode, as `curi host --to-ascii` and `--to-unicode`.
 */
static void iri_member(struct buf *out, const char *s, size_t n, struct buf *tmp)
{
    curi_error e = {0};
    curi_uri iri;
    json_key(out, "iri");
    buf_putc(out, '{');
    int rc = write_iri(tmp, 1, s, n, 0, &e);
    output_member(out, "to_uri", tmp, rc, &e);
    rc = write_iri(tmp, 0, s, n, 0, &e);
    output_member(out, "to_iri", tmp, rc, &e);
    if (curi_parse(&iri, s, n, CURI_PARSE_IRI, &e) == CURI_OK && iri.host.ptr != NULL &&
        iri.host_type == CURI_HOST_REGNAME && iri.host.len > 0) {
        json_member_str(out, "host", iri.host);
        rc = write_host(tmp, 0, iri.host.ptr, iri.host.len, &e);
        output_member(out, "host_ascii", tmp, rc, &e);
        rc = write_host(tmp, 1, iri.host.ptr, iri.host.len, &e);
        output_member(out, "host_unicode", tmp, rc, &e);
    }
    buf_putc(out, '}');
}

/* "url": the members of `curi url --json` after input and base, or failure, error, offset. */
static void url_member(struct buf *out, const char *s, size_t n, const curi_url *wbase)
{
    curi_url w;
    curi_error e = {0};
    size_t cap = curi_url_bound(n, wbase), got = 0;
    char *href = malloc(cap + 1);
    json_key(out, "url");
    buf_putc(out, '{');
    if (href != NULL && curi_url_parse(href, cap, &got, &w, s, n, wbase, 0, &e) == CURI_OK) {
        json_url_members(out, &w);
    } else {
        const char *name = curi_strerror_name(href != NULL ? e.code : CURI_ERR_NOSPACE);
        json_key(out, "failure");
        buf_puts(out, "true");
        json_member(out, "error", name, strlen(name));
        json_key(out, "offset");
        buf_putu(out, e.offset);
    }
    buf_putc(out, '}');
    free(href);
}

/*
 * Everything the page shows of s[0..n) (and of base[0..bn) when bn > 0), one JSON object:
 * input; parse (parse --json, or its error object) with spans; scheme (parse --scheme
 * --json's parts or the rule's error); normalize, normalize_syntax; base, resolve, relative
 * (with a base); check (check --json); iri; url; diff (diff --json).  NULL when memory ran
 * out.
 */
char *cw_inspect(const char *s, size_t n, const char *base, size_t bn, size_t *outlen)
{
    struct buf out = {0}, tmp = {0}, hb = {0};
    curi_uri u, b;
    curi_url wb;
    curi_error e = {0}, be = {0};
    int have_base = 0, have_wbase = 0;

    buf_putc(&out, '{');
    json_member(&out, "input", s, n);
    if (bn > 0) {
        json_key(&out, "base");
        if (curi_parse(&b, base, bn, 0, &be) != CURI_OK) {
            json_parse_error_object(&out, base, bn, &be);
        } else if (b.scheme.ptr == NULL) {
            be.code = CURI_ERR_SCHEME_MISSING;
            be.offset = 0;
            json_parse_error_object(&out, base, bn, &be);
        } else {
            buf_putc(&out, '{');
            json_member(&out, "input", base, bn);
            buf_putc(&out, '}');
            have_base = 1;
        }
        size_t cap = curi_url_bound(bn, NULL), got = 0;
        curi_error we;
        if (buf_reserve(&hb, cap + 1) &&
            curi_url_parse(hb.p, cap, &got, &wb, base, bn, NULL, 0, &we) == CURI_OK)
            have_wbase = 1;
    }
    int ok = curi_parse(&u, s, n, 0, &e) == CURI_OK;
    json_key(&out, "parse");
    if (ok) {
        json_parse_open(&out, s, n, &u, 0, &tmp);
        buf_putc(&out, '}');
        spans_member(&out, s, &u);
        scheme_member(&out, &u, &tmp);
        normalize_member(&out, "normalize", &u, CURI_NORM_DEFAULT, &tmp);
        normalize_member(&out, "normalize_syntax", &u, CURI_NORM_SYNTAX, &tmp);
        if (have_base) {
            size_t cap = curi_resolve_bound(&b, &u), got = 0;
            curi_error re = {0};
            tmp.len = 0;
            buf_reserve(&tmp, cap + 1);
            int rc = curi_resolve(tmp.p, cap, &got, &b, &u, 0, &re);
            tmp.len = got;
            output_member(&out, "resolve", &tmp, rc, &re);
            if (u.scheme.ptr != NULL) {
                cap = curi_relative_bound(&b, &u);
                tmp.len = 0;
                buf_reserve(&tmp, cap + 1);
                rc = curi_relative(tmp.p, cap, &got, &b, &u, 0, &re);
                tmp.len = got;
                output_member(&out, "relative", &tmp, rc, &re);
            }
        }
    } else {
        json_parse_error_object(&out, s, n, &e);
    }
    check_member(&out, s, n, &tmp);
    iri_member(&out, s, n, &tmp);
    url_member(&out, s, n, have_wbase ? &wb : NULL);
    json_key(&out, "diff");
    struct buf d = {0}, bz = {0};
    /* the diff against the base only when both standards accept it, as curi diff --base;
     * urldiff takes the base's text NUL-terminated */
    int with_base = have_base && have_wbase;
    if (with_base) {
        buf_put(&bz, base, bn);
        buf_putc(&bz, '\0');
    }
    (void)urldiff(&d, s, n, with_base ? &b : NULL, with_base ? &wb : NULL,
                  with_base && !bz.oom ? bz.p : NULL, 1, &tmp);
    buf_free(&bz);
    if (d.len > 0 && d.p[d.len - 1] == '\n')
        d.len--;
    buf_put(&out, d.p, d.len);
    buf_free(&d);
    buf_putc(&out, '}');
    buf_free(&tmp);
    buf_free(&hb);
    return hand_over(&out, outlen);
}

/*
 * What the page's benchmark times as "parse + lint + normalize + explain": parse (with the
 * spans the diagram is drawn from), normalize, check; the members of cw_inspect's object.
 */
char *cw_core(const char *s, size_t n, size_t *outlen)
{
    struct buf out = {0}, tmp = {0};
    curi_uri u;
    curi_error e = {0};
    buf_putc(&out, '{');
    json_key(&out, "parse");
    if (curi_parse(&u, s, n, 0, &e) == CURI_OK) {
        json_parse_open(&out, s, n, &u, 0, &tmp);
        buf_putc(&out, '}');
        spans_member(&out, s, &u);
        normalize_member(&out, "normalize", &u, CURI_NORM_DEFAULT, &tmp);
    } else {
        json_parse_error_object(&out, s, n, &e);
    }
    check_member(&out, s, n, &tmp);
    buf_putc(&out, '}');
    buf_free(&tmp);
    return hand_over(&out, outlen);
}
