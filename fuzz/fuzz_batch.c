/*
 * fuzz_batch.c -- libFuzzer target for curi_parse_many, curi_valid_many,
 * curi_normalize_many and curi_parse_lines.
 * Input: one control byte (bits 0-3: parse flags; bits 4-7: the normalize
 * buffer's first size, 0..15 times 8 bytes), then inputs separated by '\n'
 * (the spans of the batch: a '\r' before the '\n' stays in its input).  The
 * same text also goes to curi_parse_lines, two lines per call.  Invariants:
 *  - each row equals curi_parse of its input alone: the parts' offsets and
 *    lengths, host type, port status and number, or the error and its offset
 *    with every part absent; *valid counts the valid rows; curi_valid_many
 *    gives each row's code and the same count;
 *  - curi_normalize_many, driven from any first buffer size and then with a
 *    fresh buffer of exactly the size it asked for, gives each input's
 *    curi_normalize output (empty with the error code for an invalid one),
 *    and always makes progress;
 *  - curi_parse_lines cuts the same lines (less a '\r' before their '\n')
 *    and gives each the row curi_parse gives it.
 * SPDX-License-Identifier: MIT
 */
#include <stdlib.h>
#include <string.h>

#include "util.h"

enum { MAX_INPUTS = 4096 };

static void check_row(const curi_row *r, const char *s, size_t n, unsigned flags)
{
    curi_uri u;
    curi_error e = {CURI_OK, 0, 0};
    int rc = curi_parse(&u, s, n, flags, &e);
    const curi_str parts[CURI_ROW_PARTS] = {u.scheme, u.userinfo, u.host,    u.port,
                                            u.path,   u.query,    u.fragment};

    FZ_CHECKF(r->code == rc, "row of %s: code %d, want %d", fz_show(s, n), r->code, rc);
    for (int p = 0; p < CURI_ROW_PARTS; p++) {
        if (rc != CURI_OK || parts[p].ptr == NULL) {
            FZ_CHECKF(r->off[p] == CURI_ROW_ABSENT && r->len[p] == 0, "row of %s: part %d",
                      fz_show(s, n), p);
        } else {
            FZ_CHECKF(r->off[p] == (uint32_t)(parts[p].ptr - s) && r->len[p] == parts[p].len,
                      "row of %s: part %d", fz_show(s, n), p);
        }
    }
    if (rc != CURI_OK) {
        FZ_CHECK(r->value == e.offset);
    } else {
        FZ_CHECK(r->host_type == u.host_type && r->port_status == u.port_status);
        FZ_CHECK(r->value == (u.port_status == CURI_PORT_VALID ? u.port_number : 0u));
    }
}

static void check_output(int code, const char *got, size_t glen, const char *s, size_t n,
                         unsigned flags)
{
    curi_uri u;
    fz_buf want = {NULL, 0};
    int rc = curi_parse(&u, s, n, flags, NULL);
    size_t cap, wlen = 0;

    if (rc == CURI_OK) {
        cap = curi_normalize_bound(&u);
        want.p = fz_alloc(cap);
        rc = curi_normalize(want.p, cap, &wlen, &u, CURI_NORM_DEFAULT, NULL);
        if (rc != CURI_OK)
            wlen = 0;
    }
    FZ_CHECKF(code == rc && fz_eq(got, glen, want.p ? want.p : "", wlen),
              "normalize_many of %s: %d %s, want %d %s", fz_show(s, n), code,
              fz_show(got, glen), rc, fz_show2(want.p ? want.p : "", wlen));
    free(want.p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static size_t ends[MAX_INPUTS], starts[2];
    static uint16_t codes[MAX_INPUTS];
    static curi_row rows[MAX_INPUTS];
    static curi_str in[MAX_INPUTS];
    unsigned flags;
    size_t n = 0, valid = 0, from = 0, cap, calls = 0, end = 1;
    const char *text = (const char *)data + 1;

    if (size < 1)
        return 0;
    flags = data[0] & 15u;
    cap = (size_t)(data[0] >> 4) * 8;
    for (size_t i = 1; i < size && n < MAX_INPUTS; n++) {
        const uint8_t *nl = memchr(data + i, '\n', size - i);
        size_t len = nl ? (size_t)(nl - (data + i)) : size - i;
        in[n].ptr = (const char *)data + i;
        in[n].len = len;
        i += len + 1;
        end = i < size ? i : size;
    }

    FZ_CHECK(curi_parse_many(rows, in, n, flags, &valid, NULL) == CURI_OK);
    {
        size_t want = 0;
        for (size_t i = 0; i < n; i++) {
            check_row(&rows[i], in[i].ptr, in[i].len, flags);
            want += rows[i].code == CURI_OK;
        }
        FZ_CHECKF(valid == want, "parse_many said %zu valid, %zu rows valid", valid, want);
        FZ_CHECK(curi_valid_many(codes, in, n, flags, &want, NULL) == CURI_OK && want == valid);
        for (size_t i = 0; i < n; i++)
            FZ_CHECKF(codes[i] == rows[i].code, "valid_many of %s: %u, row %u",
                      fz_show(in[i].ptr, in[i].len), codes[i], rows[i].code);
    }

    while (from < n) {
        char *dst = cap ? fz_alloc(cap) : NULL;
        size_t done = 0;
        int rc = curi_normalize_many(dst, cap, ends + from, codes + from, in + from, n - from,
                                     flags, CURI_NORM_DEFAULT, &done, NULL);
        FZ_CHECK(done <= n - from && rc == (done == n - from ? CURI_OK : CURI_ERR_NOSPACE));
        for (size_t j = 0; j < done; j++) {
            size_t i = from + j, start = j ? ends[i - 1] : 0;
            FZ_CHECK(ends[i] >= start && ends[i] <= cap);
            check_output(codes[i], dst ? dst + start : "", ends[i] - start, in[i].ptr,
                         in[i].len, flags);
        }
        if (done < n - from) {
            size_t start = done ? ends[from + done - 1] : 0;
            FZ_CHECKF(ends[from + done] > cap, "stopped at %zu although %zu bytes fit",
                      from + done, cap);
            cap = ends[from + done] - start;
        }
        from += done;
        free(dst);
        FZ_CHECKF(++calls <= 2 * n + 2, "normalize_many makes no progress");
    }

    /* The same text (up to where the spans stopped) as lines, two per call. */
    {
        size_t pos = 0, tlen = end - 1, i = 0;
        while (pos < tlen) {
            size_t lines = 0, used = 0;
            int rc = curi_parse_lines(rows, starts, 2, text + pos, tlen - pos, flags, &lines,
                                      &used, NULL);
            FZ_CHECK(lines <= 2 && used <= tlen - pos && used > 0);
            FZ_CHECK(rc == (pos + used == tlen ? CURI_OK : CURI_ERR_NOSPACE));
            for (size_t j = 0; j < lines; j++, i++) {
                size_t l = in[i].len;
                if (l > 0 && in[i].ptr[l - 1] == '\r' && in[i].ptr + l < text + tlen)
                    l--; /* CR LF: the CR belongs to the line end */
                FZ_CHECKF(i < n && text + pos + starts[j] == in[i].ptr,
                          "parse_lines: line %zu begins elsewhere", i);
                check_row(&rows[j], in[i].ptr, l, flags);
            }
            pos += used;
        }
        FZ_CHECKF(i == n, "parse_lines cut %zu lines, the spans %zu", i, n);
    }
    return 0;
}
