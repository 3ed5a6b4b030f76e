/*
 * _lists.c -- the CPython extension module curi._lists: the batch calls of the package over
 * a Python list, read with CPython's own C API and handed to libcuri's batch functions
 * (curi_valid_many, curi_normalize_many) as an array of curi_str spans.
 *
 * A str of ASCII text keeps its text as bytes in the object (PyUnicode_DATA), and a bytes
 * object keeps its bytes: those items are read where they are, nothing joined or copied.  Any
 * other item (a str with a non-ASCII character, a subclass of str, a bytearray, a URI...) is
 * turned into bytes by the function the caller passes (curi._as_bytes), under the GIL.
 *
 * The GIL: the list is read under it, in one pass that runs no Python code, each item (and
 * each bytes made for one) held by a reference of ours, so that another thread changing the
 * list while the GIL is released cannot free what is being read; the library's batch call
 * runs without the GIL; the answers are made and the references dropped under it again.
 * On a CPython without the GIL the list is first copied (PyList_GetSlice takes the list's
 * lock), and the copy read.
 *
 * Built by curi_build.py (make python) and setup.py (pip) beside the cffi module curi._curi,
 * linked with libcuri.  Only the public header and CPython's documented C API are used.
 * SPDX-License-Identifier: MIT
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <string.h>

#include "curi.h"

/* The inputs of one batch: the items as read, spans into them, and our references. */
typedef struct {
    Py_ssize_t n;
    PyObject **items; /* n items, each a reference of ours */
    curi_str *spans;  /* n spans */
    PyObject **made;  /* n: the bytes made for item i by conv (a reference), or NULL */
} inputs;

static void inputs_free(inputs *in)
{
    if (in->items != NULL) {
        for (Py_ssize_t i = 0; i < in->n; i++)
            Py_DECREF(in->items[i]);
    }
    if (in->made != NULL) {
        for (Py_ssize_t i = 0; i < in->n; i++)
            Py_XDECREF(in->made[i]);
    }
    PyMem_Free(in->items);
    PyMem_Free(in->made);
    PyMem_Free(in->spans);
    memset(in, 0, sizeof *in);
}

/*
 * Read the items of list into in: first every item, held, in one pass that runs no Python
 * code (so that it is one state of the list), the spans of those read in place with them;
 * then, when there are others, their bytes from conv.  0, or -1 with an exception set (in
 * is then freed).
 */
static int inputs_read(inputs *in, PyObject *list, PyObject *conv)
{
    PyObject *snap;
    Py_ssize_t others = 0;

    memset(in, 0, sizeof *in);
    if (!PyList_Check(list)) {
        PyErr_SetString(PyExc_TypeError, "a list is expected");
        return -1;
    }
#ifdef Py_GIL_DISABLED
    snap = PyList_GetSlice(list, 0, PY_SSIZE_T_MAX); /* under the list's lock */
    if (snap == NULL)
        return -1;
#else
    snap = list;
    Py_INCREF(snap);
#endif
    Py_ssize_t n = PyList_GET_SIZE(snap);
    size_t m = (size_t)(n ? n : 1);
    in->items = PyMem_Malloc(m * sizeof *in->items);
    in->spans = PyMem_Malloc(m * sizeof *in->spans);
    if (in->items == NULL || in->spans == NULL) {
        Py_DECREF(snap);
        inputs_free(in);
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *o = PyList_GET_ITEM(snap, i);
        Py_INCREF(o);
        in->items[i] = o;
        if (PyUnicode_CheckExact(o) && PyUnicode_IS_COMPACT_ASCII(o)) {
            in->spans[i].ptr = (const char *)PyUnicode_DATA(o);
            in->spans[i].len = (size_t)PyUnicode_GET_LENGTH(o);
        } else if (PyBytes_CheckExact(o)) {
            in->spans[i].ptr = PyBytes_AS_STRING(o);
            in->spans[i].len = (size_t)PyBytes_GET_SIZE(o);
        } else {
            in->spans[i].ptr = NULL; /* conv's, below */
            in->spans[i].len = 0;
            others++;
        }
    }
    in->n = n;
    Py_DECREF(snap);
    if (others == 0)
        return 0;
    in->made = PyMem_Calloc(m, sizeof *in->made);
    if (in->made == NULL) {
        inputs_free(in);
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *o = in->items[i], *b;
        if (in->spans[i].ptr != NULL)
            continue; /* read in place (a str's or a bytes' data is never NULL) */
        b = PyObject_CallFunctionObjArgs(conv, o, NULL);
        if (b == NULL || !PyBytes_Check(b)) {
            if (b != NULL)
                PyErr_SetString(PyExc_TypeError, "conv must return bytes");
            Py_XDECREF(b);
            inputs_free(in);
            return -1;
        }
        in->made[i] = b;
        in->spans[i].ptr = PyBytes_AS_STRING(b);
        in->spans[i].len = (size_t)PyBytes_GET_SIZE(b);
    }
    return 0;
}

static PyObject *library_refused(int rc)
{
    PyErr_Format(PyExc_ValueError, "curi: the batch call refused its arguments (%s)",
                 curi_strerror_name(rc));
    return NULL;
}

/*
 * normalize_list(items, parse_flags, mask, conv) -> (out, bad): out[i] the normalized text of
 * item i as a str, or the item itself when it has an error; bad the indices of those, in
 * order.  The outputs go through a window that holds most batches whole; when it is full
 * the outputs in it become str objects (under the GIL) and the batch goes on from there.
 */
static PyObject *normalize_list(PyObject *self, PyObject *args)
{
    PyObject *list, *conv, *out = NULL, *bad = NULL;
    unsigned pflags, mask;
    inputs in;
    size_t *ends = NULL, cap;
    uint16_t *codes = NULL;
    char *dst = NULL;
    Py_ssize_t from = 0;
    (void)self;

    if (!PyArg_ParseTuple(args, "OIIO", &list, &pflags, &mask, &conv))
        return NULL;
    if (inputs_read(&in, list, conv) < 0)
        return NULL;
    cap = (size_t)in.n * 128 + 65536;
    if (cap > ((size_t)16 << 20))
        cap = (size_t)16 << 20;
    ends = PyMem_Malloc((size_t)(in.n ? in.n : 1) * sizeof *ends);
    codes = PyMem_Malloc((size_t)(in.n ? in.n : 1) * sizeof *codes);
    dst = PyMem_Malloc(cap);
    out = PyList_New(in.n);
    bad = PyList_New(0);
    if (ends == NULL || codes == NULL || dst == NULL) {
        PyErr_NoMemory();
        goto fail;
    }
    if (out == NULL || bad == NULL)
        goto fail;
    while (from < in.n) {
        size_t done = 0;
        int rc;
        Py_BEGIN_ALLOW_THREADS
        rc = curi_normalize_many(dst, cap, ends + from, codes + from, in.spans + from,
                                 (size_t)(in.n - from), pflags, mask, &done, NULL);
        Py_END_ALLOW_THREADS
        if (rc != CURI_OK && rc != CURI_ERR_NOSPACE) {
            library_refused(rc);
            goto fail;
        }
        for (size_t j = 0; j < done; j++) {
            Py_ssize_t i = from + (Py_ssize_t)j;
            size_t start = j ? ends[i - 1] : 0;
            PyObject *put;
            if (codes[i] == CURI_OK) {
                put = PyUnicode_New((Py_ssize_t)(ends[i] - start), 127);
                if (put == NULL)
                    goto fail;
                memcpy(PyUnicode_DATA(put), dst + start, ends[i] - start);
            } else {
                PyObject *k = PyLong_FromSsize_t(i);
                if (k == NULL || PyList_Append(bad, k) < 0) {
                    Py_XDECREF(k);
                    goto fail;
                }
                Py_DECREF(k);
                put = in.items[i];
                Py_INCREF(put);
            }
            PyList_SET_ITEM(out, i, put);
        }
        from += (Py_ssize_t)done;
        if (rc == CURI_ERR_NOSPACE && done == 0) {
            /* one output alone is larger than the window: a window that holds it */
            char *bigger = PyMem_Realloc(dst, ends[from]);
            if (bigger == NULL) {
                PyErr_NoMemory();
                goto fail;
            }
            dst = bigger;
            cap = ends[from];
        }
    }
    PyMem_Free(dst);
    PyMem_Free(ends);
    PyMem_Free(codes);
    inputs_free(&in);
    return Py_BuildValue("(NN)", out, bad);
fail:
    Py_XDECREF(out);
    Py_XDECREF(bad);
    PyMem_Free(dst);
    PyMem_Free(ends);
    PyMem_Free(codes);
    inputs_free(&in);
    return NULL;
}

/* valid_list(items, parse_flags, conv) -> list of bool, from curi_valid_many's codes. */
static PyObject *valid_list(PyObject *self, PyObject *args)
{
    PyObject *list, *conv, *out = NULL;
    unsigned pflags;
    inputs in;
    uint16_t *codes = NULL;
    size_t valid = 0;
    int rc;
    (void)self;

    if (!PyArg_ParseTuple(args, "OIO", &list, &pflags, &conv))
        return NULL;
    if (inputs_read(&in, list, conv) < 0)
        return NULL;
    codes = PyMem_Malloc((size_t)(in.n ? in.n : 1) * sizeof *codes);
    if (codes == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    Py_BEGIN_ALLOW_THREADS
    rc = curi_valid_many(codes, in.spans, (size_t)in.n, pflags, &valid, NULL);
    Py_END_ALLOW_THREADS
    if (rc != CURI_OK) {
        library_refused(rc);
        goto done;
    }
    out = PyList_New(in.n);
    if (out == NULL)
        goto done;
    for (Py_ssize_t i = 0; i < in.n; i++) {
        PyObject *v = codes[i] == CURI_OK ? Py_True : Py_False;
        Py_INCREF(v);
        PyList_SET_ITEM(out, i, v);
    }
done:
    PyMem_Free(codes);
    inputs_free(&in);
    return out;
}

/*
 * normalize_str(s, parse_flags, mask) -> str, or an int (the error's code | offset << 8),
 * or None when s is not an exact str of ASCII text or the output does not fit the stack
 * buffer (the caller then goes the general way): URI.normalize() in one call.  Keeps the
 * GIL: one URL costs less than releasing it.
 */
static PyObject *normalize_str(PyObject *self, PyObject *args)
{
    PyObject *s, *put;
    unsigned pflags, mask;
    char buf[2048];
    curi_uri u;
    curi_error e;
    size_t n = 0;
    int rc;
    (void)self;

    if (!PyArg_ParseTuple(args, "OII", &s, &pflags, &mask))
        return NULL;
    if (!PyUnicode_CheckExact(s) || !PyUnicode_IS_COMPACT_ASCII(s))
        Py_RETURN_NONE;
    rc = curi_parse(&u, (const char *)PyUnicode_DATA(s), (size_t)PyUnicode_GET_LENGTH(s),
                    pflags, &e);
    if (rc == CURI_OK)
        rc = curi_normalize(buf, sizeof buf, &n, &u, mask, &e);
    if (rc == CURI_ERR_NOSPACE)
        Py_RETURN_NONE;
    if (rc != CURI_OK)
        return PyLong_FromLongLong((long long)rc | (long long)e.offset << 8);
    put = PyUnicode_New((Py_ssize_t)n, 127);
    if (put == NULL)
        return NULL;
    memcpy(PyUnicode_DATA(put), buf, n);
    return put;
}

/*
 * Blocks of lines: the per-block work of a deduplicating job (examples/dask_dedup.py) done
 * in C, so that a block of a file never becomes a Python object per line.
 *
 * normalize_block(data, parse_flags, mask, k, first) -> (parts, invalid, n): the lines of
 * data (as curi_normalize_lines reads them; a UTF-8 byte order mark dropped when first) are
 * normalized; parts is a tuple of k bytes, part j holding the distinct normalized URLs whose
 * hash falls in j, each followed by '\n', in the order first seen; invalid holds the inputs
 * with an error, as they were read, each followed by '\n'; n is the number of inputs.
 *
 * unique_lines(parts) -> bytes: the distinct lines of a sequence of such bytes, in the order
 * first seen (the reduction of one hash partition).
 *
 * The hash (line_hash) is a function of the line's bytes alone, the same in every process and
 * on every machine (Python's own string hash is salted per process), so that a URL falls in
 * the same part on every worker.
 * Memory is taken with PyMem_Raw* (the work runs without the GIL).
 */
typedef struct {
    size_t off, len; /* into the block's text or output */
    uint64_t h;
} span64;

typedef struct {
    span64 *v;
    size_t n, cap;
} spans;

static int spans_push(spans *a, size_t off, size_t len)
{
    if (a->n == a->cap) {
        size_t cap = a->cap ? a->cap * 2 : 1024;
        span64 *v = PyMem_RawRealloc(a->v, cap * sizeof *v);
        if (v == NULL)
            return -1;
        a->v = v;
        a->cap = cap;
    }
    a->v[a->n].off = off;
    a->v[a->n].len = len;
    a->v[a->n].h = 0;
    a->n++;
    return 0;
}

/* A word at a time, each word read little-endian byte by byte (the compilers make that one
 * load on a little-endian machine), so that every machine of a cluster gives the same hash. */
static uint64_t le64(const unsigned char *p, size_t n)
{
    uint64_t w = 0;
    for (size_t i = n; i-- > 0;)
        w = w << 8 | p[i];
    return w;
}

static uint64_t line_hash(const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s;
    uint64_t h = 0x9e3779b97f4a7c15u ^ n;
    for (; n >= 8; p += 8, n -= 8) {
        h = (h ^ le64(p, 8)) * 0xff51afd7ed558ccdu;
        h ^= h >> 32;
    }
    h = (h ^ le64(p, n)) * 0xc4ceb9fe1a85ec53u;
    return h ^ h >> 29;
}

/*
 * Keep in a (each span's text at base + off) only the first of each distinct text, in order;
 * fills each kept span's h.  0, or -1 when out of memory.
 */
static int spans_unique(spans *a, const char *base)
{
    size_t cap = 1024, kept = 0;
    /* slot[j] = index + 1 of a kept span, or 0; the table grows with what is kept (at most
     * half full), not with the input, so that a block of many repeats stays in cache */
    uint32_t *slot = PyMem_RawCalloc(cap, sizeof *slot);
    if (slot == NULL)
        return -1;
    for (size_t i = 0; i < a->n; i++) {
        span64 s = a->v[i];
        s.h = line_hash(base + s.off, s.len);
        size_t j = (size_t)(s.h ^ (s.h >> 29)) & (cap - 1);
        for (;; j = (j + 1) & (cap - 1)) {
            if (slot[j] == 0) {
                a->v[kept] = s;
                slot[j] = (uint32_t)++kept;
                break;
            }
            const span64 *t = &a->v[slot[j] - 1];
            if (t->h == s.h && t->len == s.len && memcmp(base + t->off, base + s.off, s.len) == 0)
                break;
        }
        if (kept * 2 > cap) {
            uint32_t *wider = PyMem_RawCalloc(cap * 2, sizeof *wider);
            if (wider == NULL) {
                PyMem_RawFree(slot);
                return -1;
            }
            PyMem_RawFree(slot);
            slot = wider;
            cap *= 2;
            for (size_t k = 0; k < kept; k++) {
                size_t m = (size_t)(a->v[k].h ^ (a->v[k].h >> 29)) & (cap - 1);
                while (slot[m] != 0)
                    m = (m + 1) & (cap - 1);
                slot[m] = (uint32_t)(k + 1);
            }
        }
    }
    PyMem_RawFree(slot);
    a->n = kept;
    return 0;
}

/* What normalize_block computes without the GIL. */
typedef struct {
    char *out;              /* the normalized outputs, one after the other */
    size_t olen, ocap;
    spans valid, invalid;   /* valid: into out; invalid: into the text */
    size_t n;
} block;

static void block_free(block *b)
{
    PyMem_RawFree(b->out);
    PyMem_RawFree(b->valid.v);
    PyMem_RawFree(b->invalid.v);
}

static int block_reserve(block *b, size_t more)
{
    if (b->ocap - b->olen >= more)
        return 0;
    size_t cap = b->ocap * 2 > b->olen + more ? b->ocap * 2 : b->olen + more;
    char *out = PyMem_RawRealloc(b->out, cap);
    if (out == NULL)
        return -1;
    b->out = out;
    b->ocap = cap;
    return 0;
}

enum { BLOCK_LINES = 4096 };

/* Normalize the lines of text[0..len) into b.  CURI_OK, a library error, or -1 (memory). */
static int block_run(block *b, const char *text, size_t len, unsigned pflags, unsigned mask)
{
    size_t *ends = PyMem_RawMalloc(BLOCK_LINES * sizeof *ends);
    uint16_t *codes = PyMem_RawMalloc(BLOCK_LINES * sizeof *codes);
    size_t pos = 0;
    int rc = -1;

    if (ends == NULL || codes == NULL || block_reserve(b, len + len / 8 + 64) < 0)
        goto done;
    while (pos < len) {
        size_t lines = 0, used = 0, prev = 0, lp = pos;
        rc = curi_normalize_lines(b->out + b->olen, b->ocap - b->olen, ends, codes,
                                  BLOCK_LINES, text + pos, len - pos, pflags, mask, &lines,
                                  &used, NULL);
        if (rc != CURI_OK && rc != CURI_ERR_NOSPACE)
            goto done;
        for (size_t j = 0; j < lines; j++) {
            const char *nl = memchr(text + lp, '\n', pos + used - lp);
            size_t e = nl != NULL ? (size_t)(nl - text) : pos + used, le = e;
            if (nl != NULL && le > lp && text[le - 1] == '\r')
                le--;
            if ((codes[j] == CURI_OK ? spans_push(&b->valid, b->olen + prev, ends[j] - prev)
                                     : spans_push(&b->invalid, lp, le - lp)) < 0) {
                rc = -1;
                goto done;
            }
            prev = ends[j];
            lp = nl != NULL ? e + 1 : e;
        }
        b->olen += prev;
        b->n += lines;
        pos += used;
        if (rc == CURI_ERR_NOSPACE && lines < BLOCK_LINES &&
            block_reserve(b, ends[lines] - prev + 64) < 0) {
            rc = -1;
            goto done;
        }
    }
    rc = CURI_OK;
done:
    PyMem_RawFree(ends);
    PyMem_RawFree(codes);
    return rc;
}

/* The '\n'-terminated lines of the spans in a (over base), those of part j when k > 0. */
static PyObject *spans_join(const spans *a, const char *base, unsigned k, unsigned j)
{
    size_t size = 0;
    for (size_t i = 0; i < a->n; i++) {
        if (k == 0 || (unsigned)(((a->v[i].h >> 32) * k) >> 32) == j)
            size += a->v[i].len + 1;
    }
    PyObject *r = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)size);
    if (r == NULL)
        return NULL;
    char *w = PyBytes_AS_STRING(r);
    for (size_t i = 0; i < a->n; i++) {
        if (k == 0 || (unsigned)(((a->v[i].h >> 32) * k) >> 32) == j) {
            memcpy(w, base + a->v[i].off, a->v[i].len);
            w += a->v[i].len;
            *w++ = '\n';
        }
    }
    return r;
}

static PyObject *normalize_block(PyObject *self, PyObject *args)
{
    Py_buffer in;
    unsigned pflags, mask, k;
    int first, rc = CURI_OK;
    block b;
    PyObject *parts = NULL, *invalid = NULL, *r = NULL;
    (void)self;

    if (!PyArg_ParseTuple(args, "y*IIIp", &in, &pflags, &mask, &k, &first))
        return NULL;
    memset(&b, 0, sizeof b);
    if (k == 0 || k > 65536) {
        PyErr_SetString(PyExc_ValueError, "k must be 1 to 65536");
        goto done;
    }
    const char *text = in.buf;
    size_t len = (size_t)in.len;
    if (first && len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0) {
        text += 3;
        len -= 3;
    }
    Py_BEGIN_ALLOW_THREADS
    rc = block_run(&b, text, len, pflags, mask);
    if (rc == CURI_OK && spans_unique(&b.valid, b.out) < 0)
        rc = -1;
    Py_END_ALLOW_THREADS
    if (rc == -1) {
        PyErr_NoMemory();
        goto done;
    }
    if (rc != CURI_OK) {
        library_refused(rc);
        goto done;
    }
    parts = PyTuple_New((Py_ssize_t)k);
    if (parts == NULL)
        goto done;
    for (unsigned j = 0; j < k; j++) {
        PyObject *p = spans_join(&b.valid, b.out, k, j);
        if (p == NULL)
            goto done;
        PyTuple_SET_ITEM(parts, j, p);
    }
    invalid = spans_join(&b.invalid, text, 0, 0);
    if (invalid != NULL)
        r = Py_BuildValue("(OOn)", parts, invalid, (Py_ssize_t)b.n);
done:
    Py_XDECREF(parts);
    Py_XDECREF(invalid);
    block_free(&b);
    PyBuffer_Release(&in);
    return r;
}

static PyObject *unique_lines(PyObject *self, PyObject *arg)
{
    PyObject *seq = PySequence_Fast(arg, "unique_lines takes a sequence of bytes"), *r = NULL;
    spans a;
    size_t total = 0;
    char *all = NULL;
    (void)self;

    if (seq == NULL)
        return NULL;
    memset(&a, 0, sizeof a);
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *o = PySequence_Fast_GET_ITEM(seq, i);
        if (!PyBytes_Check(o)) {
            PyErr_SetString(PyExc_TypeError, "unique_lines takes a sequence of bytes");
            goto done;
        }
        total += (size_t)PyBytes_GET_SIZE(o) + 1;
    }
    /* one copy of every part, so that the spans of every line have one base */
    all = PyMem_RawMalloc(total ? total : 1);
    if (all == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    size_t at = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *o = PySequence_Fast_GET_ITEM(seq, i);
        const char *s = PyBytes_AS_STRING(o);
        size_t len = (size_t)PyBytes_GET_SIZE(o), p = 0;
        memcpy(all + at, s, len);
        while (p < len) {
            const char *nl = memchr(s + p, '\n', len - p);
            size_t e = nl != NULL ? (size_t)(nl - s) : len;
            if (spans_push(&a, at + p, e - p) < 0) {
                PyErr_NoMemory();
                goto done;
            }
            p = e + 1;
        }
        at += len;
    }
    int rc;
    Py_BEGIN_ALLOW_THREADS
    rc = spans_unique(&a, all);
    Py_END_ALLOW_THREADS
    if (rc < 0)
        PyErr_NoMemory();
    else
        r = spans_join(&a, all, 0, 0);
done:
    PyMem_RawFree(all);
    PyMem_RawFree(a.v);
    Py_DECREF(seq);
    return r;
}

static PyMethodDef methods[] = {
    {"normalize_list", normalize_list, METH_VARARGS,
     "normalize_list(items, parse_flags, mask, conv) -> (out, bad)"},
    {"valid_list", valid_list, METH_VARARGS, "valid_list(items, parse_flags, conv) -> list"},
    {"normalize_str", normalize_str, METH_VARARGS,
     "normalize_str(s, parse_flags, mask) -> str, int or None"},
    {"normalize_block", normalize_block, METH_VARARGS,
     "normalize_block(data, parse_flags, mask, k, first) -> (parts, invalid, n)"},
    {"unique_lines", unique_lines, METH_O, "unique_lines(parts) -> bytes"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "curi._lists",
    "The batch calls of curi over Python lists (libcuri's batch API).", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__lists(void)
{
    PyObject *m = PyModule_Create(&module);
#ifdef Py_GIL_DISABLED
    if (m != NULL)
        PyUnstable_Module_SetGIL(m, Py_MOD_GIL_NOT_USED);
#endif
    return m;
}
