/*
 * batch.c -- many inputs in one call, for bindings: one foreign call per batch
 * instead of one per URL and per attribute.
 *
 * Inputs come as spans (an array of curi_str) or as the lines of one block of
 * text.  curi_parse_many writes one fixed-width curi_row per input (offsets of
 * each component into that input, the host and port facts, or the error);
 * curi_valid_many only each input's code;
 * curi_normalize_many writes the normalized forms one after the other into one
 * buffer and their end offsets into an array, stopping before the first output
 * that does not fit so that the caller can grow the buffer and go on from
 * there.  The line forms cut a few lines at a time into spans on the stack and
 * run the span forms over them.  Everything only calls the one-input
 * functions: the batch forms cannot disagree with them.
 *
 * Why no (data, offsets) form, as 0.2 had: an Arrow column becomes spans in one
 * pass that costs far less than the parses, and every client so far holds
 * either separate strings or a block of lines.  One shape fewer to test and
 * to keep stable.
 * SPDX-License-Identifier: MIT
 */
#include <string.h>

#include "internal.h"

/* The parse flags the batch calls take: curi_parse's public ones. */
#define BATCH_PARSE_FLAGS ((CURI__PARSE_FLAGS & ~CURI__PARSE_SCALAR) | CURI_PARSE_IRI)

/* Lines cut into spans per round of the line forms (on the stack). */
enum { CHUNK = 64 };

/* One part's view as (offset into the input s, length), or absent; as integers, so that
 * an absent part (NULL) needs no branch and no pointer subtraction. */
static inline void put_part(curi_row *r, int part, curi_str v, const char *s)
{
    uint32_t at = (uint32_t)((uintptr_t)v.ptr - (uintptr_t)s);
    r->off[part] = v.ptr == NULL ? CURI_ROW_ABSENT : at;
    r->len[part] = (uint32_t)v.len;
}

/* The row of one input: its parts, or its error with every part absent.  Every field is
 * written (the row has no padding). */
static int row_of(curi_row *r, curi_str in, unsigned flags)
{
    curi_uri u;
    curi_error e = {CURI_OK, 0, 0};
    /* NULL with len 0 reads as "" (curi_parse does the same): the offsets need a base */
    const char *s = in.ptr != NULL || in.len > 0 ? in.ptr : "";
    int rc = curi_parse(&u, s, in.len, flags, &e);

    if (rc != CURI_OK) {
        for (int p = 0; p < CURI_ROW_PARTS; p++) {
            r->off[p] = CURI_ROW_ABSENT;
            r->len[p] = 0;
        }
        r->code = (uint16_t)rc;
        r->host_type = 0;
        r->port_status = 0;
        r->value = (uint32_t)e.offset;
        return 0;
    }
    put_part(r, CURI_PART_SCHEME, u.scheme, s);
    put_part(r, CURI_PART_USERINFO, u.userinfo, s);
    put_part(r, CURI_PART_HOST, u.host, s);
    put_part(r, CURI_PART_PORT, u.port, s);
    put_part(r, CURI_PART_PATH, u.path, s);
    put_part(r, CURI_PART_QUERY, u.query, s);
    put_part(r, CURI_PART_FRAGMENT, u.fragment, s);
    r->code = CURI_OK;
    r->host_type = (uint8_t)u.host_type;
    r->port_status = (uint8_t)u.port_status;
    r->value = u.port_status == CURI_PORT_VALID ? u.port_number : 0;
    return 1;
}

static size_t parse_spans(curi_row *rows, const curi_str *in, size_t n, unsigned flags)
{
    size_t valid = 0;

    for (size_t i = 0; i < n; i++) {
        valid += (size_t)row_of(&rows[i], in[i], flags);
    }
    return valid;
}

/*
 * Normalize in[0..n) into dst from *used on (ends[] are offsets into dst);
 * returns how many were done, fewer than n when output k did not fit (ends[k]
 * then says where it would end).
 */
static size_t normalize_spans(char *dst, size_t cap, size_t *used, size_t *ends, uint16_t *codes,
                              const curi_str *in, size_t n, unsigned parse_flags, unsigned mask)
{
    size_t at = *used, i;

    for (i = 0; i < n; i++) {
        curi_uri u;
        size_t len = 0;
        int rc = curi_parse(&u, in[i].ptr, in[i].len, parse_flags, NULL);

        if (rc == CURI_OK) {
            rc = curi_normalize(dst ? dst + at : NULL, cap - at, &len, &u, mask, NULL);
            if (rc == CURI_ERR_NOSPACE) {
                /* It does not fit: say where it would end, so the caller can grow dst. */
                ends[i] = at + len;
                break;
            }
            if (rc != CURI_OK) {
                len = 0;
            }
        }
        at += len;
        ends[i] = at;
        if (codes != NULL) {
            codes[i] = (uint16_t)rc;
        }
    }
    *used = at;
    return i;
}

/* Misuse: the counts are zeroed, nothing else is written. */
static int misuse(curi_error *err, size_t *a, size_t *b)
{
    if (a != NULL) {
        *a = 0;
    }
    if (b != NULL) {
        *b = 0;
    }
    return curi__fail(err, CURI_ERR_INVALID_ARG, 0);
}

int curi_parse_many(curi_row *rows, const curi_str *inputs, size_t n, unsigned flags,
                    size_t *valid, curi_error *err)
{
    if (valid == NULL || (n > 0 && (rows == NULL || inputs == NULL)) ||
        (flags & ~BATCH_PARSE_FLAGS)) {
        return misuse(err, valid, NULL);
    }
    *valid = parse_spans(rows, inputs, n, flags);
    return curi__ok(err);
}

int curi_valid_many(uint16_t *codes, const curi_str *inputs, size_t n, unsigned flags,
                    size_t *valid, curi_error *err)
{
    size_t ok = 0;

    if (valid == NULL || (n > 0 && inputs == NULL) || (flags & ~BATCH_PARSE_FLAGS)) {
        return misuse(err, valid, NULL);
    }
    for (size_t i = 0; i < n; i++) {
        curi_uri u;
        int rc = curi_parse(&u, inputs[i].ptr, inputs[i].len, flags, NULL);
        if (codes != NULL) {
            codes[i] = (uint16_t)rc;
        }
        ok += rc == CURI_OK;
    }
    *valid = ok;
    return curi__ok(err);
}

int curi_normalize_many(char *dst, size_t cap, size_t *ends, uint16_t *codes,
                        const curi_str *inputs, size_t n, unsigned parse_flags, unsigned mask,
                        size_t *done, curi_error *err)
{
    size_t used = 0;

    if (done == NULL || (n > 0 && (ends == NULL || inputs == NULL)) || (dst == NULL && cap > 0) ||
        (parse_flags & ~BATCH_PARSE_FLAGS) || (mask & ~CURI__NORM_FLAGS)) {
        return misuse(err, done, NULL);
    }
    *done = normalize_spans(dst, cap, &used, ends, codes, inputs, n, parse_flags, mask);
    return *done == n ? curi__ok(err) : curi__fail(err, CURI_ERR_NOSPACE, 0);
}

/*
 * Cut up to max lines of text[*pos..len) into spans, moving *pos past them (and
 * their '\n'); starts, when not NULL, gets where each begins.  Returns how many.
 */
static size_t cut_lines(curi_str *spans, size_t *starts, size_t max, const char *text,
                        size_t len, size_t *pos)
{
    size_t k = 0, p = *pos;

    while (k < max && p < len) {
        const char *nl = memchr(text + p, '\n', len - p);
        size_t end = nl ? (size_t)(nl - text) : len, l = end - p;

        if (nl != NULL && l > 0 && text[end - 1] == '\r') {
            l--; /* CR LF: the CR belongs to the line end */
        }
        spans[k].ptr = text + p;
        spans[k].len = l;
        if (starts != NULL) {
            starts[k] = p;
        }
        k++;
        p = nl ? end + 1 : len;
    }
    *pos = p;
    return k;
}

int curi_parse_lines(curi_row *rows, size_t *starts, size_t cap, const char *text, size_t len,
                     unsigned flags, size_t *lines, size_t *used, curi_error *err)
{
    curi_str spans[CHUNK];
    size_t n = 0, pos = 0;

    if (lines == NULL || used == NULL || (rows == NULL && cap > 0) ||
        (text == NULL && len > 0) || (flags & ~BATCH_PARSE_FLAGS)) {
        return misuse(err, lines, used);
    }
    while (n < cap && pos < len) {
        size_t k = cut_lines(spans, starts ? starts + n : NULL,
                             cap - n < CHUNK ? cap - n : CHUNK, text, len, &pos);
        parse_spans(rows + n, spans, k, flags);
        n += k;
    }
    *lines = n;
    *used = pos;
    return pos == len ? curi__ok(err) : curi__fail(err, CURI_ERR_NOSPACE, 0);
}

int curi_normalize_lines(char *dst, size_t dcap, size_t *ends, uint16_t *codes, size_t cap,
                         const char *text, size_t len, unsigned parse_flags, unsigned mask,
                         size_t *lines, size_t *used, curi_error *err)
{
    curi_str spans[CHUNK];
    size_t starts[CHUNK];
    size_t n = 0, pos = 0, at = 0;

    if (lines == NULL || used == NULL || (ends == NULL && cap > 0) ||
        (text == NULL && len > 0) || (dst == NULL && dcap > 0) ||
        (parse_flags & ~BATCH_PARSE_FLAGS) || (mask & ~CURI__NORM_FLAGS)) {
        return misuse(err, lines, used);
    }
    while (n < cap && pos < len) {
        size_t k = cut_lines(spans, starts, cap - n < CHUNK ? cap - n : CHUNK, text, len, &pos);
        size_t d = normalize_spans(dst, dcap, &at, ends + n, codes ? codes + n : NULL, spans, k,
                                   parse_flags, mask);
        n += d;
        if (d < k) {
            pos = starts[d]; /* line n did not fit: the next call starts with it */
            break;
        }
    }
    *lines = n;
    *used = pos;
    return pos == len ? curi__ok(err) : curi__fail(err, CURI_ERR_NOSPACE, 0);
}

/* A binding reads rows as 64-byte records: keep the layout. */
_Static_assert(sizeof(curi_row) == 64, "curi_row is 64 bytes");
