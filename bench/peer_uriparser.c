/*
 * peer_uriparser.c -- benchmark runners for uriparser (RFC 3986, Debian's liburiparser).
 *
 *   uriparser-parse      uriParseSingleUriExA + uriFreeUriMembersA
 *   uriparser-normalize  parse + uriNormalizeSyntaxA + uriToStringA
 *   uriparser-resolve    parse + uriAddBaseUriA against BENCH_BASE + uriToStringA
 *
 * Compiled only when pkg-config finds liburiparser (bench.mk defines BENCH_HAVE_URIPARSER).
 * SPDX-License-Identifier: MIT
 */
#include <stdio.h>

#include <uriparser/Uri.h>

#include "bench.h"

/* The base of every resolve, parsed once by init. */
static UriUriA base_uri;
static int base_ok;

static const char *up_version(void)
{
    static char v[32];
    snprintf(v, sizeof v, "%d.%d.%d", URI_VER_MAJOR, URI_VER_MINOR, URI_VER_RELEASE);
    return v;
}

static int up_init(void)
{
    const char *b = BENCH_BASE;
    const char *err = NULL;
    base_ok = uriParseSingleUriA(&base_uri, b, &err) == URI_SUCCESS;
    return base_ok ? 0 : -1;
}

static void up_fini(void)
{
    if (base_ok)
        uriFreeUriMembersA(&base_uri);
    base_ok = 0;
}

/* Length of a uriparser text range plus one when present, 0 when absent. */
static uint64_t range_sum(const UriTextRangeA *r)
{
    if (r->first == NULL)
        return 0;
    return 1 + (uint64_t)(r->afterLast - r->first);
}

static uint64_t run_uriparser_parse(const bench_data *d, size_t *ok)
{
    uint64_t sum = 0;
    size_t good = 0;
    for (size_t k = 0; k < d->n; k++) {
        const char *p = d->ptrs[k];
        const char *err = NULL;
        UriUriA u;
        if (uriParseSingleUriExA(&u, p, p + d->lens[k], &err) != URI_SUCCESS)
            continue;
        good++;
        /* The parse results the checksum touches: host, query and whether a path exists. */
        sum += range_sum(&u.hostText) + range_sum(&u.query) + (u.pathHead != NULL);
        uriFreeUriMembersA(&u);
    }
    *ok = good;
    return sum;
}

/* Recompose u into the scratch buffer; returns the length written, or -1. */
static int to_string(const bench_data *d, const UriUriA *u)
{
    int written = 0;
    if (uriToStringA(d->scratch, u, (int)d->scratch_cap, &written) != URI_SUCCESS)
        return -1;
    return written;
}

static uint64_t run_uriparser_normalize(const bench_data *d, size_t *ok)
{
    uint64_t sum = 0;
    size_t good = 0;
    for (size_t k = 0; k < d->n; k++) {
        const char *p = d->ptrs[k];
        const char *err = NULL;
        UriUriA u;
        if (uriParseSingleUriExA(&u, p, p + d->lens[k], &err) != URI_SUCCESS)
            continue;
        if (uriNormalizeSyntaxA(&u) == URI_SUCCESS) {
            int n = to_string(d, &u);
            if (n >= 0) {
                good++;
                sum += (uint64_t)n;
            }
        }
        uriFreeUriMembersA(&u);
    }
    *ok = good;
    return sum;
}

static uint64_t run_uriparser_resolve(const bench_data *d, size_t *ok)
{
    uint64_t sum = 0;
    size_t good = 0;
    for (size_t k = 0; k < d->n; k++) {
        const char *p = d->ptrs[k];
        const char *err = NULL;
        UriUriA ref, abs;
        if (uriParseSingleUriExA(&ref, p, p + d->lens[k], &err) != URI_SUCCESS)
            continue;
        /* uriAddBaseUriA resolves strictly (RFC 3986 5.2.2), like curi_resolve with flags 0. */
        if (uriAddBaseUriA(&abs, &ref, &base_uri) == URI_SUCCESS) {
            int n = to_string(d, &abs);
            if (n >= 0) {
                good++;
                sum += (uint64_t)n;
            }
            uriFreeUriMembersA(&abs);
        }
        uriFreeUriMembersA(&ref);
    }
    *ok = good;
    return sum;
}

static const bench_runner up_runners[] = {
    {"uriparser-parse", "parse", "uriParseSingleUriExA + uriFreeUriMembersA",
     run_uriparser_parse},
    {"uriparser-normalize", "normalize", "parse + uriNormalizeSyntaxA + uriToStringA",
     run_uriparser_normalize},
    {"uriparser-resolve", "resolve", "parse + uriAddBaseUriA(base) + uriToStringA",
     run_uriparser_resolve},
    {NULL, NULL, NULL, NULL},
};

const bench_peer bench_peer_uriparser = {"uriparser", up_version, up_init, up_fini, up_runners};
