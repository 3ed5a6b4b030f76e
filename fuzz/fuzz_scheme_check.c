/*
 * fuzz_scheme_check.c -- libFuzzer target for curi_scheme_check (the schemes' own grammars).
 * An input whose first byte is below 0x20 picks one of the layer's schemes by that byte and
 * the rest follows "scheme:", so that every validator gets mutated inputs; any other input
 * is used whole.  Invariants, for every input curi_parse accepts:
 *  - the answer is CURI_OK or CURI_ERR_SCHEME_RULE, equal to err.code, with the rule set
 *    exactly on failure, a message for the rule, and the offset inside the input;
 *  - the same answer without err and rule, and from the scalar parser's views;
 *  - a reference without a scheme, or with a scheme outside the layer, is CURI_OK;
 *  - the answer does not depend on the scheme's case;
 *  - curi_scheme_parts_get gives the same answer, and on success parts that lie inside the
 *    input, named by the layout, whose lists' items and separators make up the part; the
 *    http fast path gives the general path's parts.
 * SPDX-License-Identifier: MIT
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"
#include "../src/testing.h"

static const char *const names[] = {
    "ftp",   "http",   "https",  "gopher", "mailto", "news", "nntp", "telnet",
    "wais",  "file",   "prospero", "ldap", "ldaps",  "man",  "info", "whatis",
    "ghelp", "urn",    "data",   "tel",    "ws",     "wss",
};
enum { NNAMES = sizeof names / sizeof names[0] };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t n = size;
    char *s;
    curi_uri u, v;
    curi_error e, f;
    const char *rule = "unset";
    int rc;

    if (size > 0 && data[0] < 0x20) {
        const char *name = names[data[0] % NNAMES];
        size_t k = strlen(name);
        n = k + 1 + (size - 1);
        s = fz_alloc(n);
        memcpy(s, name, k);
        s[k] = ':';
        memcpy(s + k + 1, data + 1, size - 1);
    } else {
        s = fz_dup(data, size);
    }
    if (fz_parse(&u, s, n, 0, &e) != CURI_OK) {
        free(s);
        return 0;
    }
    e.code = -1;
    rc = curi_scheme_check(&u, 0, &rule, &e);
    FZ_CHECK(rc == CURI_OK || rc == CURI_ERR_SCHEME_RULE);
    FZ_CHECK(rc == e.code);
    if (rc == CURI_OK) {
        FZ_CHECK(rule == NULL);
    } else {
        FZ_CHECKF(rule != NULL && curi_scheme_rule_message(rule) != NULL, "rule %s",
                  rule ? rule : "(null)");
        FZ_CHECKF(e.offset <= n, "offset %zu > %zu", e.offset, n);
    }
    FZ_CHECK(curi_scheme_check(&u, 0, NULL, NULL) == rc);
    if (u.scheme.ptr == NULL || curi_scheme_find(u.scheme.ptr, u.scheme.len) == NULL)
        FZ_CHECK(rc == CURI_OK);

    /* The scalar parser gives the same views, so the same answer. */
    FZ_CHECK(curi__parse(&v, s, n, CURI__PARSE_SCALAR, &f) == CURI_OK);
    {
        const char *rule2 = NULL;
        FZ_CHECK(curi_scheme_check(&v, 0, &rule2, &f) == rc);
        if (rc != CURI_OK)
            FZ_CHECK(f.offset == e.offset && strcmp(rule, rule2) == 0);
    }

    /* The scheme in the other case: the same answer. */
    if (u.scheme.ptr != NULL) {
        char *t = fz_dup(s, n);
        const char *rule3 = NULL;
        for (size_t i = 0; i < u.scheme.len; i++)
            t[i] = (char)(t[i] ^ ((t[i] >= 'a' && t[i] <= 'z') || (t[i] >= 'A' && t[i] <= 'Z')
                                      ? 0x20 : 0));
        FZ_CHECK(curi_parse(&v, t, n, 0, &f) == CURI_OK);
        FZ_CHECK(curi_scheme_check(&v, 0, &rule3, &f) == rc);
        if (rc != CURI_OK)
            FZ_CHECK(f.offset == e.offset && strcmp(rule, rule3) == 0);
        free(t);
    }
    /* The parts. */
    {
        curi_scheme_parts sp, g;
        const char *rule4 = NULL;
        int rp = curi_scheme_parts_get(&sp, &u, 0, &rule4, &f);
        FZ_CHECK(rp == rc);
        FZ_CHECK(curi__scheme_parts_get(&g, &u, CURI__SCHEME_GENERAL, NULL, NULL) == rc);
        if (rp == CURI_OK) {
            FZ_CHECK(g.kind == sp.kind && g.form == sp.form && g.flags == sp.flags);
            for (int i = 0; i < CURI_SCHEME_PARTS_MAX; i++)
                FZ_CHECK(g.part[i].ptr == sp.part[i].ptr && g.part[i].len == sp.part[i].len);
            FZ_CHECK((sp.kind == CURI_SK_NONE) ==
                     (u.scheme.ptr == NULL || curi_scheme_part_name(sp.kind, -1) == NULL ||
                      sp.kind == CURI_SK_NONE));
            for (int i = 0; i < CURI_SCHEME_PARTS_MAX; i++) {
                curi_str pv = sp.part[i];
                unsigned type = curi_scheme_part_type(sp.kind, i);
                if (pv.ptr == NULL)
                    continue;
                FZ_CHECKF(curi_scheme_part_name(sp.kind, i) != NULL, "part %d unnamed", i);
                FZ_CHECK(pv.ptr >= s && pv.ptr + pv.len <= s + n);
                if (type & 0xFF) {
                    curi_cursor c;
                    curi_str item;
                    size_t total = 0, items = 0;
                    curi_list_init(&c, pv, (char)(type & 0xFF));
                    while (curi_list_next(&c, &item)) {
                        FZ_CHECK(item.ptr >= pv.ptr && item.ptr + item.len <= pv.ptr + pv.len);
                        total += item.len;
                        items++;
                    }
                    FZ_CHECK(items > 0 && total + items - 1 == pv.len);
                }
            }
        }
    }
    free(s);
    return 0;
}
