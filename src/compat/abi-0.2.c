/*
 * abi-0.2.c -- the 0.2.0 ABI of the functions whose signature 0.3.0 changed.
 *
 * 0.3.0 gave every function that can be misused one shape (an int code and a curi_error *,
 * results through out-parameters).  A program linked against 0.2.0 asks for the old
 * shapes by their symbol version (curi_compare@CURI_0.2 ...), and finds them here: each is
 * a thin wrapper over the new function, with the 0.2.0 answers for misuse (CURI_EQ_NONE,
 * 0, no rows).  New programs link the default versions (@@CURI_0.3) and never see these.
 *
 * Compiled into libcuri.so only (the static library has no symbol versions), and only by
 * a compiler that passes .symver to an ELF assembler.  SPDX-License-Identifier: MIT
 */
#include "../internal.h"

#if defined(__ELF__) && (defined(__GNUC__) || defined(__clang__)) && !defined(__TINYC__)

#define CURI__SYMVER(impl, name) __asm__(".symver " #impl ", " #name "@CURI_0.2")

curi_equiv curi__compare_0_2(const curi_uri *a, const curi_uri *b, curi_equiv max_level);
int curi__is_normalized_0_2(const curi_uri *u, unsigned mask);
void curi__query_init_0_2(curi_cursor *c, curi_str query, unsigned flags);

/* 0.2.0: the level, CURI_EQ_NONE also for a bad argument. */
CURI__SYMVER(curi__compare_0_2, curi_compare);
curi_equiv curi__compare_0_2(const curi_uri *a, const curi_uri *b, curi_equiv max_level)
{
    curi_equiv level;
    return curi_compare(a, b, max_level, &level, NULL) == CURI_OK ? level : CURI_EQ_NONE;
}

/* 0.2.0: 1 or 0, 0 also for a bad argument. */
CURI__SYMVER(curi__is_normalized_0_2, curi_is_normalized);
int curi__is_normalized_0_2(const curi_uri *u, unsigned mask)
{
    int result;
    return curi_is_normalized(u, mask, &result, NULL) == CURI_OK && result;
}

/* 0.2.0: no answer; a cursor the new call refuses yields no pairs. */
CURI__SYMVER(curi__query_init_0_2, curi_query_init);
void curi__query_init_0_2(curi_cursor *c, curi_str query, unsigned flags)
{
    (void)curi_query_init(c, query, flags, NULL);
}

size_t curi__parse_many_0_2(curi_row *rows, const char *data, const size_t *offsets, size_t n,
                            unsigned flags);
size_t curi__normalize_many_0_2(char *dst, size_t cap, size_t *ends, uint16_t *codes,
                                const char *data, const size_t *offsets, size_t n,
                                unsigned parse_flags, unsigned mask);

/* 0.2.0's refusal of a whole call: data NULL while some input is not empty. */
static int data_missing(const char *data, const size_t *offsets, size_t n)
{
    for (size_t i = 0; data == NULL && i < n; i++) {
        if (offsets[i + 1] > offsets[i]) {
            return 1;
        }
    }
    return 0;
}

/* Input i of an Arrow-style column, or NULL when its offsets decrease. */
static int input_at(curi_str *in, const char *data, const size_t *offsets, size_t i)
{
    if (offsets[i + 1] < offsets[i]) {
        return 0;
    }
    in->ptr = data != NULL ? data + offsets[i] : NULL;
    in->len = offsets[i + 1] - offsets[i];
    return 1;
}

/* 0.2.0: (data, offsets) inputs, the number of valid ones; a row of code code for an input
 * the call could not take (decreasing offsets, or flags the parse refuses). */
CURI__SYMVER(curi__parse_many_0_2, curi_parse_many);
size_t curi__parse_many_0_2(curi_row *rows, const char *data, const size_t *offsets, size_t n,
                            unsigned flags)
{
    size_t valid = 0, v;
    curi_str in;

    if (rows == NULL || offsets == NULL || data_missing(data, offsets, n)) {
        return 0;
    }
    for (size_t i = 0; i < n; i++) {
        int rc = input_at(&in, data, offsets, i)
                     ? curi_parse_many(&rows[i], &in, 1, flags, &v, NULL)
                     : CURI_ERR_INVALID_ARG;
        if (rc == CURI_OK) {
            valid += v;
            continue;
        }
        for (int p = 0; p < CURI_ROW_PARTS; p++) {
            rows[i].off[p] = CURI_ROW_ABSENT;
            rows[i].len[p] = 0;
        }
        rows[i].code = (uint16_t)rc;
        rows[i].host_type = 0;
        rows[i].port_status = 0;
        rows[i].value = 0;
    }
    return valid;
}

/* 0.2.0: (data, offsets) inputs, the number done; an input the call could not take gets an
 * empty output and its code. */
CURI__SYMVER(curi__normalize_many_0_2, curi_normalize_many);
size_t curi__normalize_many_0_2(char *dst, size_t cap, size_t *ends, uint16_t *codes,
                                const char *data, const size_t *offsets, size_t n,
                                unsigned parse_flags, unsigned mask)
{
    size_t pos = 0, done;
    curi_str in;

    if (ends == NULL || offsets == NULL || (dst == NULL && cap != 0) ||
        data_missing(data, offsets, n)) {
        return 0;
    }
    for (size_t i = 0; i < n; i++) {
        uint16_t code = CURI_ERR_INVALID_ARG;
        int rc = input_at(&in, data, offsets, i)
                     ? curi_normalize_many(dst != NULL ? dst + pos : NULL, cap - pos, &ends[i],
                                           &code, &in, 1, parse_flags, mask, &done, NULL)
                     : CURI_ERR_INVALID_ARG;
        if (rc == CURI_ERR_INVALID_ARG) {
            ends[i] = 0; /* refused as a whole: an empty output */
            code = CURI_ERR_INVALID_ARG;
        }
        ends[i] += pos;
        if (codes != NULL) {
            codes[i] = code;
        }
        if (rc == CURI_ERR_NOSPACE) {
            return i;
        }
        pos = ends[i];
    }
    return n;
}

#else
/* ISO C wants a translation unit to declare something. */
typedef int curi__compat_unused;
#endif
