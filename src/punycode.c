/*
 * punycode.c -- Punycode (RFC 3492): the bias adaptation (6.1), decoding (6.2) and encoding
 * (6.3) with the overflow checks of 6.4 on 32-bit values.  See punycode.h.
 * SPDX-License-Identifier: MIT
 */
#include <string.h>

#include "punycode.h"

enum { P_BASE = 36, P_TMIN = 1, P_TMAX = 26, P_SKEW = 38, P_DAMP = 700 };

static uint32_t adapt(uint32_t delta, uint32_t points, int first)
{
    uint32_t k = 0;
    delta = first ? delta / P_DAMP : delta / 2;
    delta += delta / points;
    while (delta > ((P_BASE - P_TMIN) * P_TMAX) / 2) {
        delta /= P_BASE - P_TMIN;
        k += P_BASE;
    }
    return k + (P_BASE - P_TMIN + 1) * delta / (delta + P_SKEW);
}

static uint32_t threshold(uint32_t k, uint32_t bias)
{
    return k <= bias ? P_TMIN : k >= bias + P_TMAX ? P_TMAX : k - bias;
}

size_t curi__puny_decode(const uint32_t *in, size_t len, uint32_t *out, size_t cap)
{
    uint32_t n = 128, bias = 72;
    uint64_t i = 0;
    size_t o = 0, p = 0, basic = 0;
    for (size_t k = 0; k < len; k++)
        if (in[k] == '-')
            basic = k;
    if (basic > 0) {
        if (basic > cap)
            return SIZE_MAX;
        for (; o < basic; o++) {
            if (in[o] >= 0x80)
                return SIZE_MAX;
            out[o] = in[o];
        }
        p = basic + 1;
    }
    while (p < len) {
        uint64_t old = i, w = 1;
        for (uint32_t k = P_BASE;; k += P_BASE) {
            if (p >= len)
                return SIZE_MAX;
            uint32_t ch = in[p++];
            uint32_t d = (ch >= '0' && ch <= '9')   ? (uint32_t)(ch - '0' + 26)
                         : (ch >= 'a' && ch <= 'z') ? (uint32_t)(ch - 'a')
                         : (ch >= 'A' && ch <= 'Z') ? (uint32_t)(ch - 'A')
                                                    : P_BASE;
            if (d >= P_BASE)
                return SIZE_MAX;
            i += d * w;
            if (i > UINT32_MAX)
                return SIZE_MAX;
            uint32_t t = threshold(k, bias);
            if (d < t)
                break;
            w *= P_BASE - t;
            if (w > UINT32_MAX)
                return SIZE_MAX;
        }
        if (o >= cap)
            return SIZE_MAX;
        bias = adapt((uint32_t)(i - old), (uint32_t)(o + 1), old == 0);
        if (i / (o + 1) > 0x10FFFF - n)
            return SIZE_MAX;
        n += (uint32_t)(i / (o + 1));
        i %= (o + 1);
        if (n >= 0xD800 && n <= 0xDFFF)
            return SIZE_MAX;
        memmove(out + i + 1, out + i, (o - (size_t)i) * sizeof *out);
        out[i++] = n;
        o++;
    }
    return o;
}

static char digit(uint32_t d)
{
    return (char)(d < 26 ? 'a' + d : '0' + (d - 26));
}

/* The encoder's output, gathered in b and written to o a buffer at a time rather than one
 * curi__put per character. */
typedef struct puny_out {
    curi__out *o;
    size_t n;
    char b[64];
} puny_out;

static void puny_emit(puny_out *p, char c)
{
    if (p->n == sizeof p->b) {
        curi__put(p->o, p->b, p->n);
        p->n = 0;
    }
    p->b[p->n++] = c;
}

int curi__puny_encode(curi__out *o, const uint32_t *a, size_t n)
{
    uint32_t cur = 128, bias = 72;
    uint64_t delta = 0;
    size_t h, b = 0;
    puny_out p = {o, 4, "xn--"};
    for (size_t j = 0; j < n; j++) {
        if (a[j] < 0x80) {
            puny_emit(&p, (char)a[j]);
            b++;
        }
    }
    h = b;
    if (b > 0)
        puny_emit(&p, '-');
    while (h < n) {
        uint32_t m = UINT32_MAX;
        for (size_t j = 0; j < n; j++)
            if (a[j] >= cur && a[j] < m)
                m = a[j];
        delta += (uint64_t)(m - cur) * (h + 1);
        if (delta > UINT32_MAX)
            return -1;
        cur = m;
        for (size_t j = 0; j < n; j++) {
            if (a[j] < cur && ++delta > UINT32_MAX)
                return -1;
            if (a[j] == cur) {
                uint32_t q = (uint32_t)delta;
                for (uint32_t k = P_BASE;; k += P_BASE) {
                    uint32_t t = threshold(k, bias);
                    if (q < t)
                        break;
                    puny_emit(&p, digit(t + (q - t) % (P_BASE - t)));
                    q = (q - t) / (P_BASE - t);
                }
                puny_emit(&p, digit(q));
                bias = adapt((uint32_t)delta, (uint32_t)(h + 1), h == b);
                delta = 0;
                h++;
            }
        }
        delta++;
        cur++;
    }
    curi__put(o, p.b, p.n);
    return 0;
}
