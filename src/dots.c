/*
 * dots.c -- remove_dot_segments (RFC 3986 5.2.4), the one module that knows what a dot
 * segment is.  Two directions over the same definition:
 *   curi__dots_inplace   left to right, in place: curi_remove_dot_segments, and
 *                        curi_normalize on the path it has just written;
 *   curi__dots_prev      right to left with O(1) state: the surviving elements of a path
 *                        that lives in the caller's input (possibly in two pieces, as the
 *                        merged path of 5.2.3), so that resolve, relative and normalize
 *                        can measure, compare and write it without a scratch buffer.
 * Both take the same mode (CURI__DOTS_RFC: "." and ".."; CURI__DOTS_PCT: "%2E" counts as
 * a dot too, 6.2.2.2 before 6.2.2.3), and the fuzz targets hold them to the same answers
 * and to a literal transcription of 5.2.4.  Linear time, no allocation.
 * SPDX-License-Identifier: MIT
 */
#include <string.h>

#include "internal.h"

/*
 * The number of dots when p[0..n) is a dot segment: only "." atoms (and "%2E", either
 * case, in PCT mode), one or two of them; 0 for anything else ("..." is an ordinary
 * segment).
 */
static int dot_atoms(const char *p, size_t n, int mode)
{
    int k = 0;
    size_t a = 0;

    if (mode == CURI__DOTS_NONE) {
        return 0;
    }
    while (a < n) {
        if (k == 2) {
            return 0;
        }
        if (p[a] == '.') {
            a += 1;
        } else if (mode == CURI__DOTS_PCT && n - a >= 3 && p[a] == '%' && p[a + 1] == '2' &&
                   (p[a + 2] | 0x20) == 'e') {
            a += 3;
        } else {
            return 0;
        }
        k++;
    }
    return k;
}

/* The end of the segment that starts at p[i]: the next '/' at or after i, or n. */
static size_t seg_end(const char *p, size_t i, size_t n)
{
    const char *s = (i < n) ? memchr(p + i, '/', n - i) : NULL;

    return (s == NULL) ? n : (size_t)(s - p);
}

/* ------------------------------------------------------------------ left to right */

/*
 * 5.2.4 element by element, with a read index r that the write index w never passes.
 * After step A (leading "../" and "./", and a lone "." or ".."), the input is an optional
 * first segment followed by '/'-led elements: E moves an element to the output, B drops
 * "/.", C drops "/.." and the last output element; a final "/." or "/.." leaves a '/'.
 * Popping scans back over bytes E wrote, each at most once: linear.
 */
size_t curi__dots_inplace(char *p, size_t n, int mode)
{
    size_t r = 0, w = 0, e;

    /* A, D: leading dot segments go, with the '/' after each. */
    while (r < n && p[r] != '/') {
        e = seg_end(p, r, n);
        if (dot_atoms(p + r, e - r, mode) == 0) {
            break;
        }
        r = (e < n) ? e + 1 : n;
    }
    /* E: the first segment of a rootless path. */
    if (r < n && p[r] != '/') {
        e = seg_end(p, r, n);
        memmove(p, p + r, e - r);
        w = e - r;
        r = e;
    }
    /* Each element is "/" segment: p[r] == '/' here. */
    while (r < n) {
        int k;
        e = seg_end(p, r + 1, n);
        k = dot_atoms(p + r + 1, e - r - 1, mode);
        if (k == 2) {
            /* C: the last output element goes, with its '/' if it has one. */
            while (w > 0 && p[w - 1] != '/') {
                w--;
            }
            if (w > 0) {
                w--;
            }
        }
        if (k == 0) {
            /* E */
            memmove(p + w, p + r, e - r);
            w += e - r;
        } else if (e == n) {
            /* B, C at the end of the input: "/" stays. */
            p[w++] = '/';
        }
        r = e;
    }
    return w;
}

size_t curi_remove_dot_segments(char *buf, size_t len)
{
    if (buf == NULL) {
        return 0;
    }
    return curi__dots_inplace(buf, len, CURI__DOTS_RFC);
}

/* ------------------------------------------------------------------ right to left */

/*
 * Why right to left works: after step A the input is an optional first segment s0
 * followed by '/'-led segments.  Step C pairs each ".." with the nearest unpaired segment
 * to its left (s0 included) exactly as a counter of pending ".." does when walking
 * leftwards.  A final "." or ".." leaves one more "/" at the end of the output: the
 * `trail` element.  The path is s1 followed by s2, and s1 is empty or ends with '/', so
 * every segment lies wholly in one of them.
 */
static char at(const curi__dots *it, size_t i)
{
    return (i < it->n1) ? it->s1[i] : it->s2[i - it->n1];
}

/* A view of [a, b), which lies wholly in s1 or wholly in s2. */
static curi_str view(const curi__dots *it, size_t a, size_t b)
{
    curi_str s;

    s.ptr = (a < it->n1) ? it->s1 + a : it->s2 + (a - it->n1);
    s.len = b - a;
    return s;
}

static size_t it_seg_end(const curi__dots *it, size_t i)
{
    while (i < it->n && at(it, i) != '/') {
        i++;
    }
    return i;
}

static int it_dots(const curi__dots *it, size_t a, size_t b)
{
    curi_str s = view(it, a, b);

    return dot_atoms(s.ptr, s.len, it->mode);
}

void curi__dots_init(curi__dots *it, const char *s1, size_t n1, const char *s2, size_t n2,
                     int mode)
{
    size_t p = 0, e, last;

    it->s1 = s1;
    it->s2 = s2;
    it->n1 = n1;
    it->n = n1 + n2;
    it->mode = mode;
    it->pops = 0;
    it->trail = 0;
    it->s0done = 0;
    /* Step A (and D): strip leading "../" and "./"; a lone "." or ".." leaves nothing. */
    while (mode != CURI__DOTS_NONE && p < it->n && at(it, p) != '/') {
        e = it_seg_end(it, p);
        if (it_dots(it, p, e) == 0) {
            break;
        }
        p = (e < it->n) ? e + 1 : it->n;
    }
    it->s0 = p;
    it->lo = (p < it->n && at(it, p) != '/') ? it_seg_end(it, p) : p;
    it->pos = it->n;
    /* A final "/." or "/.." is replaced by "/": one empty element stays at the end. */
    if (it->lo < it->n) {
        last = it->n;
        while (at(it, last - 1) != '/') {
            last--;
        }
        it->trail = it_dots(it, last, it->n) != 0;
    }
}

int curi__dots_prev(curi__dots *it, curi_str *seg, int *slash)
{
    if (it->trail) {
        it->trail = 0;
        seg->ptr = "";
        seg->len = 0;
        *slash = 1;
        return 1;
    }
    while (it->pos > it->lo) {
        size_t b = it->pos, a = b;
        int dots;

        while (at(it, a - 1) != '/') {
            a--;
        }
        it->pos = a - 1; /* it->lo holds a '/', so the scan stops at or after it */
        dots = it_dots(it, a, b);
        if (dots == 2) {
            it->pops++;
        } else if (dots == 1) {
            continue;
        } else if (it->pops > 0) {
            it->pops--;
        } else {
            *seg = view(it, a, b);
            *slash = 1;
            return 1;
        }
    }
    if (!it->s0done) {
        it->s0done = 1;
        if (it->s0 < it->lo && it->pops == 0) {
            *seg = view(it, it->s0, it->lo);
            *slash = 0;
            return 1;
        }
    }
    return 0;
}

curi__dots_info curi__dots_measure(const curi__dots *start)
{
    curi__dots it = *start;
    curi_str seg;
    int slash, left_empty = 0;
    curi__dots_info m = {0, 0, 0, 0};

    while (curi__dots_prev(&it, &seg, &slash)) {
        m.len += seg.len + (size_t)slash;
        m.rooted = slash;
        left_empty = slash && seg.len == 0;
        m.count++;
    }
    m.dslash = left_empty && m.count >= 2;
    return m;
}

void curi__dots_write_back(const curi__dots *start, size_t count, size_t first, char *dst,
                           size_t end)
{
    curi__dots it = *start;
    curi_str seg;
    int slash;

    for (size_t i = count; i >= first && i > 0 && curi__dots_prev(&it, &seg, &slash); i--) {
        end -= seg.len;
        if (seg.len > 0) {
            memcpy(dst + end, seg.ptr, seg.len);
        }
        if (slash && i != first) {
            dst[--end] = '/';
        }
    }
}
