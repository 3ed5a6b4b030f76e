/*
 * batch.c -- many inputs in one call, for bindings: one foreign call per batch
 * instead of one per URL and per attribute.
 *
 * Inputs come as one block and an offsets array, the layout of Arrow string
 * columns: input i is data[offsets[i] .. offsets[i+1]).  curi_parse_many
 * writes one fixed-width curi_row per input (offsets of each component into
 * that input, the host and port facts, or the error); curi_normalize_many
 * writes the normalized forms one after the other into one buffer and their
 * end offsets into an array, stopping before the first output that does not
 * fit so that the caller can grow the buffer and go on from there.
 * Both only call the one-input functions: the batch forms cannot disagree
 * with them.
 * SPDX-License-Identifier: MIT
 */
#include <string.h>

#include "internal.h"

/* One part's view as (offset into the input, length), or absent. */
static void put_span(curi_row *r, int part, curi_str v, const char *base)
{
    if (v.ptr == NULL) {
        r->off[part] = CURI_ROW_ABSENT;
        r->len[part] = 0;
    } else {
        r->off[part] = (uint32_t)(v.ptr - base);
        r->len[part] = (uint32_t)v.len;
    }
}

/* The row of one input: its parts, or its error with every part absent. */
static int row_of(curi_row *r, const char *s, size_t n, unsigned flags)
{
    curi_uri u;
    curi_error e = {CURI_OK, 0, 0};
    int rc = curi_parse(&u, s, n, flags, &e);

    memset(r, 0, sizeof *r);
    if (rc != CURI_OK) {
        for (int p = 0; p < CURI_ROW_PARTS; p++) {
            r->off[p] = CURI_ROW_ABSENT;
        }
        r->code = (uint16_t)rc;
        r->value = (uint32_t)e.offset;
        return 0;
    }
    put_span(r, CURI_PART_SCHEME, u.scheme, s);
    put_span(r, CURI_PART_USERINFO, u.userinfo, s);
    put_span(r, CURI_PART_HOST, u.host, s);
    put_span(r, CURI_PART_PORT, u.port, s);
    put_span(r, CURI_PART_PATH, u.path, s);
    put_span(r, CURI_PART_QUERY, u.query, s);
    put_span(r, CURI_PART_FRAGMENT, u.fragment, s);
    r->host_type = (uint8_t)u.host_type;
    r->port_status = (uint8_t)u.port_status;
    r->value = u.port_status == CURI_PORT_VALID ? u.port_number : 0;
    return 1;
}

/* Whether input i is well delimited: offsets never decrease. */
static int offsets_ok(const size_t *offsets, size_t i)
{
    return offsets[i + 1] >= offsets[i];
}

size_t curi_parse_many(curi_row *rows, const char *data, const size_t *offsets, size_t n,
                       unsigned flags)
{
    size_t valid = 0;

    if (rows == NULL || offsets == NULL || (data == NULL && n > 0 && offsets[n] != offsets[0])) {
        return 0;
    }
    for (size_t i = 0; i < n; i++) {
        if (!offsets_ok(offsets, i)) {
            memset(&rows[i], 0, sizeof rows[i]);
            for (int p = 0; p < CURI_ROW_PARTS; p++) {
                rows[i].off[p] = CURI_ROW_ABSENT;
            }
            rows[i].code = CURI_ERR_INVALID_ARG;
            continue;
        }
        valid += (size_t)row_of(&rows[i], data ? data + offsets[i] : "",
                                offsets[i + 1] - offsets[i], flags);
    }
    return valid;
}

size_t curi_normalize_many(char *dst, size_t cap, size_t *ends, uint16_t *codes, const char *data,
                           const size_t *offsets, size_t n, unsigned parse_flags, unsigned mask)
{
    size_t used = 0, i;

    if (ends == NULL || offsets == NULL || (dst == NULL && cap > 0) ||
        (data == NULL && n > 0 && offsets[n] != offsets[0])) {
        return 0;
    }
    for (i = 0; i < n; i++) {
        curi_uri u;
        size_t len = 0;
        int rc;

        if (!offsets_ok(offsets, i)) {
            rc = CURI_ERR_INVALID_ARG;
        } else {
            rc = curi_parse(&u, data ? data + offsets[i] : "", offsets[i + 1] - offsets[i],
                            parse_flags, NULL);
        }
        if (rc == CURI_OK) {
            rc = curi_normalize(dst ? dst + used : NULL, cap - used, &len, &u, mask, NULL);
            if (rc == CURI_ERR_NOSPACE) {
                /* It does not fit: say where it would end, so the caller can grow dst. */
                ends[i] = used + len;
                break;
            }
            if (rc != CURI_OK) {
                len = 0;
            }
        }
        used += len;
        ends[i] = used;
        if (codes != NULL) {
            codes[i] = (uint16_t)rc;
        }
    }
    return i;
}

/* A binding reads rows as 64-byte records: keep the layout. */
_Static_assert(sizeof(curi_row) == 64, "curi_row is 64 bytes");
