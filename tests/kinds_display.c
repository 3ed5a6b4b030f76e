/*
 * kinds_display.c -- the escape and qfind kinds of curi-test.
 *
 * escape: %flags [json] [strict]; INPUT OUTPUT | INPUT !CODE@OFF, for
 *         curi_escape_display (terminal style without json).  OUTPUT must fit in
 *         6 * len bytes (4 * len in terminal style).
 * qfind:  %flags [semicolon] [form]; QUERY KEY VALUE | QUERY KEY !none, for
 *         curi_query_find: VALUE the decoded value of the first pair whose decoded key
 *         is KEY; !none when no pair matches (*found 0, *outlen 0).
 * qedit:  %flags [semicolon] [form] [sort]; QUERY OP... RESULT, for curi_query_edit: each
 *         OP is remove:GLOB, replace:KEY:PAIR, replace-append:KEY:PAIR or append:PAIR
 *         (KEY ends at the first ':'); RESULT the new query (*changed 1), !same (*changed
 *         0: the query comes back as it was) or !CODE@OFF.
 * SPDX-License-Identifier: MIT
 */
#include <string.h>

#include "runner.h"

typedef struct esc_ctx {
    const char *s, *key;
    size_t len, klen;
    unsigned flags;
    int *found; /* qfind: where curi_query_find says whether a pair matched */
    const curi_query_op *ops; /* qedit */
    size_t nops;
} esc_ctx;

static int w_escape(const void *ctx, char *dst, size_t cap, size_t *outlen, curi_error *err)
{
    const esc_ctx *c = ctx;
    return curi_escape_display(dst, cap, outlen, c->s, c->len, c->flags, err);
}

void kind_escape(tcase *tc)
{
    esc_ctx c = {0};
    sbuf out = {0};
    curi_error err;
    int code = 0;
    size_t off = 0;
    int want_err = expect_error(tc, &code, &off);

    if (want_err < 0)
        return;
    if (tc->n != 2) {
        fail(tc, "an escape case is INPUT OUTPUT or INPUT !CODE@OFF");
        return;
    }
    c.s = gput(G_IN0, tc->t[0].s, tc->t[0].len);
    c.len = tc->t[0].len;
    c.flags = tc->flags;
    size_t bound = (tc->flags & CURI_ESCAPE_JSON ? 6 : 4) * c.len;
    int rc = run_writer(tc, "escape", w_escape, &c, bound, &out, &err);
    if (want_err) {
        check_error(tc, "escape", rc, &err, code, off);
    } else if (rc != CURI_OK) {
        fail(tc, "escape: want %s: got !%s@%zu", show(tc->t[1].s, tc->t[1].len), err_name(rc),
             err.offset);
    } else if (out.len != tc->t[1].len || memcmp(out.p, tc->t[1].s, out.len) != 0) {
        fail(tc, "escape: want %s: got %s", show(tc->t[1].s, tc->t[1].len), show(out.p, out.len));
    }
    sbuf_free(&out);
}

static int w_qfind(const void *ctx, char *dst, size_t cap, size_t *outlen, curi_error *err)
{
    const esc_ctx *c = ctx;
    return curi_query_find(dst, cap, outlen, (curi_str){c->s, c->len}, c->key, c->klen, c->flags,
                           c->found, err);
}

void kind_qfind(tcase *tc)
{
    esc_ctx c = {0};
    sbuf out = {0};
    curi_error err;
    int found = 7;

    if (tc->n != 3) {
        fail(tc, "a qfind case is QUERY KEY VALUE or QUERY KEY !none");
        return;
    }
    int none = tc->t[2].len == 5 && memcmp(tc->t[2].s, "!none", 5) == 0;
    c.s = gput(G_IN0, tc->t[0].s, tc->t[0].len);
    c.len = tc->t[0].len;
    c.key = gput(G_IN1, tc->t[1].s, tc->t[1].len);
    c.klen = tc->t[1].len;
    c.flags = tc->flags;
    c.found = &found;
    int rc = run_writer(tc, "qfind", w_qfind, &c, c.len, &out, &err);
    if (rc != CURI_OK) {
        fail(tc, "qfind: got !%s@%zu", err_name(rc), err.offset);
    } else if (none && (found != 0 || out.len != 0)) {
        fail(tc, "qfind: want no match: got %s (found %d)", show(out.p, out.len), found);
    } else if (!none && (found != 1 || out.len != tc->t[2].len ||
                         memcmp(out.p, tc->t[2].s, out.len) != 0)) {
        fail(tc, "qfind: want %s: got %s (found %d)", show(tc->t[2].s, tc->t[2].len),
             show(out.p, out.len), found);
    }
    sbuf_free(&out);
}

static int w_qedit(const void *ctx, char *dst, size_t cap, size_t *outlen, curi_error *err)
{
    const esc_ctx *c = ctx;
    return curi_query_edit(dst, cap, outlen, (curi_str){c->s, c->len}, c->ops, c->nops, c->flags,
                           c->found, err);
}

/* One OP token of a qedit case as a curi_query_op; 0 when it is none of the four forms. */
static int qedit_op(const tok *t, curi_query_op *op)
{
    static const struct {
        const char *name;
        int op;
    } names[] = {{"remove:", CURI_QUERY_REMOVE},
                 {"replace:", CURI_QUERY_REPLACE},
                 {"replace-append:", CURI_QUERY_REPLACE_APPEND},
                 {"append:", CURI_QUERY_APPEND}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        size_t nl = strlen(names[i].name);
        if (t->len < nl || memcmp(t->s, names[i].name, nl) != 0)
            continue;
        const char *rest = t->s + nl;
        size_t rl = t->len - nl;
        *op = (curi_query_op){names[i].op, NULL, 0, NULL, 0};
        if (names[i].op == CURI_QUERY_REMOVE) {
            op->key = rest;
            op->klen = rl;
        } else if (names[i].op == CURI_QUERY_APPEND) {
            op->pair = rest;
            op->plen = rl;
        } else {
            const char *colon = memchr(rest, ':', rl);
            if (colon == NULL)
                return 0;
            op->key = rest;
            op->klen = (size_t)(colon - rest);
            op->pair = colon + 1;
            op->plen = rl - op->klen - 1;
        }
        return 1;
    }
    return 0;
}

void kind_qedit(tcase *tc)
{
    static curi_query_op ops[MAXTOK];
    esc_ctx c = {0};
    sbuf out = {0};
    curi_error err;
    int changed = 7, code = 0;
    size_t off = 0;

    if (tc->n < 2) {
        fail(tc, "a qedit case is QUERY OP... RESULT");
        return;
    }
    const tok *res = &tc->t[tc->n - 1];
    int same = res->len == 5 && memcmp(res->s, "!same", 5) == 0;
    int want_err = same ? 0 : expect_error(tc, &code, &off);
    if (want_err < 0)
        return;
    c.s = gput(G_IN0, tc->t[0].s, tc->t[0].len);
    c.len = tc->t[0].len;
    c.nops = (size_t)tc->n - 2;
    size_t bound = c.len;
    for (size_t i = 0; i < c.nops; i++) {
        if (!qedit_op(&tc->t[i + 1], &ops[i])) {
            fail(tc, "qedit: an OP is remove:GLOB, replace:KEY:PAIR, replace-append:KEY:PAIR or "
                     "append:PAIR");
            return;
        }
        bound += ops[i].plen + 1;
    }
    c.ops = ops;
    c.flags = tc->flags;
    c.found = &changed;
    int rc = run_writer(tc, "qedit", w_qedit, &c, bound, &out, &err);
    if (want_err) {
        check_error(tc, "qedit", rc, &err, code, off);
        if (changed != 0)
            fail(tc, "qedit: after an error want *changed 0: got %d", changed);
    } else if (rc != CURI_OK) {
        fail(tc, "qedit: got !%s@%zu", err_name(rc), err.offset);
    } else if (same && (changed != 0 || out.len != c.len || memcmp(out.p, c.s, c.len) != 0)) {
        fail(tc, "qedit: want the query unchanged: got %s (changed %d)", show(out.p, out.len),
             changed);
    } else if (!same && (changed != 1 || out.len != res->len ||
                         memcmp(out.p, res->s, out.len) != 0)) {
        fail(tc, "qedit: want %s: got %s (changed %d)", show(res->s, res->len),
             show(out.p, out.len), changed);
    }
    sbuf_free(&out);
}
