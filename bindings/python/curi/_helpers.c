/*
 * _helpers.c -- the C side of the Python binding, compiled into the cffi module curi._curi
 * (curi_build.py hands it to set_source).  Each helper does in one foreign call what Python
 * would otherwise do with several: the batch helpers work on spans, the inputs of a batch
 * read in place from a Python list or cut from one block of '\n'-separated inputs, so that
 * a batch of n URLs crosses the boundary a fixed number of times; the single-URL helpers
 * parse again from the text rather than keeping a curi_uri alive in Python (a parse costs
 * less than a foreign call).  Only the public header and, for reading a list and making
 * normalize_many's answers, CPython's C API are used.  No allocation but those answers' str
 * objects, no global state.
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
 * only for the batch calls (names ending in _lines or _many), whose work grows with the
 * batch and which other threads should be able to overlap.  Holding the GIL is never less
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

/* Error indices: idx[k] = the k-th i with codes[i] != 0; returns how many. */
static size_t curipy_nonzero(const uint16_t *codes, size_t n, size_t *idx)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (codes[i] != 0)
            idx[k++] = i;
    return k;
}

/* The length of the record at data[p..len): up to the next '\n' or the end. */
static size_t curipy_reclen(const char *data, size_t p, size_t len)
{
    const char *nl = memchr(data + p, '\n', len - p);
    return nl ? (size_t)(nl - (data + p)) : len - p;
}

/* rows[i * CURIPY_ROW ...] for record i, starts[i] = where it begins in data (starts[n] =
 * len + 1, as if a '\n' ended the last one); returns the number of valid records. */
static size_t curipy_split_lines(int32_t *rows, int64_t *starts, const char *data, size_t len,
                                 size_t n, unsigned pflags)
{
    size_t p = 0, ok = 0;
    for (size_t i = 0; i < n; i++) {
        size_t l = p < len ? curipy_reclen(data, p, len) : 0;
        starts[i] = (int64_t)p;
        ok += curipy_parse(data + p, l, pflags, rows + i * CURIPY_ROW) == CURI_OK;
        p += l + 1;
    }
    starts[n] = (int64_t)p;
    return (n > 0 && p != len + 1) ? SIZE_MAX : ok; /* SIZE_MAX: as curipy_lines */
}

/*
 * Spans: the inputs of a batch, each a pointer and a length.  They are cut from one block of
 * '\n'-separated inputs (curipy_lines), or, on CPython, read from a Python list where
 * CPython keeps them (curipy_take, below).  The helpers named _many work on spans alone.
 */
typedef struct {
    const char *s; /* NULL: an item curipy_take leaves to a block */
    size_t len;
    void *ref; /* curipy_take's reference to the item, or NULL */
} curipy_span;

#define CURIPY_OTHER 0xFFFF /* codes[i] of an item left to a block (no curi error has it) */

/* The spans of the n '\n'-separated records of data[0..len) (no references: the caller
 * holds the block); returns len, or SIZE_MAX when the block does not hold exactly n
 * records (an input with a '\n' of its own). */
static size_t curipy_lines(curipy_span *spans, const char *data, size_t len, size_t n)
{
    size_t p = 0;
    for (size_t i = 0; i < n; i++) {
        size_t l = p < len ? curipy_reclen(data, p, len) : 0;
        spans[i].s = data + p;
        spans[i].len = l;
        spans[i].ref = NULL;
        p += l + 1;
    }
    return (n > 0 && p != len + 1) ? SIZE_MAX : len;
}

/* valid[i] for span i: 1 or 0, or 2 for an item left to a block; returns how many 2s. */
static size_t curipy_valid_many(uint8_t *valid, const curipy_span *spans, size_t n,
                                unsigned pflags)
{
    size_t other = 0;
    for (size_t i = 0; i < n; i++) {
        curi_uri u;
        if (spans[i].s == NULL) {
            valid[i] = 2;
            other++;
            continue;
        }
        valid[i] = curi_parse(&u, spans[i].s, spans[i].len, pflags, NULL) == CURI_OK;
    }
    return other;
}

/*
 * Normalize the n spans into dst[0..cap), each output followed by '\n'; codes[i] is the
 * error of span i, or CURIPY_OTHER for an item left to a block (either gives an empty
 * output).  Returns how many spans were done: fewer than n when the next output might not
 * fit, and the caller goes on from there with a fresh dst.  *written is the bytes written,
 * *nerr the number of spans with a nonzero code.
 */
static size_t curipy_normalize_many(char *dst, size_t cap, size_t *written, size_t *nerr,
                                    uint16_t *codes, const curipy_span *spans, size_t n,
                                    unsigned pflags, unsigned mask)
{
    size_t w = 0, i, bad = 0;
    for (i = 0; i < n; i++) {
        curi_uri u;
        curi_error e;
        size_t ol = 0;
        int rc = spans[i].s == NULL ? CURIPY_OTHER
                                    : curi_parse(&u, spans[i].s, spans[i].len, pflags, &e);
        if (rc == CURI_OK) {
            size_t bound = curi_normalize_bound(&u);
            if (cap - w < bound + 1)
                break;
            rc = curi_normalize(dst + w, bound, &ol, &u, mask, &e);
            if (rc != CURI_OK)
                ol = 0;
        } else if (cap - w < 1) {
            break;
        }
        codes[i] = (uint16_t)rc;
        bad += rc != CURI_OK;
        w += ol;
        dst[w++] = '\n';
    }
    *written = w;
    *nerr = bad;
    return i;
}

/*
 * Batches straight from a Python list, with CPython's own C API (the Python side passes a
 * list by its address, id(), and holds it).  A str of ASCII text keeps its text as bytes
 * right after its header, and a bytes object keeps its bytes: the inputs are read where
 * they are, with nothing joined, encoded or copied (joining a list of str costs about half
 * as much as the parses).  Any other item (a str with a non-ASCII character, a subclass of
 * str, a bytearray...) gets a NULL span, and the caller does those through a block.
 *
 * The GIL: the list is read under it, and each item is held by a reference of ours, so
 * that a thread that changes the list while the GIL is released cannot free what is being
 * read; the work runs without it, in one stretch (a batch made of small chunks would have
 * to take the GIL back for each, and wait behind other Python threads each time: only
 * normalize_many's output window, sized by the caller to hold most batches whole, ends a
 * stretch early); the references are dropped under it again.  The wrappers of these functions keep the GIL (their names do not end in _many
 * or _lines); the functions release it themselves.
 *
 * Built with the limited API, not by CPython, or for a CPython without the GIL (whose lists
 * another thread may change even while they are read), curipy_take returns SIZE_MAX, and
 * every batch goes through a block.
 */
#if defined(PY_VERSION_HEX) && !defined(Py_LIMITED_API) && !defined(PYPY_VERSION) && \
    !defined(Py_GIL_DISABLED)
/* The text of each of the n first items of list into spans, with a reference to each;
 * returns the sum of their lengths, or SIZE_MAX when list is not a list (not a subclass,
 * whose own __iter__ or __getitem__ would be bypassed) of at least n items.  n = 0 asks
 * whether this build can read lists (0: it can). */
static size_t curipy_take(curipy_span *spans, void *list, size_t n)
{
    PyObject *l = (PyObject *)list;
    if (n == 0)
        return 0;
    if (!PyList_CheckExact(l) || (size_t)PyList_GET_SIZE(l) < n)
        return SIZE_MAX;
    size_t total = 0;
    for (size_t i = 0; i < n; i++) {
        PyObject *o = PyList_GET_ITEM(l, (Py_ssize_t)i);
        if (PyUnicode_CheckExact(o) && PyUnicode_IS_COMPACT_ASCII(o)) {
            spans[i].s = (const char *)PyUnicode_DATA(o);
            spans[i].len = (size_t)PyUnicode_GET_LENGTH(o);
        } else if (PyBytes_CheckExact(o)) {
            spans[i].s = PyBytes_AS_STRING(o);
            spans[i].len = (size_t)PyBytes_GET_SIZE(o);
        } else {
            spans[i].s = NULL;
            spans[i].len = 0;
        }
        total += spans[i].len;
        Py_INCREF(o);
        spans[i].ref = o;
    }
    return total;
}

/* Drop the references of spans[0..n) that are still held, and clear them (dropping twice
 * is harmless). */
static void curipy_drop(curipy_span *spans, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        Py_XDECREF((PyObject *)spans[i].ref);
        spans[i].ref = NULL;
    }
}

/*
 * valid_many of the n first items of list, in one call: valid[i] as curipy_valid_many
 * gives it, and out, a list of n False, gets True where valid[i] == 1 in the pass that
 * drops the references (a memoryview's tolist() would cost more).  An item left to a block
 * (valid[i] == 2) is itself put in out[i], with the reference taken: the caller reads the
 * items read here from out, not again from a list that another thread may have changed.
 * Returns how many items were left to a block, or SIZE_MAX when list or out is not as said
 * (nothing done).
 */
static size_t curipy_valid_list(uint8_t *valid, curipy_span *spans, void *list, void *out,
                                size_t n, unsigned pflags)
{
    PyObject *o = (PyObject *)out;
    if (!PyList_CheckExact(o) || (size_t)PyList_GET_SIZE(o) != n ||
        curipy_take(spans, list, n) == SIZE_MAX)
        return SIZE_MAX;
    PyThreadState *ts = PyEval_SaveThread();
    size_t other = curipy_valid_many(valid, spans, n, pflags);
    PyEval_RestoreThread(ts);
    for (size_t i = 0; i < n; i++) {
        PyObject *item = (PyObject *)spans[i].ref, *old = PyList_GET_ITEM(o, (Py_ssize_t)i);
        spans[i].ref = NULL;
        if (valid[i] == 2) {
            PyList_SET_ITEM(o, (Py_ssize_t)i, item); /* our reference goes with it */
            Py_DECREF(old);
            continue;
        }
        Py_DECREF(item);
        if (valid[i] == 1) {
            Py_INCREF(Py_True);
            PyList_SET_ITEM(o, (Py_ssize_t)i, Py_True);
            Py_DECREF(old);
        }
    }
    return other;
}

/*
 * normalize_many of the n first items of list, in one call.  out, a list of n None, gets
 * the normalized text of each item that normalizes, as a str; codes[i] is the error of
 * item i, or CURIPY_OTHER for one left to a block, and out[i] is then the item itself (as
 * in curipy_valid_list: the caller reports, keeps or does again the items read here, not
 * those of a list that may have changed since).  dst[0..cap) is a
 * window: the work runs without the GIL until the window is full, then the outputs in it
 * become str objects under the GIL, and the work goes on from the next item.  Returns how
 * many codes are nonzero, or SIZE_MAX when list or out is not as said, or CURIPY_SMALL when
 * one output alone does not fit in the window, or CURIPY_NOMEM when a str could not be made
 * (out is then partly filled, and the caller starts again another way).
 */
#define CURIPY_SMALL (SIZE_MAX - 1)
#define CURIPY_NOMEM (SIZE_MAX - 2)
static size_t curipy_normalize_list(char *dst, size_t cap, uint16_t *codes, curipy_span *spans,
                                    void *list, void *out, size_t n, unsigned pflags,
                                    unsigned mask)
{
    PyObject *o = (PyObject *)out;
    if (!PyList_CheckExact(o) || (size_t)PyList_GET_SIZE(o) != n ||
        curipy_take(spans, list, n) == SIZE_MAX)
        return SIZE_MAX;
    size_t done = 0, bad = 0;
    while (done < n) {
        size_t w, e;
        PyThreadState *ts = PyEval_SaveThread();
        size_t k = curipy_normalize_many(dst, cap, &w, &e, codes + done, spans + done,
                                         n - done, pflags, mask);
        PyEval_RestoreThread(ts);
        if (k == 0) {
            curipy_drop(spans, n);
            return CURIPY_SMALL;
        }
        /* each output is followed by '\n', which no normalized URI holds */
        const char *q = dst;
        for (size_t j = done; j < done + k; j++) {
            const char *nl = memchr(q, '\n', (size_t)(dst + w - q));
            size_t len = (size_t)(nl - q);
            PyObject *put, *old = PyList_GET_ITEM(o, (Py_ssize_t)j);
            if (codes[j] == 0) {
                put = PyUnicode_New((Py_ssize_t)len, 127);
                if (put == NULL) {
                    PyErr_Clear();
                    curipy_drop(spans, n);
                    return CURIPY_NOMEM;
                }
                memcpy(PyUnicode_DATA(put), q, len);
            } else {
                put = (PyObject *)spans[j].ref; /* the item, with our reference */
                spans[j].ref = NULL;
            }
            PyList_SET_ITEM(o, (Py_ssize_t)j, put);
            Py_DECREF(old);
            q = nl + 1;
        }
        curipy_drop(spans + done, k);
        done += k;
        bad += e;
    }
    return bad;
}

/*
 * URI.normalize() of one URI: str, a compact ASCII str (a URI's text), parsed with pflags
 * and normalized with mask straight into a new str stored as out[0] (out: a list of one
 * item), with no bytes object, no output buffer and no second parse on the Python side.
 * Returns 0, the error's code | offset << 8, or -1 when str or out is not as said or the
 * output does not fit the stack buffer (the caller then goes the general way).  Keeps the
 * GIL (the wrapper's name ends neither in _many nor in _lines): it makes a str.
 */
static int64_t curipy_normalize_str(intptr_t str, unsigned pflags, unsigned mask, intptr_t out)
{
    PyObject *s = (PyObject *)str, *o = (PyObject *)out, *put;
    char buf[2048];
    curi_uri u;
    curi_error e;
    size_t n = 0;
    if (!PyUnicode_CheckExact(s) || !PyUnicode_IS_COMPACT_ASCII(s) || !PyList_CheckExact(o) ||
        PyList_GET_SIZE(o) != 1)
        return -1;
    int rc = curi_parse(&u, (const char *)PyUnicode_DATA(s), (size_t)PyUnicode_GET_LENGTH(s),
                        pflags, &e);
    if (rc == CURI_OK)
        rc = curi_normalize(buf, sizeof buf, &n, &u, mask, &e);
    if (rc == CURI_ERR_NOSPACE)
        return -1;
    if (rc != CURI_OK)
        return (int64_t)rc | (int64_t)e.offset << 8;
    put = PyUnicode_New((Py_ssize_t)n, 127);
    if (put == NULL) {
        PyErr_Clear();
        return -1;
    }
    memcpy(PyUnicode_DATA(put), buf, n);
    PyObject *old = PyList_GET_ITEM(o, 0);
    PyList_SET_ITEM(o, 0, put);
    Py_DECREF(old);
    return 0;
}
#else
static int64_t curipy_normalize_str(intptr_t str, unsigned pflags, unsigned mask, intptr_t out)
{
    (void)str;
    (void)pflags;
    (void)mask;
    (void)out;
    return -1;
}

static size_t curipy_take(curipy_span *spans, void *list, size_t n)
{
    (void)spans;
    (void)list;
    (void)n;
    return SIZE_MAX;
}

static size_t curipy_valid_list(uint8_t *valid, curipy_span *spans, void *list, void *out,
                                size_t n, unsigned pflags)
{
    (void)valid;
    (void)spans;
    (void)list;
    (void)out;
    (void)n;
    (void)pflags;
    return SIZE_MAX;
}

static size_t curipy_normalize_list(char *dst, size_t cap, uint16_t *codes, curipy_span *spans,
                                    void *list, void *out, size_t n, unsigned pflags,
                                    unsigned mask)
{
    (void)dst;
    (void)cap;
    (void)codes;
    (void)spans;
    (void)list;
    (void)out;
    (void)n;
    (void)pflags;
    (void)mask;
    return SIZE_MAX;
}
#endif

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
