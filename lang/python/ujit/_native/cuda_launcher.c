/* A configured kernel launcher, kernel[grid, block(, stream, shared)]: the twin of the
 * @njit dispatcher for launches (ujit/cuda/_kernels.py keeps one per configuration).
 *
 * A call whose arguments are all ujit DeviceNDArrays and plain numbers, of argument type
 * codes a launch through Python has already seen, launches from here: codes read in C
 * (the device array's is kept on it, `_ujit_code`), the same conversion as ext.launch,
 * one C API call. Anything else (host arrays, other libraries' arrays, new types, kernels
 * with declared signatures) calls `slow(launcher, *args)`, the Python launch, which
 * checks, warns, converts and notes the signature, then remember()s the codes. */
#include "ext.h"

#include <string.h>

#define MAX_SEEN 8 /* code vectors remembered */

typedef struct {
    PyObject_HEAD vectorcallfunc vectorcall;
    PyObject* dict;
    PyObject* slow;          /* slow(launcher, *args) */
    PyObject* device_array;  /* ujit.cuda.DeviceNDArray, the class */
    PyObject* stream;        /* the extension's Stream, or None */
    FunctionObject* fn;      /* NULL until a launch through Python remember()s it */
    ujit_dim3 grid, block;
    Py_ssize_t shared;
    int n_seen;
    Py_ssize_t seen_n[MAX_SEEN];
    int32_t seen[MAX_SEEN][UJIT_PY_MAX_ARGS];
} LauncherObject;

static PyObject* str_h;    /* "_h" */
static PyObject* str_code; /* "_ujit_code" */

static PyObject* call_slow(LauncherObject* self, PyObject* const* args, Py_ssize_t n) {
    PyObject* small[UJIT_PY_MAX_ARGS + 1];
    if (n > UJIT_PY_MAX_ARGS) {
        PyObject* tuple = PyTuple_New(n + 1);
        if (!tuple) return NULL;
        PyTuple_SET_ITEM(tuple, 0, Py_NewRef((PyObject*)self));
        for (Py_ssize_t i = 0; i < n; ++i) PyTuple_SET_ITEM(tuple, i + 1, Py_NewRef(args[i]));
        PyObject* r = PyObject_Call(self->slow, tuple, NULL);
        Py_DECREF(tuple);
        return r;
    }
    small[0] = (PyObject*)self;
    for (Py_ssize_t i = 0; i < n; ++i) small[i + 1] = args[i];
    return PyObject_Vectorcall(self->slow, small, (size_t)(n + 1), NULL);
}

/* A device array's argument type code from its DLTensor, as _kernels._device_array_code
 * gives it (NumPy's flags: extent-1 dimensions take any stride, an empty array is C);
 * -1 for a dtype or rank the Python launch reports. */
static int32_t device_array_code(PyObject* h) {
    const DLTensor* t = NULL;
    if (ujit_device_array_dltensor(ujit_py_device_array_handle(h), &t) != UJIT_OK || !t) return -1;
    int dt = -1;
    for (int k = UJIT_BOOL; k <= UJIT_FLOAT16 && dt < 0; ++k) {
        DLDataType d = ujit_py_dl_type((ujit_dtype)k);
        if (d.code == t->dtype.code && d.bits == t->dtype.bits && t->dtype.lanes == 1) dt = k;
    }
    int nd = t->ndim;
    if (dt < 0 || nd < 0 || nd > 15) return -1;
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
    int layout = c || empty ? UJIT_LAYOUT_C : f ? UJIT_LAYOUT_F : UJIT_LAYOUT_A;
    return UJIT_CODE_ARRAY | dt | (nd << 8) | (layout << 12);
}

/* The argument's code and the object ext.launch converts (a borrowed reference: the
 * device array keeps its handle); 0 when only the Python launch takes it. */
static int fast_argument(LauncherObject* self, PyObject* o, int32_t* code, PyObject** value) {
    PyTypeObject* t = Py_TYPE(o);
    if (t == &PyFloat_Type || t == &PyLong_Type || t == &PyBool_Type || t == &PyComplex_Type) {
        *code = ujit_py_code_of(o);
        *value = o;
        return 1;
    }
    if ((PyObject*)t != self->device_array) return 0;
    PyObject* h = PyObject_GetAttr(o, str_h);
    int ok = h && PyObject_TypeCheck(h, &Ujit_DeviceArrayType);
    if (ok) {
        /* Kept on the array (its geometry never changes): a new array's worked out once. */
        PyObject* c = PyObject_GetAttr(o, str_code);
        if (!c) {
            PyErr_Clear();
            int32_t made = device_array_code(h);
            c = made < 0 ? NULL : PyLong_FromLong(made);
            if (c && PyObject_SetAttr(o, str_code, c) < 0) Py_CLEAR(c);
        }
        ok = c && PyLong_CheckExact(c);
        if (ok) *code = (int32_t)PyLong_AsLong(c);
        Py_XDECREF(c);
        *value = h;
    }
    Py_XDECREF(h); /* o's attribute keeps it alive through the launch */
    PyErr_Clear();
    return ok && !(*code & UJIT_CODE_NONE);
}

static int seen(const LauncherObject* self, const int32_t* codes, Py_ssize_t n) {
    for (int k = 0; k < self->n_seen; ++k)
        if (self->seen_n[k] == n && memcmp(self->seen[k], codes, (size_t)n * sizeof(int32_t)) == 0) return 1;
    return 0;
}

static PyObject* launcher_vectorcall(PyObject* callable, PyObject* const* args, size_t nargsf, PyObject* kwnames) {
    LauncherObject* self = (LauncherObject*)callable;
    Py_ssize_t n = PyVectorcall_NARGS(nargsf);
    if (kwnames && PyTuple_GET_SIZE(kwnames)) {
        PyErr_SetString(PyExc_TypeError, "kernels take positional arguments only");
        return NULL;
    }
    if (!self->fn || n > UJIT_PY_MAX_ARGS) return call_slow(self, args, n);
    int32_t codes[UJIT_PY_MAX_ARGS];
    PyObject* values[UJIT_PY_MAX_ARGS];
    for (Py_ssize_t i = 0; i < n; ++i)
        if (!fast_argument(self, args[i], &codes[i], &values[i])) return call_slow(self, args, n);
    if (!seen(self, codes, n)) return call_slow(self, args, n);
    int ok;
    ujit_stream* stream = ujit_py_stream_of(self->stream, &ok);
    if (!ok) return NULL;
    ujit_value cvalues[UJIT_PY_MAX_ARGS];
    ArgStorage storage;
    for (Py_ssize_t i = 0; i < n; ++i)
        if (ujit_py_cuda_value(values[i], &cvalues[i], &storage, (int)i) < 0) return NULL;
    FunctionObject* fn = self->fn;
    Py_INCREF(fn);
    PyThreadState* save = PyEval_SaveThread();
    ujit_status st =
        ujit_function_launch(fn->handle, self->grid, self->block, cvalues, (size_t)n, stream, (size_t)self->shared);
    PyEval_RestoreThread(save);
    PyObject* r = st == UJIT_OK ? Py_NewRef(Py_None) : ujit_py_raise(st, fn->module);
    Py_DECREF(fn);
    return r;
}

/* Launcher(slow, grid, block, stream, shared, device_array_class) */
static PyObject* launcher_new(PyTypeObject* type, PyObject* args, PyObject* kwds) {
    PyObject *slow, *stream, *device_array;
    ujit_dim3 g, b;
    Py_ssize_t shared;
    if (kwds && PyDict_GET_SIZE(kwds)) {
        PyErr_SetString(PyExc_TypeError, "Launcher takes positional arguments");
        return NULL;
    }
    if (!PyArg_ParseTuple(args, "O(III)(III)OnO", &slow, &g.x, &g.y, &g.z, &b.x, &b.y, &b.z, &stream, &shared,
                          &device_array))
        return NULL;
    int ok;
    ujit_py_stream_of(stream, &ok);
    if (!ok) return NULL;
    LauncherObject* self = (LauncherObject*)type->tp_alloc(type, 0);
    if (!self) return NULL;
    self->slow = Py_NewRef(slow);
    self->device_array = Py_NewRef(device_array);
    self->stream = Py_NewRef(stream);
    self->grid = g;
    self->block = b;
    self->shared = shared;
    self->vectorcall = launcher_vectorcall;
    return (PyObject*)self;
}

/* remember(function, codes): a launch through Python with these argument codes ran. */
static PyObject* launcher_remember(PyObject* obj, PyObject* args) {
    LauncherObject* self = (LauncherObject*)obj;
    PyObject *fn, *codes;
    if (!PyArg_ParseTuple(args, "O!O!", &Ujit_FunctionType, &fn, &PyTuple_Type, &codes)) return NULL;
    Py_ssize_t n = PyTuple_GET_SIZE(codes);
    if (n > UJIT_PY_MAX_ARGS || self->n_seen == MAX_SEEN) Py_RETURN_NONE;
    int32_t c[UJIT_PY_MAX_ARGS];
    for (Py_ssize_t i = 0; i < n; ++i) {
        c[i] = (int32_t)PyLong_AsLong(PyTuple_GET_ITEM(codes, i));
        if (PyErr_Occurred()) return NULL;
        if (c[i] & UJIT_CODE_NONE) Py_RETURN_NONE;
    }
    if (self->fn && self->fn != (FunctionObject*)fn) Py_RETURN_NONE; /* one function per kernel */
    if (!self->fn) self->fn = (FunctionObject*)Py_NewRef(fn);
    if (!seen(self, c, n)) {
        self->seen_n[self->n_seen] = n;
        memcpy(self->seen[self->n_seen], c, (size_t)n * sizeof(int32_t));
        ++self->n_seen;
    }
    Py_RETURN_NONE;
}

static int launcher_traverse(LauncherObject* self, visitproc visit, void* arg) {
    Py_VISIT(self->dict);
    Py_VISIT(self->slow);
    Py_VISIT(self->device_array);
    Py_VISIT(self->stream);
    Py_VISIT((PyObject*)self->fn);
    return 0;
}

static int launcher_clear(LauncherObject* self) {
    Py_CLEAR(self->dict);
    Py_CLEAR(self->slow);
    Py_CLEAR(self->device_array);
    Py_CLEAR(self->stream);
    Py_CLEAR(self->fn);
    return 0;
}

static void launcher_dealloc(LauncherObject* self) {
    PyObject_GC_UnTrack(self);
    launcher_clear(self);
    Py_TYPE(self)->tp_free((PyObject*)self);
}

static PyMethodDef launcher_methods[] = {
    {"remember", launcher_remember, METH_VARARGS, "remember(function, codes): launch these codes from C"},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef launcher_getset[] = {{"__dict__", PyObject_GenericGetDict, PyObject_GenericSetDict, NULL, NULL},
                                        {NULL, NULL, NULL, NULL, NULL}};

PyTypeObject Ujit_LauncherType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "ujit.Launcher",
    .tp_basicsize = sizeof(LauncherObject),
    .tp_dealloc = (destructor)launcher_dealloc,
    .tp_vectorcall_offset = offsetof(LauncherObject, vectorcall),
    .tp_call = PyVectorcall_Call,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_HAVE_VECTORCALL,
    .tp_doc = "kernel[grid, block(, stream, shared)]: call it with the kernel's arguments.",
    .tp_traverse = (traverseproc)launcher_traverse,
    .tp_clear = (inquiry)launcher_clear,
    .tp_methods = launcher_methods,
    .tp_getset = launcher_getset,
    .tp_dictoffset = offsetof(LauncherObject, dict),
    .tp_new = launcher_new,
};

int ujit_py_launcher_init(void) {
    str_h = PyUnicode_InternFromString("_h");
    str_code = PyUnicode_InternFromString("_ujit_code");
    return str_h && str_code && PyType_Ready(&Ujit_LauncherType) == 0 ? 0 : -1;
}
