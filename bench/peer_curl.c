/*
 * peer_curl.c -- benchmark runner for libcurl's URL API (Debian's libcurl4).
 *
 *   curl-parse  curl_url_set(CURLUPART_URL, CURLU_NON_SUPPORT_SCHEME) on one reused handle
 *
 * curl parses URLs its own way (not strictly RFC 3986: it accepts some bytes the RFC
 * refuses and refuses relative references), so its "valid" count differs from curi's.
 * Compiled only when pkg-config finds libcurl (bench.mk defines BENCH_HAVE_CURL).
 * SPDX-License-Identifier: MIT
 */
#include <curl/curl.h>

#include "bench.h"

/* One handle for the whole run: curl_url_set overwrites it each time. */
static CURLU *handle;

static const char *curl_peer_version(void)
{
    const curl_version_info_data *v = curl_version_info(CURLVERSION_NOW);
    return v->version;
}

static int curl_peer_init(void)
{
    if (curl_global_init(CURL_GLOBAL_NOTHING) != CURLE_OK)
        return -1;
    handle = curl_url();
    return handle ? 0 : -1;
}

static void curl_peer_fini(void)
{
    curl_url_cleanup(handle);
    handle = NULL;
    curl_global_cleanup();
}

static uint64_t run_curl_parse(const bench_data *d, size_t *ok)
{
    uint64_t sum = 0;
    size_t good = 0;
    for (size_t k = 0; k < d->n; k++) {
        /* curl reads up to the NUL that ends every line of the data set. */
        if (curl_url_set(handle, CURLUPART_URL, d->ptrs[k], CURLU_NON_SUPPORT_SCHEME) !=
            CURLUE_OK)
            continue;
        good++;
        sum += k;
    }
    *ok = good;
    return sum;
}

static const bench_runner curl_runners[] = {
    {"curl-parse", "parse", "curl_url_set(CURLUPART_URL, CURLU_NON_SUPPORT_SCHEME), one handle",
     run_curl_parse},
    {NULL, NULL, NULL, NULL},
};

const bench_peer bench_peer_curl = {"libcurl", curl_peer_version, curl_peer_init, curl_peer_fini,
                                    curl_runners};
