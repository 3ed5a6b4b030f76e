/*
 * fuzz_lint.c -- libFuzzer target for curi_lint and curi_lint_message (curi check).
 * Input: the whole input is one reference, any bytes.  Invariants, with and without
 * CURI_LINT_STRICT_3986:
 *  - nothing crashes or reads outside the input; every finding has a known rule, that
 *    rule's severity, and a span inside the input (a point at its end allowed);
 *  - findings come in order (start, then rule, then end);
 *  - syntax-invalid fires exactly when curi_parse (with the same strictness) fails, once,
 *    at curi_parse's offset;
 *  - the answer does not depend on the scanner (SIMD or scalar: testing.h);
 *  - a smaller array gets the same count and the first findings of the full answer;
 *  - disabling a rule removes exactly its findings (checked for the first finding's rule);
 *  - every finding has a message, and curi_lint_message honours the writer contract;
 *    curi_lint_messages gives the same messages in one call.
 * SPDX-License-Identifier: MIT
 */
#include <stdlib.h>
#include <string.h>

#include "util.h"
#include "../src/testing.h"

#define MAXF 4096

static int same(const curi_finding *a, const curi_finding *b)
{
    return a->rule == b->rule && a->start == b->start && a->end == b->end &&
           a->detail == b->detail && a->severity == b->severity;
}

static void one_mode(const char *s, size_t n, unsigned flags)
{
    static curi_finding all[MAXF], part[MAXF];
    curi_lint_options o;
    curi_uri u;
    curi_error e;
    size_t k, m, syn = 0;
    int prc;

    memset(&o, 0, sizeof o);
    o.flags = flags;
    k = fz_lint(s, n, &o, all, MAXF);
    if (k > MAXF) {
        return; /* more findings than the harness keeps: nothing more to compare */
    }
    prc = fz_parse(&u, s, n, (flags & CURI_LINT_STRICT_3986) ? CURI_PARSE_STRICT_3986 : 0, &e);
    for (size_t i = 0; i < k; i++) {
        const curi_finding *f = &all[i];
        char msg[512];
        size_t ml;
        FZ_CHECKF(f->rule >= 1 && f->rule <= CURI_LINT_RULES, "rule %d", f->rule);
        FZ_CHECK(f->severity == curi_lint_rule_severity(f->rule));
        FZ_CHECKF(f->start <= f->end && (f->end <= n || (f->start == n && f->end == n)),
                  "%s: span %zu-%zu in %zu bytes", curi_lint_rule_name(f->rule), f->start,
                  f->end, n);
        if (i > 0) {
            const curi_finding *g = &all[i - 1];
            FZ_CHECKF(g->start < f->start ||
                          (g->start == f->start &&
                           (g->rule < f->rule || (g->rule == f->rule && g->end <= f->end))),
                      "findings out of order at %zu", i);
        }
        if (f->rule == CURI_LINT_SYNTAX_INVALID) {
            syn++;
            FZ_CHECKF(prc != CURI_OK && f->start == e.offset,
                      "syntax-invalid at %zu, curi_parse says %d@%zu", f->start, prc, e.offset);
        }
        FZ_CHECKF(curi_lint_message(msg, sizeof msg, &ml, s, n, NULL, f, NULL) == CURI_OK ||
                      ml > sizeof msg,
                  "%s: no message", curi_lint_rule_name(f->rule));
        FZ_CHECK(curi_lint_message(NULL, 0, &ml, s, n, NULL, f, NULL) == CURI_ERR_NOSPACE && ml > 0);
    }
    FZ_CHECKF(syn == (prc != CURI_OK), "syntax-invalid %zu times, curi_parse = %d", syn, prc);
    /* curi_lint_messages: the lengths of curi_lint_message's, all at once. */
    if (k > 0) {
        static size_t ends[MAXF];
        size_t done = k;
        FZ_CHECK(curi_lint_messages(NULL, 0, ends, s, n, NULL, all, k, &done, NULL) ==
                     CURI_ERR_NOSPACE &&
                 done == 0);
        for (size_t i = 0; i < k; i++) {
            size_t ml = 0;
            (void)curi_lint_message(NULL, 0, &ml, s, n, NULL, &all[i], NULL);
            FZ_CHECKF(ends[i] - (i > 0 ? ends[i - 1] : 0) == ml, "message %zu: %zu bytes, not %zu",
                      i, ends[i] - (i > 0 ? ends[i - 1] : 0), ml);
        }
    }

    /* The scalar scanner gives the same answer. */
    o.flags = flags | CURI__LINT_SCALAR;
    m = fz_lint(s, n, &o, part, MAXF);
    FZ_CHECK(m == k);
    for (size_t i = 0; i < k; i++) {
        FZ_CHECKF(same(&all[i], &part[i]), "scalar finding %zu differs", i);
    }
    o.flags = flags;

    /* A smaller array: the same count, the first findings. */
    m = fz_lint(s, n, &o, part, k / 2);
    FZ_CHECK(m == k);
    for (size_t i = 0; i < k / 2; i++) {
        FZ_CHECKF(same(&all[i], &part[i]), "with room for %zu, finding %zu differs", k / 2, i);
    }

    /* Disabling the first finding's rule removes exactly its findings. */
    if (k > 0) {
        int r = all[0].rule;
        size_t j = 0;
        o.disabled[(r - 1) / 32] = 1u << ((r - 1) % 32);
        m = fz_lint(s, n, &o, part, MAXF);
        for (size_t i = 0; i < k; i++) {
            if (all[i].rule == r) {
                continue;
            }
            FZ_CHECKF(j < m && same(&all[i], &part[j]), "disabling %s moved finding %zu",
                      curi_lint_rule_name(r), i);
            j++;
        }
        FZ_CHECK(j == m);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *s = fz_dup(data, size);

    one_mode(s, size, 0);
    one_mode(s, size, CURI_LINT_STRICT_3986);
    free(s);
    return 0;
}
