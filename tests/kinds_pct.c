/*
 * kinds_pct.c -- the encode, decode, query, segments and set kinds of curi-test.
 *
 * encode:   %flags SETNAME [keep-pct]; INPUT OUTPUT.  Also decode(OUTPUT) ==
 *           INPUT (with plus for form) unless keep-pct.
 * decode:   %flags [plus] [no-nul]; INPUT OUTPUT | INPUT !CODE@OFF.
 * query:    %flags [semicolon]; QUERY PAIR... with PAIR KEY=VALUE (split at the
 *           first '=') or KEY alone when the value is absent.
 * segments: PATH SEG...
 * set:      %flags [encode] [parse flags]; INPUT PART VALUE OUTPUT |
 *           INPUT PART VALUE !CODE@OFF; VALUE (null) removes the part.  The
 *           error may come from curi_set(_encoded) or curi_recompose; OUTPUT
 *           must reparse to the edited components.
 * SPDX-License-Identifier: MIT
 */
#include <stdio.h>
#include <string.h>

#include "runner.h"

/* Adapters for the writer harness. */
typedef struct enc_ctx {
    const char *s;
    size_t len;
    curi_charset set;
    unsigned flags;
} enc_ctx;

static int w_encode(const void *ctx, char *dst, size_t cap, size_t *outlen, curi_error *err)
{
    const enc_ctx *c = ctx;
    return curi_pct_encode(dst, cap, outlen, c->s, c->len, c->set, c->flags, err);
}

static int w_decode(const void *ctx, char *dst, size_t cap, size_t *outlen, curi_error *err)
{
    const enc_ctx *c = ctx;
    return curi_pct_decode(dst, cap, outlen, c->s, c->len, c->flags, err);
}

void kind_encode(tcase *tc)
{
    enc_ctx c;
    sbuf out = {0}, back = {0};
    curi_error err;
    int rc;

    if (tc->flags == 0) {
        fail(tc, "encode needs a set name in %%flags");
        return;
    }
    if (tc->n != 2) {
        fail(tc, "an encode case is INPUT OUTPUT");
        return;
    }
    c.s = gput(G_IN0, tc->t[0].s, tc->t[0].len);
    c.len = tc->t[0].len;
    c.set = (curi_charset)(tc->flags - 1);
    c.flags = (tc->opt & OPT_KEEPPCT) ? CURI_ENCODE_KEEP_PCT : 0u;
    rc = run_writer(tc, "encode", w_encode, &c, curi_pct_encode_bound(c.len), &out, &err);
    if (rc != CURI_OK) {
        fail(tc, "encode: want %s: got !%s@%zu", show(tc->t[1].s, tc->t[1].len), err_name(rc),
             err.offset);
    } else if (out.len != tc->t[1].len || memcmp(out.p, tc->t[1].s, out.len) != 0) {
        fail(tc, "encode: want %s: got %s", show(tc->t[1].s, tc->t[1].len),
             show(out.p, out.len));
    } else if (!(tc->opt & OPT_KEEPPCT)) {
        /* Decoding the encoding gives the input back. */
        c.s = gput(G_IN1, out.p, out.len);
        c.len = out.len;
        c.flags = c.set == CURI_CHARSET_FORM ? CURI_DECODE_PLUS : 0u;
        rc = run_writer(tc, "decode of the output", w_decode, &c, c.len, &back, &err);
        if (rc != CURI_OK || back.len != tc->t[0].len ||
            memcmp(back.p, tc->t[0].s, back.len) != 0) {
            fail(tc, "decode of the output: want the input: got %s",
                 rc ? err_name(rc) : show(back.p, back.len));
        }
    }
    sbuf_free(&out);
    sbuf_free(&back);
}

void kind_decode(tcase *tc)
{
    enc_ctx c;
    sbuf out = {0};
    curi_error err;
    int code = 0;
    size_t off = 0;
    int want_err = expect_error(tc, &code, &off);
    int rc;

    if (want_err < 0) {
        return;
    }
    if (tc->n != 2) {
        fail(tc, "a decode case is INPUT OUTPUT or INPUT !CODE@OFF");
        return;
    }
    c.s = gput(G_IN0, tc->t[0].s, tc->t[0].len);
    c.len = tc->t[0].len;
    c.set = CURI_CHARSET_UNRESERVED;
    c.flags = tc->flags;
    rc = run_writer(tc, "decode", w_decode, &c, c.len, &out, &err);
    if (want_err) {
        check_error(tc, "decode", rc, &err, code, off);
    } else if (rc != CURI_OK) {
        fail(tc, "decode: want %s: got !%s@%zu", show(tc->t[1].s, tc->t[1].len), err_name(rc),
             err.offset);
    } else if (out.len != tc->t[1].len || memcmp(out.p, tc->t[1].s, out.len) != 0) {
        fail(tc, "decode: want %s: got %s", show(tc->t[1].s, tc->t[1].len),
             show(out.p, out.len));
    }
    sbuf_free(&out);
}

static int inside(curi_str v, const char *s, size_t n)
{
    return v.ptr == NULL || (v.ptr >= s && v.len <= n && v.ptr - s <= (ptrdiff_t)(n - v.len));
}

void kind_query(tcase *tc)
{
    curi_cursor c;
    curi_str q, k, v;
    int i = 1;

    q.len = tc->t[0].len;
    q.ptr = gput(G_IN0, tc->t[0].s, q.len);
    curi_query_init(&c, q, tc->flags, NULL);
    /* A cursor that never ends would hang the suite: stop after len + 2 pairs. */
    for (size_t guard = 0; guard < q.len + 2; guard++) {
        const char *eq;
        size_t kl;

        memset(&k, 0x5a, sizeof k);
        memset(&v, 0x5a, sizeof v);
        if (!curi_query_next(&c, &k, &v)) {
            break;
        }
        if (!inside(k, q.ptr, q.len) || k.ptr == NULL || !inside(v, q.ptr, q.len)) {
            fail(tc, "pair %d: key or value points outside the query", i);
            return;
        }
        if (i >= tc->n) {
            fail(tc, "pair %d: want no more pairs: got %s=%s", i, show_str(k), show_str(v));
            return;
        }
        eq = memchr(tc->t[i].s, '=', tc->t[i].len);
        kl = eq ? (size_t)(eq - tc->t[i].s) : tc->t[i].len;
        if (!str_eq(k, tc->t[i].s, kl) ||
            !(eq ? str_eq(v, eq + 1, tc->t[i].len - kl - 1) : v.ptr == NULL)) {
            fail(tc, "pair %d: want key %s value %s: got key %s value %s", i,
                 show(tc->t[i].s, kl), eq ? show(eq + 1, tc->t[i].len - kl - 1) : "(absent)",
                 show_str(k), show_str(v));
            return;
        }
        i++;
    }
    if (i < tc->n) {
        fail(tc, "pair %d: want %s: got the end of the pairs", i,
             show(tc->t[i].s, tc->t[i].len));
    }
}

void kind_segments(tcase *tc)
{
    curi_cursor c;
    curi_str p, seg;
    int i = 1;

    p.len = tc->t[0].len;
    p.ptr = gput(G_IN0, tc->t[0].s, p.len);
    curi_segments_init(&c, p);
    for (size_t guard = 0; guard < p.len + 2; guard++) {
        memset(&seg, 0x5a, sizeof seg);
        if (!curi_segments_next(&c, &seg)) {
            break;
        }
        if (seg.ptr == NULL || !inside(seg, p.ptr, p.len)) {
            fail(tc, "segment %d points outside the path", i);
            return;
        }
        if (i >= tc->n) {
            fail(tc, "segment %d: want no more segments: got %s", i, show_str(seg));
            return;
        }
        if (!str_eq(seg, tc->t[i].s, tc->t[i].len)) {
            fail(tc, "segment %d: want %s: got %s", i, show(tc->t[i].s, tc->t[i].len),
                 show_str(seg));
            return;
        }
        i++;
    }
    if (i < tc->n) {
        fail(tc, "segment %d: want %s: got the end of the segments", i,
             show(tc->t[i].s, tc->t[i].len));
    }
}

void kind_set(tcase *tc)
{
    curi_uri u, saved, re;
    curi_error err = {-1, 0, 0};
    int code = 0, part, rc;
    size_t off = 0, vlen = 0;
    int want_err = expect_error(tc, &code, &off);
    const char *value = NULL;
    const tok *pt = &tc->t[1];
    sbuf out = {0};
    char why[256];

    if (want_err < 0) {
        return;
    }
    if (tc->n != 4) {
        fail(tc, "a set case is INPUT PART VALUE OUTPUT or INPUT PART VALUE !CODE@OFF");
        return;
    }
    rc = parse_in(G_IN0, tc->t[0].s, tc->t[0].len, tc->flags, &u, &err);
    if (rc != CURI_OK) {
        fail(tc, "the input must parse: got !%s@%zu", err_name(rc), err.offset);
        return;
    }
    part = curi_part_from_name(pt->s, pt->len);
    if (part < 0) {
        fail(tc, "unknown part %s", show(pt->s, pt->len));
        return;
    }
    {
        const char *nm = curi_part_name((curi_part)part);
        if (nm == NULL || strlen(nm) != pt->len || memcmp(nm, pt->s, pt->len) != 0) {
            fail(tc, "curi_part_name(%d): want %s: got %s", part, show(pt->s, pt->len),
                 nm ? nm : "NULL");
        }
    }
    /* (null) as written means value == NULL; anything else is placed before a guard page. */
    if (!(tc->t[2].rawlen == 6 && memcmp(tc->t[2].raw, "(null)", 6) == 0)) {
        vlen = tc->t[2].len;
        value = gput(G_IN1, tc->t[2].s, vlen);
    }
    memcpy(&saved, &u, sizeof u);
    if (tc->opt & OPT_ENCODE) {
        size_t cap = curi_pct_encode_bound(vlen), outlen = (size_t)-1;
        char *buf = gslot(G_SETBUF, cap);
        rc = curi_set_encoded(&u, (curi_part)part, cap ? buf : NULL, cap, &outlen, value, vlen,
                              tc->flags, &err);
        if (rc == CURI_OK && outlen > cap) {
            fail(tc, "set_encoded: outlen %zu exceeds the buffer %zu", outlen, cap);
        }
    } else {
        rc = curi_set(&u, (curi_part)part, value, vlen, tc->flags, &err);
    }
    if (rc != CURI_OK) {
        if (memcmp(&saved, &u, sizeof u) != 0) {
            fail(tc, "a failed set changed the curi_uri");
        }
        if (want_err) {
            check_error(tc, "set", rc, &err, code, off);
        } else {
            fail(tc, "set: want %s: got !%s@%zu", show(tc->t[3].s, tc->t[3].len), err_name(rc),
                 err.offset);
        }
        return;
    }
    rc = recompose_into(tc, &u, &out, &err);
    /* curi_structure_rule names a rule exactly when recomposition finds the parts do not fit. */
    if ((rc == CURI_ERR_STRUCTURE) != (curi_structure_rule(&u) != NULL)) {
        fail(tc, "curi_structure_rule: want %s: got %s", rc == CURI_ERR_STRUCTURE ? "a rule" : "NULL",
             curi_structure_rule(&u) ? curi_structure_rule(&u) : "NULL");
    }
    if (want_err) {
        check_error(tc, rc ? "recompose" : "set + recompose", rc, &err, code, off);
    } else if (rc != CURI_OK) {
        fail(tc, "recompose: want %s: got !%s@%zu", show(tc->t[3].s, tc->t[3].len), err_name(rc),
             err.offset);
    } else if (out.len != tc->t[3].len || memcmp(out.p, tc->t[3].s, out.len) != 0) {
        fail(tc, "recompose: want %s: got %s", show(tc->t[3].s, tc->t[3].len),
             show(out.p, out.len));
    } else {
        /* The output must parse back to exactly the edited components. */
        rc = parse_in(G_IN2, out.p, out.len, 0, &re, &err);
        if (rc != CURI_OK) {
            fail(tc, "reparse of the output: want success: got !%s@%zu", err_name(rc),
                 err.offset);
        } else if (!uri_same(&u, &re, why, sizeof why)) {
            fail(tc, "reparse of the output: want the edited components: got %s", why);
        }
    }
    sbuf_free(&out);
}
