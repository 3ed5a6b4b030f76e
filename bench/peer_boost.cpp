/*
 * peer_boost.cpp -- benchmark runners for Boost.URL (header-only, from Debian's libboost-dev).
 *
 *   boost-parse      boost::urls::parse_uri_reference -> url_view (validates, no allocation)
 *   boost-normalize  parse + boost::urls::url copy + normalize()
 *
 * Boost.URL's compiled part comes from <boost/url/src.hpp>, included in this translation
 * unit only, so Boost.URL is built with the same optimisation flags as libcuri (bench.mk).
 * Compiled only when bench.mk finds that header and a C++17 compiler (BENCH_HAVE_BOOST).
 * SPDX-License-Identifier: MIT
 */
#include <cstdio>

#include <boost/url/src.hpp>
#include <boost/url/parse.hpp>
#include <boost/url/url.hpp>
#include <boost/version.hpp>

#include "bench.h"

namespace {

const char *boost_peer_version()
{
    static char v[32];
    std::snprintf(v, sizeof v, "%d.%d.%d", BOOST_VERSION / 100000, BOOST_VERSION / 100 % 1000,
                  BOOST_VERSION % 100);
    return v;
}

uint64_t run_boost_parse(const bench_data *d, size_t *ok)
{
    uint64_t sum = 0;
    size_t good = 0;
    for (size_t k = 0; k < d->n; k++) {
        auto r = boost::urls::parse_uri_reference(
            boost::urls::string_view(d->ptrs[k], d->lens[k]));
        if (!r)
            continue;
        good++;
        // Offsets of the host and the path are what a view-returning parser hands back.
        sum += r->encoded_host().size() + r->encoded_path().size() +
               static_cast<uint64_t>(r->encoded_path().data() - d->ptrs[k]);
    }
    *ok = good;
    return sum;
}

uint64_t run_boost_normalize(const bench_data *d, size_t *ok)
{
    uint64_t sum = 0;
    size_t good = 0;
    for (size_t k = 0; k < d->n; k++) {
        auto r = boost::urls::parse_uri_reference(
            boost::urls::string_view(d->ptrs[k], d->lens[k]));
        if (!r)
            continue;
        // url_view is read-only: normalizing needs an owning (allocating) copy.
        boost::urls::url u(*r);
        u.normalize();
        good++;
        sum += u.buffer().size();
    }
    *ok = good;
    return sum;
}

const bench_runner boost_runners[] = {
    {"boost-parse", "parse", "boost::urls::parse_uri_reference -> url_view (no allocation)",
     run_boost_parse},
    {"boost-normalize", "normalize", "parse_uri_reference + urls::url copy + normalize()",
     run_boost_normalize},
    {nullptr, nullptr, nullptr, nullptr},
};

} // namespace

extern "C" const bench_peer bench_peer_boost = {"boost", boost_peer_version, nullptr, nullptr,
                                               boost_runners};
