/* The C half of a CUDA @vectorize ufunc's call: ujit.cuda's CUDAUFunc subclasses
 * CudaUfuncBase, whose call runs here when the inputs are DeviceNDArrays and numbers whose
 * kinds a call through Python has already resolved to a declared loop, `out=` is absent or
 * a DeviceNDArray, and the stream is 0 or a ujit.cuda stream: the inputs read in C (numbers
 * converted to the loop's dtypes, as numba.cuda does), the ufunc launched, the output
 * wrapped, no Python frame. Anything else calls the instance's `_call(*args, **kwargs)`
 * (host arrays, other libraries' arrays, the first call of some input kinds),
 * which resolves Numba's way and then `_remember`s the kinds. */
#include "ext.h"

#include <string.h>

#define MAX_SEEN 8   /* input kind combinations remembered */
#define SCALAR_KIND 16 /* a number's kind: SCALAR_KIND + the dtype NumPy gives it */

typedef struct {
    PyObject_HEAD FunctionObject* fn; /* NULL until _remember */
    PyObject* result_class;           /* DeviceNDArray, for a new output */
    int nin;
    int n_seen;
    int8_t seen[MAX_SEEN][UJIT_PY_MAX_ARGS];  /* an array's dtype, or SCALAR_KIND + a number's */
    int8_t loop[MAX_SEEN][UJIT_PY_MAX_ARGS];  /* the loop's input dtypes: numbers convert to them */
} CudaUfuncObject;

static PyObject* str_call; /* "_call" */
static PyObject* str_out;  /* "out" */
static PyObject* str_stream;
static PyObject* str_h; /* "_h" */

/* The kind of one input: a DeviceNDArray's dtype, or SCALAR_KIND + np.asarray(x).dtype for
 * a number (numba.cuda resolves loops on exactly that); -1 for anything else, and for the
 * numbers whose NumPy dtype depends on the value (ints outside int64). */
static int input_kind(PyObject* a) {
    if (ujit_py_is_ndarray(a)) {
        const DLTensor* t = ujit_py_ndarray_tensor(a);
        return t ? ujit_py_dtype_of_dl(t->dtype) : -1;
    }
    PyTypeObject* t = Py_TYPE(a);
    if (t == &PyFloat_Type) return SCALAR_KIND + UJIT_FLOAT64;
    if (t == &PyBool_Type) return SCALAR_KIND + UJIT_BOOL;
    if (t == &PyComplex_Type) return SCALAR_KIND + UJIT_COMPLEX128;
    if (t == &PyLong_Type) {
        int overflow = 0;
        PyLong_AsLongLongAndOverflow(a, &overflow);
        return overflow ? -1 : SCALAR_KIND + UJIT_INT64;
    }
    if (ujit_py_numpy_if_loaded() && PyArray_IsScalar(a, Number)) { /* np.bool_ is no number there */
        int32_t code = ujit_py_code_of(a);
        return code & ~0xff ? -1 : SCALAR_KIND + (int)code;
    }
    return -1;
}

/* The kind of each input, 0 when one has none (or no input is an array: numba.cuda makes
 * numbers alone 1-element arrays, which the Python call does). */
static int input_kinds(PyObject* args, int8_t* kinds) {
    int arrays = 0;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(args); ++i) {
        int k = input_kind(PyTuple_GET_ITEM(args, i));
        if (k < 0) {
            PyErr_Clear();
            return 0;
        }
        arrays += k < SCALAR_KIND;
        kinds[i] = (int8_t)k;
    }
    return arrays > 0;
}

/* 1 + the index of the remembered kinds, 0 when none. */
static int seen(const CudaUfuncObject* self, const int8_t* kinds) {
    for (int k = 0; k < self->n_seen; ++k)
        if (memcmp(self->seen[k], kinds, (size_t)self->nin) == 0) return k + 1;
    return 0;
}

/* out= (a DeviceNDArray or absent) and stream= (0, None or a ujit.cuda stream, whose `_h` is
 * the extension's Stream: *stream, borrowed) from `kwargs`; 0 when another keyword or value
 * needs the Python call. */
static int fast_keywords(PyObject* kwargs, PyObject** out, PyObject** stream) {
    *out = *stream = NULL;
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
            if (PyLong_CheckExact(value)) {
                long s = PyLong_AsLong(value);
                if (s != 0) {
                    PyErr_Clear(); /* an int too large for a long */
                    return 0;
                }
                continue;
            }
            PyObject* h = PyObject_GetAttr(value, str_h);
            int ok = h && Py_TYPE(h) == &Ujit_StreamType;
            Py_XDECREF(h); /* the stream object keeps it */
            if (!ok) {
                PyErr_Clear();
                return 0;
            }
            *stream = value;
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
    int8_t kinds[UJIT_PY_MAX_ARGS];
    PyObject *out, *stream;
    int k = 0;
    if (!self->fn || n != self->nin || !fast_keywords(kwargs, &out, &stream) || !input_kinds(args, kinds) ||
        !(k = seen(self, kinds)))
        return call_python(obj, args, kwargs);
    ujit_value values[UJIT_PY_MAX_ARGS + 1];
    for (Py_ssize_t i = 0; i < n; ++i) {
        PyObject* a = PyTuple_GET_ITEM(args, i);
        if (kinds[i] < SCALAR_KIND) {
            if (ujit_py_ndarray_value(a, &values[i], NULL) < 0) return NULL;
        } else if (!ujit_py_exact_scalar(a, (ujit_dtype)self->loop[k - 1][i], &values[i])) { /* loop_dtype.type(x) */
            return call_python(obj, args, kwargs);
        }
    }
    if (out && ujit_py_ndarray_value(out, &values[n], NULL) < 0) return NULL;
    FunctionObject* fn = self->fn;
    Py_INCREF(fn);
    int ok = 1;
    ujit_stream* s = NULL;
    if (stream) {
        PyObject* h = PyObject_GetAttr(stream, str_h);
        s = h ? ujit_py_stream_of(h, &ok) : NULL;
        ok = h && ok;
        Py_XDECREF(h); /* the stream object keeps it */
    }
    PyObject* r = ok ? ujit_py_vectorize_values(fn, values, n, out ? &values[n] : NULL, s) : NULL;
    Py_DECREF(fn);
    if (!r || out) {
        Py_XDECREF(r);
        return r ? Py_NewRef(out) : NULL;
    }
    PyObject* result = ujit_py_ndarray_new(self->result_class, r, stream); /* on the call's stream */
    Py_DECREF(r);
    return result;
}

/* _remember(function, inputs, result_class, loop): a call through Python on these inputs
 * (DeviceNDArrays and numbers) resolved to the declared loop of input dtypes `loop`; calls
 * with inputs of the same kinds run from C. */
static PyObject* ufunc_remember(PyObject* obj, PyObject* args) {
    CudaUfuncObject* self = (CudaUfuncObject*)obj;
    PyObject *fn, *inputs, *cls, *loop;
    if (!PyArg_ParseTuple(args, "O!O!O!O!", &Ujit_FunctionType, &fn, &PyTuple_Type, &inputs, &PyType_Type, &cls,
                          &PyTuple_Type, &loop))
        return NULL;
    Py_ssize_t n = PyTuple_GET_SIZE(inputs);
    int8_t kinds[UJIT_PY_MAX_ARGS], to[UJIT_PY_MAX_ARGS];
    if (n > UJIT_PY_MAX_ARGS || PyTuple_GET_SIZE(loop) != n ||
        (self->fn && (self->fn != (FunctionObject*)fn || n != self->nin)) || !input_kinds(inputs, kinds))
        Py_RETURN_NONE;
    for (Py_ssize_t i = 0; i < n; ++i) {
        long t = PyLong_AsLong(PyTuple_GET_ITEM(loop, i));
        if (t == -1 && PyErr_Occurred()) return NULL;
        if (t < UJIT_BOOL || t > UJIT_FLOAT16) Py_RETURN_NONE;
        to[i] = (int8_t)t;
    }
    if (!self->fn) {
        self->fn = (FunctionObject*)Py_NewRef(fn);
        self->result_class = Py_NewRef(cls);
        self->nin = (int)n;
    }
    if (self->n_seen < MAX_SEEN && !seen(self, kinds)) {
        memcpy(self->seen[self->n_seen], kinds, (size_t)n);
        memcpy(self->loop[self->n_seen++], to, (size_t)n);
    }
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
    {"_remember", ufunc_remember, METH_VARARGS, "_remember(function, inputs, result_class, loop)"},
    {NULL, NULL, 0, NULL}};

static PyObject* ufunc_new(PyTypeObject* type, PyObject* args, PyObject* kwds) {
    if (!str_call) {
        str_call = PyUnicode_InternFromString("_call");
        str_out = PyUnicode_InternFromString("out");
        str_stream = PyUnicode_InternFromString("stream");
        str_h = PyUnicode_InternFromString("_h");
        if (!str_call || !str_out || !str_stream || !str_h) return NULL;
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
