/*
 * linearity.c -- curi-linearity: time libcuri on pathological inputs of n and 10n repetitions.
 *
 *   curi-linearity [--n N] [--shape NAME]     (default N = 1000000; `make linearity`)
 *
 * curi.h promises time linear in the input length.  A parser that backtracks over '@' or
 * ':' in an authority, or a remove_dot_segments that shifts the output on every "../",
 * is quadratic on the inputs below, and the 10x input then takes ~100x as long.  The text-*
 * shapes are free text for curi_extract (strict and complete): an extractor that retried a
 * candidate prefix by prefix, or searched again for a '>' from every '<', is quadratic there.  Each
 * shape is built with n and 10n repetitions of a unit, every operation that applies is
 * timed on both (best of a few batches), and the ratio printed.
 *
 * A 10x larger input can also leave a cache level: one memchr pass over the same bytes
 * then grows by more than 10x as well (on the project's machine a 9 MB input scans at
 * ~25 GB/s, a 90 MB one at ~8).  So the ratio is also divided by the memchr pass's excess
 * over 10x, capped at 2.5 ("adjusted"); an adjusted ratio above 30 prints WARN (quadratic
 * time gives ~100, still 40 after the largest discount).  "curi check" is curi_lint and the
 * messages of all its findings (curi_lint_messages): it keeps every finding and message, so
 * it runs on inputs of at most CHECK_MAX_LEN bytes only (`--shape check-pct41 --n 25000`).  The exit status is 0 either way: wall-clock thresholds do not belong in
 * pass/fail tests on a shared machine.  This program may allocate; the library does not.
 * SPDX-License-Identifier: MIT
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "curi.h"

/* Weak, like bench.c: an operation whose module is not written yet is skipped. */
#pragma weak curi_parse
#pragma weak curi_normalize
#pragma weak curi_resolve
#pragma weak curi_remove_dot_segments
#pragma weak curi_query_init
#pragma weak curi_query_next
#pragma weak curi_lint
#pragma weak curi_lint_messages
#pragma weak curi_extract_init
#pragma weak curi_extract_next

/* A 10x input may take at most this many times as long before we call it superlinear. */
#define WARN_RATIO 30.0
/* The largest input "curi check" runs on (its findings and messages take ~60x the input). */
#define CHECK_MAX_LEN 8000000
/* The most the memchr baseline may discount a ratio by (cache effects are at most ~3x). */
#define MAX_EXCESS 2.5

/* prefix + unit * reps + suffix. */
typedef struct shape {
    const char *name;
    const char *prefix;
    const char *unit;
    const char *suffix;
} shape;

static const shape shapes[] = {
    {"dotdot-path", "http://a/", "../", "g"},          /* 5.2.4 step 2C, once per unit */
    {"dotdot-relative", "", "../", "g"},               /* resolves against the base */
    {"dot-mix", "http://a/", "b/./c/../", ""},         /* 2B and 2C interleaved */
    {"slashes", "http://a", "/", ""},                  /* empty segments */
    {"at-authority", "http://", "@", "h/"},            /* '@' is not allowed in userinfo */
    {"at-path", "http://h/", "@", ""},                 /* pchar */
    {"colon-port", "http://h:", ":", "/"},             /* port: digits only */
    {"colon-path", "a:", ":", ""},                     /* scheme "a", path of colons */
    {"colon-ipv6", "http://[", ":", "]/"},             /* too many colons for IPv6 */
    {"pct25-path", "http://h/", "%25", ""},            /* '%' encoded, kept encoded */
    {"pct25-zone", "http://[fe80::1%25", "%25", "]/"}, /* RFC 6874 zone ID */
    {"pct-unreserved", "http://h/", "%7E", ""},        /* 6.2.2.2 decodes each one */
    {"bracket-host", "http://", "[", "/"},             /* '[' never closed */
    {"query-pairs", "http://h/p?", "a=b&", ""},        /* key=value pairs */
    {"lint-labels", "http://", "a.", "/"},             /* host rules walk the labels */
    {"lint-bidi", "http://h/", "%E2%80%AE", ""},       /* decoded runs, one long run */
    {"lint-overlong", "http://h/", "%C0%AE", ""},      /* ill-formed UTF-8 everywhere */
    {"lint-backslash", "http://h/", "\\", ""},       /* one run of backslashes */
    {"lint-space-at", "http://u", " @", "h/"},         /* raw spaces and '@' in the authority */
    {"lint-dot-params", "http://h/", "..;/", ""},      /* Tomcat-style segments */
    {"check-pct41", "http://h/", "%41", ""},           /* a finding per 3 bytes, each with a
                                                          message (issue 26 item 2) */
    /* curi_extract (strict and complete) over free text: the shapes of issue 12 and ours */
    {"text-lt", "", "<", ""},                          /* openers, none closed */
    {"text-colon", "", ":", ""},                       /* scheme ends with no scheme */
    {"text-w", "", "w", ""},                           /* one run, a www. trigger never */
    {"text-www", "", "www.", ""},                      /* one host of n labels */
    {"text-www-space", "", "www.a.b ", ""},            /* n abbreviations */
    {"text-lt-uri", "", "<http://a/ ", ""},            /* '<' whose '>' never comes */
    {"text-lt-gt", "", "<a ", ">"},                    /* one '>' at the very end */
    {"text-pct", "", "http://a/%", ""},                /* each cut at its '%' (R9) */
    {"text-bracket", "", "http:[", ""},                /* each cut to "http:" (R11) */
    {"text-paren", "", "http:%(", ""},                 /* '(' never closed (R8) */
    {"text-authority", "http://", "%news:x", ""},      /* one long authority, K inside */
    {"text-quote", "", "\"http://a/", ""},             /* quotes never closed (R6) */
    {"text-dots", "http://a/", ".", ""},               /* all trimmed (R10) */
    {"text-scheme-run", "", "a.b", ":"},               /* one scheme run, '.' rule */
};

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static char *build(const shape *sh, size_t reps, size_t *len)
{
    size_t lp = strlen(sh->prefix), lu = strlen(sh->unit), ls = strlen(sh->suffix);
    size_t n = lp + lu * reps + ls;
    char *s = malloc(n + 1);
    if (s == NULL)
        return NULL;
    memcpy(s, sh->prefix, lp);
    for (size_t i = 0; i < reps; i++)
        memcpy(s + lp + i * lu, sh->unit, lu);
    memcpy(s + lp + lu * reps, sh->suffix, ls);
    s[n] = '\0';
    *len = n;
    return s;
}

/* What one timed call works on; buffers are allocated before timing starts. */
typedef struct job {
    const char *s;
    size_t len;
    int text;         /* a free-text shape: extract runs on it, the others do not */
    curi_uri u;       /* s parsed, when parsed_ok */
    int parsed_ok;
    curi_uri base;
    char *out;        /* output buffer for normalize and resolve */
    size_t cap;
    char *work;       /* copy of the path for remove_dot_segments */
    curi_finding *findings; /* curi check: room for every finding, */
    size_t nfindings;
    size_t *ends;           /* the messages' ends, */
    char *msgs;             /* and the messages */
    size_t msgcap;
} job;

enum op {
    OP_MEMCHR, OP_PARSE, OP_NORMALIZE, OP_RESOLVE, OP_DOTS, OP_QUERY, OP_LINT, OP_CHECK,
    OP_EXTRACT, OP_EXTRACT_COMPLETE, OP_COUNT
};
static const char *const op_names[OP_COUNT] = {"memchr",       "curi_parse",
                                               "curi_normalize", "curi_resolve",
                                               "curi_remove_dot_segments", "curi_query_next",
                                               "curi_lint", "curi check",
                                               "curi_extract",
                                               "curi_extract complete"};

/* Whether op applies to this job and exists in this libcuri. */
static int applies(enum op op, const job *j)
{
    /* The free-text shapes are for curi_extract only. */
    if (j->text && op != OP_MEMCHR && op != OP_EXTRACT && op != OP_EXTRACT_COMPLETE)
        return 0;
    switch (op) {
    case OP_MEMCHR:
        return 1;
    case OP_PARSE:
        return curi_parse != NULL;
    case OP_NORMALIZE:
        return j->parsed_ok && curi_normalize != NULL;
    case OP_RESOLVE:
        return j->parsed_ok && curi_resolve != NULL;
    case OP_DOTS:
        return j->parsed_ok && curi_remove_dot_segments != NULL && j->u.path.len > 0;
    case OP_QUERY:
        return j->parsed_ok && curi_query_next != NULL && j->u.query.ptr != NULL;
    case OP_LINT:
        return curi_lint != NULL;
    case OP_CHECK:
        return j->msgs != NULL;
    case OP_EXTRACT:
    case OP_EXTRACT_COMPLETE:
        return j->text && curi_extract_next != NULL;
    default:
        return 0;
    }
}

/* One call of op; returns something that depends on the work done. */
static size_t run_op(enum op op, job *j)
{
    size_t outlen = 0;
    curi_uri u;
    switch (op) {
    case OP_MEMCHR: {
        /* The memory baseline: one read of every byte ('\n' occurs in no shape). */
        const char *q = memchr(j->s, '\n', j->len);
        return q ? 1 : 2;
    }
    case OP_PARSE:
        if (curi_parse(&u, j->s, j->len, 0, NULL) != CURI_OK)
            return 1;
        return u.path.len;
    case OP_NORMALIZE:
        curi_normalize(j->out, j->cap, &outlen, &j->u, CURI_NORM_DEFAULT, NULL);
        return outlen;
    case OP_RESOLVE:
        curi_resolve(j->out, j->cap, &outlen, &j->base, &j->u, 0, NULL);
        return outlen;
    case OP_DOTS:
        /* The copy is linear too; it is part of what is timed. */
        memcpy(j->work, j->u.path.ptr, j->u.path.len);
        return curi_remove_dot_segments(j->work, j->u.path.len);
    case OP_QUERY: {
        curi_cursor c;
        curi_str k, v;
        size_t pairs = 0;
        (void)curi_query_init(&c, j->u.query, 0, NULL);
        while (curi_query_next(&c, &k, &v))
            pairs++;
        return pairs;
    }
    case OP_LINT: {
        /* Every rule, valid or not; findings kept in a 64-entry heap. */
        curi_finding f[64];
        size_t nf = 0;
        (void)curi_lint(j->s, j->len, NULL, f, 64, &nf, NULL);
        return nf;
    }
    case OP_CHECK: {
        /* Every finding and every message, as `curi check --json` makes them. */
        size_t nf = 0, fit = 0;
        (void)curi_lint(j->s, j->len, NULL, j->findings, j->nfindings, &nf, NULL);
        (void)curi_lint_messages(j->msgs, j->msgcap, j->ends, j->s, j->len, NULL, j->findings,
                                 nf, &fit, NULL);
        return nf + fit + (nf > 0 ? j->ends[nf - 1] : 0);
    }
    case OP_EXTRACT:
    case OP_EXTRACT_COMPLETE: {
        curi_extractor x;
        curi_match m;
        size_t found = 0;
        int more = 0;
        (void)curi_extract_init(&x, op == OP_EXTRACT ? 0 : CURI_EXTRACT_COMPLETE, NULL);
        while (curi_extract_next(&x, j->s, j->len, 0, &m, &more, NULL) == CURI_OK && more)
            found += m.end - m.begin;
        return found + 1;
    }
    default:
        return 0;
    }
}

/* Seconds per call: the best of 3 batches of at least 20 ms each. */
static double time_op(enum op op, job *j, size_t *sink)
{
    double best = 1e30;
    for (int b = 0; b < 3; b++) {
        size_t calls = 0;
        double t0 = now_s(), t;
        do {
            *sink += run_op(op, j);
            calls++;
            t = now_s() - t0;
        } while (t < 0.02);
        if (t / (double)calls < best)
            best = t / (double)calls;
    }
    return best;
}

static int job_init(job *j, const char *s, size_t len)
{
    memset(j, 0, sizeof *j);
    j->s = s;
    j->len = len;
    j->parsed_ok = curi_parse != NULL && curi_parse(&j->u, s, len, 0, NULL) == CURI_OK;
    if (curi_parse(&j->base, "http://a/b/c/d;p?q", 18, 0, NULL) != CURI_OK)
        return -1;
    /* Normalizing or resolving never needs more than 3 bytes per input byte plus the base. */
    j->cap = 3 * len + 64;
    j->out = malloc(j->cap);
    j->work = malloc(len + 1);
    if (curi_lint != NULL && curi_lint_messages != NULL && len <= CHECK_MAX_LEN) {
        /* curi check: arrays for every finding and the messages, sized before timing */
        size_t nf = 0;
        (void)curi_lint(s, len, NULL, NULL, 0, &nf, NULL);
        j->findings = malloc((nf ? nf : 1) * sizeof *j->findings);
        j->ends = malloc((nf ? nf : 1) * sizeof *j->ends);
        if (j->findings == NULL || j->ends == NULL)
            return -1;
        (void)curi_lint(s, len, NULL, j->findings, nf, &j->nfindings, NULL);
        (void)curi_lint_messages(NULL, 0, j->ends, s, len, NULL, j->findings, nf, NULL, NULL);
        j->msgcap = nf > 0 ? j->ends[nf - 1] : 0;
        j->msgs = malloc(j->msgcap + 1);
    }
    return j->out && j->work ? 0 : -1;
}

static void job_free(job *j)
{
    free(j->out);
    free(j->work);
    free(j->findings);
    free(j->ends);
    free(j->msgs);
}

int main(int argc, char **argv)
{
    size_t n = 1000000;
    const char *only = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--n") == 0 && i + 1 < argc) {
            n = (size_t)strtoull(argv[++i], NULL, 10);
        } else if (strcmp(argv[i], "--shape") == 0 && i + 1 < argc) {
            only = argv[++i];
        } else {
            fprintf(stderr, "usage: curi-linearity [--n N] [--shape NAME]\n");
            return 2;
        }
    }
    if (n == 0 || curi_parse == NULL) {
        fprintf(stderr, "curi-linearity: nothing to time\n");
        return 2;
    }

    printf("# curi-linearity: time at n = %zu and 10n repetitions; WARN when 10n takes more "
           "than %.0fx as long,\n# after dividing by the memchr pass's growth beyond 10x "
           "(cache effects), at most 2.5x\n\n",
           n, WARN_RATIO);
    printf("| shape | operation | result | ms at n | ms at 10n | ratio | adjusted | |\n");
    printf("|---|---|---|---:|---:|---:|---:|---|\n");
    size_t sink = 0;
    int warnings = 0;
    for (size_t si = 0; si < sizeof shapes / sizeof shapes[0]; si++) {
        if (only != NULL && strcmp(only, shapes[si].name) != 0)
            continue;
        size_t l1 = 0, l10 = 0;
        char *s1 = build(&shapes[si], n, &l1);
        char *s10 = build(&shapes[si], 10 * n, &l10);
        job j1, j10;
        if (s1 == NULL || s10 == NULL || job_init(&j1, s1, l1) || job_init(&j10, s10, l10)) {
            fprintf(stderr, "curi-linearity: out of memory\n");
            return 1;
        }
        j1.text = j10.text = strncmp(shapes[si].name, "text-", 5) == 0;
        double excess = 1; /* how much more than 10x the memchr pass grew */
        for (int op = 0; op < OP_COUNT; op++) {
            if (!applies((enum op)op, &j1) || !applies((enum op)op, &j10))
                continue;
            double t1 = time_op((enum op)op, &j1, &sink);
            double t10 = time_op((enum op)op, &j10, &sink);
            double ratio = t10 / t1;
            /* Capped: a quadratic operation (~100x) must still WARN (100 / 2.5 = 40). */
            if (op == OP_MEMCHR && ratio > 10)
                excess = ratio / 10 < MAX_EXCESS ? ratio / 10 : MAX_EXCESS;
            double adjusted = ratio / excess;
            int warn = op != OP_MEMCHR && adjusted > WARN_RATIO;
            warnings += warn;
            printf("| %s | %s | %s | %.3f | %.3f | %.1f | %.1f | %s |\n", shapes[si].name,
                   op_names[op], j1.parsed_ok ? "valid" : "error", t1 * 1e3, t10 * 1e3, ratio,
                   adjusted, op == OP_MEMCHR ? "baseline" : warn ? "WARN" : "ok");
            fflush(stdout);
        }
        job_free(&j1);
        job_free(&j10);
        free(s1);
        free(s10);
    }
    printf("\n%d shape/operation pair(s) grew more than %.0fx for 10x input%s (checksum %zu)\n",
           warnings, WARN_RATIO, warnings ? ": WARN" : "", sink);
    return 0;
}
