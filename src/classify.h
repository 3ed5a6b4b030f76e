/*
 * classify.h -- the one AVX2 kernel that classifies a short input (at most 64 bytes) into
 * 64-bit masks, bit i for byte i, for the parser's scanner (parse.c) and the lint's fast
 * path (lint/lint.c).  The bytes are loaded once, never past the end: at least 32 bytes as
 * two overlapping 32-byte vectors (the first 32 and the last 32), 16 to 31 as one vector of
 * two overlapping halves (the first 16 and the last 16), under 16 from a zeroed copy (0x00
 * is in no class).  A caller turns each vector into a 32-bit mask (a class of chartab.c's
 * nibble tables with curi__classify_miss, or a byte compare), and curi__classify_join
 * joins the two into the input's mask; overlapping bytes give the same bits from both.
 * Only with CURI__HAVE_AVX2; the scalar twins are the callers' own loops.
 * SPDX-License-Identifier: MIT
 */
#ifndef CURI_CLASSIFY_H
#define CURI_CLASSIFY_H

#include "internal.h"

#ifdef CURI__HAVE_AVX2
#include <immintrin.h>

/* s[0..len), len <= 64, loaded: a, and b when len >= 32 (else zero). */
typedef struct curi__vec64 {
    __m256i a, b;
} curi__vec64;

__attribute__((target("avx2"), always_inline)) static inline curi__vec64
curi__classify_load(const char *s, size_t len)
{
    curi__vec64 v;
    if (len >= 32) {
        v.a = _mm256_loadu_si256((const __m256i *)(const void *)s);
        v.b = _mm256_loadu_si256((const __m256i *)(const void *)(s + len - 32));
        return v;
    }
    v.b = _mm256_setzero_si256();
    if (len >= 16) {
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)s);
        __m128i y = _mm_loadu_si128((const __m128i *)(const void *)(s + len - 16));
        v.a = _mm256_inserti128_si256(_mm256_castsi128_si256(x), y, 1);
    } else {
        char buf[16] = {0};
        memcpy(buf, s, len);
        v.a = _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)buf));
    }
    return v;
}

/* The two shuffle indices every class test of v needs: low nibbles, high-nibble row bits.
 * The low-nibble index is v itself: vpshufb reads bits 0-3 of each index byte and gives 0
 * where bit 7 is set, and a byte from 0x80 up has no row bit (curi__nib_hi is 0 there), so
 * its test is "not in class" either way. */
__attribute__((target("avx2"), always_inline)) static inline void
curi__classify_prep(__m256i v, __m256i *lo, __m256i *hi)
{
    const __m256i m = _mm256_set1_epi8(0x0f);
    const __m256i th = _mm256_broadcastsi128_si256(
        _mm_loadu_si128((const __m128i *)(const void *)curi__nib_hi));
    *lo = v;
    *hi = _mm256_shuffle_epi8(th, _mm256_and_si256(_mm256_srli_epi16(v, 4), m));
}

/* Bit i set where byte i of the prepared vector is NOT in class k (chartab.c's tables). */
__attribute__((target("avx2"), always_inline)) static inline uint32_t
curi__classify_miss(__m256i lo, __m256i hi, unsigned k)
{
    const __m256i t = _mm256_broadcastsi128_si256(
        _mm_loadu_si128((const __m128i *)(const void *)curi__nib_lo[k]));
    return (uint32_t)_mm256_movemask_epi8(
        _mm256_cmpeq_epi8(_mm256_and_si256(_mm256_shuffle_epi8(t, lo), hi),
                          _mm256_setzero_si256()));
}

/* The 64-bit mask of s[0..len) from the 32-bit masks of the vectors a and b of
 * curi__classify_load.  Under 16 bytes, bits len..15 are the zero padding's (a caller
 * whose mask can be set for 0x00 clears them); bits from 16 (or len) up are clear. */
/* The join for 32 <= len <= 64, and for len < 32 (b is zero there): a caller that has
 * tested len already calls its half, so that no branch is left that cannot go both ways. */
__attribute__((always_inline)) static inline uint64_t curi__classify_join_hi(uint32_t a,
                                                                           uint32_t b,
                                                                           size_t len)
{
    return (uint64_t)a | (uint64_t)b << (len - 32);
}

__attribute__((always_inline)) static inline uint64_t curi__classify_join_lo(uint32_t a,
                                                                           size_t len)
{
    if (len >= 16)
        return (uint64_t)(a & 0xffffu) | (uint64_t)(a >> 16) << (len - 16);
    return a & 0xffffu;
}

__attribute__((always_inline)) static inline uint64_t curi__classify_join(uint32_t a, uint32_t b,
                                                                        size_t len)
{
    return len >= 32 ? curi__classify_join_hi(a, b, len) : curi__classify_join_lo(a, len);
}
#endif

#endif
