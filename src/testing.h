/*
 * testing.h -- what the library's own tests, fuzz targets and benchmarks may use beyond
 * the public header.  Not installed: nothing here is part of the API or the ABI.
 * SPDX-License-Identifier: MIT
 */
#ifndef CURI_TESTING_H
#define CURI_TESTING_H

/*
 * A curi_parse (and curi_host_parse, curi_set) flag: use the portable scalar scanner even
 * where the AVX2 one would run, so that the suites can hold the two to the same answers.
 */
#define CURI__PARSE_SCALAR (1u << 4)

/* A curi_lint flag: parse with the scalar scanner (syntax-invalid must not depend on it). */
#define CURI__LINT_SCALAR (1u << 8)

/* A curi_scheme_parts_get flag: skip the http/https fast path, so that the suites hold it to
 * the general one. */
#define CURI__SCHEME_GENERAL (1u << 9)

/*
 * curi_is_normalized and curi_compare with a choice of path: stream = 0 is what the public
 * functions do (two forward-written strings when both fit 512 bytes, else the streaming
 * comparison), stream = 1 always takes the streaming comparison, so that the suites hold
 * the two to the same answers on every case.
 */
#include "curi.h"
int curi__is_normalized(const curi_uri *u, unsigned mask, int stream);
/*
 * The normalized form of u as back_write (how = 1) or the streaming comparison's reader
 * (how = 2; 3 to 8: with chunks of that many bytes instead of 256) produce it, into dst: its length, 0 when it does not fit cap or the walk's
 * length disagrees with the count.  The suites check both against curi_normalize.
 */
size_t curi__normalize_twin(char *dst, size_t cap, const curi_uri *u, unsigned mask, int how);
curi_equiv curi__compare(const curi_uri *a, const curi_uri *b, curi_equiv max_level, int stream);

#endif /* CURI_TESTING_H */
