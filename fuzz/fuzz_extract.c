/*
 * fuzz_extract.c -- libFuzzer target for curi_extract_* (curi extract).
 * Input: byte 0 chooses the mode (bit 0: CURI_EXTRACT_COMPLETE, bit 6: CURI_EXTRACT_IRI), a
 * block size (bits 1-4, plus 1) and whether the blocks drop what they may (bit 5 clear) or
 * keep everything (set); the rest is the text, any bytes.  Invariants:
 *  - nothing crashes or reads outside the text (an exact-size copy);
 *  - every match lies inside the text, is not empty, starts at or after the end of the one
 *    before (no overlap, text order), and has only known flags, never both prefixes;
 *  - curi_extract_write keeps the writer contract with curi_extract_bound, and what it
 *    writes is a valid URI (curi_parse with CURI_PARSE_URI; with CURI_EXTRACT_IRI a valid
 *    IRI, CURI_PARSE_IRI) that is not a bare scheme;
 *  - the matches without CURI_EXTRACT_IRI are exactly those with it that hold no byte
 *    above 0x7F (an IRI is dropped, never cut to a URI);
 *  - fed in blocks of that size with CURI_EXTRACT_MORE (dropping all that x.keep allows
 *    after each 0, or nothing), the extractor finds the same matches at the same offsets of
 *    the whole text.
 * SPDX-License-Identifier: MIT
 */
#include <stdlib.h>
#include <string.h>

#include "util.h"

#define MAXM 4096
#define KNOWN                                                                              \
    (CURI_MATCH_WS_REMOVED | CURI_MATCH_PREFIX_HTTP | CURI_MATCH_PREFIX_FTP |               \
     CURI_MATCH_HYPHEN_BREAK | CURI_MATCH_ANGLE | CURI_MATCH_QUOTE)

typedef struct wctx {
    const char *text;
    size_t len;
    const curi_match *m;
} wctx;

static int w_extract(char *dst, size_t cap, size_t *outlen, const void *vc)
{
    const wctx *c = vc;
    return curi_extract_write(dst, cap, outlen, c->text, c->len, c->m, NULL);
}

/* The matches of the text fed bs bytes at a time, offsets into the whole text. */
static size_t blocks(const char *in, size_t len, size_t bs, int drop, unsigned flags,
                     curi_match *ms)
{
    curi_extractor x;
    char *win = fz_alloc(len + 1);
    size_t have = 0, fed = 0, n = 0;

    FZ_CHECK(curi_extract_init(&x, flags, NULL) == CURI_OK);
    for (;;) {
        size_t add = len - fed < bs ? len - fed : bs;
        int last;
        char *exact;
        memcpy(win + have, in + fed, add);
        have += add;
        fed += add;
        last = fed == len;
        exact = fz_dup(win, have);
        for (;;) {
            curi_match m;
            int rc = fz_extract_next(&x, exact, have, last ? 0 : CURI_EXTRACT_MORE, &m);
            FZ_CHECKF(rc == 0 || rc == 1, "curi_extract_next returned %d", rc);
            if (rc == 0)
                break;
            if (n < MAXM) {
                m.begin += (size_t)x.dropped;
                m.end += (size_t)x.dropped;
                ms[n] = m;
            }
            n++;
        }
        free(exact);
        if (last)
            break;
        FZ_CHECKF(x.keep <= have, "keep %zu past %zu", x.keep, have);
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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static curi_match ms[MAXM], bm[MAXM], om[MAXM];
    curi_extractor x;
    unsigned flags;
    size_t bs, len, n = 0, bn;
    char *text;
    int rc;

    if (size < 1)
        return 0;
    flags = (data[0] & 1 ? CURI_EXTRACT_COMPLETE : 0) | (data[0] & 0x40 ? CURI_EXTRACT_IRI : 0);
    bs = (size_t)((data[0] >> 1) & 15) + 1;
    len = size - 1;
    text = fz_dup(data + 1, len);
    FZ_CHECK(curi_extract_init(&x, flags, NULL) == CURI_OK);
    while ((rc = fz_extract_next(&x, text, len, 0, &ms[n < MAXM ? n : MAXM - 1])) == 1) {
        const curi_match *m = &ms[n < MAXM ? n : MAXM - 1];
        wctx c = {text, len, m};
        fz_buf out = {0};
        curi_uri u;
        curi_error e;

        FZ_CHECKF(m->begin < m->end && m->end <= len, "span %zu-%zu of %zu", m->begin, m->end,
                  len);
        FZ_CHECK((m->flags & ~(uint32_t)KNOWN) == 0 && m->reserved == 0);
        FZ_CHECK(!((m->flags & CURI_MATCH_PREFIX_HTTP) && (m->flags & CURI_MATCH_PREFIX_FTP)));
        if (n > 0 && n < MAXM)
            FZ_CHECKF(m->begin >= ms[n - 1].end, "match %zu at %zu overlaps %zu-%zu", n,
                      m->begin, ms[n - 1].begin, ms[n - 1].end);
        FZ_CHECK(fz_write(w_extract, &c, curi_extract_bound(m), &out) == CURI_OK);
        FZ_CHECKF(curi_parse(&u, out.p, out.n,
                             flags & CURI_EXTRACT_IRI ? CURI_PARSE_IRI : CURI_PARSE_URI,
                             &e) == CURI_OK,
                  "not a URI: %s (%s at %zu)", fz_show(out.p, out.n), curi_strerror_name(e.code),
                  e.offset);
        FZ_CHECKF(u.path.len > 0 || u.query.ptr != NULL || u.fragment.ptr != NULL ||
                      (u.host.ptr != NULL && u.host.len > 0) || u.userinfo.ptr != NULL ||
                      u.port.ptr != NULL,
                  "a bare scheme: %s", fz_show(out.p, out.n));
        fz_free(&out);
        n++;
    }
    FZ_CHECKF(rc == 0, "curi_extract_next returned %d", rc);
    {
        /* The other mode: the URI-only matches are the IRI matches without non-ASCII. */
        size_t on = 0, i = 0;
        const curi_match *a, *b;
        size_t an, bnn;
        FZ_CHECK(curi_extract_init(&x, flags ^ CURI_EXTRACT_IRI, NULL) == CURI_OK);
        while (fz_extract_next(&x, text, len, 0, &om[on < MAXM ? on : MAXM - 1]) == 1)
            on++;
        a = flags & CURI_EXTRACT_IRI ? om : ms;
        b = flags & CURI_EXTRACT_IRI ? ms : om;
        an = flags & CURI_EXTRACT_IRI ? on : n;
        bnn = flags & CURI_EXTRACT_IRI ? n : on;
        if (an <= MAXM && bnn <= MAXM) {
            for (size_t j = 0; j < bnn; j++) {
                int high = 0;
                for (size_t k = b[j].begin; k < b[j].end; k++)
                    high |= (unsigned char)text[k] >= 0x80;
                if (high)
                    continue;
                FZ_CHECKF(i < an && a[i].begin == b[j].begin && a[i].end == b[j].end &&
                              a[i].flags == b[j].flags,
                          "URI-only match %zu differs from ASCII IRI match %zu", i, j);
                i++;
            }
            FZ_CHECKF(i == an, "URI-only: %zu matches, ASCII IRI matches: %zu", an, i);
        }
    }
    bn = blocks(text, len, bs, !(data[0] & 0x20), flags, bm);
    FZ_CHECKF(bn == n, "blocks of %zu: %zu matches, whole: %zu", bs, bn, n);
    for (size_t i = 0; i < n && i < MAXM; i++)
        FZ_CHECKF(bm[i].begin == ms[i].begin && bm[i].end == ms[i].end &&
                      bm[i].flags == ms[i].flags,
                  "blocks of %zu: match %zu is %zu-%zu/%x, whole: %zu-%zu/%x", bs, i, bm[i].begin,
                  bm[i].end, (unsigned)bm[i].flags, ms[i].begin, ms[i].end,
                  (unsigned)ms[i].flags);
    free(text);
    return 0;
}
