/*
 * diff_uriparser.c -- differential testing of curi against uriparser (Debian
 * liburiparser-dev): validity (uriParseSingleUriExA), component boundaries, and
 * RFC 3986 5.2 resolution (uriAddBaseUriA, strict mode, then uriToStringA).
 *
 *   diff_uriparser FILE...      line mode (built with -DDIFF_MAIN): every line of
 *                               every file, resolved against "http://a/b/c/d;p?q"
 *                               and against the previous line; prints the count
 *                               and an example of each class of disagreement
 *   fuzz_diff_uriparser DIR...  libFuzzer mode: input "REF" or "BASE\nREF"; aborts
 *                               on a disagreement whose class is not one of the
 *                               uriparser deviations listed in docs/differential.md
 *                               (DIFF_STRICT=1 in the environment: on any)
 *
 * A disagreement is not a verdict: docs/differential.md argues each class from
 * RFC 3986.  SPDX-License-Identifier: MIT
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <uriparser/Uri.h>

#include "util.h"

#define RFC_BASE "http://a/b/c/d;p?q"

/* ---- classes of disagreement: name, count, first example ---- */

typedef struct dclass {
    char name[160];
    unsigned long count;
    char *example;
    size_t exlen;
    char detail[400]; /* what each side said, for the first example */
} dclass;

static dclass classes[256];
static size_t nclasses;
static unsigned long n_inputs, n_both_valid, n_both_invalid, n_resolved, n_agree_resolve;

/*
 * uriparser deviations from RFC 3986 that docs/differential.md argues; the fuzz
 * mode does not stop on these.  Matching is by prefix of the class name.
 */
static const char *const known[] = {
    "curi-only-valid: RFC 6874 zone ID",
    "resolve: curi keeps \"/.\" before a \"//\" path",
    "resolve: uriparser rewrites the IPv6 literal",
    "resolve: rootless path through remove_dot_segments",
    "resolve: uriparser writes \"/.\" before a \"//\" path beside an authority",
    "resolve: uriparser writes \"/./\" for the path \"/\" without an authority",
    NULL,
};

static int is_known(const char *name)
{
    for (size_t i = 0; known[i] != NULL; i++)
        if (strncmp(name, known[i], strlen(known[i])) == 0)
            return 1;
    return 0;
}

static char detail[400];

static void note(const char *name, const char *s, size_t n)
{
    size_t i;

    for (i = 0; i < nclasses; i++)
        if (strcmp(classes[i].name, name) == 0)
            break;
    if (i == nclasses) {
        if (nclasses == sizeof classes / sizeof classes[0])
            i = nclasses - 1; /* the last slot collects the overflow */
        else
            nclasses++;
        if (classes[i].count == 0) {
            snprintf(classes[i].name, sizeof classes[i].name, "%s", name);
            classes[i].example = fz_dup(s, n);
            classes[i].exlen = n;
            snprintf(classes[i].detail, sizeof classes[i].detail, "%s", detail);
        }
    }
    classes[i].count++;
    detail[0] = '\0';
#ifndef DIFF_MAIN
    if (getenv("DIFF_STRICT") != NULL || !is_known(name))
        fz_fail(__FILE__, __LINE__, "curi and uriparser disagree (%s) on %s", name,
                fz_show(s, n));
#endif
}

/* ---- one reference: validity and components ---- */

static int range_same(curi_str c, UriTextRangeA r)
{
    if (c.ptr == NULL || r.first == NULL)
        return c.ptr == NULL && r.first == NULL;
    return fz_eq(c.ptr, c.len, r.first, (size_t)(r.afterLast - r.first));
}

/* uriparser's path as text: its segments joined by "/", with the leading "/" it implies. */
static void up_path(const UriUriA *u, char *buf, size_t cap, size_t *n)
{
    const UriPathSegmentA *seg;
    size_t o = 0;
    int lead = u->absolutePath || (u->hostText.first != NULL && u->pathHead != NULL);

    if (lead && o < cap)
        buf[o++] = '/';
    for (seg = u->pathHead; seg != NULL; seg = seg->next) {
        size_t l = (size_t)(seg->text.afterLast - seg->text.first);
        if (seg != u->pathHead && o < cap)
            buf[o++] = '/';
        if (o + l <= cap && l > 0)
            memcpy(buf + o, seg->text.first, l);
        o += l;
    }
    *n = o < cap ? o : cap;
}

/* Which component of u holds offset off of s ("end" past the last). */
static const char *where(const curi_uri *u, const char *s, size_t off)
{
    const char *p = s + off;
#define IN(v, name)                                                  \
    if ((v).ptr != NULL && p >= (v).ptr && p < (v).ptr + (v).len)    \
        return name;
    IN(u->scheme, "scheme");
    IN(u->userinfo, "userinfo");
    IN(u->host, "host");
    IN(u->port, "port");
    IN(u->path, "path");
    IN(u->query, "query");
    IN(u->fragment, "fragment");
#undef IN
    return "delimiter";
}

static int diff_one(const char *s, size_t n)
{
    curi_uri c;
    curi_error e;
    UriUriA up;
    const char *epos = NULL;
    int crc = curi_parse(&c, s, n, 0, &e);
    int urc = uriParseSingleUriExA(&up, s, s + n, &epos);
    char name[160];

    n_inputs++;
    if (crc != CURI_OK && urc != URI_SUCCESS) {
        n_both_invalid++;
    } else if (crc != CURI_OK) {
        snprintf(name, sizeof name, "uriparser-only-valid: curi %s", curi_strerror_name(crc));
        note(name, s, n);
    } else if (urc != URI_SUCCESS && c.zone.ptr != NULL &&
               curi_parse(&c, s, n, CURI_PARSE_STRICT_3986, NULL) == CURI_ERR_ZONE_FORBIDDEN) {
        note("curi-only-valid: RFC 6874 zone ID (CURI_PARSE_STRICT_3986 refuses it too)", s, n);
    } else if (urc != URI_SUCCESS) {
        size_t off = epos != NULL && epos >= s && epos <= s + n ? (size_t)(epos - s) : n;
        unsigned char ch = off < n ? (unsigned char)s[off] : 0;
        if (off < n && ch > 0x20 && ch < 0x7f)
            snprintf(name, sizeof name, "curi-only-valid: uriparser stops at '%c' in the %s", ch,
                     where(&c, s, off));
        else
            snprintf(name, sizeof name, "curi-only-valid: uriparser stops at 0x%02x in the %s",
                     ch, off < n ? where(&c, s, off) : "end");
        note(name, s, n);
    } else {
        char path[4096];
        size_t plen;
        curi_str host = c.host;
        n_both_valid++;
        if (c.host_type == CURI_HOST_IPV6 || c.host_type == CURI_HOST_IPVFUTURE) {
            host.ptr++; /* uriparser's hostText leaves the brackets out */
            host.len -= 2;
        }
        if (!range_same(c.scheme, up.scheme))
            note("component: scheme", s, n);
        if (!range_same(c.userinfo, up.userInfo))
            note("component: userinfo", s, n);
        if (!range_same(host, up.hostText))
            note(c.host.ptr == NULL || up.hostText.first == NULL ? "component: host presence"
                                                                 : "component: host text",
                 s, n);
        if (!range_same(c.port, up.portText))
            note("component: port", s, n);
        if (!range_same(c.query, up.query))
            note("component: query", s, n);
        if (!range_same(c.fragment, up.fragment))
            note("component: fragment", s, n);
        up_path(&up, path, sizeof path, &plen);
        if (c.path.len < sizeof path && !fz_eq(c.path.ptr, c.path.len, path, plen))
            note("component: path", s, n);
    }
    if (urc == URI_SUCCESS)
        uriFreeUriMembersA(&up);
    return crc == CURI_OK && urc == URI_SUCCESS;
}

/* ---- 5.2 resolution ---- */

static void diff_resolve(const char *b, size_t bn, const char *r, size_t rn)
{
    curi_uri cb, cr;
    UriUriA ub, ur, ut;
    const char *epos;
    char *cout, *uout;
    size_t cap, clen;
    int chars = 0, crc, urc;

    if (curi_parse(&cb, b, bn, 0, NULL) != CURI_OK || curi_parse(&cr, r, rn, 0, NULL) != CURI_OK ||
        cb.scheme.ptr == NULL || cb.fragment.ptr != NULL)
        return;
    if (uriParseSingleUriExA(&ub, b, b + bn, &epos) != URI_SUCCESS)
        return;
    if (uriParseSingleUriExA(&ur, r, r + rn, &epos) != URI_SUCCESS) {
        uriFreeUriMembersA(&ub);
        return;
    }
    n_resolved++;
    cap = curi_resolve_bound(&cb, &cr);
    cout = fz_alloc(cap);
    crc = curi_resolve(cout, cap, &clen, &cb, &cr, 0, NULL);
    FZ_CHECKF(crc == CURI_OK, "curi_resolve = %d", crc);
    urc = uriAddBaseUriA(&ut, &ur, &ub);
    if (urc != URI_SUCCESS) {
        note("resolve: uriparser fails", r, rn);
    } else {
        urc = uriToStringCharsRequiredA(&ut, &chars);
        uout = fz_alloc((size_t)chars + 1);
        if (urc == URI_SUCCESS)
            urc = uriToStringA(uout, &ut, chars + 1, NULL);
        if (urc != URI_SUCCESS) {
            note("resolve: uriparser cannot write the result", r, rn);
        } else if (fz_eq(cout, clen, uout, strlen(uout))) {
            n_agree_resolve++;
        } else {
            /* Keep the pair as the example: "BASE\nREF". */
            char *ex = fz_alloc(bn + 1 + rn);
            char name[160];
            curi_uri ct, cu;
            const char *why = "other";
            int cok = curi_parse(&ct, cout, clen, 0, NULL) == CURI_OK;
            int uok = curi_parse(&cu, uout, strlen(uout), 0, NULL) == CURI_OK;
            if (cok && uok && ct.host_type == CURI_HOST_IPV6 && cu.host_type == CURI_HOST_IPV6 &&
                memcmp(ct.ip, cu.ip, 16) == 0 && fz_str_same(ct.path, cu.path) &&
                fz_str_same(ct.query, cu.query) && fz_str_same(ct.fragment, cu.fragment))
                why = "uriparser rewrites the IPv6 literal";
            else if (cok && uok && ct.host.ptr != NULL && cu.host.ptr != NULL &&
                     cu.path.len == ct.path.len + 2 && memcmp(cu.path.ptr, "/.//", 4) == 0 &&
                     fz_eq(cu.path.ptr + 2, cu.path.len - 2, ct.path.ptr, ct.path.len))
                why = "uriparser writes \"/.\" before a \"//\" path beside an authority";
            else if (cok && uok && ct.host.ptr == NULL && fz_eq(ct.path.ptr, ct.path.len, "/", 1) &&
                     fz_eq(cu.path.ptr, cu.path.len, "/./", 3))
                why = "uriparser writes \"/./\" for the path \"/\" without an authority";
            else if (cok && ct.host.ptr == NULL && ct.path.len >= 4 &&
                     memcmp(ct.path.ptr, "/.//", 4) == 0)
                why = "curi keeps \"/.\" before a \"//\" path";
            else if ((cr.scheme.ptr != NULL && cr.path.len > 0 && cr.path.ptr[0] != '/') ||
                     (cr.scheme.ptr == NULL && cr.host.ptr == NULL && cr.path.len > 0 &&
                      cr.path.ptr[0] != '/' && cb.host.ptr == NULL &&
                      (cb.path.len == 0 || cb.path.ptr[0] != '/')))
                why = "rootless path through remove_dot_segments";
            else if (uok && fz_has_dot_segment(cu.path.ptr, cu.path.len))
                why = "uriparser leaves a dot segment";
            else if (cr.path.len == 0 && cr.scheme.ptr == NULL && cr.host.ptr == NULL)
                why = "empty-path reference";
            else if (cr.scheme.ptr != NULL)
                why = "reference with a scheme";
            else if (cr.host.ptr != NULL)
                why = "network-path reference";
            else if (cr.path.ptr[0] == '/')
                why = "absolute-path reference";
            else
                why = "relative-path reference";
            snprintf(name, sizeof name, "resolve: %s", why);
            snprintf(detail, sizeof detail, "curi %s, uriparser %s", fz_show(cout, clen),
                     fz_show2(uout, strlen(uout)));
            memcpy(ex, b, bn);
            ex[bn] = '\n';
            if (rn > 0)
                memcpy(ex + bn + 1, r, rn);
            note(name, ex, bn + 1 + rn);
            free(ex);
        }
        free(uout);
        uriFreeUriMembersA(&ut);
    }
    free(cout);
    uriFreeUriMembersA(&ub);
    uriFreeUriMembersA(&ur);
}

#ifdef DIFF_MAIN
/* ---- line mode ---- */

static int by_count(const void *a, const void *b)
{
    const dclass *x = a, *y = b;
    return x->count < y->count ? 1 : x->count > y->count ? -1 : 0;
}

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        char *line = NULL, *prev = NULL;
        size_t cap = 0, prevlen = 0;
        unsigned long before = n_inputs;
        if (f == NULL) {
            perror(argv[i]);
            return 2;
        }
        for (;;) {
            size_t n = 0;
            int ch;
            while ((ch = getc(f)) != EOF && ch != '\n') {
                if (n + 1 >= cap) {
                    cap = cap ? cap * 2 : 256;
                    line = realloc(line, cap);
                    FZ_CHECK(line != NULL);
                }
                line[n++] = (char)ch;
            }
            if (ch == EOF && n == 0)
                break;
            if (n > 0 && line[n - 1] == '\r')
                n--;
            if (n_inputs == before && n >= 3 && memcmp(line, "\xEF\xBB\xBF", 3) == 0) {
                memmove(line, line + 3, n - 3); /* a UTF-8 byte order mark */
                n -= 3;
            }
            {
                char *s = fz_dup(line, n);
                if (diff_one(s, n)) {
                    diff_resolve(RFC_BASE, sizeof RFC_BASE - 1, s, n);
                    if (prev != NULL)
                        diff_resolve(prev, prevlen, s, n);
                    free(prev);
                    prev = s;
                    prevlen = n;
                } else {
                    free(s);
                }
            }
            if (ch == EOF)
                break;
        }
        free(prev);
        free(line);
        fclose(f);
        printf("%s: %lu lines\n", argv[i], n_inputs - before);
    }
    qsort(classes, nclasses, sizeof classes[0], by_count);
    printf("inputs %lu: both valid %lu, both invalid %lu; resolutions %lu, agreeing %lu\n",
           n_inputs, n_both_valid, n_both_invalid, n_resolved, n_agree_resolve);
    for (size_t i = 0; i < nclasses; i++)
        printf("%8lu  %s%s\n          e.g. %s\n          %s\n", classes[i].count,
               classes[i].name, is_known(classes[i].name) ? "  [documented]" : "",
               fz_show(classes[i].example, classes[i].exlen), classes[i].detail);
    return 0;
}
#else
/* ---- libFuzzer mode ---- */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *s = fz_dup(data, size);
    const char *b, *r;
    size_t bn, rn;

    if (fz_split(s, size, '\n', &b, &bn, &r, &rn)) {
        char *bb = fz_dup(b, bn), *rr = fz_dup(r, rn);
        diff_one(bb, bn);
        diff_one(rr, rn);
        diff_resolve(bb, bn, rr, rn);
        free(bb);
        free(rr);
    } else {
        diff_one(s, size);
        diff_resolve(RFC_BASE, sizeof RFC_BASE - 1, s, size);
    }
    free(s);
    return 0;
}
#endif
