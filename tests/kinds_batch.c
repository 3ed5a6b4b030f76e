/*
 * kinds_batch.c -- the batch kind of curi-test, and the batch check that the
 * urlfile kind runs over whole URL lists.
 *
 * A batch case is a list of inputs, one per token (%flags: parse flags).  They
 * go to curi_parse_many and curi_normalize_many in one block, and each row and
 * each output must be what curi_parse and curi_normalize give for that input
 * alone.  curi_normalize_many is driven as a binding would drive it: first
 * with no buffer at all, then each time with a fresh buffer exactly as large as
 * the call said the next output needs, so every stop-and-go-on path runs.
 * SPDX-License-Identifier: MIT
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner.h"

/* Row i against curi_parse of the same bytes; returns 1 when they agree. */
static int row_agrees(tcase *tc, size_t i, const curi_row *r, const char *s, size_t n,
                      unsigned flags)
{
    curi_uri u;
    curi_error e = {CURI_OK, 0, 0};
    int rc = curi_parse(&u, s, n, flags, &e);
    const curi_str parts[CURI_ROW_PARTS] = {u.scheme, u.userinfo, u.host,    u.port,
                                            u.path,   u.query,    u.fragment};

    if (r->code != rc) {
        fail(tc, "row %zu %s: code: want %s: got %s", i, show(s, n), err_name(rc),
             err_name(r->code));
        return 0;
    }
    if (rc != CURI_OK) {
        for (int p = 0; p < CURI_ROW_PARTS; p++) {
            if (r->off[p] != CURI_ROW_ABSENT) {
                fail(tc, "row %zu: an invalid input has part %d present", i, p);
                return 0;
            }
        }
        if (r->value != e.offset) {
            fail(tc, "row %zu %s: error offset: want %zu: got %u", i, show(s, n), e.offset,
                 (unsigned)r->value);
            return 0;
        }
        return 1;
    }
    for (int p = 0; p < CURI_ROW_PARTS; p++) {
        int ok = parts[p].ptr == NULL
                     ? r->off[p] == CURI_ROW_ABSENT && r->len[p] == 0
                     : r->off[p] == (uint32_t)(parts[p].ptr - s) && r->len[p] == parts[p].len;
        if (!ok) {
            fail(tc, "row %zu %s: part %s: want %s", i, show(s, n),
                 curi_part_name((curi_part)p), show_str(parts[p]));
            return 0;
        }
    }
    if (r->host_type != u.host_type || r->port_status != u.port_status ||
        r->value != (u.port_status == CURI_PORT_VALID ? u.port_number : 0)) {
        fail(tc, "row %zu %s: host type, port status or port number differ", i, show(s, n));
        return 0;
    }
    return 1;
}

/* Output i of curi_normalize_many against curi_normalize alone; 1 when they agree. */
static int output_agrees(tcase *tc, size_t i, int code, const char *got, size_t glen,
                         const char *s, size_t n, unsigned pflags, unsigned mask)
{
    curi_uri u;
    int rc = curi_parse(&u, s, n, pflags, NULL);
    char *want = NULL;
    size_t wlen = 0;

    if (rc == CURI_OK) {
        size_t cap = curi_normalize_bound(&u);
        want = malloc(cap ? cap : 1);
        if (want == NULL) {
            fail(tc, "out of memory");
            return 0;
        }
        rc = curi_normalize(want, cap, &wlen, &u, mask, NULL);
        if (rc != CURI_OK) {
            wlen = 0;
        }
    }
    if (code != rc || glen != wlen || (wlen > 0 && memcmp(got, want, wlen) != 0)) {
        fail(tc, "normalize_many %zu %s: want %s %s: got %s %s", i, show(s, n), err_name(rc),
             show(want ? want : "", wlen), err_name(code), show(got, glen));
        free(want);
        return 0;
    }
    free(want);
    return 1;
}

int batch_check(tcase *tc, const char *data, const size_t *offsets, size_t n, unsigned pflags,
                unsigned mask)
{
    curi_row *rows = malloc((n ? n : 1) * sizeof *rows);
    size_t *ends = malloc((n ? n : 1) * sizeof *ends);
    uint16_t *codes = malloc((n ? n : 1) * sizeof *codes);
    size_t valid = 0, want_valid = 0, from = 0, calls = 0;
    int ok = 1;

    if (rows == NULL || ends == NULL || codes == NULL) {
        fail(tc, "out of memory");
        free(rows);
        free(ends);
        free(codes);
        return 0;
    }
    valid = curi_parse_many(rows, data, offsets, n, pflags);
    for (size_t i = 0; i < n && ok; i++) {
        const char *s = data + offsets[i];
        ok = row_agrees(tc, i, &rows[i], s, offsets[i + 1] - offsets[i], pflags);
        want_valid += rows[i].code == CURI_OK;
    }
    if (ok && valid != want_valid) {
        fail(tc, "parse_many returned %zu: want %zu valid", valid, want_valid);
        ok = 0;
    }

    /* Normalize: start with no buffer; after a stop at k, a buffer for exactly output k. */
    size_t cap = 0;
    while (ok && from < n) {
        char *dst = cap ? malloc(cap) : NULL;
        size_t done;
        if (cap && dst == NULL) {
            fail(tc, "out of memory");
            ok = 0;
            break;
        }
        done = curi_normalize_many(dst, cap, ends + from, codes + from, data, offsets + from,
                                   n - from, pflags, mask);
        calls++;
        /* A buffer sized as the last call said holds exactly the output it stopped at. */
        if (cap > 0 && (done == 0 || ends[from] != cap)) {
            fail(tc, "normalize_many at %zu: a buffer of the %zu bytes it asked for gave %s",
                 from, cap, done ? "another length" : "no progress");
            ok = 0;
        }
        for (size_t j = 0; j < done && ok; j++) {
            size_t i = from + j, start = j ? ends[i - 1] : 0;
            ok = output_agrees(tc, i, codes[i], dst ? dst + start : "", ends[i] - start,
                               data + offsets[i],
                               offsets[i + 1] - offsets[i], pflags, mask);
        }
        if (ok && done < n - from) {
            size_t start = done ? ends[from + done - 1] : 0;
            if (ends[from + done] <= start || (done == 0 && cap >= ends[from])) {
                fail(tc, "normalize_many stopped at %zu with cap %zu: ends %zu is no larger need",
                     from + done, cap, ends[from + done]);
                ok = 0;
            }
            cap = ends[from + done] - start;
        } else {
            cap = 0;
        }
        from += done;
        free(dst);
        if (calls > 2 * n + 2) {
            fail(tc, "normalize_many makes no progress");
            ok = 0;
        }
    }
    free(rows);
    free(ends);
    free(codes);
    return ok;
}

void kind_batch(tcase *tc)
{
    size_t total = 0, *offsets = malloc((size_t)(tc->n + 1) * sizeof *offsets);
    char *data;

    if (offsets == NULL) {
        fail(tc, "out of memory");
        return;
    }
    offsets[0] = 0;
    for (int i = 0; i < tc->n; i++) {
        total += tc->t[i].len;
        offsets[i + 1] = total;
    }
    data = gslot(G_IN0, total);
    for (int i = 0; i < tc->n; i++) {
        memcpy(data + offsets[i], tc->t[i].s, tc->t[i].len);
    }
    batch_check(tc, data, offsets, (size_t)tc->n, tc->flags, CURI_NORM_DEFAULT);
    free(offsets);
}
