/*
 * kinds_batch.c -- the batch and lines kinds of curi-test, and the batch check
 * that the urlfile kind runs over whole URL lists.
 *
 * A batch case is a list of inputs, one per token (%flags: parse flags).  They
 * go to curi_parse_many, curi_valid_many and curi_normalize_many as spans, and, each followed
 * by '\n' in one block, to curi_parse_lines and curi_normalize_lines (unless
 * one holds a '\n' or ends in '\r', which a line cannot); each row and each
 * output must be what curi_parse and curi_normalize give for that input alone.
 * A lines case is a block of text (the first token) and the inputs its lines
 * must be (the other tokens), checked the same way.  The normalize calls are
 * driven as a binding would drive them: first with no buffer at all, then
 * each time with a fresh buffer exactly as large as the call said the next
 * output needs, so every stop-and-go-on path runs; the line forms are also
 * driven one line per call and a few lines per call.
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

/* Drive curi_normalize_many (lines == 0) or curi_normalize_lines over text (with at
 * most `lines` lines per call) from no buffer on; every output against the input alone. */
static int normalize_driven(tcase *tc, const curi_str *in, size_t n, const char *text,
                            size_t tlen, size_t per, unsigned pflags, unsigned mask)
{
    size_t *ends = malloc((n ? n : 1) * sizeof *ends);
    uint16_t *codes = malloc((n ? n : 1) * sizeof *codes);
    size_t from = 0, calls = 0, cap = 0, pos = 0;
    const char *form = text ? "normalize_lines" : "normalize_many";
    int ok = ends != NULL && codes != NULL;

    if (!ok) {
        fail(tc, "out of memory");
    }
    while (ok && (from < n || (text && pos < tlen))) {
        char *dst = cap ? malloc(cap) : NULL;
        size_t done = 0, used = 0, max = n - from;
        curi_error e = {-1, 99, 0};
        int rc;

        if (cap && dst == NULL) {
            fail(tc, "out of memory");
            ok = 0;
            break;
        }
        if (text) {
            max = per < n - from ? per : n - from;
            rc = curi_normalize_lines(dst, cap, ends + from, codes + from, max, text + pos,
                                      tlen - pos, pflags, mask, &done, &used, &e);
        } else {
            rc = curi_normalize_many(dst, cap, ends + from, codes + from, in + from, n - from,
                                     pflags, mask, &done, &e);
        }
        calls++;
        if (rc != e.code || e.offset != 0 ||
            rc != (from + done == n && (!text || pos + used == tlen) ? CURI_OK : CURI_ERR_NOSPACE)) {
            fail(tc, "%s at %zu: returned %s (err %d) with %zu done of %zu", form, from,
                 err_name(rc), e.code, done, n - from);
            ok = 0;
        }
        /* A buffer sized as the last call said holds exactly the output it stopped at. */
        if (ok && cap > 0 && (done == 0 || ends[from] != cap)) {
            fail(tc, "%s at %zu: a buffer of the %zu bytes it asked for gave %s", form, from,
                 cap, done ? "another length" : "no progress");
            ok = 0;
        }
        for (size_t j = 0; j < done && ok; j++) {
            size_t i = from + j, start = j ? ends[i - 1] : 0;
            ok = output_agrees(tc, i, codes[i], dst ? dst + start : "", ends[i] - start,
                               in[i].ptr, in[i].len, pflags, mask);
        }
        if (ok && done < max) {
            size_t start = done ? ends[from + done - 1] : 0;
            if (ends[from + done] <= start || (done == 0 && cap >= ends[from])) {
                fail(tc, "%s stopped at %zu with cap %zu: ends %zu is no larger need", form,
                     from + done, cap, ends[from + done]);
                ok = 0;
            }
            cap = ends[from + done] - start;
        } else {
            cap = 0;
        }
        if (ok && text && (used > tlen - pos ||
                           (from + done < n && text + pos + used != in[from + done].ptr))) {
            fail(tc, "%s at %zu: used %zu bytes: not where line %zu begins", form, from, used,
                 from + done);
            ok = 0;
        }
        from += done;
        pos += used;
        free(dst);
        if (calls > 2 * n + 2) {
            fail(tc, "%s makes no progress", form);
            ok = 0;
        }
    }
    free(ends);
    free(codes);
    return ok;
}

/* The span inputs in[0..n) against the one-input functions. */
static int spans_check(tcase *tc, const curi_str *in, size_t n, unsigned pflags, unsigned mask)
{
    curi_row *rows = malloc((n ? n : 1) * sizeof *rows);
    size_t valid = 99, want_valid = 0;
    curi_error e = {-1, 99, 0};
    int ok = rows != NULL;

    if (!ok) {
        fail(tc, "out of memory");
        return 0;
    }
    if (curi_parse_many(rows, in, n, pflags, &valid, &e) != CURI_OK || e.code != CURI_OK) {
        fail(tc, "parse_many refused the batch: %s", err_name(e.code));
        ok = 0;
    }
    for (size_t i = 0; i < n && ok; i++) {
        ok = row_agrees(tc, i, &rows[i], in[i].ptr, in[i].len, pflags);
        want_valid += rows[i].code == CURI_OK;
    }
    if (ok && valid != want_valid) {
        fail(tc, "parse_many said %zu valid: want %zu", valid, want_valid);
        ok = 0;
    }
    /* curi_valid_many: each row's code, and the same count */
    if (ok) {
        uint16_t *codes = malloc((n ? n : 1) * sizeof *codes);
        size_t v2 = 99;
        if (codes == NULL || curi_valid_many(codes, in, n, pflags, &v2, &e) != CURI_OK ||
            v2 != valid) {
            fail(tc, "valid_many: %zu valid: want %zu", v2, valid);
            ok = 0;
        }
        for (size_t i = 0; i < n && ok; i++) {
            if (codes[i] != rows[i].code) {
                fail(tc, "valid_many %zu %s: code %s: want %s", i, show(in[i].ptr, in[i].len),
                     err_name(codes[i]), err_name(rows[i].code));
                ok = 0;
            }
        }
        free(codes);
    }
    free(rows);
    return ok && normalize_driven(tc, in, n, NULL, 0, 0, pflags, mask);
}

/*
 * curi_parse_lines over text must cut exactly the inputs want[0..n), row by row as
 * curi_parse gives them, with all lines in one call and with `per` lines per call;
 * then curi_normalize_lines, driven, per line as curi_normalize.
 */
static int lines_check(tcase *tc, const char *text, size_t len, const curi_str *want, size_t n,
                       unsigned pflags, unsigned mask)
{
    curi_row *rows = malloc((n + 1) * sizeof *rows);
    size_t *starts = malloc((n + 1) * sizeof *starts);
    int ok = rows != NULL && starts != NULL;
    static const size_t pers[] = {0, 1, 3};

    if (!ok) {
        fail(tc, "out of memory");
    }
    for (size_t k = 0; k < sizeof pers / sizeof pers[0] && ok; k++) {
        size_t per = pers[k] ? pers[k] : n + 1, from = 0, pos = 0, calls = 0;
        do {
            size_t lines = 99, used = 99;
            curi_error e = {-1, 99, 0};
            int rc = curi_parse_lines(rows + from, starts + from, per, text + pos, len - pos,
                                      pflags, &lines, &used, &e);
            int want_rc = from + lines == n ? CURI_OK : CURI_ERR_NOSPACE;

            if (rc != want_rc || e.code != rc || lines > per || from + lines > n ||
                (rc == CURI_ERR_NOSPACE && lines != per) || used > len - pos) {
                fail(tc, "parse_lines (%zu per call) at line %zu: %s, %zu lines, %zu bytes: "
                         "want %zu lines in all",
                     per, from, err_name(rc), lines, used, n);
                ok = 0;
                break;
            }
            for (size_t j = 0; j < lines && ok; j++) {
                size_t i = from + j;
                const char *s = text + pos + starts[i];
                if (s != want[i].ptr) {
                    fail(tc, "parse_lines: line %zu begins at byte %zu: want %zu", i,
                         (size_t)(s - text), (size_t)(want[i].ptr - text));
                    ok = 0;
                } else {
                    ok = row_agrees(tc, i, &rows[i], s, want[i].len, pflags);
                }
            }
            from += lines;
            pos += used;
            if (++calls > n + 2) {
                fail(tc, "parse_lines makes no progress");
                ok = 0;
            }
        } while (ok && pos < len);
        if (ok && from != n) {
            fail(tc, "parse_lines (%zu per call): %zu lines: want %zu", per, from, n);
            ok = 0;
        }
        if (ok) {
            ok = normalize_driven(tc, want, n, text, len, per, pflags, mask);
        }
    }
    free(rows);
    free(starts);
    return ok;
}

int batch_check(tcase *tc, const char *data, const size_t *offsets, size_t n, unsigned pflags,
                unsigned mask)
{
    curi_str *in = malloc((n ? n : 1) * sizeof *in), *lin = malloc((n ? n : 1) * sizeof *lin);
    char *block = malloc(offsets[n] - offsets[0] + n + 1);
    size_t blen = 0;
    int ok = in != NULL && lin != NULL && block != NULL, lines_ok = 1;

    if (!ok) {
        fail(tc, "out of memory");
    }
    for (size_t i = 0; i < n && ok; i++) {
        size_t l = offsets[i + 1] - offsets[i];
        in[i].ptr = data + offsets[i];
        in[i].len = l;
        /* the same input as line i of a block, each ended by '\n' */
        if (memchr(in[i].ptr, '\n', l) != NULL || (l > 0 && in[i].ptr[l - 1] == '\r')) {
            lines_ok = 0;
        }
        memcpy(block + blen, in[i].ptr, l);
        lin[i].ptr = block + blen;
        lin[i].len = l;
        blen += l;
        block[blen++] = '\n';
    }
    ok = ok && spans_check(tc, in, n, pflags, mask);
    if (ok && lines_ok) {
        ok = lines_check(tc, block, blen, lin, n, pflags, mask);
    }
    free(in);
    free(lin);
    free(block);
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

/*
 * A lines case: the block (token 0), then the inputs its lines must be.  Each listed
 * input is found in the block where the previous one's line ended.
 */
void kind_lines(tcase *tc)
{
    size_t n = tc->n > 0 ? (size_t)tc->n - 1 : 0, pos = 0;
    curi_str *want = malloc((n ? n : 1) * sizeof *want);
    char *text;

    if (tc->n < 1 || want == NULL) {
        fail(tc, tc->n < 1 ? "a lines case needs its block" : "out of memory");
        free(want);
        return;
    }
    text = gslot(G_IN0, tc->t[0].len);
    memcpy(text, tc->t[0].s, tc->t[0].len);
    for (size_t i = 0; i < n; i++) {
        const tok *t = &tc->t[i + 1];
        if (pos + t->len > tc->t[0].len || memcmp(text + pos, t->s, t->len) != 0) {
            fail(tc, "line %zu of the block is not %s", i, show(t->s, t->len));
            free(want);
            return;
        }
        want[i].ptr = text + pos;
        want[i].len = t->len;
        /* past the line end: an optional '\r', then '\n' (none after the last line) */
        pos += t->len;
        if (pos < tc->t[0].len && text[pos] == '\r' && pos + 1 < tc->t[0].len &&
            text[pos + 1] == '\n') {
            pos++;
        }
        if (pos < tc->t[0].len) {
            pos++;
        }
    }
    lines_check(tc, text, tc->t[0].len, want, n, tc->flags, CURI_NORM_DEFAULT);
    free(want);
}
