/*
 * scan.c -- skip a run of bytes that all belong to one character class.
 *
 * This is the parser's inner loop: components are long runs of ordinary bytes between a few
 * delimiters, so the parser asks "where does this run end?" instead of stepping a state
 * machine per byte.  The scalar loop below is the reference; any SIMD variant must return
 * the same pointer for every input (the test suite runs every vector through both).
 * SPDX-License-Identifier: MIT
 */
#include "internal.h"

/* The portable twin: four table look-ups per iteration, then the tail. */
static const char *scan_scalar(const char *p, const char *end, unsigned cls)
{
    const unsigned char *u = (const unsigned char *)p;
    const unsigned char *e = (const unsigned char *)end;

    while (e - u >= 4) {
        if (!(curi__ctab[u[0]] & cls))
            return (const char *)u;
        if (!(curi__ctab[u[1]] & cls))
            return (const char *)(u + 1);
        if (!(curi__ctab[u[2]] & cls))
            return (const char *)(u + 2);
        if (!(curi__ctab[u[3]] & cls))
            return (const char *)(u + 3);
        u += 4;
    }
    while (u < e && (curi__ctab[*u] & cls))
        u++;
    return (const char *)u;
}

const char *curi__scan(const char *p, const char *end, unsigned cls, unsigned flags)
{
    (void)flags;
    return scan_scalar(p, end, cls);
}
