/*
 * peer_glib.c -- benchmark runner for GLib's GUri (Debian's libglib2.0).
 *
 *   glib-parse  g_uri_parse(G_URI_FLAGS_NONE) + g_uri_unref
 *
 * g_uri_parse allocates a GUri and percent-decodes its components, so it does more per
 * URL than a parser that returns views; that is what a GLib program pays to parse.
 * Compiled only when pkg-config finds glib-2.0 (bench.mk defines BENCH_HAVE_GLIB).
 * SPDX-License-Identifier: MIT
 */
#include <stdio.h>
#include <string.h>

#include <glib.h>

#include "bench.h"

static const char *glib_peer_version(void)
{
    static char v[32];
    snprintf(v, sizeof v, "%u.%u.%u", glib_major_version, glib_minor_version,
             glib_micro_version);
    return v;
}

static uint64_t run_glib_parse(const bench_data *d, size_t *ok)
{
    uint64_t sum = 0;
    size_t good = 0;
    for (size_t k = 0; k < d->n; k++) {
        GUri *u = g_uri_parse(d->ptrs[k], G_URI_FLAGS_NONE, NULL);
        if (u == NULL)
            continue;
        good++;
        const char *path = g_uri_get_path(u);
        const char *host = g_uri_get_host(u);
        sum += (path ? strlen(path) : 0) + (host ? strlen(host) : 0);
        g_uri_unref(u);
    }
    *ok = good;
    return sum;
}

static const bench_runner glib_runners[] = {
    {"glib-parse", "parse", "g_uri_parse(G_URI_FLAGS_NONE) + g_uri_unref (allocates, decodes)",
     run_glib_parse},
    {NULL, NULL, NULL, NULL},
};

const bench_peer bench_peer_glib = {"glib", glib_peer_version, NULL, NULL, glib_runners};
