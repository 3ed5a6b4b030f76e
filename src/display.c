/*
 * display.c -- escaping any bytes for display (curi_escape_display), the one place where
 * the C0 and C1 controls, the bidi and line-separator characters and the bytes that are
 * not UTF-8 (RFC 3629 4: no overlong form, no surrogate, nothing above U+10FFFF) are made
 * visible instead of acting on a terminal, an editor or a JSON reader.  Writer contract of
 * curi.h: never past cap, the exact length in *outlen, CURI_ERR_NOSPACE with the length
 * needed.  SPDX-License-Identifier: MIT
 */
#include <stdint.h>
#if defined(__SSE2__) && defined(__GNUC__) && !defined(CURI_NO_SIMD)
#define ESC_SSE2 1
#include <emmintrin.h>
#endif

#include "internal.h"

#define ESCAPE_FLAGS (CURI_ESCAPE_JSON | CURI_ESCAPE_STRICT)

/* The hot helpers are inlined into each instance of escape() (see esc_put). */
#if defined(__GNUC__) || defined(__clang__)
#define ESC_INLINE static inline __attribute__((always_inline))
#else
#define ESC_INLINE static inline
#endif

static const char lowhex[16] = {'0', '1', '2', '3', '4', '5', '6', '7',
                                '8', '9', 'a', 'b', 'c', 'd', 'e', 'f'};

/* Length of the well-formed UTF-8 sequence at s[0..n), 0 when there is none (RFC 3629 4). */
static size_t utf8_seq_len(const unsigned char *s, size_t n)
{
    unsigned char c = s[0], lo = 0x80, hi = 0xBF; /* the range of the second byte */
    size_t len;
    if (c >= 0xC2 && c <= 0xDF) {
        len = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
        len = 3;
        lo = c == 0xE0 ? 0xA0 : lo; /* overlong below U+0800 */
        hi = c == 0xED ? 0x9F : hi; /* surrogates U+D800..U+DFFF */
    } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4;
        lo = c == 0xF0 ? 0x90 : lo; /* overlong below U+10000 */
        hi = c == 0xF4 ? 0x8F : hi; /* above U+10FFFF */
    } else {
        return 0;
    }
    if (n < len || s[1] < lo || s[1] > hi)
        return 0;
    for (size_t i = 2; i < len; i++)
        if (s[i] < 0x80 || s[i] > 0xBF)
            return 0;
    return len;
}

static uint32_t utf8_code(const unsigned char *s, size_t len)
{
    uint32_t c = s[0] & (len == 2 ? 0x1Fu : len == 3 ? 0x0Fu : 0x07u);
    for (size_t i = 1; i < len; i++)
        c = (c << 6) | (s[i] & 0x3Fu);
    return c;
}

/*
 * Characters JSON style writes as \uXXXX though they are valid: the C1 controls
 * U+0080..U+009F, the bidi marks U+200E and U+200F, the line and paragraph separators
 * U+2028 and U+2029, the embeddings and overrides U+202A..U+202E, the isolates
 * U+2066..U+2069.
 */
static int json_hidden(uint32_t c)
{
    return c <= 0x9F || c == 0x200E || c == 0x200F || (c >= 0x2028 && c <= 0x202E) ||
           (c >= 0x2066 && c <= 0x2069);
}

/*
 * Characters terminal style writes byte by byte as \xHH: those of json_hidden, U+0080..
 * U+009F, the Arabic letter mark U+061C, the zero-width and invisible characters
 * U+200B..U+200D, U+2060..U+2064 and U+FEFF, and the noncharacters.
 */
static int text_hidden(uint32_t c)
{
    return c < 0xA0 || c == 0x061C || (c >= 0x200B && c <= 0x200F) ||
           (c >= 0x2028 && c <= 0x202E) || (c >= 0x2060 && c <= 0x2064) ||
           (c >= 0x2066 && c <= 0x2069) || c == 0xFEFF || (c >= 0xFDD0 && c <= 0xFDEF) ||
           (c & 0xFFFE) == 0xFFFE;
}

/* 1 for the bytes plain_run passes over: 0x20-0x7E but '"' (0x22) and '\' (0x5C). */
static const unsigned char plain_byte[256] = {
    /*       0  1  2  3  4  5  6  7  8  9  A  B  C  D  E  F */
    /* 0 */  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    /* 1 */  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    /* 2 */  1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    /* 3 */  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    /* 4 */  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    /* 5 */  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1,
    /* 6 */  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    /* 7 */  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0,
    /* 8-F: 0 */
};

/*
 * The end of the run of bytes both styles copy as they are, from p[i]: printable ASCII but
 * '"' and '\'.  Sixteen at a time with SSE2 (the hot loop of every JSON writer), then, and
 * on other machines, eight at a time while no byte of the
 * word is special (SWAR: a byte below 0x20, equal to '"', '\' or 0x7F, or with its top bit
 * set shows up as a set top bit), then byte by byte.
 */
ESC_INLINE size_t plain_run(const unsigned char *p, size_t i, size_t n)
{
    const uint64_t ones = 0x0101010101010101u, high = 0x8080808080808080u;
#if defined(ESC_SSE2)
    /* Sixteen at a time: as signed bytes, plain ones are above 0x1F (that leaves out the
     * controls and every byte from 0x80) and are none of '"', '\\', 0x7F. */
    const __m128i lo = _mm_set1_epi8(0x1F), quote = _mm_set1_epi8('"'),
                  bslash = _mm_set1_epi8('\\'), delete = _mm_set1_epi8(0x7F);
    while (n - i >= 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(p + i));
        __m128i bad = _mm_or_si128(
            _mm_or_si128(_mm_cmpgt_epi8(lo, v), _mm_cmpeq_epi8(v, lo)),
            _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, bslash)),
                         _mm_cmpeq_epi8(v, delete)));
        unsigned m = (unsigned)_mm_movemask_epi8(bad);
        if (m != 0)
            return i + (size_t)__builtin_ctz(m);
        i += 16;
    }
#endif
    while (n - i >= 8) {
        uint64_t v;
        memcpy(&v, p + i, 8);
        uint64_t q = v ^ (ones * '"'), bs = v ^ (ones * '\\'), del = v ^ (ones * 0x7F);
        uint64_t bad = (v | (v - ones * 0x20) | ((q - ones) & ~q) | ((bs - ones) & ~bs) |
                        ((del - ones) & ~del)) &
                       high;
        if (bad)
            break;
        i += 8;
    }
    while (i < n && plain_byte[p[i]])
        i++;
    return i;
}

/*
 * The writes of escape(): made (write set), or only counted (the first pass for a cap that
 * may be short: the second writes exactly the counted bytes, so a pass runs only once it is
 * known to fit).  Inlined into the two instances, so that neither tests per write.
 */
ESC_INLINE void esc_put(char *dst, size_t *need, const void *s, size_t k, int write)
{
    if (write)
        memcpy(dst + *need, s, k);
    *need += k;
}

/* \xHH (terminal) of byte c. */
ESC_INLINE void put_xhh(char *dst, size_t *need, unsigned char c, int write)
{
    char e[4] = {'\\', 'x', lowhex[c >> 4], lowhex[c & 15]};
    esc_put(dst, need, e, 4, write);
}

/* \uXXXX (JSON) of code point c <= U+FFFF. */
ESC_INLINE void put_uxxxx(char *dst, size_t *need, uint32_t c, int write)
{
    char e[6] = {'\\', 'u', lowhex[(c >> 12) & 15], lowhex[(c >> 8) & 15], lowhex[(c >> 4) & 15],
                 lowhex[c & 15]};
    esc_put(dst, need, e, 6, write);
}

/*
 * The escaping of s[0..len) into dst (or only its length, write clear); returns CURI_OK
 * with *need_out the length, or CURI_ERR_UTF8 with *need_out the offset of the byte that is
 * not UTF-8 (CURI_ESCAPE_STRICT).
 */
ESC_INLINE int escape(char *dst, size_t *need_out, const unsigned char *p, size_t len,
                      unsigned flags, int write)
{
    const int json = (flags & CURI_ESCAPE_JSON) != 0;
    size_t need = 0, i = 0;
    while (i < len) {
        /* Copy the plain run in one go: the common case for URIs. */
        size_t j = plain_run(p, i, len);
        esc_put(dst, &need, p + i, j - i, write);
        i = j;
        if (i == len)
            break;
        unsigned char c = p[i];
        if (c == '"' && !json) {
            esc_put(dst, &need, p + i, 1, write);
            i++;
        } else if (c == '"' || c == '\\') {
            char e[2] = {'\\', (char)c};
            esc_put(dst, &need, e, 2, write);
            i++;
        } else if (c < 0x80) {
            /* C0 and DEL */
            if (json)
                put_uxxxx(dst, &need, c, write);
            else
                put_xhh(dst, &need, c, write);
            i++;
        } else {
            size_t k = utf8_seq_len(p + i, len - i);
            if (k == 0 && (flags & CURI_ESCAPE_STRICT)) {
                *need_out = i;
                return CURI_ERR_UTF8;
            }
            if (k == 0) {
                /* Not UTF-8: U+FFFD REPLACEMENT CHARACTER in JSON, the byte in text. */
                if (json)
                    esc_put(dst, &need, "\xEF\xBF\xBD", 3, write);
                else
                    put_xhh(dst, &need, c, write);
                i++;
                continue;
            }
            uint32_t cp = utf8_code(p + i, k);
            if (json && json_hidden(cp)) {
                put_uxxxx(dst, &need, cp, write);
            } else if (!json && text_hidden(cp)) {
                for (size_t m = 0; m < k; m++)
                    put_xhh(dst, &need, p[i + m], write);
            } else {
                esc_put(dst, &need, p + i, k, write);
            }
            i += k;
        }
    }
    *need_out = need;
    return CURI_OK;
}

/* The first pass for a cap that may be short: the length only. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))
#endif
static int escape_count(size_t *need, const unsigned char *p, size_t len, unsigned flags)
{
    return escape(NULL, need, p, len, flags, 0);
}

int curi_escape_display(char *dst, size_t cap, size_t *outlen, const char *s, size_t len,
                        unsigned flags, curi_error *err)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t need = 0;
    int rc = CURI_OK;

    if (!curi__wbegin(dst, cap, outlen, 1) || (s == NULL && len != 0) || (flags & ~ESCAPE_FLAGS))
        return curi__fail(err, CURI_ERR_INVALID_ARG, 0);
    if (len > CURI_MAX_LEN)
        return curi__wend(CURI_ERR_TOO_LONG, 0, outlen, err);
    /* The worst case is 6 bytes an input byte in JSON, 4 in text (\u00hh, \xhh): with room
     * for it (the usual call), one pass that writes; else count first. */
    if (cap / (flags & CURI_ESCAPE_JSON ? 6 : 4) < len)
        rc = escape_count(&need, p, len, flags);
    if (rc == CURI_OK && need <= cap)
        rc = escape(dst, &need, p, len, flags, 1);
    if (rc != CURI_OK)
        return curi__fail(err, rc, need);
    return curi__wend(need > cap ? CURI_ERR_NOSPACE : CURI_OK, need, outlen, err);
}
