/*
 * scan.c -- skip a run of bytes that all belong to one character class.
 *
 * This is the parser's inner loop: components are long runs of ordinary bytes between a few
 * delimiters, so the parser asks "where does this run end?" instead of stepping a state
 * machine per byte.  The scalar loop is the reference and is always built; on x86-64 with
 * AVX2 (checked at run time) 32 and 16 bytes are classified at once with two nibble-table
 * shuffles (chartab.c).  Both return the same pointer for every input, and neither reads
 * outside [p, end): the last partial block is loaded overlapping bytes already known good,
 * never past end.  The test suite runs every vector through both (CURI__PARSE_SCALAR).
 * Also the IRI run (RFC 3987 2.2) for the readers that take it scalar.
 * SPDX-License-Identifier: MIT
 */
#include "internal.h"

#ifdef CURI__HAVE_AVX2
#include <immintrin.h>

/* Bit i set when byte i of the 16 at q is NOT in the class (lo/hi: broadcast nibble tables). */
__attribute__((target("avx2"))) static inline unsigned miss16(const char *q, __m128i lo,
                                                              __m128i hi)
{
    const __m128i m = _mm_set1_epi8(0x0f);
    __m128i v = _mm_loadu_si128((const __m128i *)(const void *)q);
    __m128i a = _mm_shuffle_epi8(lo, _mm_and_si128(v, m));
    __m128i b = _mm_shuffle_epi8(hi, _mm_and_si128(_mm_srli_epi16(v, 4), m));
    __m128i z = _mm_cmpeq_epi8(_mm_and_si128(a, b), _mm_setzero_si128());
    return (unsigned)_mm_movemask_epi8(z);
}

/* Requires end - base >= 16, so that the last 16 bytes before end may always be loaded. */
__attribute__((target("avx2"))) static const char *run_scan_avx2(const char *base, const char *p,
                                                             const char *end, const uint8_t *tlo)
{
    const __m128i lo = _mm_loadu_si128((const __m128i *)(const void *)tlo);
    const __m128i hi = _mm_loadu_si128((const __m128i *)(const void *)curi__nib_hi);
    unsigned m;

    if (end - p >= 32) {
        const __m256i lo2 = _mm256_broadcastsi128_si256(lo);
        const __m256i hi2 = _mm256_broadcastsi128_si256(hi);
        const __m256i m0f = _mm256_set1_epi8(0x0f);
        do {
            __m256i v = _mm256_loadu_si256((const __m256i *)(const void *)p);
            __m256i a = _mm256_shuffle_epi8(lo2, _mm256_and_si256(v, m0f));
            __m256i b = _mm256_shuffle_epi8(hi2, _mm256_and_si256(_mm256_srli_epi16(v, 4), m0f));
            __m256i z = _mm256_cmpeq_epi8(_mm256_and_si256(a, b), _mm256_setzero_si256());
            unsigned mm = (unsigned)_mm256_movemask_epi8(z);
            if (mm)
                return p + __builtin_ctz(mm);
            p += 32;
        } while (end - p >= 32);
    }
    if (end - p >= 16) {
        m = miss16(p, lo, hi);
        if (m)
            return p + __builtin_ctz(m);
        p += 16;
    }
    if (p == end)
        return p;
    /* Fewer than 16 left: re-read the last 16 bytes of the buffer, ignoring those before p. */
    {
        const char *q = end - 16;
        (void)base;
        m = miss16(q, lo, hi) >> (p - q);
        return m ? p + __builtin_ctz(m) : end;
    }
}
#endif

const char *curi__scan(const char *base, const char *p, const char *end, unsigned cls,
                       unsigned flags)
{
#ifdef CURI__HAVE_AVX2
    /* cls is one class with a nibble table (internal.h); buffers under 16 bytes stay
     * scalar.  The index is masked to the table, so no cls reads outside it. */
    _Static_assert(sizeof curi__nib_lo / sizeof curi__nib_lo[0] == 16, "16 nibble tables");
    if (!(flags & CURI__PARSE_SCALAR) && end - base >= 16 && __builtin_cpu_supports("avx2"))
        return run_scan_avx2(base, p, end, curi__nib_lo[__builtin_ctz(cls | 1u << 15) & 15]);
#endif
    (void)base;
    (void)flags;
    return curi__scan_scalar(p, end, cls);
}

/* *( iclass / pct-encoded ) (RFC 3987 2.2), scalar: as curi__pct_run (internal.h). */
const char *curi__iri_pct_run(const char *p, const char *end, unsigned cls, const char **bad)
{
    return curi__pct_run_with(curi__scan_iri_scalar, p, end, cls, bad);
}
