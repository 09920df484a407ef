/* gen: the Python object a compiled generator function's call returns, as Numba's
 * (numba/_dynfunc.c's _Generator): an iterator whose __next__ resumes the compiled body up to
 * its next yield (ujit_generator_next), iter(g) is g, StopIteration at the end; no send,
 * throw or close, as Numba's has none. It holds the call's arguments (an array argument's
 * memory, which the body reads lazily) and its function (the module's exception classes);
 * dropping it releases what the suspended body holds. */
#include "ext.h"

typedef struct {
    PyObject_HEAD ujit_generator* handle;
    PyObject* item_shape; /* ujit/_types.py result_shape of what it yields */
    PyObject* args;       /* tuple: the call's arguments */
    PyObject* code;       /* the FunctionObject called */
    PyObject* weakreflist;
} GeneratorObject;

static PyObject* generator_iternext(GeneratorObject* self) {
    if (!self->handle) return NULL; /* finished: StopIteration */
    ujit_value items[UJIT_PY_MAX_RESULTS];
    size_t n = 0;
    int has_item = 0;
    ujit_status st = ujit_generator_next(self->handle, &has_item, items, UJIT_PY_MAX_RESULTS, &n);
    if (st != UJIT_OK) { /* the module's own exception classes are its function's */
        int is_function = self->code && PyObject_TypeCheck(self->code, &Ujit_FunctionType);
        return ujit_py_raise(st, is_function ? ((FunctionObject*)self->code)->module : NULL);
    }
    if (!has_item) return NULL;
    if (n > UJIT_PY_MAX_RESULTS) {
        ujit_py_release_results(items, UJIT_PY_MAX_RESULTS);
        PyErr_SetString(PyExc_NotImplementedError, "a generator item of more than 64 numbers and arrays");
        return NULL;
    }
    PyObject** args = &PyTuple_GET_ITEM(self->args, 0);
    PyObject* shape = self->item_shape == Py_None ? NULL : self->item_shape;
    return ujit_py_results(shape, items, n, args, PyTuple_GET_SIZE(self->args), self->code);
}

static int generator_traverse(GeneratorObject* self, visitproc visit, void* arg) {
    Py_VISIT(self->item_shape);
    Py_VISIT(self->args);
    Py_VISIT(self->code);
    return 0;
}

static int generator_clear(GeneratorObject* self) {
    ujit_generator_release(self->handle); /* first: the body may hold the arguments' memory */
    self->handle = NULL;
    Py_CLEAR(self->item_shape);
    Py_CLEAR(self->args);
    Py_CLEAR(self->code);
    return 0;
}

static void generator_dealloc(GeneratorObject* self) {
    PyObject_GC_UnTrack(self);
    if (self->weakreflist) PyObject_ClearWeakRefs((PyObject*)self);
    generator_clear(self);
    Py_TYPE(self)->tp_free((PyObject*)self);
}

/* Numba's type name and module, so that type(g) and repr(g) read as Numba's. */
static PyTypeObject GeneratorType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "_dynfunc._Generator",
    .tp_basicsize = sizeof(GeneratorObject),
    .tp_dealloc = (destructor)generator_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_traverse = (traverseproc)generator_traverse,
    .tp_clear = (inquiry)generator_clear,
    .tp_weaklistoffset = offsetof(GeneratorObject, weakreflist),
    .tp_iter = PyObject_SelfIter,
    .tp_iternext = (iternextfunc)generator_iternext,
};

PyObject* ujit_py_generator(ujit_generator* h, PyObject* item_shape, PyObject* const* args, Py_ssize_t n_args,
                            PyObject* code) {
    static int ready = 0;
    if (!ready && PyType_Ready(&GeneratorType) < 0) {
        ujit_generator_release(h);
        return NULL;
    }
    ready = 1;
    GeneratorObject* self = PyObject_GC_New(GeneratorObject, &GeneratorType);
    if (!self) {
        ujit_generator_release(h);
        return NULL;
    }
    self->handle = h;
    self->item_shape = Py_NewRef(item_shape ? item_shape : Py_None);
    self->args = NULL;
    self->code = code ? Py_NewRef(code) : NULL;
    self->weakreflist = NULL;
    if (!(self->args = PyTuple_New(n_args))) {
        Py_DECREF(self);
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n_args; ++i) PyTuple_SET_ITEM(self->args, i, Py_NewRef(args[i]));
    PyObject_GC_Track(self);
    return (PyObject*)self;
}
