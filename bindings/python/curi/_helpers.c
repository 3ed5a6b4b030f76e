/*
 * _helpers.c -- the C side of the Python binding, compiled into the cffi module curi._curi
 * (curi_build.py hands it to set_source).  Each helper does in one foreign call what Python
 * would otherwise do with several: the single-URL helpers parse again from the text rather
 * than keeping a curi_uri alive in Python (a parse costs less than a foreign call).  The
 * batches are libcuri's own (curi_parse_lines, called through cffi, and curi_parse_many and
 * curi_normalize_many, called by the extension module curi._lists over Python lists); the
 * helper curipy_rows turns their curi_row records into the rows of curi.Split.  Only the
 * public header is used.  No allocation, no global state.
 *
 * Row layout (CURIPY_ROW int32 per input), shared with curi/__init__.py:
 *   [2*p], [2*p+1]  start and length of part p (curi_part order), start -1 when absent
 *   [14] host_type  [15] port_status  [16] port_number  [17] code  [18] error offset
 * SPDX-License-Identifier: MIT
 */
#include <stdint.h>
#include <string.h>

#include "curi.h"

/*
 * The GIL.  cffi's wrapper of each function releases it around the call
 * (Py_BEGIN_ALLOW_THREADS) and takes it back after; for a call on one URL that costs more
 * than the work (a parse is a few hundred instructions).  This file comes after Python.h
 * and before the wrappers, so the two macros are redefined here: a wrapper releases the GIL
 * only for the batch calls (names ending in _lines or _many: libcuri's own), whose work grows
 * with the batch and which other threads should be able to overlap.  Holding the GIL is never less
 * safe than releasing it; the library has no global state either way.  __func__ is the
 * wrapper's name, a constant the compiler folds the test on.
 */
#ifdef Py_BEGIN_ALLOW_THREADS
static int curipy_batch_wrapper(const char *fn)
{
    size_t n = strlen(fn);
    return (n > 6 && memcmp(fn + n - 6, "_lines", 6) == 0) ||
           (n > 5 && memcmp(fn + n - 5, "_many", 5) == 0);
}
#undef Py_BEGIN_ALLOW_THREADS
#undef Py_END_ALLOW_THREADS
#define Py_BEGIN_ALLOW_THREADS                                                           \
    {                                                                                    \
        PyThreadState *curipy_save_ = curipy_batch_wrapper(__func__) ? PyEval_SaveThread() \
                                                                     : NULL;
#define Py_END_ALLOW_THREADS                                                             \
    if (curipy_save_ != NULL)                                                            \
        PyEval_RestoreThread(curipy_save_);                                              \
    }
#endif

#define CURIPY_ROW 19

/* Fill row r for s[0..len); returns the code.  Offsets fit: inputs above CURI_MAX_LEN are
 * refused, and CURI_MAX_LEN is the largest int32_t. */
static int curipy_parse(const char *s, size_t len, unsigned flags, int32_t *r)
{
    curi_uri u;
    curi_error e;
    int rc = curi_parse(&u, s, len, flags, &e);
    if (rc != CURI_OK) {
        for (int p = 0; p < 7; p++) {
            r[2 * p] = -1;
            r[2 * p + 1] = 0;
        }
        r[14] = r[15] = r[16] = 0;
        r[17] = rc;
        r[18] = (int32_t)e.offset;
        return rc;
    }
    const curi_str *parts[7] = {&u.scheme, &u.userinfo, &u.host, &u.port,
                                &u.path,   &u.query,    &u.fragment};
    for (int p = 0; p < 7; p++) {
        if (parts[p]->ptr == NULL) {
            r[2 * p] = -1;
            r[2 * p + 1] = 0;
        } else {
            r[2 * p] = (int32_t)(parts[p]->ptr - s);
            r[2 * p + 1] = (int32_t)parts[p]->len;
        }
    }
    r[14] = u.host_type;
    r[15] = u.port_status;
    r[16] = u.port_number;
    r[17] = 0;
    r[18] = 0;
    return 0;
}

/* Parse s[0..len) with flags, given as lenflags = len | flags << 40 (one argument less to
 * convert; a length up to 2^40 - 1 passes as it is, so curi_parse refuses one above
 * CURI_MAX_LEN itself), and return 0, or the error's code | offset << 8: what curi.parse
 * needs without an output array (the row is made when a component is first read). */
static int64_t curipy_check(const char *s, uint64_t lenflags)
{
    curi_uri u;
    curi_error e;
    int rc = curi_parse(&u, s, (size_t)(lenflags & 0xFFFFFFFFFFull), (unsigned)(lenflags >> 40),
                        &e);
    return rc == CURI_OK ? 0 : (int64_t)rc | (int64_t)e.offset << 8;
}

/* The rows of curi.Split (CURIPY_ROW int32 per input) from libcuri's curi_row records. */
static void curipy_rows(int32_t *out, const curi_row *rows, size_t n)
{
    for (size_t i = 0; i < n; i++, out += CURIPY_ROW) {
        const curi_row *r = &rows[i];
        int32_t v, ok = r->code == CURI_OK;
        for (int p = 0; p < 7; p++) {
            /* the bits as they are: CURI_ROW_ABSENT (0xFFFFFFFF) is -1, every offset and
             * length (at most CURI_MAX_LEN) itself */
            memcpy(&out[2 * p], &r->off[p], sizeof(int32_t));
            memcpy(&out[2 * p + 1], &r->len[p], sizeof(int32_t));
        }
        memcpy(&v, &r->value, sizeof v);
        out[14] = r->host_type;
        out[15] = r->port_status;
        out[16] = ok ? v : 0;
        out[17] = r->code;
        out[18] = ok ? 0 : v;
    }
}

/*
 * How many of the n lines of text[0..len) that begin at starts[0..n) ended in "\r\n"
 * (curi_parse_lines takes that '\r' as part of the line end: the caller, whose inputs were
 * joined with '\n', has such an input parsed on its own).
 */
static size_t curipy_cr(size_t n, const char *text, size_t len, const size_t *starts)
{
    size_t cr = 0;
    for (size_t i = 0; i + 1 < n; i++) {
        /* the next line begins past this one's '\n' (the last line has no '\r' taken) */
        if (starts[i + 1] >= starts[i] + 2 && starts[i + 1] - 2 < len)
            cr += text[starts[i + 1] - 2] == '\r';
    }
    return cr;
}

/* curi_normalize of s, parsed with pflags: the writer contract, parse errors included. */
static int curipy_normalize(char *dst, size_t cap, size_t *outlen, const char *s, size_t len,
                            unsigned pflags, unsigned mask, curi_error *err)
{
    curi_uri u;
    int rc = curi_parse(&u, s, len, pflags, err);
    if (rc != CURI_OK) {
        *outlen = 0;
        return rc;
    }
    return curi_normalize(dst, cap, outlen, &u, mask, err);
}

/* Resolve ref against base (both parsed with pflags); which = 0 or 1 tells whose parse failed. */
static int curipy_resolve(char *dst, size_t cap, size_t *outlen, const char *b, size_t blen,
                          const char *r, size_t rlen, unsigned pflags, unsigned rflags,
                          int *which, curi_error *err)
{
    curi_uri ub, ur;
    int rc = curi_parse(&ub, b, blen, pflags, err);
    *outlen = 0;
    *which = 0;
    if (rc != CURI_OK)
        return rc;
    *which = 1;
    rc = curi_parse(&ur, r, rlen, pflags, err);
    if (rc != CURI_OK)
        return rc;
    *which = 2;
    return curi_resolve(dst, cap, outlen, &ub, &ur, rflags, err);
}

/* The shortest reference from base to target (curi_relative). */
static int curipy_relative(char *dst, size_t cap, size_t *outlen, const char *b, size_t blen,
                           const char *t, size_t tlen, unsigned pflags, unsigned rflags,
                           int *which, curi_error *err)
{
    curi_uri ub, ut;
    int rc = curi_parse(&ub, b, blen, pflags, err);
    *outlen = 0;
    *which = 0;
    if (rc != CURI_OK)
        return rc;
    *which = 1;
    rc = curi_parse(&ut, t, tlen, pflags, err);
    if (rc != CURI_OK)
        return rc;
    *which = 2;
    return curi_relative(dst, cap, outlen, &ub, &ut, rflags, err);
}

/* curi_compare of a and b (parsed with pflags): a curi_equiv, or -1 when one does not parse
 * (or curi_compare refuses the level). */
static int curipy_compare(const char *a, size_t alen, const char *b, size_t blen, unsigned pflags,
                          int level)
{
    curi_uri ua, ub;
    curi_equiv lv = CURI_EQ_NONE;
    if (curi_parse(&ua, a, alen, pflags, NULL) != CURI_OK ||
        curi_parse(&ub, b, blen, pflags, NULL) != CURI_OK ||
        curi_compare(&ua, &ub, (curi_equiv)level, &lv, NULL) != CURI_OK)
        return -1;
    return (int)lv;
}

/*
 * Parse s, then for each part p with ops[p] != 0 set it with curi_set (ops[p] == 1: to
 * vals[voff[p] .. voff[p] + vlen[p]); 2: remove it), in curi_part order, then recompose.
 * *which: -1 the parse of s failed, p the set of part p failed, 7 the recomposition.
 */
static int curipy_replace(char *dst, size_t cap, size_t *outlen, const char *s, size_t len,
                          unsigned pflags, const char *vals, const size_t *voff,
                          const size_t *vlen, const int *ops, int *which, curi_error *err)
{
    curi_uri u;
    int rc = curi_parse(&u, s, len, pflags, err);
    *outlen = 0;
    *which = -1;
    if (rc != CURI_OK)
        return rc;
    for (int p = 0; p < 7; p++) {
        if (ops[p] == 0)
            continue;
        *which = p;
        rc = curi_set(&u, (curi_part)p, ops[p] == 1 ? vals + voff[p] : NULL,
                      ops[p] == 1 ? vlen[p] : 0, pflags, err);
        if (rc != CURI_OK)
            return rc;
    }
    *which = 7;
    return curi_recompose(dst, cap, outlen, &u, err);
}

/*
 * Every URI in text[0..len) in one call (curi extract): the matches into out[0..cap) and their
 * URIs, as curi_extract_write writes them, into dst, each followed by '\n' (a URI has no
 * '\n').  dst must hold len + 8 * cap bytes: matches do not overlap, and a prefix with its
 * '\n' is at most 8 bytes.  Returns how many; cap of them means the caller goes on with the
 * same extractor for more.  -1 when the extractor refuses the text.
 */
static long curipy_extract(curi_extractor *x, const char *text, size_t len, curi_match *out,
                           size_t cap, char *dst, size_t *written)
{
    size_t k = 0, w = 0;
    while (k < cap) {
        int found = 0;
        if (curi_extract_next(x, text, len, 0, &out[k], &found, NULL) != CURI_OK)
            return -1;
        if (!found)
            break;
        size_t ol = 0;
        if (curi_extract_write(dst + w, curi_extract_bound(&out[k]), &ol, text, len, &out[k],
                               NULL) != CURI_OK)
            return -1;
        w += ol;
        dst[w++] = '\n';
        k++;
    }
    *written = w;
    return (long)k;
}

/*
 * The WHATWG URL batch of curi.url_href_many: the inputs are block[starts[i], starts[i + 1])
 * for i in [0, n); each href goes into dst after the previous one, ends[i] its end, ok[i] 1
 * (0: the parser failed, nothing written).  Returns how many inputs were done: fewer than n
 * when the next href did not fit in cap (the caller grows dst and goes on from there).
 */
size_t curipy_url_href_many(const char *block, const size_t *starts, size_t n,
                            const curi_url *base, char *dst, size_t cap, size_t *ends, int *ok)
{
    size_t pos = 0;
    for (size_t i = 0; i < n; i++) {
        curi_url u;
        size_t len = 0;
        int rc = curi_url_parse(dst + pos, cap - pos, &len, &u, block + starts[i],
                                starts[i + 1] - starts[i], base, 0, NULL);
        if (rc == CURI_ERR_NOSPACE)
            return i;
        ok[i] = rc == CURI_OK;
        if (rc == CURI_OK)
            pos += len;
        ends[i] = pos;
    }
    return n;
}
