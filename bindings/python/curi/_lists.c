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

static PyMethodDef methods[] = {
    {"normalize_list", normalize_list, METH_VARARGS,
     "normalize_list(items, parse_flags, mask, conv) -> (out, bad)"},
    {"valid_list", valid_list, METH_VARARGS, "valid_list(items, parse_flags, conv) -> list"},
    {"normalize_str", normalize_str, METH_VARARGS,
     "normalize_str(s, parse_flags, mask) -> str, int or None"},
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
