/* d[key] of a DeviceNDArray: the views basic indexing makes (d[100:1100], d[:, 1], d[::-2],
 * d[i] of an N-D array), worked out in C from the array's DLTensor as NumPy works out a
 * view's geometry, and made as a new DeviceNDArray over the same memory (the C API's
 * ujit_device_array_view, which checks the view lies within the allocation). A Python-level
 * view cost ~16 us (a NumPy stand-in array indexed for its geometry); this costs about one
 * allocation of each object.
 *
 * One element (an integer for every axis) is read as Numba reads it: copied to the host on
 * the array's stream, a NumPy scalar.
 *
 * Keys this does not take (None, Ellipsis, NumPy integers as items, booleans, arrays, an
 * index out of range, record dtypes) go to the Python class's
 * `_getitem(key)`, which implements them all with NumPy's messages; so does anything odd
 * about the array itself. */
#include "ext.h"

#include <string.h>

static PyObject* str_getitem; /* "_getitem" */

/* The element strides of `t` (DLPack's; compact row-major where it has none). */
static void element_strides(const DLTensor* t, int64_t* strides) {
    int64_t s = 1;
    for (int k = t->ndim - 1; k >= 0; --k) {
        strides[k] = t->strides ? t->strides[k] : s;
        s *= t->shape[k];
    }
}

/* The view's geometry for `key`: 1 with shape, strides (bytes) and byte offset filled, 2 for
 * one element (an integer for every axis: *ndim 0), 0 when the key is one for the Python
 * path (no error set), -1 with a Python error (a slice's own). */
static int view_geometry(const DLTensor* t, PyObject* key, int64_t* shape, int64_t* strides, int* ndim,
                         int64_t* offset) {
    PyObject* const* items = &key;
    Py_ssize_t n_items = 1;
    if (PyTuple_CheckExact(key)) {
        items = &PyTuple_GET_ITEM(key, 0);
        n_items = PyTuple_GET_SIZE(key);
    }
    int nd = t->ndim;
    if (nd > NPY_MAXDIMS || n_items > nd) return 0; /* too many indices: Python's IndexError */
    int64_t from[NPY_MAXDIMS];
    element_strides(t, from);
    const int64_t item = t->dtype.bits / 8;
    int out = 0, integers = 0;
    *offset = 0;
    for (int k = 0; k < nd; ++k) {
        int64_t n = t->shape[k], stride = from[k] * item;
        PyObject* x = k < n_items ? items[k] : NULL;
        if (!x) {
            shape[out] = n;
            strides[out++] = stride;
        } else if (PyLong_CheckExact(x)) {
            int overflow = 0;
            long long i = PyLong_AsLongLongAndOverflow(x, &overflow);
            if (overflow || (i == -1 && PyErr_Occurred())) {
                PyErr_Clear();
                return 0;
            }
            if (i < 0) i += n;
            if (i < 0 || i >= n) return 0; /* NumPy's IndexError, from Python */
            *offset += i * stride;
            ++integers;
        } else if (PySlice_Check(x)) {
            Py_ssize_t start, stop, step;
            if (PySlice_Unpack(x, &start, &stop, &step) < 0) return -1;
            Py_ssize_t len = PySlice_AdjustIndices((Py_ssize_t)n, &start, &stop, step);
            if (len <= 0) { /* NumPy's empty slice: at the axis' start, the stride kept */
                len = 0;
                start = 0;
                step = 1;
            }
            *offset += (int64_t)start * stride;
            shape[out] = len;
            strides[out++] = stride * step;
        } else {
            return 0;
        }
    }
    *ndim = out;
    return integers == nd ? 2 : 1;
}

/* The new DeviceNDArray over `h` (a DeviceArray handle object, stolen), of self's type,
 * stream and allocation (Numba's alloc_size: the bytes of the allocation it views). */
static PyObject* new_view(PyObject* self, PyObject* h) {
    if (!h) return NULL;
    const DeviceNDArrayObject* a = (const DeviceNDArrayObject*)self;
    Py_ssize_t alloc = a->alloc_size;
    if (alloc < 0) {
        alloc = (Py_ssize_t)(a->tensor->dtype.bits / 8);
        for (int k = 0; k < a->tensor->ndim; ++k) alloc *= (Py_ssize_t)a->tensor->shape[k];
    }
    const DLTensor* t = NULL;
    ujit_status st = ujit_device_array_dltensor(ujit_py_device_array_handle(h), &t);
    if (st != UJIT_OK) {
        Py_DECREF(h);
        return ujit_py_raise(st, NULL);
    }
    PyTypeObject* type = Py_TYPE(self);
    DeviceNDArrayObject* v = (DeviceNDArrayObject*)type->tp_alloc(type, 0);
    if (!v) {
        Py_DECREF(h);
        return NULL;
    }
    v->h = h;
    v->tensor = t;
    v->stream = Py_NewRef(a->stream);
    v->alloc_size = alloc;
    return (PyObject*)v;
}

/* The element the 0-d view `h` holds, copied to the host on the array's stream (Numba's
 * d[i]: a NumPy scalar). */
static PyObject* read_element(const DeviceNDArrayObject* a, ujit_device_array* h, int dt) {
    static PyObject* str_h; /* "_h": a ujit.cuda Stream's extension stream */
    PyObject* s = Py_None;  /* the default stream, for Numba's 0 */
    if (!(PyLong_CheckExact(a->stream) && _PyLong_Sign(a->stream) == 0)) {
        if (!str_h && !(str_h = PyUnicode_InternFromString("_h"))) return NULL;
        if (!(s = PyObject_GetAttr(a->stream, str_h))) return NULL;
    } else {
        Py_INCREF(s);
    }
    int ok;
    ujit_stream* stream = ujit_py_stream_of(s, &ok);
    PyArray_Descr* descr = ok && ujit_py_numpy() == 0 ? ujit_py_descr((ujit_dtype)dt) : NULL; /* stolen below */
    PyObject* host = descr ? PyArray_NewFromDescr(&PyArray_Type, descr, 0, NULL, NULL, NULL, 0, NULL) : NULL;
    if (host) {
        DLTensor t;
        int64_t strides[1];
        ujit_status st = UJIT_ERROR_INTERNAL;
        if (ujit_py_dltensor((PyArrayObject*)host, &t, strides) == 0) {
            PyThreadState* save = PyEval_SaveThread();
            st = ujit_device_array_copy_to_host(h, &t, stream);
            PyEval_RestoreThread(save);
            if (st != UJIT_OK) ujit_py_raise(st, NULL);
        }
        if (st != UJIT_OK) Py_CLEAR(host);
    }
    Py_DECREF(s); /* (after the copy: it holds the stream) */
    return host ? PyArray_Return((PyArrayObject*)host) : NULL;
}

PyObject* ujit_py_ndarray_subscript(PyObject* self, PyObject* key) {
    const DeviceNDArrayObject* a = (const DeviceNDArrayObject*)self;
    const DLTensor* t = a->tensor;
    int64_t shape[NPY_MAXDIMS], strides[NPY_MAXDIMS], offset = 0;
    int ndim = 0, r = 0;
    int dt = t && a->stream ? ujit_py_dtype_of_dl(t->dtype) : -1;
    if (dt >= 0) r = view_geometry(t, key, shape, strides, &ndim, &offset);
    if (r < 0) return NULL;
    if (r == 0) {
        if (!str_getitem && !(str_getitem = PyUnicode_InternFromString("_getitem"))) return NULL;
        return PyObject_CallMethodOneArg(self, str_getitem, key);
    }
    ujit_device_array* h = NULL;
    ujit_status st =
        ujit_device_array_view(ujit_py_device_array_handle(a->h), offset, shape, strides, ndim, (ujit_dtype)dt, &h);
    if (st != UJIT_OK) return ujit_py_raise(st, NULL);
    if (r == 2) {
        PyObject* x = read_element(a, h, dt);
        ujit_device_array_release(h);
        return x;
    }
    return new_view(self, ujit_py_wrap_device_array(h));
}

/* NumPy's C_CONTIGUOUS and F_CONTIGUOUS of the array, from its DLTensor: extent-1 axes take
 * any stride, an empty array is both. */
PyObject* ujit_py_ndarray_contiguity(PyObject* self, void* closure) {
    (void)closure;
    const DLTensor* t = ujit_py_ndarray_tensor(self);
    if (!t) return NULL;
    int64_t strides[64];
    if (t->ndim > 64) return PyErr_Format(PyExc_ValueError, "a device array of %d dimensions", t->ndim);
    element_strides(t, strides);
    int c = 1, f = 1;
    int64_t c_next = 1, f_next = 1;
    for (int k = 0; k < t->ndim; ++k) {
        int ck = t->ndim - 1 - k;
        if (t->shape[k] == 0) return Py_BuildValue("(OO)", Py_True, Py_True);
        if (t->shape[ck] != 1 && strides[ck] != c_next) c = 0;
        if (t->shape[k] != 1 && strides[k] != f_next) f = 0;
        c_next *= t->shape[ck];
        f_next *= t->shape[k];
    }
    return Py_BuildValue("(OO)", c ? Py_True : Py_False, f ? Py_True : Py_False);
}
