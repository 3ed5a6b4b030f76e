/*
 * kinds_lint.c -- the lint and lintmsg kinds (curi_lint, curi_lint_message).
 *
 * lint:    INPUT FINDING...  where FINDING is RULE@START-END (RULE a curi_lint_rule_name);
 *          the findings must be exactly these, in this order.  No FINDING: no finding.
 *          %flags strict-3986 passes CURI_LINT_STRICT_3986.
 *          Every case also checks: the count is the same with a one-finding array (which
 *          holds the first finding), each disabled rule drops exactly its own findings, the
 *          input at a guard page is never read past, every finding has a message, and the
 *          reference paths (CURI__LINT_SCALAR: scalar parse, lenient split, full host walk)
 *          give the same findings.
 * lintmsg: INPUT RULE@START-END WORD...  the finding must be among INPUT's findings and its
 *          message is the WORDs joined by single spaces.
 * SPDX-License-Identifier: MIT
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner.h"
#include "../src/testing.h"

#define MAXF 512

/* RULE@START-END into its parts; 0 if it is not that shape. */
static int parse_finding(const tok *t, int *rule, size_t *start, size_t *end)
{
    const char *at = memchr(t->s, '@', t->len);
    char *e;
    unsigned long a, b;

    if (at == NULL) {
        return 0;
    }
    *rule = curi_lint_rule_from_name(t->s, (size_t)(at - t->s));
    if (*rule == 0) {
        return 0;
    }
    a = strtoul(at + 1, &e, 10);
    if (*e != '-') {
        return 0;
    }
    b = strtoul(e + 1, &e, 10);
    if (*e != '\0') {
        return 0;
    }
    *start = a;
    *end = b;
    return 1;
}

static void show_findings(char *buf, size_t cap, const curi_finding *f, size_t n)
{
    size_t k = 0;

    buf[0] = '\0';
    for (size_t i = 0; i < n && k + 64 < cap; i++) {
        k += (size_t)snprintf(buf + k, cap - k, " %s@%zu-%zu", curi_lint_rule_name(f[i].rule),
                              f[i].start, f[i].end);
    }
    if (n == 0) {
        snprintf(buf, cap, " (none)");
    }
}

/* Run curi_lint on INPUT (at a guard page) with flags and a disabled set: the count of
 * findings.  With extra bits (CURI__LINT_SCALAR) through the suites' curi__lint_entry. */
static size_t run_flags(tcase *tc, unsigned extra, const uint32_t disabled[2], curi_finding *out,
                        size_t cap)
{
    curi_lint_options o;
    curi_error e = {-1, 0, 0};
    size_t n = (size_t)-1;
    char *in = gput(G_IN0, tc->t[0].s, tc->t[0].len);
    int rc;

    memset(&o, 0, sizeof o);
    o.flags = tc->flags | extra;
    o.disabled[0] = disabled[0];
    o.disabled[1] = disabled[1];
    rc = extra ? curi__lint_entry(in, tc->t[0].len, &o, out, cap, &n, &e)
               : curi_lint(in, tc->t[0].len, &o, out, cap, &n, &e);
    if (rc != CURI_OK || e.code != CURI_OK || n == (size_t)-1) {
        fail(tc, "curi_lint (flags 0x%x): !%s", o.flags, err_name(rc));
        return 0;
    }
    return n;
}

static size_t run(tcase *tc, const uint32_t disabled[2], curi_finding *out, size_t cap)
{
    return run_flags(tc, 0, disabled, out, cap);
}

void kind_lint(tcase *tc)
{
    static curi_finding got[MAXF], one[1], sub[MAXF];
    const uint32_t none[2] = {0, 0};
    size_t n, want_n = (size_t)(tc->n - 1);
    char gs[2048];

    if (tc->n < 1) {
        fail(tc, "a lint case is INPUT FINDING...");
        return;
    }
    n = run(tc, none, got, MAXF);
    if (n > MAXF) {
        fail(tc, "more than %d findings", MAXF);
        return;
    }
    show_findings(gs, sizeof gs, got, n);
    {
        int ok = (n == want_n);
        for (int i = 1; i < tc->n; i++) {
            int rule;
            size_t a, b;
            if (!parse_finding(&tc->t[i], &rule, &a, &b)) {
                fail(tc, "bad finding %s (want RULE@START-END)", tc->t[i].raw);
                return;
            }
            if (ok && (got[i - 1].rule != rule || got[i - 1].start != a || got[i - 1].end != b)) {
                ok = 0;
            }
        }
        if (!ok) {
            fail(tc, "findings:%s", gs);
            return;
        }
    }
    /* Every finding: severity from the table, span inside the input (or the point at its end),
     * and a message. */
    for (size_t i = 0; i < n; i++) {
        char msg[4096];
        size_t ml;
        if (got[i].severity != curi_lint_rule_severity(got[i].rule) ||
            got[i].start > got[i].end || got[i].end > tc->t[0].len + (got[i].start == tc->t[0].len)) {
            fail(tc, "finding %zu: bad severity or span", i);
        }
        if (curi_lint_message(msg, sizeof msg, &ml, tc->t[0].s, tc->t[0].len, NULL, &got[i], NULL) !=
                CURI_OK ||
            ml == 0) {
            fail(tc, "finding %zu: no message", i);
        }
    }
    /* curi_lint_messages: every message of the input in one call, each the same as
     * curi_lint_message's, and with a buffer one byte short, all but the last. */
    if (n > 0 && n <= MAXF) {
        static char all[MAXF * 256];
        static size_t ends[MAXF];
        size_t fit = (size_t)-1;
        int rc = curi_lint_messages(all, sizeof all, ends, tc->t[0].s, tc->t[0].len, NULL, got,
                                    n, &fit, NULL);
        if ((rc == CURI_OK) != (fit == n)) {
            fail(tc, "curi_lint_messages: !%s with %zu of %zu done", err_name(rc), fit, n);
        }
        for (size_t i = 0; fit == n && i < n; i++) {
            char msg[4096];
            size_t ml = 0, at = i > 0 ? ends[i - 1] : 0;
            (void)curi_lint_message(msg, sizeof msg, &ml, tc->t[0].s, tc->t[0].len, NULL,
                                    &got[i], NULL);
            if (ends[i] - at != ml || memcmp(all + at, msg, ml) != 0) {
                fail(tc, "curi_lint_messages: message %zu differs from curi_lint_message's", i);
                fit = 0;
            }
        }
        if (fit == n && ends[n - 1] > 0) {
            size_t done = (size_t)-1;
            if (curi_lint_messages(all, ends[n - 1] - 1, ends, tc->t[0].s, tc->t[0].len, NULL,
                                   got, n, &done, NULL) != CURI_ERR_NOSPACE ||
                done != n - 1) {
                fail(tc, "curi_lint_messages: one byte short, not NOSPACE with all but the last");
            }
        }
        if (fit != n && fit != 0) {
            fail(tc, "curi_lint_messages: %zu of %zu messages fit", fit, n);
        }
    }
    /* The reference paths: the same findings, details included. */
    {
        size_t m = run_flags(tc, CURI__LINT_SCALAR, none, sub, MAXF);
        int same = m == n;
        for (size_t i = 0; same && i < n; i++) {
            same = sub[i].rule == got[i].rule && sub[i].start == got[i].start &&
                   sub[i].end == got[i].end && sub[i].detail == got[i].detail;
        }
        if (!same) {
            show_findings(gs, sizeof gs, sub, m <= MAXF ? m : MAXF);
            fail(tc, "the reference paths (CURI__LINT_SCALAR) give:%s", gs);
        }
    }
    /* A one-finding array: the same count, and the first finding. */
    if (run(tc, none, one, 1) != n ||
        (n > 0 && (one[0].rule != got[0].rule || one[0].start != got[0].start ||
                   one[0].end != got[0].end))) {
        fail(tc, "with room for one finding: another count or first finding");
    }
    /* Disabling a rule drops exactly its findings. */
    for (size_t i = 0; i < n; i++) {
        uint32_t dis[2] = {0, 0};
        int r = got[i].rule;
        size_t k = 0, m;
        if (i > 0 && got[i - 1].rule == r) {
            continue;
        }
        dis[(r - 1) / 32] = 1u << ((r - 1) % 32);
        m = run(tc, dis, sub, MAXF);
        for (size_t j = 0; j < n && m <= MAXF; j++) {
            if (got[j].rule == r) {
                continue;
            }
            if (k >= m || sub[k].rule != got[j].rule || sub[k].start != got[j].start) {
                k = m + 1;
                break;
            }
            k++;
        }
        if (k != m) {
            fail(tc, "disabling %s changes other findings", curi_lint_rule_name(r));
        }
    }
}

void kind_lintmsg(tcase *tc)
{
    static curi_finding got[MAXF];
    const uint32_t none[2] = {0, 0};
    char want[4096], msg[4096];
    size_t n, k = 0, ml;
    int rule;
    size_t a, b;

    if (tc->n < 3 || !parse_finding(&tc->t[1], &rule, &a, &b)) {
        fail(tc, "a lintmsg case is INPUT RULE@START-END WORD...");
        return;
    }
    for (int i = 2; i < tc->n && k + tc->t[i].len + 2 < sizeof want; i++) {
        if (i > 2) {
            want[k++] = ' ';
        }
        memcpy(want + k, tc->t[i].s, tc->t[i].len);
        k += tc->t[i].len;
    }
    want[k] = '\0';
    n = run(tc, none, got, MAXF);
    for (size_t i = 0; i < n && i < MAXF; i++) {
        if (got[i].rule == rule && got[i].start == a && got[i].end == b) {
            if (curi_lint_message(msg, sizeof msg, &ml, tc->t[0].s, tc->t[0].len, NULL, &got[i],
                                  NULL) != CURI_OK) {
                fail(tc, "curi_lint_message failed");
                return;
            }
            if (ml != k || memcmp(msg, want, k) != 0) {
                fail(tc, "message: want \"%s\": got \"%.*s\"", want, (int)ml, msg);
            }
            return;
        }
    }
    fail(tc, "no finding %s", tc->t[1].raw);
}
