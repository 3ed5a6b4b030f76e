/*
 * bench.h -- the interface between the benchmark harness (bench.c) and its runners.
 *
 * A runner processes every line of a data set once and returns a checksum that depends
 * on the work done, so the compiler cannot drop it.  Runners of other libraries ("peers")
 * live in their own files, one per library, each compiled only when bench.mk finds that
 * library; the harness sees them through one bench_peer value per file.
 * SPDX-License-Identifier: MIT
 */
#ifndef CURI_BENCH_H
#define CURI_BENCH_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The fixed base every resolve and relative runner works against (RFC 3986 5.4). */
#define BENCH_BASE "http://a/b/c/d;p?q"

/* One data file, loaded once: line k is ptrs[k][0..lens[k]), followed by a NUL byte. */
typedef struct bench_data {
    const char *const *ptrs;
    const size_t *lens;
    size_t n;         /* number of lines */
    size_t bytes;     /* sum of lens[] */
    size_t max_len;   /* longest line */
    char *scratch;    /* output buffer any runner may use ... */
    size_t scratch_cap; /* ... of 9 * max_len + 4096 bytes */
} bench_data;

/* Runs over every line once; stores how many lines succeeded in *ok. */
typedef uint64_t (*bench_fn)(const bench_data *d, size_t *ok);

typedef struct bench_runner {
    const char *name; /* "uriparser-parse" */
    const char *op;   /* "parse", "normalize", "resolve", "relative", "url", ...: the curi runner it is
                         compared with is "curi-" op */
    const char *note; /* what one URL costs, one line */
    bench_fn run;
} bench_runner;

typedef struct bench_peer {
    const char *name;                /* "uriparser" */
    const char *(*version)(void);    /* version string of the library actually used */
    int (*init)(void);               /* 0 on success; may be NULL */
    void (*fini)(void);              /* may be NULL */
    const bench_runner *runners;     /* ends with a runner whose name is NULL */
} bench_peer;

/* One per peer file; bench.c refers only to those bench.mk compiled (BENCH_HAVE_*). */
extern const bench_peer bench_peer_uriparser;
extern const bench_peer bench_peer_curl;
extern const bench_peer bench_peer_glib;
extern const bench_peer bench_peer_boost;

#ifdef __cplusplus
}
#endif
#endif /* CURI_BENCH_H */
