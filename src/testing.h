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

#endif /* CURI_TESTING_H */
