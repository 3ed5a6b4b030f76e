/*
 * kinds_display.c -- the escape and qfind kinds of curi-test.
 *
 * escape: %flags [json] [strict]; INPUT OUTPUT | INPUT !CODE@OFF, for
 *         curi_escape_display (terminal style without json).  OUTPUT must fit in
 *         6 * len bytes (4 * len in terminal style).
 * qfind:  %flags [semicolon] [form]; QUERY KEY VALUE | QUERY KEY !none, for
 *         curi_query_find: VALUE the decoded value of the first pair whose decoded key
 *         is KEY; !none when no pair matches (*found 0, *outlen 0).
 * SPDX-License-Identifier: MIT
 */
#include <string.h>

#include "runner.h"

typedef struct esc_ctx {
    const char *s, *key;
    size_t len, klen;
    unsigned flags;
    int *found; /* qfind: where curi_query_find says whether a pair matched */
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
