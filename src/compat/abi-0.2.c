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

#else
/* ISO C wants a translation unit to declare something. */
typedef int curi__compat_unused;
#endif
