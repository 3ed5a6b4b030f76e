/*
 * kinds_extract.c -- the extract kind (curi_extract_init/next/drop/write/bound).
 *
 * extract: INPUT URI...  the URIs that curi_extract_write produces for the matches of
 *          INPUT, exactly these, in this order (no URI: no match).  A URI may be followed
 *          by a token %WORD,... naming its match flags exactly (ws http ftp hyphen angle
 *          quote, or none).  %flags complete passes CURI_EXTRACT_COMPLETE, iri
 *          CURI_EXTRACT_IRI.
 *          Every case also checks: INPUT sits before a guard page; matches lie inside it,
 *          do not overlap and come in order; every URI parses with CURI_PARSE_URI (an IRI
 *          with CURI_PARSE_IRI under %flags iri); the matches without CURI_EXTRACT_IRI are
 *          exactly those with it that hold no byte above 0x7F; the
 *          writer keeps its contract; and fed in blocks of 1, 2, 3, 5, 8 and 13 bytes
 *          with CURI_EXTRACT_MORE (dropping all it may after each 0, and again dropping
 *          nothing), the extractor gives the same matches at the same offsets of the whole
 *          input.
 * SPDX-License-Identifier: MIT
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner.h"

#define MAXM 256

typedef struct wctx {
    const char *text;
    size_t len;
    const curi_match *m;
} wctx;

static int w_extract(const void *vc, char *dst, size_t cap, size_t *outlen, curi_error *err)
{
    const wctx *c = vc;
    return curi_extract_write(dst, cap, outlen, c->text, c->len, c->m, err);
}

static const struct {
    const char *word;
    unsigned flag;
} mflags[] = {
    {"ws", CURI_MATCH_WS_REMOVED}, {"http", CURI_MATCH_PREFIX_HTTP},
    {"ftp", CURI_MATCH_PREFIX_FTP}, {"hyphen", CURI_MATCH_HYPHEN_BREAK},
    {"angle", CURI_MATCH_ANGLE},    {"quote", CURI_MATCH_QUOTE},
    {"none", 0},
};

/* "%ws,angle" into flag bits; -1 for an unknown word. */
static long parse_mflags(const char *s)
{
    unsigned f = 0;
    s++;
    while (*s) {
        size_t n = strcspn(s, ",");
        size_t k;
        for (k = 0; k < sizeof mflags / sizeof mflags[0]; k++)
            if (strlen(mflags[k].word) == n && memcmp(mflags[k].word, s, n) == 0)
                break;
        if (k == sizeof mflags / sizeof mflags[0])
            return -1;
        f |= mflags[k].flag;
        s += n;
        if (*s == ',')
            s++;
    }
    return (long)f;
}

/* All matches of text[0..len) in one call sequence; returns their number (-1: too many). */
static int whole(tcase *tc, unsigned flags, const char *text, size_t len, curi_match *ms)
{
    curi_extractor x;
    int n = 0, rc;

    if (curi_extract_init(&x, flags, NULL) != CURI_OK) {
        fail(tc, "curi_extract_init refused the flags");
        return -1;
    }
    while ((rc = t_extract_next(&x, text, len, 0, &ms[n])) == 1) {
        if (++n == MAXM)
            return -1;
    }
    if (rc != 0)
        fail(tc, "curi_extract_next returned %d", rc);
    return n;
}

/*
 * The input fed bs bytes at a time; the matches with offsets into the whole input go to ms.
 * Returns their number, or -1 after a failure.
 */
static int blocks(tcase *tc, const char *in, size_t len, size_t bs, int drop, curi_match *ms)
{
    curi_extractor x;
    char *win = malloc(len + 1);
    size_t have = 0, fed = 0;
    int n = 0, guard = 0;

    if (win == NULL || curi_extract_init(&x, tc->flags, NULL) != CURI_OK) {
        free(win);
        fail(tc, "blocks: no memory or init failed");
        return -1;
    }
    for (;;) {
        size_t add = len - fed < bs ? len - fed : bs;
        int last;
        memcpy(win + have, in + fed, add);
        have += add;
        fed += add;
        last = fed == len;
        for (;;) {
            curi_match m;
            const char *g = gput(G_IN1, win, have);
            int rc = t_extract_next(&x, g, have, last ? 0 : CURI_EXTRACT_MORE, &m);
            if (rc < 0 || ++guard > 100000) {
                fail(tc, "blocks of %zu: curi_extract_next returned %d", bs, rc);
                free(win);
                return -1;
            }
            if (rc == 0)
                break;
            if (n == MAXM) {
                free(win);
                return -1;
            }
            m.begin += (size_t)x.dropped;
            m.end += (size_t)x.dropped;
            ms[n++] = m;
        }
        if (last)
            break;
        if (x.keep > have) {
            fail(tc, "blocks of %zu: keep %zu past the text (%zu)", bs, x.keep, have);
            free(win);
            return -1;
        }
        if (drop) {
            size_t k = x.keep;
            memmove(win, win + k, have - k);
            have -= k;
            curi_extract_drop(&x, k);
        }
    }
    free(win);
    return n;
}

void kind_extract(tcase *tc)
{
    static curi_match ms[MAXM], bm[MAXM];
    static const size_t sizes[] = {1, 2, 3, 5, 8, 13};
    const char *in;
    size_t len;
    int n, want = 0;

    if (tc->n < 1) {
        fail(tc, "an extract case is INPUT URI...");
        return;
    }
    len = tc->t[0].len;
    in = gput(G_IN0, tc->t[0].s, len);
    n = whole(tc, tc->flags, in, len, ms);
    if (n < 0) {
        fail(tc, "more than %d matches", MAXM);
        return;
    }
    {
        /* The URI-only matches are the IRI matches without non-ASCII bytes. */
        static curi_match om[MAXM];
        int on = whole(tc, tc->flags ^ CURI_EXTRACT_IRI, in, len, om);
        const curi_match *a = tc->flags & CURI_EXTRACT_IRI ? om : ms; /* URI-only */
        const curi_match *b = tc->flags & CURI_EXTRACT_IRI ? ms : om; /* IRI */
        int an = tc->flags & CURI_EXTRACT_IRI ? on : n, bn = tc->flags & CURI_EXTRACT_IRI ? n : on;
        int i = 0;
        for (int j = 0; on >= 0 && j < bn; j++) {
            int high = 0;
            for (size_t k = b[j].begin; k < b[j].end; k++)
                high |= (unsigned char)in[k] >= 0x80;
            if (high)
                continue;
            if (i >= an || a[i].begin != b[j].begin || a[i].end != b[j].end ||
                a[i].flags != b[j].flags) {
                fail(tc, "the URI-only matches differ from the ASCII IRI matches at %d", i);
                break;
            }
            i++;
        }
        if (on >= 0 && i != an && !tc->failed)
            fail(tc, "the URI-only matches have %d more than the ASCII IRI matches", an - i);
    }
    for (int i = 1; i < tc->n; i++)
        want += tc->t[i].s[0] != '%' || tc->t[i].len == 0;
    if (n != want)
        fail(tc, "%d matches, want %d", n, want);
    for (int i = 0, k = 1; i < n; i++) {
        wctx c = {in, len, &ms[i]};
        sbuf out = {0};
        curi_error err;
        curi_uri u;
        int rc;

        if (ms[i].begin > ms[i].end || ms[i].end > len || ms[i].begin == ms[i].end)
            fail(tc, "match %d: span %zu-%zu in %zu bytes", i, ms[i].begin, ms[i].end, len);
        if (i > 0 && ms[i].begin < ms[i - 1].end)
            fail(tc, "match %d overlaps or comes before match %d", i, i - 1);
        rc = run_writer(tc, "extract_write", w_extract, &c, curi_extract_bound(&ms[i]), &out,
                        &err);
        if (rc != CURI_OK) {
            fail(tc, "match %d: curi_extract_write: %s", i, err_name(rc));
            sbuf_free(&out);
            continue;
        }
        if (curi_parse(&u, out.p, out.len,
                       tc->flags & CURI_EXTRACT_IRI ? CURI_PARSE_IRI : CURI_PARSE_URI,
                       &err) != CURI_OK)
            fail(tc, "match %d: %s is not a valid URI (%s@%zu)", i, show(out.p, out.len),
                 err_name(err.code), err.offset);
        if (k < tc->n) {
            const tok *w = &tc->t[k++];
            if (w->len != out.len || memcmp(w->s, out.p, out.len) != 0)
                fail(tc, "match %d: got %s, want %s", i, show(out.p, out.len), w->raw);
            if (k < tc->n && tc->t[k].s[0] == '%' && tc->t[k].len > 0) {
                long f = parse_mflags(tc->t[k].s);
                if (f < 0)
                    fail(tc, "bad flags token %s", tc->t[k].raw);
                else if ((unsigned long)f != ms[i].flags)
                    fail(tc, "match %d: flags 0x%x, want %s", i, (unsigned)ms[i].flags,
                         tc->t[k].raw);
                k++;
            }
        } else {
            fail(tc, "extra match %d: %s", i, show(out.p, out.len));
        }
        sbuf_free(&out);
    }
    for (size_t s = 0; s < 2 * sizeof sizes / sizeof sizes[0]; s++) {
        int drop = s % 2 == 0;
        int bn = blocks(tc, tc->t[0].s, len, sizes[s / 2], drop, bm);
        if (bn < 0)
            continue;
        if (bn != n) {
            fail(tc, "blocks of %zu%s: %d matches, want %d", sizes[s / 2],
                 drop ? "" : " (no drop)", bn, n);
            continue;
        }
        for (int i = 0; i < n; i++)
            if (bm[i].begin != ms[i].begin || bm[i].end != ms[i].end ||
                bm[i].flags != ms[i].flags)
                fail(tc, "blocks of %zu%s: match %d is %zu-%zu/0x%x, want %zu-%zu/0x%x",
                     sizes[s / 2], drop ? "" : " (no drop)", i, bm[i].begin, bm[i].end, (unsigned)bm[i].flags, ms[i].begin, ms[i].end,
                     (unsigned)ms[i].flags);
    }
}
