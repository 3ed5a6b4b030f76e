/*
 * util.h -- what the fuzz targets share: exact-size copies of the input (so that
 * AddressSanitizer sees any read past the length), invariant checks that abort(),
 * a harness for the (dst, cap, outlen) contract of every curi writer, and small
 * reference implementations of RFC 3986 algorithms (5.2.4, 5.2.2, 2.1) written
 * the slow and literal way, to compare the library against.
 * SPDX-License-Identifier: MIT
 */
#ifndef CURI_FUZZ_UTIL_H
#define CURI_FUZZ_UTIL_H

#include <stddef.h>
#include <stdint.h>

#include "curi.h"

/* The libFuzzer entry point every target defines (the replay main calls it too). */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#if defined(__GNUC__) || defined(__clang__)
#define FZ_NORETURN __attribute__((noreturn))
#define FZ_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define FZ_NORETURN
#define FZ_PRINTF(f, a)
#endif

/* Print "file:line: invariant violated: ..." and abort(): the fuzzer records a crash. */
FZ_NORETURN void fz_fail(const char *file, int line, const char *fmt, ...) FZ_PRINTF(3, 4);

#define FZ_CHECK(cond)                                            \
    do {                                                          \
        if (!(cond))                                              \
            fz_fail(__FILE__, __LINE__, "%s", #cond);             \
    } while (0)
#define FZ_CHECKF(cond, ...)                                      \
    do {                                                          \
        if (!(cond))                                              \
            fz_fail(__FILE__, __LINE__, __VA_ARGS__);             \
    } while (0)

/* A heap buffer of exactly n bytes (never NULL; n == 0 gives a zero-size block). */
typedef struct fz_buf {
    char *p;
    size_t n;
} fz_buf;

/* Copy n bytes into a fresh malloc block of exactly n bytes. */
char *fz_dup(const void *s, size_t n);
/* An uninitialised malloc block of exactly n bytes. */
char *fz_alloc(size_t n);
void fz_free(fz_buf *b);
int fz_eq(const char *a, size_t alen, const char *b, size_t blen);
int fz_buf_eq(const fz_buf *a, const fz_buf *b);

/* Printable form of bytes for messages (static buffer: one call per printf). */
const char *fz_show(const char *s, size_t n);
const char *fz_show2(const char *s, size_t n);

/*
 * Split s[0..n) at the first byte sep: *a is what precedes it, *b what follows.
 * Returns 0 (and *a = everything, *b empty) when sep does not occur.
 */
int fz_split(const char *s, size_t n, char sep, const char **a, size_t *alen, const char **b,
             size_t *blen);

/*
 * The writer contract of curi.h.  fn(dst, cap, outlen, ctx) wraps one curi
 * writer.  fz_write calls it with cap = bound; when that succeeds it checks
 * that *outlen <= bound, that cap = *outlen exactly succeeds with the same
 * bytes, and that cap = *outlen - 1 (in a block of that exact size), cap = 0
 * with dst NULL, and cap = *outlen / 2 all return CURI_ERR_NOSPACE with the
 * same *outlen.  On success *out receives the output in an exact-size block.
 * Returns the writer's code with cap = bound (never CURI_ERR_NOSPACE: the
 * bound must be enough).
 */
typedef int (*fz_writer)(char *dst, size_t cap, size_t *outlen, const void *ctx);
int fz_write(fz_writer fn, const void *ctx, size_t bound, fz_buf *out);

/*
 * curi_parse with the error contract checked: the returned code equals
 * err.code, err.offset <= len, and on success every view lies inside s.  It calls
 * curi__parse (testing.h), so flags may hold CURI__PARSE_SCALAR.
 */
int fz_parse(curi_uri *u, const char *s, size_t len, unsigned flags, curi_error *err);

/*
 * The answers of the calls that report them through out-parameters, with their error model
 * checked (the code equals err.code; the answer is zeroed on an error).  fz_compare and
 * fz_is_normalized take the suites' stream switch (testing.h) and read CURI_ERR_STRUCTURE (a
 * hand-built reference curi_normalize refuses) as CURI_EQ_NONE and 0; anything else but
 * CURI_OK aborts.  fz_lint runs curi__lint_entry (so options may hold CURI__LINT_SCALAR) and
 * aborts unless CURI_OK.  fz_extract_next gives *found, or -1 for CURI_ERR_INVALID_ARG.
 */
curi_equiv fz_compare(const curi_uri *a, const curi_uri *b, curi_equiv max_level, int stream);
int fz_is_normalized(const curi_uri *u, unsigned mask, int stream);
size_t fz_lint(const char *s, size_t len, const curi_lint_options *options, curi_finding *out,
               size_t cap);
int fz_extract_next(curi_extractor *x, const char *text, size_t len, unsigned flags,
                    curi_match *m);

/* curi_recompose through fz_write; aborts when it fails.  out is an exact-size block. */
void fz_recompose(const curi_uri *u, fz_buf *out);
/* curi_recompose through fz_write; returns the code. */
int fz_try_recompose(const curi_uri *u, fz_buf *out, curi_error *err);

/* Both absent, or both present with the same bytes. */
int fz_str_same(curi_str a, curi_str b);
/* Every component, the host type and address, zone and port status/number agree. */
int fz_uri_same(const curi_uri *a, const curi_uri *b);
/* Print the components of u to stderr (after a failed check, for the report). */
void fz_dump(const char *label, const curi_uri *u);

/* 5.2.4 remove_dot_segments, literally: two string buffers and steps A to E. */
void fz_ref_remove_dots(const char *s, size_t n, fz_buf *out);

/*
 * 5.2.2 (strict unless non_strict) and 5.2.3, then 5.3, written from the RFC's
 * pseudo-code, with the one liberty curi.h documents: a path that would start
 * with "//" without an authority is written with "/." in front of it.
 */
void fz_ref_resolve(const curi_uri *base, const curi_uri *ref, int non_strict, fz_buf *out);

/* 2.1 decoding, literally; returns 0 and the offset of the first bad '%' on failure. */
/* plus: 1 when '+' is a space, | FZ_DECODE_LENIENT when a '%' that starts no triplet is
 * copied as itself (then it never fails). */
#define FZ_DECODE_LENIENT 2
int fz_ref_decode(const char *s, size_t n, int plus, fz_buf *out, size_t *bad);

/* 1 if s[0..n) contains a dot segment ("." or ".." between slashes or at an end). */
int fz_has_dot_segment(const char *s, size_t n);

#endif /* CURI_FUZZ_UTIL_H */
