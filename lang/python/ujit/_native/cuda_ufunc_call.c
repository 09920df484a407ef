/* The C half of a CUDA @vectorize ufunc's call: ujit.cuda's CUDAUFunc subclasses
 * CudaUfuncBase, whose call runs here when every input is a DeviceNDArray of dtypes a call
 * through Python has already resolved to a declared loop, `out=` is absent or a
 * DeviceNDArray, and the stream is the default one: the inputs read in C, the ufunc
 * launched, the output wrapped, no Python frame. Anything else calls the instance's
 * `_call(*args, **kwargs)` (scalars, host arrays, other libraries' arrays, streams, the
 * first call of a dtype combination), which resolves Numba's way and then `_remember`s the
 * combination. */
#include "ext.h"

#include <string.h>

#define MAX_SEEN 8 /* input dtype combinations remembered */

typedef struct {
    PyObject_HEAD FunctionObject* fn; /* NULL until _remember */
    PyObject* result_class;           /* DeviceNDArray, for a new output */
    int nin;
    int n_seen;
    int8_t seen[MAX_SEEN][UJIT_PY_MAX_ARGS];
} CudaUfuncObject;

static PyObject* str_call; /* "_call" */
static PyObject* str_out;  /* "out" */
static PyObject* str_stream;

/* The ujit_dtype of each input (all DeviceNDArrays), or 0 when one is something else. */
static int input_dtypes(PyObject* args, int8_t* dtypes) {
    Py_ssize_t n = PyTuple_GET_SIZE(args);
    for (Py_ssize_t i = 0; i < n; ++i) {
        PyObject* a = PyTuple_GET_ITEM(args, i);
        if (!ujit_py_is_ndarray(a)) return 0;
        const DLTensor* t = ujit_py_ndarray_tensor(a);
        int dt = t ? ujit_py_dtype_of_dl(t->dtype) : -1;
        if (dt < 0) {
            PyErr_Clear();
            return 0;
        }
        dtypes[i] = (int8_t)dt;
    }
    return 1;
}

static int seen(const CudaUfuncObject* self, const int8_t* dtypes) {
    for (int k = 0; k < self->n_seen; ++k)
        if (memcmp(self->seen[k], dtypes, (size_t)self->nin) == 0) return 1;
    return 0;
}

/* out= (a DeviceNDArray or absent) and stream= (0 or None) from `kwargs`; 0 when another
 * keyword or value needs the Python call. */
static int fast_keywords(PyObject* kwargs, PyObject** out) {
    *out = NULL;
    if (!kwargs) return 1;
    Py_ssize_t pos = 0;
    PyObject *key, *value;
    while (PyDict_Next(kwargs, &pos, &key, &value)) {
        if (PyUnicode_Check(key) && PyUnicode_Compare(key, str_out) == 0) {
            if (value != Py_None) {
                if (!ujit_py_is_ndarray(value)) return 0;
                *out = value;
            }
        } else if (PyUnicode_Check(key) && PyUnicode_Compare(key, str_stream) == 0) {
            if (value == Py_None) continue;
            long s = PyLong_CheckExact(value) ? PyLong_AsLong(value) : -1;
            if (s != 0) {
                PyErr_Clear(); /* an int too large for a long */
                return 0;
            }
        } else {
            return 0;
        }
    }
    return 1;
}

static PyObject* call_python(PyObject* self, PyObject* args, PyObject* kwargs) {
    PyObject* call = PyObject_GetAttr(self, str_call);
    if (!call) return NULL;
    PyObject* r = PyObject_Call(call, args, kwargs);
    Py_DECREF(call);
    return r;
}

static PyObject* ufunc_call(PyObject* obj, PyObject* args, PyObject* kwargs) {
    CudaUfuncObject* self = (CudaUfuncObject*)obj;
    Py_ssize_t n = PyTuple_GET_SIZE(args);
    int8_t dtypes[UJIT_PY_MAX_ARGS];
    PyObject* out;
    if (!self->fn || n != self->nin || !fast_keywords(kwargs, &out) || !input_dtypes(args, dtypes) ||
        !seen(self, dtypes))
        return call_python(obj, args, kwargs);
    ujit_value values[UJIT_PY_MAX_ARGS + 1];
    for (Py_ssize_t i = 0; i < n; ++i)
        if (ujit_py_ndarray_value(PyTuple_GET_ITEM(args, i), &values[i], NULL) < 0) return NULL;
    if (out && ujit_py_ndarray_value(out, &values[n], NULL) < 0) return NULL;
    FunctionObject* fn = self->fn;
    Py_INCREF(fn);
    PyObject* r = ujit_py_vectorize_values(fn, values, n, out ? &values[n] : NULL, NULL);
    Py_DECREF(fn);
    if (!r || out) {
        Py_XDECREF(r);
        return r ? Py_NewRef(out) : NULL;
    }
    PyObject* result = ujit_py_ndarray_new(self->result_class, r, NULL);
    Py_DECREF(r);
    return result;
}

/* _remember(function, inputs, result_class): a call through Python on these DeviceNDArray
 * inputs resolved to a declared loop; calls with inputs of the same dtypes run from C. */
static PyObject* ufunc_remember(PyObject* obj, PyObject* args) {
    CudaUfuncObject* self = (CudaUfuncObject*)obj;
    PyObject *fn, *inputs, *cls;
    if (!PyArg_ParseTuple(args, "O!O!O!", &Ujit_FunctionType, &fn, &PyTuple_Type, &inputs, &PyType_Type, &cls))
        return NULL;
    Py_ssize_t n = PyTuple_GET_SIZE(inputs);
    int8_t dtypes[UJIT_PY_MAX_ARGS];
    if (n > UJIT_PY_MAX_ARGS || (self->fn && (self->fn != (FunctionObject*)fn || n != self->nin)) ||
        !input_dtypes(inputs, dtypes))
        Py_RETURN_NONE;
    if (!self->fn) {
        self->fn = (FunctionObject*)Py_NewRef(fn);
        self->result_class = Py_NewRef(cls);
        self->nin = (int)n;
    }
    if (self->n_seen < MAX_SEEN && !seen(self, dtypes)) memcpy(self->seen[self->n_seen++], dtypes, (size_t)n);
    Py_RETURN_NONE;
}

static int ufunc_traverse(PyObject* obj, visitproc visit, void* arg) {
    CudaUfuncObject* self = (CudaUfuncObject*)obj;
    Py_VISIT((PyObject*)self->fn);
    Py_VISIT(self->result_class);
    return 0;
}

static int ufunc_clear(PyObject* obj) {
    CudaUfuncObject* self = (CudaUfuncObject*)obj;
    Py_CLEAR(self->fn);
    Py_CLEAR(self->result_class);
    return 0;
}

static void ufunc_dealloc(PyObject* obj) {
    PyObject_GC_UnTrack(obj);
    ufunc_clear(obj);
    Py_TYPE(obj)->tp_free(obj);
}

static PyMethodDef ufunc_methods[] = {
    {"_remember", ufunc_remember, METH_VARARGS, "_remember(function, inputs, result_class)"}, {NULL, NULL, 0, NULL}};

static PyObject* ufunc_new(PyTypeObject* type, PyObject* args, PyObject* kwds) {
    if (!str_call) {
        str_call = PyUnicode_InternFromString("_call");
        str_out = PyUnicode_InternFromString("out");
        str_stream = PyUnicode_InternFromString("stream");
        if (!str_call || !str_out || !str_stream) return NULL;
    }
    return type->tp_alloc(type, 0);
}

PyTypeObject Ujit_CudaUfuncBaseType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "ujit._ujit.CudaUfuncBase",
    .tp_basicsize = sizeof(CudaUfuncObject),
    .tp_dealloc = ufunc_dealloc,
    .tp_call = ufunc_call,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC,
    .tp_doc = "The C half of a CUDA ufunc's call.",
    .tp_traverse = ufunc_traverse,
    .tp_clear = ufunc_clear,
    .tp_methods = ufunc_methods,
    .tp_new = ufunc_new,
};
