/*
 * testing.h -- what the library's own tests, fuzz targets and benchmarks may use beyond
 * the public header.  Not installed: nothing here is part of the API or the ABI.
 * SPDX-License-Identifier: MIT
 */
#ifndef CURI_TESTING_H
#define CURI_TESTING_H

#include "curi.h"

/*
 * The private flag bits.  No public function takes them (each refuses them as an unknown bit,
 * CURI_ERR_INVALID_ARG); only the curi__* entry points below do.  libcuri.so does not export
 * those (src/libcuri.map): the suites, fuzz targets and benches link build/libcuri.a.
 */

/* curi__parse and curi__host_parse: use the portable scalar scanner even where the AVX2 one
 * would run, so that the suites can hold the two to the same answers. */
#define CURI__PARSE_SCALAR (1u << 4)

/* curi__lint_entry, in options->flags: parse with the scalar scanner and take the reference
 * paths (lenient split, full host walk); no finding may depend on it. */
#define CURI__LINT_SCALAR (1u << 8)

/* curi__scheme_parts_get: skip the http/https fast path, so that the suites hold it to the
 * general one. */
#define CURI__SCHEME_GENERAL (1u << 9)

/* curi__url_parse: no input through the fast path of the common special URL (whatwg.c's
 * fast()), every one through the Standard's state machine, so that the suites hold the two to
 * the same answers. */
#define CURI__URL_GENERAL (1u << 10)

/* curi_parse, curi_host_parse, curi_lint, curi_scheme_parts_get and curi_url_parse, each also
 * taking its private bit. */
int curi__parse(curi_uri *out, const char *s, size_t len, unsigned flags, curi_error *err);
int curi__host_parse(curi_uri *out, const char *s, size_t len, unsigned flags, curi_error *err);
int curi__lint_entry(const char *s, size_t len, const curi_lint_options *options,
                     curi_finding *out, size_t cap, size_t *count, curi_error *err);
int curi__scheme_parts_get(curi_scheme_parts *out, const curi_uri *u, unsigned flags,
                           const char **rule, curi_error *err);
int curi__url_parse(char *dst, size_t cap, size_t *outlen, curi_url *url, const char *input,
                    size_t len, const curi_url *base, unsigned flags, curi_error *err);

/*
 * curi_is_normalized and curi_compare with a choice of path: stream = 0 is what the public
 * functions do (two forward-written strings when both fit 512 bytes, else the streaming
 * comparison), stream = 1 always takes the streaming comparison, so that the suites hold
 * the two to the same answers on every case.
 */
int curi__is_normalized(const curi_uri *u, unsigned mask, int stream, int *result,
                        curi_error *err);
/*
 * The normalized form of u as back_write (how = 1) or the streaming comparison's reader
 * (how = 2; 3 to 8: with chunks of that many bytes instead of 256) produce it, into dst: its length, 0 when it does not fit cap or the walk's
 * length disagrees with the count.  The suites check both against curi_normalize.
 */
size_t curi__normalize_twin(char *dst, size_t cap, const curi_uri *u, unsigned mask, int how);
int curi__compare(const curi_uri *a, const curi_uri *b, curi_equiv max_level, int stream,
                  curi_equiv *level, curi_error *err);

#endif /* CURI_TESTING_H */
