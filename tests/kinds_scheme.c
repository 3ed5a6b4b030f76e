/*
 * kinds_scheme.c -- the schemes' own grammars (curi_scheme_check).
 *
 *   %kind schemecheck
 *   INPUT                 a URI that keeps its scheme's rules (CURI_OK)
 *   INPUT !RULE@OFF       the first rule it breaks, and the offset of the first offending byte
 *
 * INPUT must be a valid RFC 3986 URI-reference (the scheme layer sits on top of the core).
 * Every rule named must have a message (curi_scheme_rule_message).
 * SPDX-License-Identifier: MIT
 */
#include <stdlib.h>
#include <string.h>

#include "runner.h"

void kind_schemecheck(tcase *tc)
{
    const char *in, *rule = "unset", *msg;
    curi_uri u;
    curi_error e;
    int rc;
    size_t want_off = 0;
    const char *want_rule = NULL;
    size_t want_len = 0;

    if (tc->n != 1 && tc->n != 2) {
        fail(tc, "a schemecheck case is INPUT or INPUT !RULE@OFFSET");
        return;
    }
    if (tc->n == 2) {
        const char *w = tc->t[1].s, *at = strrchr(w, '@');
        char *end;
        if (w[0] != '!' || at == NULL || at == w + 1 || at[1] == '\0') {
            fail(tc, "want !RULE@OFFSET, got %s", w);
            return;
        }
        want_rule = w + 1;
        want_len = (size_t)(at - want_rule);
        want_off = (size_t)strtoul(at + 1, &end, 10);
        if (*end != '\0') {
            fail(tc, "bad offset in %s", w);
            return;
        }
    }
    in = gput(G_IN0, tc->t[0].s, tc->t[0].len);
    if (curi_parse(&u, in, tc->t[0].len, 0, &e) != CURI_OK) {
        fail(tc, "not an RFC 3986 URI reference: %s@%zu", err_name(e.code), e.offset);
        return;
    }
    rc = curi_scheme_check(&u, 0, &e, &rule);
    if (want_rule == NULL) {
        if (rc != CURI_OK) {
            fail(tc, "want OK: got %s %s@%zu", err_name(rc), rule ? rule : "(no rule)", e.offset);
        } else if (rule != NULL || e.code != CURI_OK) {
            fail(tc, "OK must clear the rule and the error");
        }
        return;
    }
    if (rc != CURI_ERR_SCHEME_RULE || e.code != CURI_ERR_SCHEME_RULE || rule == NULL) {
        fail(tc, "want SCHEME_RULE %.*s@%zu: got %s", (int)want_len, want_rule, want_off,
             err_name(rc));
        return;
    }
    if (strlen(rule) != want_len || memcmp(rule, want_rule, want_len) != 0 ||
        e.offset != want_off) {
        fail(tc, "want %.*s@%zu: got %s@%zu", (int)want_len, want_rule, want_off, rule, e.offset);
    }
    msg = curi_scheme_rule_message(rule);
    if (msg == NULL || msg[0] == '\0') {
        fail(tc, "rule %s has no message", rule);
    }
    if (e.offset > tc->t[0].len) {
        fail(tc, "offset %zu past the input", e.offset);
    }
    /* NULL err and rule are allowed and give the same code */
    if (curi_scheme_check(&u, 0, NULL, NULL) != rc) {
        fail(tc, "the answer depends on err and rule being given");
    }
}
