/*
 * bench.c -- curi-bench: time libcuri and other URI libraries on real URL lists, side by side.
 *
 *   curi-bench [--rounds N] [--csv FILE] [--only A,B] [--node SCRIPT | --no-node]
 *              [--wall] [--no-perf] [--list] [--callgrind] FILE...
 *
 * Each file is loaded once (a UTF-8 BOM, trailing '\r' and empty lines dropped, nothing
 * else touched).  Then, after one warm-up pass of every runner, each round runs every
 * runner once over all lines, the order rotated by one each round so that slow drift of a
 * shared machine hits every runner alike.  Time is this thread's CPU time by default
 * (CLOCK_THREAD_CPUTIME_ID: on a 2-core machine shared with builds and fuzzers, wall time
 * also counts the slices the benchmark spent waiting; --wall measures wall time).
 * Reported per runner: the median ns/URL, MB/s
 * from that median, user-space instructions/URL (perf_event_open, where the kernel lets
 * us count) and the ratio of its time to the curi runner of the same operation.  Node's
 * URL parser is timed by bench/node_url.mjs in a child process, when node is installed.
 * SPDX-License-Identifier: MIT
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <linux/perf_event.h>

#include "curi.h"
#include "bench.h"

#ifdef BENCH_HAVE_CALLGRIND
#include <valgrind/callgrind.h>
#endif

#ifndef BENCH_MISSING
#define BENCH_MISSING ""
#endif
#ifndef BENCH_NODE_SCRIPT
#define BENCH_NODE_SCRIPT "bench/node_url.mjs"
#endif
#ifndef BENCH_FLAGS
#define BENCH_FLAGS "unknown"
#endif

extern char **environ;

/* ------------------------------------------------------------------ data files */

/* A loaded file: the lines, NUL-terminated, back to back in store. */
typedef struct dataset {
    char *store;
    const char **ptrs;
    size_t *lens;
    bench_data d;
} dataset;

static void dataset_free(dataset *ds)
{
    free(ds->store);
    free(ds->ptrs);
    free(ds->lens);
    free(ds->d.scratch);
    memset(ds, 0, sizeof *ds);
}

/* Read the whole file; returns a malloc'ed buffer (with 64 bytes of slack) or NULL. */
static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    size_t cap = 1 << 20, n = 0;
    char *buf = malloc(cap + 64);
    while (buf != NULL) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap)
            break;
        cap *= 2;
        char *grown = realloc(buf, cap + 64);
        if (grown == NULL)
            free(buf);
        buf = grown;
    }
    int bad = ferror(f);
    fclose(f);
    if (buf == NULL || bad) {
        free(buf);
        return NULL;
    }
    *len = n;
    return buf;
}

/*
 * The line rules of the reference harness: a UTF-8 BOM at the start is dropped, every
 * line loses one trailing '\r', empty lines are skipped, nothing else is altered.
 */
static int dataset_load(dataset *ds, const char *path)
{
    memset(ds, 0, sizeof *ds);
    size_t len = 0;
    char *raw = read_file(path, &len);
    if (raw == NULL)
        return -1;
    size_t start = 0;
    if (len >= 3 && memcmp(raw, "\xEF\xBB\xBF", 3) == 0)
        start = 3;

    /* Every line fits in the raw size plus one NUL each: count lines first. */
    size_t lines = 0;
    for (size_t i = start; i < len; i++)
        lines += raw[i] == '\n';
    lines++;
    ds->store = malloc(len + lines + 64);
    ds->ptrs = malloc(lines * sizeof *ds->ptrs);
    ds->lens = malloc(lines * sizeof *ds->lens);
    if (ds->store == NULL || ds->ptrs == NULL || ds->lens == NULL) {
        free(raw);
        dataset_free(ds);
        return -1;
    }
    memset(ds->store, 0, len + lines + 64);

    size_t n = 0, off = 0, bytes = 0, max_len = 0, pos = start;
    while (pos < len) {
        const char *nl = memchr(raw + pos, '\n', len - pos);
        size_t end = nl ? (size_t)(nl - raw) : len;
        size_t l = end - pos;
        if (l > 0 && raw[pos + l - 1] == '\r')
            l--;
        if (l > 0) {
            memcpy(ds->store + off, raw + pos, l);
            ds->store[off + l] = '\0';
            ds->ptrs[n] = ds->store + off;
            ds->lens[n] = l;
            n++;
            off += l + 1;
            bytes += l;
            if (l > max_len)
                max_len = l;
        }
        pos = end + 1;
    }
    free(raw);

    ds->d.ptrs = ds->ptrs;
    ds->d.lens = ds->lens;
    ds->d.n = n;
    ds->d.bytes = bytes;
    ds->d.max_len = max_len;
    ds->d.scratch_cap = 9 * max_len + 4096; /* curi_url_parse writes up to 9 bytes a byte */
    ds->d.scratch = malloc(ds->d.scratch_cap);
    if (ds->d.scratch == NULL || n == 0) {
        dataset_free(ds);
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------ curi runners */

/*
 * Weak references: while a libcuri module is still being written, its runner is left out
 * instead of breaking the build (bench.mk links libcuri.a whole, so a function that exists
 * is always found).
 */
#pragma weak curi_parse
#pragma weak curi_normalize
#pragma weak curi_resolve
#pragma weak curi_relative
#pragma weak curi_lint
#pragma weak curi_scheme_parts_get
#pragma weak curi_iri_to_uri
#pragma weak curi_host_to_ascii
#pragma weak curi_uts46_to_ascii
#pragma weak curi_url_parse

/* Whether libcuri has the functions the curi runner of operation op calls. */
static int curi_has(const char *op)
{
    if (curi_parse == NULL)
        return 0;
    if (strcmp(op, "normalize") == 0)
        return curi_normalize != NULL;
    if (strcmp(op, "resolve") == 0)
        return curi_resolve != NULL;
    if (strcmp(op, "relative") == 0)
        return curi_relative != NULL;
    if (strcmp(op, "check") == 0)
        return curi_lint != NULL;
    if (strcmp(op, "scheme") == 0)
        return curi_scheme_parts_get != NULL;
    if (strcmp(op, "to-uri") == 0)
        return curi_iri_to_uri != NULL;
    if (strcmp(op, "idna") == 0) /* IDNA2008: UNSUPPORTED in a libcuri older than 0.3's own */
        return curi_host_to_ascii != NULL && (curi_features() & CURI_FEATURE_IDN);
    if (strcmp(op, "uts46") == 0)
        return curi_uts46_to_ascii != NULL;
    if (strcmp(op, "url") == 0)
        return curi_url_parse != NULL;
    return 1;
}

/* Parsed once by main: the base of curi-resolve and curi-relative. */
static curi_uri bench_base;

/* Offset plus length of a component, 0 when absent: what a caller of curi_parse reads. */
static uint64_t view_sum(curi_str s, const char *line)
{
    return s.ptr ? (uint64_t)(s.ptr - line) + s.len : 0;
}

static uint64_t run_curi_parse(const bench_data *d, size_t *ok)
{
    uint64_t sum = 0;
    size_t good = 0;
    for (size_t k = 0; k < d->n; k++) {
        const char *p = d->ptrs[k];
        curi_uri u;
        if (curi_parse(&u, p, d->lens[k], 0, NULL) != CURI_OK)
            continue;
        good++;
        sum += view_sum(u.host, p) + view_sum(u.path, p) + view_sum(u.query, p);
    }
    *ok = good;
    return sum;
}

static uint64_t run_curi_normalize(const bench_data *d, size_t *ok)
{
    uint64_t sum = 0;
    size_t good = 0;
    for (size_t k = 0; k < d->n; k++) {
        curi_uri u;
        size_t outlen = 0;
        if (curi_parse(&u, d->ptrs[k], d->lens[k], 0, NULL) != CURI_OK)
            continue;
        if (curi_normalize(d->scratch, d->scratch_cap, &outlen, &u, CURI_NORM_DEFAULT, NULL) !=
            CURI_OK)
            continue;
        good++;
        sum += outlen + (unsigned char)d->scratch[0];
    }
    *ok = good;
    return sum;
}

static uint64_t run_curi_resolve(const bench_data *d, size_t *ok)
{
    uint64_t sum = 0;
    size_t good = 0;
    for (size_t k = 0; k < d->n; k++) {
        curi_uri ref;
        size_t outlen = 0;
        if (curi_parse(&ref, d->ptrs[k], d->lens[k], 0, NULL) != CURI_OK)
            continue;
        if (curi_resolve(d->scratch, d->scratch_cap, &outlen, &bench_base, &ref, 0, NULL) !=
            CURI_OK)
            continue;
        good++;
        sum += outlen;
    }
    *ok = good;
    return sum;
}

static uint64_t run_curi_relative(const bench_data *d, size_t *ok)
{
    uint64_t sum = 0;
    size_t good = 0;
    for (size_t k = 0; k < d->n; k++) {
        curi_uri target;
        size_t outlen = 0;
        if (curi_parse(&target, d->ptrs[k], d->lens[k], 0, NULL) != CURI_OK)
            continue;
        if (curi_relative(d->scratch, d->scratch_cap, &outlen, &bench_base, &target, 0, NULL) !=
            CURI_OK)
            continue;
        good++;
        sum += outlen;
    }
    *ok = good;
    return sum;
}

/* Every rule over each line (valid or not), findings into a small array: what curi check
 * does per input before printing. */
static uint64_t run_curi_check(const bench_data *d, size_t *ok)
{
    uint64_t sum = 0;
    size_t good = 0;
    for (size_t k = 0; k < d->n; k++) {
        curi_finding f[16];
        size_t n = 0;
        (void)curi_lint(d->ptrs[k], d->lens[k], NULL, f, 16, &n, NULL);
        good += (n == 0);
        sum += n + (n > 0 ? f[0].start : 0);
    }
    *ok = good;
    return sum;
}

/* Parse, the scheme's own grammar and its parts (curi parse --scheme without the output). */
static uint64_t run_curi_scheme(const bench_data *d, size_t *ok)
{
    uint64_t sum = 0;
    size_t good = 0;
    for (size_t k = 0; k < d->n; k++) {
        const char *p = d->ptrs[k];
        curi_uri u;
        curi_scheme_parts sp;
        if (curi_parse(&u, p, d->lens[k], 0, NULL) != CURI_OK ||
            curi_scheme_parts_get(&sp, &u, 0, NULL, NULL) != CURI_OK)
            continue;
        good++;
        sum += sp.kind + view_sum(sp.part[0], p) + view_sum(sp.part[2], p);
    }
    *ok = good;
    return sum;
}

/* curi_parse with CURI_PARSE_IRI (RFC 3987): its ratio is against curi-parse (op "parse"). */
static uint64_t run_curi_iri_parse(const bench_data *d, size_t *ok)
{
    uint64_t sum = 0;
    size_t good = 0;
    for (size_t k = 0; k < d->n; k++) {
        const char *p = d->ptrs[k];
        curi_uri u;
        if (curi_parse(&u, p, d->lens[k], CURI_PARSE_IRI, NULL) != CURI_OK)
            continue;
        good++;
        sum += view_sum(u.host, p) + view_sum(u.path, p) + view_sum(u.query, p);
    }
    *ok = good;
    return sum;
}

/* curi_iri_to_uri (RFC 3987 3.1) into a buffer. */
static uint64_t run_curi_to_uri(const bench_data *d, size_t *ok)
{
    uint64_t sum = 0;
    size_t good = 0;
    for (size_t k = 0; k < d->n; k++) {
        size_t outlen = 0;
        if (curi_iri_to_uri(d->scratch, d->scratch_cap, &outlen, d->ptrs[k], d->lens[k], 0,
                            NULL) != CURI_OK)
            continue;
        good++;
        sum += outlen + (unsigned char)d->scratch[outlen / 2];
    }
    *ok = good;
    return sum;
}

/*
 * The host of each line, found once per data set (not timed: the warm-up pass finds them):
 * the reg-name of a line that parses as an IRI with one, else the whole line when it holds
 * no ':' or '/' (a file of host names, one a line); lines with neither have no host.
 */
static struct {
    const char *const *ptrs; /* the data set they belong to: its lines, count and size */
    size_t n, bytes;
    size_t *off, *len; /* len 0: no host */
} hosts;

static void hosts_find(const bench_data *d)
{
    if (hosts.ptrs == d->ptrs && hosts.n == d->n && hosts.bytes == d->bytes)
        return;
    free(hosts.off);
    free(hosts.len);
    hosts.off = calloc(d->n ? d->n : 1, sizeof *hosts.off);
    hosts.len = calloc(d->n ? d->n : 1, sizeof *hosts.len);
    if (hosts.off == NULL || hosts.len == NULL) {
        fprintf(stderr, "curi-bench: out of memory\n");
        exit(1);
    }
    for (size_t k = 0; k < d->n; k++) {
        const char *p = d->ptrs[k];
        curi_uri u;
        if (curi_parse(&u, p, d->lens[k], CURI_PARSE_IRI, NULL) == CURI_OK &&
            u.host_type == CURI_HOST_REGNAME && u.host.len > 0) {
            hosts.off[k] = (size_t)(u.host.ptr - p);
            hosts.len[k] = u.host.len;
        } else if (memchr(p, ':', d->lens[k]) == NULL && memchr(p, '/', d->lens[k]) == NULL) {
            hosts.len[k] = d->lens[k];
        }
    }
    hosts.ptrs = d->ptrs;
    hosts.n = d->n;
    hosts.bytes = d->bytes;
}

typedef int (*host_fn)(char *, size_t, size_t *, const char *, size_t, unsigned, curi_error *);

static uint64_t run_hosts(const bench_data *d, size_t *ok, host_fn fn)
{
    uint64_t sum = 0;
    size_t good = 0;
    hosts_find(d);
    for (size_t k = 0; k < d->n; k++) {
        size_t outlen = 0;
        if (hosts.len[k] == 0 || fn(d->scratch, d->scratch_cap, &outlen, d->ptrs[k] + hosts.off[k],
                                    hosts.len[k], 0, NULL) != CURI_OK)
            continue;
        good++;
        sum += outlen + (unsigned char)d->scratch[outlen / 2];
    }
    *ok = good;
    return sum;
}

/* curi_url_parse without a base: the WHATWG URL Standard's parse and href (what Node's
 * new URL(s).href does), into a buffer. */
static uint64_t run_curi_url(const bench_data *d, size_t *ok)
{
    uint64_t sum = 0;
    size_t good = 0;
    for (size_t k = 0; k < d->n; k++) {
        curi_url u;
        size_t outlen = 0;
        if (curi_url_parse(d->scratch, d->scratch_cap, &outlen, &u, d->ptrs[k], d->lens[k], NULL,
                           0, NULL) != CURI_OK)
            continue;
        good++;
        sum += u.href.len;
    }
    *ok = good;
    return sum;
}

/* curi_host_to_ascii (IDNA2008 on libcuri's UTS #46, ASCII fast path) on each line's host. */
static uint64_t run_curi_idna(const bench_data *d, size_t *ok)
{
    return run_hosts(d, ok, curi_host_to_ascii);
}

/* curi_uts46_to_ascii (libcuri's own UTS #46, the WHATWG configuration) on each line's host. */
static uint64_t run_curi_uts46(const bench_data *d, size_t *ok)
{
    return run_hosts(d, ok, curi_uts46_to_ascii);
}

static const bench_runner curi_runners[] = {
    {"curi-parse", "parse", "curi_parse(flags 0) to component views", run_curi_parse},
    {"curi-normalize", "normalize", "curi_parse + curi_normalize(CURI_NORM_DEFAULT) into a buffer",
     run_curi_normalize},
    {"curi-resolve", "resolve", "curi_parse + curi_resolve against " BENCH_BASE,
     run_curi_resolve},
    {"curi-relative", "relative", "curi_parse + curi_relative against " BENCH_BASE,
     run_curi_relative},
    {"curi-check", "check", "curi_lint: every rule over the line, findings into an array of 16",
     run_curi_check},
    {"curi-scheme", "scheme", "curi_parse + curi_scheme_parts_get (the scheme's grammar and parts)",
     run_curi_scheme},
    {"curi-iri-parse", "parse", "curi_parse(CURI_PARSE_IRI): RFC 3987 IRI-references",
     run_curi_iri_parse},
    {"curi-to-uri", "to-uri", "curi_iri_to_uri: RFC 3987 3.1 into a buffer", run_curi_to_uri},
    {"curi-idna", "idna", "curi_host_to_ascii(flags 0) on the line's host into a buffer",
     run_curi_idna},
    {"curi-uts46", "uts46", "curi_uts46_to_ascii(flags 0, WHATWG) on the line's host",
     run_curi_uts46},
    {"curi-url", "url", "curi_url_parse (WHATWG URL, no base): the href into a buffer",
     run_curi_url},
    {NULL, NULL, NULL, NULL},
};

/* ------------------------------------------------------------------ the runner list */

/* Every peer this binary was built with; bench.mk names the ones it could not find. */
static const bench_peer *const peers[] = {
#ifdef BENCH_HAVE_URIPARSER
    &bench_peer_uriparser,
#endif
#ifdef BENCH_HAVE_CURL
    &bench_peer_curl,
#endif
#ifdef BENCH_HAVE_GLIB
    &bench_peer_glib,
#endif
#ifdef BENCH_HAVE_BOOST
    &bench_peer_boost,
#endif
    NULL,
};

#define MAX_RUNNERS 32

typedef struct runner_list {
    const bench_runner *r[MAX_RUNNERS];
    size_t n;
} runner_list;

/* True when name starts with one of the comma-separated prefixes in only (NULL: all). */
static int selected(const char *name, const char *only)
{
    if (only == NULL)
        return 1;
    const char *p = only;
    while (*p) {
        size_t l = strcspn(p, ",");
        if (l > 0 && strncmp(name, p, l) == 0)
            return 1;
        p += l;
        if (*p == ',')
            p++;
    }
    return 0;
}

static void add_runners(runner_list *rl, const bench_runner *rs, const char *only)
{
    for (; rs->name != NULL; rs++)
        if (rl->n < MAX_RUNNERS && selected(rs->name, only))
            rl->r[rl->n++] = rs;
}

/* ------------------------------------------------------------------ clocks and counters */

/* Which clock now_ns reads: CLOCK_THREAD_CPUTIME_ID, or CLOCK_MONOTONIC with --wall. */
static clockid_t bench_clock = CLOCK_THREAD_CPUTIME_ID;

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(bench_clock, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* User-space instructions retired by this thread, counted by the kernel. */
typedef struct counter {
    int fd;              /* -1: not available */
    const char *why_not; /* when fd == -1 */
} counter;

static void counter_open(counter *c)
{
    struct perf_event_attr pe;
    memset(&pe, 0, sizeof pe);
    pe.type = PERF_TYPE_HARDWARE;
    pe.size = sizeof pe;
    pe.config = PERF_COUNT_HW_INSTRUCTIONS;
    pe.exclude_kernel = 1;
    pe.exclude_hv = 1;
    long fd = syscall(SYS_perf_event_open, &pe, 0, -1, -1, 0);
    c->fd = (int)fd;
    c->why_not = NULL;
    if (fd < 0) {
        c->why_not = strerror(errno);
        c->fd = -1;
        return;
    }
    /* A counter that opens but never counts (some virtual machines) is no counter. */
    uint64_t before = 0, after = 0;
    volatile unsigned spin = 0;
    if (read(c->fd, &before, sizeof before) != (ssize_t)sizeof before)
        before = 0;
    for (unsigned i = 0; i < 100000; i++)
        spin = spin + i;
    (void)spin;
    if (read(c->fd, &after, sizeof after) != (ssize_t)sizeof after || after <= before) {
        close(c->fd);
        c->fd = -1;
        c->why_not = "the counter opens but does not count";
    }
}

static uint64_t counter_read(const counter *c)
{
    uint64_t v = 0;
    if (c->fd < 0 || read(c->fd, &v, sizeof v) != (ssize_t)sizeof v)
        return 0;
    return v;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Median of v[0..n); sorts v. */
static double median(double *v, size_t n)
{
    if (n == 0)
        return 0;
    qsort(v, n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* ------------------------------------------------------------------ results */

typedef struct result {
    char name[40];
    char op[16];
    size_t valid;
    uint64_t checksum;
    double ns_per_url;
    double mb_per_s;
    double instr_per_url; /* < 0: not available */
} result;

static const char *base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

/* Print the table of one file and append its CSV rows. */
static void report(const char *file, const result *res, size_t nres, FILE *csv)
{
    printf("| runner | valid | ns/URL | MB/s | instr/URL | time vs curi | checksum |\n");
    printf("|---|---:|---:|---:|---:|---:|---:|\n");
    for (size_t j = 0; j < nres; j++) {
        const result *r = &res[j];
        /* The curi runner of the same operation, measured in this same run. */
        char ref[40], ratio[48] = "-", instr[32] = "n/a";
        snprintf(ref, sizeof ref, "curi-%s", r->op);
        for (size_t i = 0; i < nres; i++)
            if (strcmp(res[i].name, ref) == 0 && res[i].ns_per_url > 0)
                snprintf(ratio, sizeof ratio, "%.2fx %s", r->ns_per_url / res[i].ns_per_url,
                         ref);
        if (r->instr_per_url >= 0)
            snprintf(instr, sizeof instr, "%.0f", r->instr_per_url);
        printf("| %s | %zu | %.1f | %.0f | %s | %s | %llu |\n", r->name, r->valid, r->ns_per_url,
               r->mb_per_s, instr, ratio, (unsigned long long)r->checksum);
        if (csv) {
            fprintf(csv, "%s,%s,%.2f,%.1f,", base_name(file), r->name, r->ns_per_url,
                    r->mb_per_s);
            if (r->instr_per_url >= 0)
                fprintf(csv, "%.1f", r->instr_per_url);
            fprintf(csv, "\n");
        }
    }
    printf("\n");
    fflush(stdout);
}

/* ------------------------------------------------------------------ node */

/*
 * Run `node SCRIPT --rounds N --machine FILE [--wall]` and read its lines
 * "name op valid ns_per_url mb_per_s checksum" into res.  Returns how many were read;
 * 0 with *why set when node could not be run.
 */
static size_t run_node(const char *script, const char *file, int rounds, const char *only,
                       int wall, result *res, size_t cap, const char **why)
{
    static char reason[128];
    *why = NULL;
    if (access(script, R_OK) != 0) {
        snprintf(reason, sizeof reason, "%s not found (pass --node PATH)", script);
        *why = reason;
        return 0;
    }
    int fds[2];
    if (pipe(fds) != 0) {
        *why = "pipe failed";
        return 0;
    }
    /* posix_spawnp wants writable strings: give it copies. */
    char nbuf[16], a0[] = "node", a2[] = "--rounds", a4[] = "--machine", a6[] = "--wall";
    snprintf(nbuf, sizeof nbuf, "%d", rounds);
    char *script_w = strdup(script), *file_w = strdup(file);
    char *argv[] = {a0, script_w, a2, nbuf, a4, file_w, wall ? a6 : NULL, NULL};
    if (script_w == NULL || file_w == NULL) {
        free(script_w);
        free(file_w);
        close(fds[0]);
        close(fds[1]);
        *why = "out of memory";
        return 0;
    }
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, fds[1], 1);
    posix_spawn_file_actions_addclose(&fa, fds[0]);
    pid_t pid;
    int rc = posix_spawnp(&pid, "node", &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    free(script_w);
    free(file_w);
    close(fds[1]);
    if (rc != 0) {
        close(fds[0]);
        snprintf(reason, sizeof reason, "node not found (%s)", strerror(rc));
        *why = reason;
        return 0;
    }
    FILE *f = fdopen(fds[0], "r");
    size_t n = 0;
    char line[512];
    static int said_version;
    while (f && fgets(line, sizeof line, f)) {
        /* "# node v20.1.0, ada 2.7.4": shown once per run. */
        if (line[0] == '#' && !said_version) {
            printf("node:%s", line + 1);
            said_version = 1;
            continue;
        }
        result r;
        unsigned long long valid = 0, sum = 0;
        memset(&r, 0, sizeof r);
        if (sscanf(line, "%39s %15s %llu %lf %lf %llu", r.name, r.op, &valid, &r.ns_per_url,
                   &r.mb_per_s, &sum) != 6)
            continue;
        if (n >= cap || !selected(r.name, only))
            continue;
        r.valid = (size_t)valid;
        r.checksum = sum;
        r.instr_per_url = -1;
        res[n++] = r;
    }
    if (f)
        fclose(f);
    int status = 0;
    waitpid(pid, &status, 0);
    if (n == 0 && (!WIFEXITED(status) || WEXITSTATUS(status) != 0)) {
        snprintf(reason, sizeof reason, "node exited with status %d", WEXITSTATUS(status));
        *why = reason;
    }
    return n;
}

/* ------------------------------------------------------------------ main */

static void usage(FILE *to)
{
    fprintf(to,
            "usage: curi-bench [options] FILE...\n"
            "  --rounds N     timed rounds per file (default 11), after one warm-up pass\n"
            "  --csv FILE     also write file,runner,ns_per_url,mb_per_s,instructions_per_url\n"
            "  --only A,B     run only the runners whose name starts with A or B\n"
            "  --node SCRIPT  the node URL script (default " BENCH_NODE_SCRIPT ")\n"
            "  --no-node      do not run node\n"
            "  --wall         time with the wall clock, not this thread's CPU time\n"
            "  --no-perf      do not read the instruction counter\n"
            "  --callgrind    one pass per runner with callgrind collection on (bench/instr.sh)\n"
            "  --list         list the runners and exit\n");
}

/* Run every runner once, for bench/instr.sh under valgrind --tool=callgrind. */
static int callgrind_passes(const runner_list *rl, const bench_data *d, const char *file)
{
#ifdef BENCH_HAVE_CALLGRIND
    uint64_t sink = 0;
    for (size_t j = 0; j < rl->n; j++) {
        size_t ok = 0;
        char desc[128];
        sink += rl->r[j]->run(d, &ok); /* warm-up, not collected */
        snprintf(desc, sizeof desc, "%s %s %zu", base_name(file), rl->r[j]->name, d->n);
        CALLGRIND_ZERO_STATS;
        CALLGRIND_TOGGLE_COLLECT;
        sink += rl->r[j]->run(d, &ok);
        CALLGRIND_TOGGLE_COLLECT;
        CALLGRIND_DUMP_STATS_AT(desc);
    }
    printf("%s: %zu runners, checksum %llu\n", base_name(file), rl->n, (unsigned long long)sink);
    return 0;
#else
    (void)rl, (void)d, (void)file;
    fprintf(stderr, "curi-bench: built without <valgrind/callgrind.h>\n");
    return 2;
#endif
}

int main(int argc, char **argv)
{
    int rounds = 11, use_perf = 1, use_node = 1, list = 0, callgrind = 0;
    const char *csv_path = NULL, *only = NULL, *node_script = BENCH_NODE_SCRIPT;
    int nfiles = 0;
    const char **files = calloc((size_t)argc, sizeof *files);
    if (files == NULL)
        return 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int has_value = i + 1 < argc;
        if (strcmp(a, "--rounds") == 0 && has_value) {
            rounds = atoi(argv[++i]);
            if (rounds < 1)
                rounds = 1;
        } else if (strcmp(a, "--csv") == 0 && has_value) {
            csv_path = argv[++i];
        } else if (strcmp(a, "--only") == 0 && has_value) {
            only = argv[++i];
        } else if (strcmp(a, "--node") == 0 && has_value) {
            node_script = argv[++i];
        } else if (strcmp(a, "--no-node") == 0) {
            use_node = 0;
        } else if (strcmp(a, "--wall") == 0) {
            bench_clock = CLOCK_MONOTONIC;
        } else if (strcmp(a, "--no-perf") == 0) {
            use_perf = 0;
        } else if (strcmp(a, "--callgrind") == 0) {
            callgrind = 1;
        } else if (strcmp(a, "--list") == 0) {
            list = 1;
        } else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            usage(stdout);
            return 0;
        } else if (a[0] == '-' && a[1] != '\0') {
            usage(stderr);
            return 2;
        } else {
            files[nfiles++] = a;
        }
    }

    runner_list rl = {{NULL}, 0};
    char absent[128] = "";
    for (const bench_runner *c = curi_runners; c->name != NULL; c++) {
        if (curi_has(c->op) && rl.n < MAX_RUNNERS && selected(c->name, only))
            rl.r[rl.n++] = c;
        else if (!curi_has(c->op))
            snprintf(absent + strlen(absent), sizeof absent - strlen(absent), " %s", c->name);
    }
    for (size_t p = 0; peers[p] != NULL; p++)
        add_runners(&rl, peers[p]->runners, only);
    if (list) {
        for (size_t j = 0; j < rl.n; j++)
            printf("%-20s %s\n", rl.r[j]->name, rl.r[j]->note);
        printf("%-20s %s\n", "node-url", "node: new URL(s) and its href (WHATWG, ada)");
        printf("%-20s %s\n", "node-canparse", "node: URL.canParse(s)");
        return 0;
    }
    if (nfiles == 0) {
        usage(stderr);
        return 2;
    }

    curi_error err;
    if (curi_parse == NULL) {
        fprintf(stderr, "curi-bench: this libcuri has no curi_parse\n");
        return 1;
    }
    if (curi_parse(&bench_base, BENCH_BASE, strlen(BENCH_BASE), 0, &err) != CURI_OK) {
        fprintf(stderr, "curi-bench: the base %s does not parse: %s\n", BENCH_BASE,
                curi_strerror(err.code));
        return 1;
    }
    for (size_t p = 0; peers[p] != NULL; p++)
        if (peers[p]->init && peers[p]->init() != 0) {
            fprintf(stderr, "curi-bench: %s failed to initialise\n", peers[p]->name);
            return 1;
        }

    counter ctr = {-1, "disabled by --no-perf"};
    if (use_perf && !callgrind)
        counter_open(&ctr);

    /* Say what is measured: libraries, flags, what is missing, the counter. */
    printf("# curi-bench\n");
    printf("libraries: curi %s", curi_version_string());
    for (size_t p = 0; peers[p] != NULL; p++)
        printf(", %s %s", peers[p]->name, peers[p]->version());
    printf("\n");
    printf("flags: %s\n", BENCH_FLAGS);
    if (BENCH_MISSING[0] != '\0')
        printf("missing at build time (their runners are left out): %s\n", BENCH_MISSING);
    if (absent[0] != '\0')
        printf("not in this libcuri yet (left out):%s\n", absent);
    if (ctr.fd >= 0)
        printf("instructions: user-space, perf_event_open, median over rounds\n");
    else
        printf("instructions: n/a (perf_event_open: %s)\n", ctr.why_not);
    printf("rounds: %d after one warm-up pass, runner order rotated each round\n", rounds);
    printf("time: %s\n\n", bench_clock == CLOCK_MONOTONIC ? "wall clock (CLOCK_MONOTONIC)"
                                                            : "thread CPU time "
                                                              "(CLOCK_THREAD_CPUTIME_ID)");

    FILE *csv = NULL;
    if (csv_path && !callgrind) {
        csv = fopen(csv_path, "w");
        if (csv == NULL) {
            fprintf(stderr, "curi-bench: cannot write %s: %s\n", csv_path, strerror(errno));
            return 1;
        }
        fprintf(csv, "file,runner,ns_per_url,mb_per_s,instructions_per_url\n");
    }

    size_t K = rl.n;
    double *ns = malloc((K + 1) * (size_t)rounds * sizeof *ns);
    double *ins = malloc((K + 1) * (size_t)rounds * sizeof *ins);
    result *res = calloc(K + 8, sizeof *res);
    if (ns == NULL || ins == NULL || res == NULL)
        return 1;
    volatile uint64_t sink = 0;
    int status = 0;

    for (int fi = 0; fi < nfiles; fi++) {
        dataset ds;
        if (dataset_load(&ds, files[fi]) != 0) {
            fprintf(stderr, "curi-bench: cannot read %s (or it has no lines)\n", files[fi]);
            status = 1;
            continue;
        }
        const bench_data *d = &ds.d;
        if (callgrind) {
            status |= callgrind_passes(&rl, d, files[fi]);
            dataset_free(&ds);
            continue;
        }
        printf("## %s: %zu URLs, %zu bytes (%.1f bytes/URL)\n\n", base_name(files[fi]), d->n,
               d->bytes, (double)d->bytes / (double)d->n);

        /* Warm-up: caches, branch predictors, lazy allocations inside the peers. */
        for (size_t j = 0; j < K; j++) {
            size_t ok = 0;
            res[j].checksum = rl.r[j]->run(d, &ok);
            res[j].valid = ok;
        }
        for (int r = 0; r < rounds; r++)
            for (size_t jj = 0; jj < K; jj++) {
                size_t j = (jj + (size_t)r) % K, ok = 0;
                uint64_t i0 = counter_read(&ctr);
                uint64_t t0 = now_ns();
                sink += rl.r[j]->run(d, &ok);
                uint64_t t1 = now_ns();
                uint64_t i1 = counter_read(&ctr);
                ns[j * (size_t)rounds + (size_t)r] = (double)(t1 - t0);
                ins[j * (size_t)rounds + (size_t)r] = (double)(i1 - i0);
            }
        for (size_t j = 0; j < K; j++) {
            result *o = &res[j];
            double t = median(&ns[j * (size_t)rounds], (size_t)rounds);
            snprintf(o->name, sizeof o->name, "%s", rl.r[j]->name);
            snprintf(o->op, sizeof o->op, "%s", rl.r[j]->op);
            o->ns_per_url = t / (double)d->n;
            o->mb_per_s = t > 0 ? (double)d->bytes / t * 1e3 : 0;
            o->instr_per_url = ctr.fd >= 0 ? median(&ins[j * (size_t)rounds], (size_t)rounds) /
                                                 (double)d->n
                                           : -1;
        }
        size_t nres = K;
        if (use_node) {
            const char *why = NULL;
            nres += run_node(node_script, files[fi], rounds, only,
                             bench_clock == CLOCK_MONOTONIC, res + K, 8, &why);
            if (why) {
                printf("node: skipped, %s\n\n", why);
                use_node = 0; /* said once; the next files would fail the same way */
            }
        }
        report(files[fi], res, nres, csv);
        dataset_free(&ds);
    }

    if (csv)
        fclose(csv);
    for (size_t p = 0; peers[p] != NULL; p++)
        if (peers[p]->fini)
            peers[p]->fini();
    if (ctr.fd >= 0)
        close(ctr.fd);
    free(ns);
    free(ins);
    free(res);
    free(files);
    (void)sink;
    return status;
}
