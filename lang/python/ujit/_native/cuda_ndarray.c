/* The C half of ujit.cuda.DeviceNDArray (ujit/cuda/_devicearray.py subclasses it): the
 * device memory handle, the stream, and the geometry read from the handle on first use.
 *
 * Launches and CUDA ufuncs read an argument's handle and its argument type code from this
 * struct (no attribute lookups), and a ufunc's result is made without building the
 * interface dict, the shape tuple or the dtype: a small ufunc call from Python costs a few
 * microseconds, and making its output array was one of them. */
#include "ext.h"

#include <string.h>
#include <structmember.h>

static DeviceNDArrayObject* as_nd(PyObject* o) { return (DeviceNDArrayObject*)o; }

/* The handle's DLTensor, kept from __init__ (the handle is fixed and owns it); NULL with a
 * Python error for an array never initialized. */
const DLTensor* ujit_py_ndarray_tensor(PyObject* o) {
    const DLTensor* t = as_nd(o)->tensor;
    if (!t) PyErr_SetString(PyExc_TypeError, "DeviceNDArray has no device memory handle");
    return t;
}

/* The ujit_dtype of a DLTensor's element type, -1 when ujit has none. */
int ujit_py_dtype_of_dl(DLDataType d) {
    const int time = (int)d.code - UJIT_DL_TIME_BASE; /* datetime64/timedelta64: ujit's own code */
    if (time >= UJIT_DATETIME64 && time < UJIT_TIMEDELTA64 + 15 && d.bits == 64 && d.lanes == 1) return time;
    for (int k = UJIT_BOOL; k <= UJIT_FLOAT16; ++k) {
        DLDataType u = ujit_py_dl_type((ujit_dtype)k);
        if (u.code == d.code && u.bits == d.bits && d.lanes == 1) return k;
    }
    return -1;
}

int32_t ujit_py_tensor_layout(const DLTensor* t) {
    int nd = t->ndim;
    if (nd < 0) return -1;
    int c = 1, f = 1, empty = 0;
    int64_t c_next = 1, f_next = 1; /* elements */
    for (int k = 0; k < nd; ++k) {
        int ck = nd - 1 - k;
        int64_t cs = t->strides ? t->strides[ck] : c_next, fs = t->strides ? t->strides[k] : -1;
        if (!t->strides) {
            int64_t s = 1; /* compact row-major: dimension k's stride */
            for (int j = k + 1; j < nd; ++j) s *= t->shape[j];
            fs = s;
        }
        if (t->shape[ck] != 1 && cs != c_next) c = 0;
        if (t->shape[k] != 1 && fs != f_next) f = 0;
        if (t->shape[k] == 0) empty = 1;
        c_next *= t->shape[ck];
        f_next *= t->shape[k];
    }
    return c || empty ? UJIT_LAYOUT_C : f ? UJIT_LAYOUT_F : UJIT_LAYOUT_A;
}

int32_t ujit_py_tensor_code(const DLTensor* t) {
    int dt = ujit_py_dtype_of_dl(t->dtype);
    int nd = t->ndim;
    if (dt < 0 || nd < 0 || nd > 15) return -1;
    return UJIT_CODE_ARRAY | dt | (nd << 8) | (ujit_py_tensor_layout(t) << 12);
}

int ujit_py_ndarray_value(PyObject* o, ujit_value* v, int32_t* code) {
    const DLTensor* t = ujit_py_ndarray_tensor(o);
    if (!t) return -1;
    if (t->dtype.code == kDLOpaqueHandle) { /* records: code worked out once, as below */
        int32_t c = as_nd(o)->code;
        ujit_py_device_record_value(ujit_py_device_array_handle(as_nd(o)->h), t, v, c ? NULL : &c);
        if (code) *code = as_nd(o)->code = c;
        return 0;
    }
    memset(v, 0, sizeof *v);
    v->is_array = 1;
    v->v.array = t;
    if (code) {
        /* Kept on the array: its geometry never changes (views are new arrays). */
        if (!as_nd(o)->code) as_nd(o)->code = ujit_py_tensor_code(t);
        *code = as_nd(o)->code < 0 ? UJIT_CODE_NONE : as_nd(o)->code;
    }
    return 0;
}

PyObject* ujit_py_ndarray_new(PyObject* cls, PyObject* handle, PyObject* stream) {
    PyObject* args[2] = {handle, stream};
    return PyObject_Vectorcall(cls, args, stream ? 2 : 1, NULL);
}

/* ------------------------------------------------------------------ the type */

/* DeviceNDArray(handle, stream=0, alloc_size=None, dtype=None): `dtype` is a record array's
 * NumPy dtype (its field names and order, which the handle's Record spelling does not keep). */
static int ndarray_init(PyObject* self, PyObject* args, PyObject* kwds) {
    static char* names[] = {"handle", "stream", "alloc_size", "dtype", NULL};
    PyObject *h, *stream = NULL, *alloc = Py_None, *dtype = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!|OOO", names, &Ujit_DeviceArrayType, &h, &stream, &alloc, &dtype))
        return -1;
    DeviceNDArrayObject* a = as_nd(self);
    int truthy = stream ? PyObject_IsTrue(stream) : 0;
    if (truthy < 0) return -1;
    Py_ssize_t size = -1; /* the array's own bytes */
    if (alloc != Py_None && (size = PyNumber_AsSsize_t(alloc, PyExc_OverflowError)) == -1 && PyErr_Occurred())
        return -1;
    const DLTensor* t = NULL;
    ujit_status st = ujit_device_array_dltensor(ujit_py_device_array_handle(h), &t);
    if (st != UJIT_OK) {
        ujit_py_raise(st, NULL);
        return -1;
    }
    Py_XSETREF(a->h, Py_NewRef(h));
    a->tensor = t;
    Py_XSETREF(a->stream, truthy ? Py_NewRef(stream) : PyLong_FromLong(0)); /* Numba: `stream or 0` */
    Py_CLEAR(a->shape);
    Py_CLEAR(a->strides);
    Py_CLEAR(a->dtype);
    if (t->dtype.code == kDLOpaqueHandle) {
        if (dtype == Py_None) {
            PyErr_SetString(PyExc_TypeError, "a DeviceNDArray of records needs its dtype");
            return -1;
        }
        a->dtype = Py_NewRef(dtype);
    }
    a->alloc_size = size;
    a->code = 0;
    return a->stream ? 0 : -1;
}

static int interface_of(PyObject* self, ujit_array_interface* ai) {
    if (!ujit_py_ndarray_tensor(self)) return -1;
    ujit_status st = ujit_device_array_interface(ujit_py_device_array_handle(as_nd(self)->h), ai);
    if (st != UJIT_OK) {
        ujit_py_raise(st, NULL);
        return -1;
    }
    return 0;
}

static PyObject* int64_tuple(const int64_t* v, int n) {
    PyObject* t = PyTuple_New(n);
    for (int i = 0; t && i < n; ++i) {
        PyObject* x = PyLong_FromLongLong(v[i]);
        if (!x)
            Py_CLEAR(t);
        else
            PyTuple_SET_ITEM(t, i, x);
    }
    return t;
}

/* shape and strides (bytes, as NumPy's), made once from the handle's interface. */
static PyObject* geometry(PyObject* self, int strides) {
    DeviceNDArrayObject* a = as_nd(self);
    PyObject** slot = strides ? &a->strides : &a->shape;
    if (!*slot) {
        ujit_array_interface ai;
        if (interface_of(self, &ai) < 0) return NULL;
        *slot = int64_tuple(strides ? ai.strides : ai.shape, ai.ndim);
    }
    Py_XINCREF(*slot);
    return *slot;
}

static PyObject* get_shape(PyObject* self, void* closure) { return geometry(self, 0); }
static PyObject* get_strides(PyObject* self, void* closure) { return geometry(self, 1); }

static PyObject* get_dtype(PyObject* self, void* closure) {
    DeviceNDArrayObject* a = as_nd(self);
    if (!a->dtype) {
        const DLTensor* t = ujit_py_ndarray_tensor(self);
        if (!t || ujit_py_numpy() < 0) return NULL;
        int dt = ujit_py_dtype_of_dl(t->dtype);
        if (dt < 0) return PyErr_Format(PyExc_TypeError, "a device array of a dtype ujit does not support");
        a->dtype = (PyObject*)ujit_py_descr((ujit_dtype)dt);
        if (!a->dtype) return NULL;
    }
    Py_XINCREF(a->dtype);
    return a->dtype;
}

static PyObject* get_ptr(PyObject* self, void* closure) {
    ujit_array_interface ai;
    return interface_of(self, &ai) < 0 ? NULL : PyLong_FromUnsignedLongLong((unsigned long long)ai.data);
}

static PyObject* get_device(PyObject* self, void* closure) {
    ujit_array_interface ai;
    return interface_of(self, &ai) < 0 ? NULL : PyLong_FromLong(ai.device);
}

static PyObject* get_on_host(PyObject* self, void* closure) {
    const DLTensor* t = ujit_py_ndarray_tensor(self);
    return t ? PyBool_FromLong(t->device.device_type == kDLCPU) : NULL;
}

static PyObject* get_nbytes(PyObject* self, void* closure) {
    const DLTensor* t = ujit_py_ndarray_tensor(self);
    if (!t) return NULL;
    int64_t n = (t->dtype.bits / 8) * t->dtype.lanes;
    for (int k = 0; k < t->ndim; ++k) n *= t->shape[k];
    return PyLong_FromLongLong(n);
}

/* The bytes of the allocation this array views (Numba's alloc_size): its own for a new
 * array, the base's for a view. */
static PyObject* get_alloc_size(PyObject* self, void* closure) {
    Py_ssize_t n = as_nd(self)->alloc_size;
    return n < 0 ? get_nbytes(self, NULL) : PyLong_FromSsize_t(n);
}

static int set_alloc_size(PyObject* self, PyObject* value, void* closure) {
    Py_ssize_t n = value ? PyNumber_AsSsize_t(value, PyExc_OverflowError) : -1;
    if (n == -1 && PyErr_Occurred()) return -1;
    as_nd(self)->alloc_size = n;
    return 0;
}

static PyGetSetDef ndarray_getset[] = {
    {"shape", get_shape, NULL, "the array's shape", NULL},
    {"strides", get_strides, NULL, "the array's strides in bytes", NULL},
    {"dtype", get_dtype, NULL, "the array's NumPy dtype", NULL},
    {"nbytes", get_nbytes, NULL, "the bytes the array's elements take", NULL},
    {"alloc_size", get_alloc_size, set_alloc_size, "the bytes of the allocation the array views", NULL},
    {"_ptr", get_ptr, NULL, "the device address of the first element", NULL},
    {"_device", get_device, NULL, "the device ordinal", NULL},
    {"_on_host", get_on_host, NULL, "True for the host device's arrays (host memory)", NULL},
    {"_contiguity", ujit_py_ndarray_contiguity, NULL, "NumPy's (C_CONTIGUOUS, F_CONTIGUOUS)", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyMemberDef ndarray_members[] = {
    {"_h", T_OBJECT_EX, offsetof(DeviceNDArrayObject, h), READONLY, "the extension's DeviceArray"},
    {"stream", T_OBJECT_EX, offsetof(DeviceNDArrayObject, stream), 0, "the array's stream (0: default)"},
    {"_ujit_code", T_INT, offsetof(DeviceNDArrayObject, code), 0, "the argument type code, 0 until worked out"},
    {NULL, 0, 0, 0, NULL}};

static int ndarray_traverse(PyObject* self, visitproc visit, void* arg) {
    DeviceNDArrayObject* a = as_nd(self);
    Py_VISIT(a->stream);
    return 0;
}

static int ndarray_clear(PyObject* self) {
    Py_CLEAR(as_nd(self)->stream);
    return 0;
}

static void ndarray_dealloc(PyObject* self) {
    DeviceNDArrayObject* a = as_nd(self);
    PyTypeObject* type = Py_TYPE(self);
    PyObject_GC_UnTrack(self);
    a->tensor = NULL;
    Py_CLEAR(a->h);
    Py_CLEAR(a->stream);
    Py_CLEAR(a->shape);
    Py_CLEAR(a->strides);
    Py_CLEAR(a->dtype);
    type->tp_free(self); /* a heap subclass's reference to its type: subtype_dealloc drops it */
}

static PyMappingMethods ndarray_mapping = {.mp_subscript = ujit_py_ndarray_subscript};

/* The sequence protocol's item, for iteration (d[0], d[1], ... until IndexError), as a
 * Python class's __getitem__ gives it. */
static PyObject* ndarray_item(PyObject* self, Py_ssize_t i) {
    PyObject* key = PyLong_FromSsize_t(i);
    PyObject* r = key ? ujit_py_ndarray_subscript(self, key) : NULL;
    Py_XDECREF(key);
    return r;
}

static PySequenceMethods ndarray_sequence = {.sq_item = ndarray_item};

PyTypeObject Ujit_DeviceNDArrayType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "ujit._ujit.DeviceNDArrayBase",
    .tp_basicsize = sizeof(DeviceNDArrayObject),
    .tp_dealloc = ndarray_dealloc,
    .tp_as_mapping = &ndarray_mapping,
    .tp_as_sequence = &ndarray_sequence,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC,
    .tp_doc = "The C half of ujit.cuda.DeviceNDArray: handle, stream, geometry.",
    .tp_traverse = ndarray_traverse,
    .tp_clear = ndarray_clear,
    .tp_members = ndarray_members,
    .tp_getset = ndarray_getset,
    .tp_init = ndarray_init,
    .tp_new = PyType_GenericNew,
};
