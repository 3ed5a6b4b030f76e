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
#include "../src/testing.h"

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
    rc = curi_scheme_check(&u, 0, &rule, &e);
    if (want_rule == NULL) {
        if (rc != CURI_OK) {
            fail(tc, "want OK: got %s %s@%zu", err_name(rc), rule ? rule : "(no rule)", e.offset);
        } else if (rule != NULL || e.code != CURI_OK) {
            fail(tc, "OK must clear the rule and the error");
        } else if (edit_parts(&u, G_EDIT0, &e) != CURI_OK ||
                   curi_scheme_check(&u, 0, &rule, &e) != CURI_OK) {
            fail(tc, "edited: want OK: got %s", rule ? rule : "a curi_set error");
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
    /* edited: every component in a buffer of its own, the same rule at the same offset */
    if (edit_parts(&u, G_EDIT0, &e) != CURI_OK) {
        fail(tc, "edited: curi_set refused a component of its own");
    } else {
        const char *erule = NULL;
        int erc = curi_scheme_check(&u, 0, &erule, &e);
        if (erc != rc || erule != rule || e.offset != want_off) {
            fail(tc, "edited: want %s@%zu: got %s@%zu", rule, want_off, erule ? erule : "OK",
                 e.offset);
        }
    }
}

/*
 *   %kind schemeparts
 *   INPUT KIND [form=N] [flags=N] [NAME=VALUE]... [NAME#=N]...
 * KIND is the layout's name (none for CURI_SK_NONE); every part named must hold exactly
 * VALUE (raw; NAME="" for an empty part), every part not named must be absent.  Lists are
 * also walked with curi_list_init_type and curi_list_next (NAME#=N: the list has N items)
 * and split with curi_split_at, and each item must lie inside its part.
 */
void kind_schemeparts(tcase *tc)
{
    const char *in, *rule = NULL;
    curi_uri u;
    curi_error e;
    curi_scheme_parts sp;
    int seen[CURI_SCHEME_PARTS_MAX] = {0};
    long want_items[CURI_SCHEME_PARTS_MAX];
    unsigned want_form = 0, want_flags = 0;

    if (tc->n < 2) {
        fail(tc, "a schemeparts case is INPUT KIND [NAME=VALUE]...");
        return;
    }
    in = gput(G_IN0, tc->t[0].s, tc->t[0].len);
    if (curi_parse(&u, in, tc->t[0].len, 0, &e) != CURI_OK) {
        fail(tc, "not an RFC 3986 URI reference: %s@%zu", err_name(e.code), e.offset);
        return;
    }
    if (curi_scheme_parts_get(&sp, &u, 0, &rule, &e) != CURI_OK) {
        fail(tc, "curi_scheme_parts_get: %s %s@%zu", err_name(e.code), rule ? rule : "",
             e.offset);
        return;
    }
    {
        const char *kn = sp.kind == CURI_SK_NONE ? "none" : curi_scheme_part_name(sp.kind, -1);
        if (kn == NULL || strcmp(kn, tc->t[1].s) != 0) {
            fail(tc, "kind: want %s: got %s", tc->t[1].s, kn ? kn : "(unnamed)");
            return;
        }
    }
    for (int i = 0; i < CURI_SCHEME_PARTS_MAX; i++)
        want_items[i] = -1;
    for (int k = 2; k < tc->n; k++) {
        const char *w = tc->t[k].s, *eq = strchr(w, '=');
        size_t nl;
        int i, count;
        if (eq == NULL) {
            fail(tc, "want NAME=VALUE, got %s", w);
            continue;
        }
        nl = (size_t)(eq - w);
        count = nl > 0 && w[nl - 1] == '#';
        if (count)
            nl--;
        if (nl == 4 && memcmp(w, "form", 4) == 0) {
            want_form = (unsigned)strtoul(eq + 1, NULL, 10);
            continue;
        }
        if (nl == 5 && memcmp(w, "flags", 5) == 0) {
            want_flags = (unsigned)strtoul(eq + 1, NULL, 10);
            continue;
        }
        for (i = 0; i < CURI_SCHEME_PARTS_MAX; i++) {
            const char *pn = curi_scheme_part_name(sp.kind, i);
            if (pn != NULL && strlen(pn) == nl && memcmp(pn, w, nl) == 0)
                break;
        }
        if (i == CURI_SCHEME_PARTS_MAX) {
            fail(tc, "no part %.*s in this kind", (int)nl, w);
            continue;
        }
        if (count) {
            want_items[i] = strtol(eq + 1, NULL, 10);
            continue;
        }
        seen[i] = 1;
        {
            /* the value's unescaped bytes: the token's length minus the name and '=' */
            size_t vl = tc->t[k].len - nl - 1;
            curi_str v = sp.part[i];
            if (vl == 2 && memcmp(eq + 1, "\"\"", 2) == 0)
                vl = 0; /* NAME="" : empty */
            if (v.ptr == NULL || v.len != vl || memcmp(v.ptr, eq + 1, vl) != 0)
                fail(tc, "%.*s: want \"%s\": got %s", (int)nl, w, show(eq + 1, vl), show_str(v));
        }
    }
    for (int i = 0; i < CURI_SCHEME_PARTS_MAX; i++) {
        curi_str v = sp.part[i];
        unsigned type = curi_scheme_part_type(sp.kind, i);
        if (!seen[i] && v.ptr != NULL)
            fail(tc, "%s: want absent: got %s",
                 curi_scheme_part_name(sp.kind, i) ? curi_scheme_part_name(sp.kind, i) : "?",
                 show_str(v));
        if (v.ptr != NULL && (v.ptr < in || v.ptr + v.len > in + tc->t[0].len))
            fail(tc, "part %d lies outside the input", i);
        if (v.ptr != NULL && (type & 0xFF) != 0) {
            curi_cursor c;
            curi_str item, a, b;
            size_t total = 0, items = 0;
            curi_list_init_type(&c, v, type, NULL);
            while (curi_list_next(&c, &item)) {
                if (item.ptr < v.ptr || item.ptr + item.len > v.ptr + v.len)
                    fail(tc, "a list item lies outside its part");
                total += item.len;
                items++;
                curi_split_at(item, '=', &a, &b);
                if (a.ptr != item.ptr || (b.ptr != NULL && a.len + 1 + b.len != item.len))
                    fail(tc, "curi_split_at does not cover the item");
            }
            if (items == 0 || total + items - 1 != v.len)
                fail(tc, "the list's items and separators do not make up the part");
            if (want_items[i] >= 0 && (size_t)want_items[i] != items)
                fail(tc, "%s: want %ld items: got %zu", curi_scheme_part_name(sp.kind, i),
                     want_items[i], items);
        } else if (want_items[i] >= 0) {
            fail(tc, "%s: want %ld items: got no list", curi_scheme_part_name(sp.kind, i),
                 want_items[i]);
        }
    }
    if (sp.form != want_form || sp.flags != want_flags)
        fail(tc, "form/flags: want %u/%u: got %u/%u", want_form, want_flags, sp.form, sp.flags);
    /* the general path (no http fast path) gives the same parts */
    {
        curi_scheme_parts g;
        int same = curi__scheme_parts_get(&g, &u, CURI__SCHEME_GENERAL, NULL, &e) == CURI_OK &&
                   g.kind == sp.kind && g.form == sp.form && g.flags == sp.flags;
        for (int i = 0; same && i < CURI_SCHEME_PARTS_MAX; i++)
            same = g.part[i].ptr == sp.part[i].ptr && g.part[i].len == sp.part[i].len;
        if (!same)
            fail(tc, "the general path gives other parts");
    }
    /* edited: every component in a buffer of its own, the same parts (by their bytes) */
    {
        curi_scheme_parts g;
        int same;
        if (edit_parts(&u, G_EDIT0, &e) != CURI_OK) {
            fail(tc, "edited: curi_set refused a component of its own");
            return;
        }
        same = curi_scheme_parts_get(&g, &u, 0, NULL, &e) == CURI_OK && g.kind == sp.kind &&
               g.form == sp.form && g.flags == sp.flags;
        for (int i = 0; same && i < CURI_SCHEME_PARTS_MAX; i++)
            same = (g.part[i].ptr == NULL) == (sp.part[i].ptr == NULL) &&
                   g.part[i].len == sp.part[i].len &&
                   (g.part[i].len == 0 || memcmp(g.part[i].ptr, sp.part[i].ptr, g.part[i].len) == 0);
        if (!same)
            fail(tc, "edited: the parts differ from the parsed reference's");
    }
}
