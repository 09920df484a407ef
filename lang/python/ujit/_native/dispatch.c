/* Dispatcher: what @jit returns, the hot path of a call from Python.
 *
 *   type key of the arguments (one int per argument, values.c)
 *   -> linear search of a few cached entries (most functions see one or two keys)
 *   -> marshal the arguments to the entry's types and call the compiled code.
 *
 * A miss asks the Python side (`owner._resolve(args)`, ujit/_dispatcher.py) which
 * specialization the key maps to (Numba's rules for declared signatures, compiling the
 * module on first use); the answer is cached here, so later calls never enter Python.
 * Attributes the C type does not have (py_func, inspect_types, ...) come from the owner. */
#include "ext.h"

#include <stdio.h>
#include <string.h>

#define MAX_RESULTS 16
/* Arguments of one compiled call (Numba has no such limit; more bind in Python and get a
 * TypingError there, ujit/_dispatcher.py). */
#define MAX_CALL_ARGS 64

typedef struct {
    Py_ssize_t n;
    int32_t key[MAX_CALL_ARGS];
    int32_t spec[MAX_CALL_ARGS]; /* what each argument is converted to */
    FunctionObject* fn;             /* owned */
    PyObject* shape;                /* owned: how a tuple result nests (NULL: scalar or None) */
} Entry;

typedef struct {
    PyObject_HEAD PyObject* owner;
    vectorcallfunc vectorcall;
    PyObject* dict;
    PyObject* weaklist;
    Entry* entries;
    Py_ssize_t n_entries, cap;
    Py_ssize_t n_params; /* the def's parameter count: other counts bind in Python (-1: always) */
    int nogil;           /* nogil=True: compiled code runs without the GIL */
} DispatcherObject;

static int add_entry(DispatcherObject* self, const Entry* e) {
    if (self->n_entries == self->cap) {
        Py_ssize_t cap = self->cap ? self->cap * 2 : 4;
        Entry* grown = PyMem_Realloc(self->entries, (size_t)cap * sizeof(Entry));
        if (!grown) {
            PyErr_NoMemory();
            return -1;
        }
        self->entries = grown;
        self->cap = cap;
    }
    self->entries[self->n_entries++] = *e;
    return 0;
}

/* Asks the owner how to call with `args` of types `key`; caches and returns the entry. */
static const Entry* resolve(DispatcherObject* self, PyObject* const* args, Py_ssize_t n, const int32_t* key) {
    PyObject* tuple = PyTuple_New(n);
    if (!tuple) return NULL;
    for (Py_ssize_t i = 0; i < n; ++i) PyTuple_SET_ITEM(tuple, i, Py_NewRef(args[i]));
    PyObject* r = PyObject_CallMethod(self->owner, "_resolve", "(O)", tuple);
    Py_DECREF(tuple);
    if (!r) return NULL;
    Entry e;
    memset(&e, 0, sizeof e);
    e.n = n;
    memcpy(e.key, key, (size_t)n * sizeof(int32_t));
    PyObject* fn;
    PyObject* spec;
    PyObject* shape;
    if (!PyArg_ParseTuple(r, "O!O!O", &Ujit_FunctionType, &fn, &PyTuple_Type, &spec, &shape) ||
        PyTuple_GET_SIZE(spec) != n) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_SystemError, "_resolve must return (Function, codes, shape)");
        Py_DECREF(r);
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; ++i) e.spec[i] = (int32_t)PyLong_AsLong(PyTuple_GET_ITEM(spec, i));
    e.fn = (FunctionObject*)Py_NewRef(fn);
    e.shape = shape == Py_None ? NULL : Py_NewRef(shape);
    Py_DECREF(r);
    if (PyErr_Occurred() || add_entry(self, &e) < 0) {
        Py_DECREF(e.fn);
        Py_XDECREF(e.shape);
        return NULL;
    }
    return &self->entries[self->n_entries - 1];
}

/* A Python list argument as a C API list handle (items of the list's code `spec`): in *out. */
static int list_value(PyObject* list, int32_t spec, ujit_value* out) {
    Py_ssize_t n = PyList_GET_SIZE(list);
    ujit_value* items = PyMem_Calloc((size_t)n + 1, sizeof(ujit_value));
    DLTensor* tensors = PyMem_Calloc((size_t)n + 1, sizeof(DLTensor));
    int64_t(*strides)[NPY_MAXDIMS] = PyMem_Calloc((size_t)n + 1, sizeof *strides);
    PyObject** kept = PyMem_Calloc((size_t)n + 1, sizeof(PyObject*)); /* str items' UTF-8, where not cached */
    int32_t item = spec & ~(UJIT_CODE_LIST | UJIT_CODE_TYPED_LIST);
    int ok = items && tensors && strides && kept;
    if (!ok) PyErr_NoMemory();
    for (Py_ssize_t i = 0; ok && i < n; ++i) {
        PyObject* x = PyList_GET_ITEM(list, i);
        if (item & UJIT_CODE_ARRAY) {
            if (!PyArray_Check(x) || ujit_py_code_of(x) != item) {
                PyErr_Format(PyExc_TypeError, "list item %zd is not an array of the first item's type", i);
                ok = 0;
            } else {
                ok = ujit_py_array_value((PyArrayObject*)x, &items[i], &tensors[i], strides[i]) == 0;
            }
        } else if (item & UJIT_CODE_STR) {
            if (!PyUnicode_Check(x)) {
                PyErr_Format(PyExc_TypeError, "list item %zd is not a str, as the first item is", i);
                ok = 0;
            } else {
                ok = ujit_py_str_value(x, &items[i], &kept[i]) == 0;
            }
        } else {
            ok = ujit_py_to_scalar(x, UJIT_CODE_DTYPE(item), &items[i]) == 0;
        }
    }
    ujit_list* h = NULL;
    if (ok && ujit_list_create(items, (size_t)n, &h) != UJIT_OK) {
        PyErr_SetString(PyExc_MemoryError, ujit_last_error());
        ok = 0;
    }
    if (ok && (spec & UJIT_CODE_TYPED_LIST)) {
        char name[96];
        const char* layouts[] = {"A", "C", "F"};
        if (item & UJIT_CODE_ARRAY)
            snprintf(name, sizeof name, "%sarray(%s, %dd, %s)", item & UJIT_CODE_READONLY ? "readonly " : "",
                     ujit_dtype_name(UJIT_CODE_DTYPE(item)), (int)UJIT_CODE_NDIM(item),
                     layouts[UJIT_CODE_LAYOUT(item) % 3]);
        else
            snprintf(name, sizeof name, "%s",
                     item & UJIT_CODE_STR ? "unicode_type" : ujit_dtype_name(UJIT_CODE_DTYPE(item)));
        if (ujit_list_set_item_type(h, name) != UJIT_OK) {
            PyErr_SetString(PyExc_TypeError, ujit_last_error());
            ok = 0;
        }
    }
    for (Py_ssize_t i = 0; kept && i < n; ++i) Py_XDECREF(kept[i]); /* ujit_list_create copied the text */
    PyMem_Free(kept);
    PyMem_Free(items);
    PyMem_Free(tensors);
    PyMem_Free(strides);
    memset(out, 0, sizeof *out);
    out->is_array = UJIT_LIST_RESULT;
    out->v.list = h;
    return ok ? 0 : -1;
}

/* Numba's reflection: the Python list takes what compiled code left in the list (arrays it
 * did not replace come back as the same objects). `originals` are the call's arguments as they
 * came in, each list as the items it had: an array item is one of them, or borrows from one. */
static int reflect_list(PyObject* list, ujit_list* h, PyObject* originals, PyObject* code) {
    PyObject* after = PyList_New((Py_ssize_t)ujit_list_length(h));
    for (size_t i = 0; after && i < ujit_list_length(h); ++i) {
        ujit_value v[1];
        size_t n = 0;
        PyObject* x = NULL;
        if (ujit_list_item(h, i, v, 1, &n) == UJIT_OK && n == 1)
            x = ujit_py_results(NULL, v, 1, &PyTuple_GET_ITEM(originals, 0), PyTuple_GET_SIZE(originals), code);
        else
            PyErr_SetString(PyExc_SystemError, "a list argument's item could not be read back");
        if (!x)
            Py_CLEAR(after);
        else
            PyList_SET_ITEM(after, (Py_ssize_t)i, x);
    }
    int r = after ? PyList_SetSlice(list, 0, PY_SSIZE_T_MAX, after) : -1;
    Py_XDECREF(after);
    return r;
}

/* The arguments, each list argument as a new list of the items it has now (before reflection
 * changes it); NULL with an error. */
static PyObject* arguments_before_reflection(PyObject* const* args, const ujit_value* values, Py_ssize_t n) {
    PyObject* t = PyTuple_New(n);
    for (Py_ssize_t i = 0; t && i < n; ++i) {
        PyObject* x =
            values[i].is_array == UJIT_LIST_RESULT ? PyList_GetSlice(args[i], 0, PY_SSIZE_T_MAX) : Py_NewRef(args[i]);
        if (!x)
            Py_CLEAR(t);
        else
            PyTuple_SET_ITEM(t, i, x);
    }
    return t;
}

static void release_lists(ujit_value* values, Py_ssize_t n) {
    for (Py_ssize_t i = 0; i < n; ++i)
        if (values[i].is_array == UJIT_LIST_RESULT) {
            ujit_list_release(values[i].v.list);
            values[i].is_array = 0;
        }
}

/* The call through the C API's dynamic entry point (ujit_function_call). */
static PyObject* call_entry(const Entry* e, PyObject* const* args, int nogil) {
    ujit_value values[MAX_CALL_ARGS];
    DLTensor tensors[MAX_CALL_ARGS];
    int64_t strides[MAX_CALL_ARGS][NPY_MAXDIMS];
    PyObject* keep[MAX_CALL_ARGS]; /* str arguments' UTF-8 bytes, where not cached */
    PyObject* r = NULL;
    ujit_value stack_results[MAX_RESULTS];
    ujit_value* results = stack_results;
    /* The call's own arguments only: clearing all MAX_CALL_ARGS was a visible part of a
     * small call's time. */
    memset(values, 0, (size_t)e->n * sizeof *values);
    memset(keep, 0, (size_t)e->n * sizeof *keep);
    for (Py_ssize_t i = 0; i < e->n; ++i) {
        if (e->spec[i] & UJIT_CODE_LIST) {
            if (list_value(args[i], e->spec[i], &values[i]) < 0) goto done;
        } else if (e->spec[i] & UJIT_CODE_STR) {
            if (ujit_py_str_value(args[i], &values[i], &keep[i]) < 0) goto done;
        } else if (e->spec[i] & UJIT_CODE_RECORD) {
            if (ujit_py_record_value(args[i], e->spec[i], &values[i], &tensors[i], strides[i]) < 0) goto done;
        } else if (e->spec[i] & UJIT_CODE_ARRAY) {
            if (ujit_py_array_value((PyArrayObject*)args[i], &values[i], &tensors[i], strides[i]) < 0) goto done;
        } else if (ujit_py_to_scalar(args[i], UJIT_CODE_DTYPE(e->spec[i]), &values[i]) < 0) {
            goto done;
        }
    }
    /* A tuple of more values than the stack buffer holds gets a buffer of its size: Numba
     * returns tuples of any length. */
    size_t cap = e->shape ? ujit_py_result_leaves(e->shape) : 1;
    if (cap < MAX_RESULTS) cap = MAX_RESULTS;
    if (cap > MAX_RESULTS && !(results = PyMem_Calloc(cap, sizeof(ujit_value)))) {
        r = PyErr_NoMemory();
        goto done;
    }
    size_t n_results = 0;
    ujit_status st;
    if (nogil) {
        PyThreadState* save = PyEval_SaveThread();
        st = ujit_function_call(e->fn->handle, values, (size_t)e->n, results, cap, &n_results);
        PyEval_RestoreThread(save);
    } else {
        st = ujit_function_call(e->fn->handle, values, (size_t)e->n, results, cap, &n_results);
    }
    if (st != UJIT_OK) {
        r = ujit_py_raise(st, e->fn->module);
        goto done;
    }
    int lists = 0;
    for (Py_ssize_t i = 0; i < e->n; ++i) lists |= values[i].is_array == UJIT_LIST_RESULT;
    if (!lists) {
        r = ujit_py_results(e->shape, results, n_results < cap ? n_results : cap, args, e->n, (PyObject*)e->fn);
        goto done;
    }
    /* The result and the lists' items may borrow from arrays a list argument held (`return
     * l.pop()`): they are looked for among the items the lists had, which keep them alive. */
    PyObject* originals = arguments_before_reflection(args, values, e->n);
    if (!originals) goto done;
    r = ujit_py_results(e->shape, results, n_results < cap ? n_results : cap, &PyTuple_GET_ITEM(originals, 0), e->n,
                        (PyObject*)e->fn);
    for (Py_ssize_t i = 0; i < e->n; ++i)
        if (values[i].is_array == UJIT_LIST_RESULT &&
            reflect_list(args[i], values[i].v.list, originals, (PyObject*)e->fn) < 0) {
            Py_CLEAR(r);
            break;
        }
    Py_DECREF(originals);
done:
    if (results != stack_results) PyMem_Free(results);
    release_lists(values, e->n);
    for (Py_ssize_t i = 0; i < e->n; ++i) Py_XDECREF(keep[i]);
    return r;
}

/* owner.METHOD(*args), for the calls the cached entries cannot serve. */
static PyObject* call_owner(DispatcherObject* self, const char* method, PyObject* const* args, Py_ssize_t n) {
    PyObject* meth = PyObject_GetAttrString(self->owner, method);
    if (!meth) return NULL;
    PyObject* r = PyObject_Vectorcall(meth, args, (size_t)n, NULL);
    Py_DECREF(meth);
    return r;
}

static PyObject* dispatcher_vectorcall(PyObject* callable, PyObject* const* args, size_t nargsf, PyObject* kwnames) {
    DispatcherObject* self = (DispatcherObject*)callable;
    Py_ssize_t n = PyVectorcall_NARGS(nargsf);
    if ((kwnames && PyTuple_GET_SIZE(kwnames)) || n != self->n_params || n > MAX_CALL_ARGS) {
        /* Keywords, defaults and long argument lists: the owner binds them to positions. */
        PyObject* tuple = PyTuple_New(n);
        if (!tuple) return NULL;
        for (Py_ssize_t i = 0; i < n; ++i) PyTuple_SET_ITEM(tuple, i, Py_NewRef(args[i]));
        PyObject* kw = PyDict_New();
        for (Py_ssize_t i = 0; kw && kwnames && i < PyTuple_GET_SIZE(kwnames); ++i)
            if (PyDict_SetItem(kw, PyTuple_GET_ITEM(kwnames, i), args[n + i]) < 0) Py_CLEAR(kw);
        PyObject* r = NULL;
        PyObject* meth = kw ? PyObject_GetAttrString(self->owner, "_call_bound") : NULL;
        if (meth) r = PyObject_Call(meth, tuple, kw);
        Py_XDECREF(meth);
        Py_XDECREF(kw);
        Py_DECREF(tuple);
        return r;
    }
    int32_t key[MAX_CALL_ARGS];
    for (Py_ssize_t i = 0; i < n; ++i) {
        key[i] = ujit_py_code_of(args[i]);
        /* No type code (a tuple, or something nopython mode has no type for): Python
         * flattens tuples or raises the TypingError; nothing is cached for such a key. */
        if (key[i] & UJIT_CODE_NONE) return call_owner(self, "_call_untyped", args, n);
    }
    const Entry* hit = NULL;
    for (Py_ssize_t k = 0; k < self->n_entries && !hit; ++k) {
        const Entry* e = &self->entries[k];
        if (e->n == n && memcmp(e->key, key, (size_t)n * sizeof(int32_t)) == 0) hit = e;
    }
    if (!hit) hit = resolve(self, args, n, key);
    if (!hit) return NULL;
    /* A copy, holding its function: converting an argument may run Python code (__index__,
     * __float__), and another thread may then grow or reset the entries. */
    Entry e;
    e.n = hit->n;
    memcpy(e.spec, hit->spec, (size_t)n * sizeof(int32_t));
    e.fn = hit->fn;
    e.shape = hit->shape;
    Py_INCREF(e.fn);
    Py_XINCREF(e.shape);
    PyObject* r = call_entry(&e, args, self->nogil);
    Py_DECREF(e.fn);
    Py_XDECREF(e.shape);
    return r;
}

static PyObject* dispatcher_new(PyTypeObject* type, PyObject* args, PyObject* kwds) {
    PyObject* owner;
    Py_ssize_t n_params;
    int nogil = 0;
    static char* kwlist[] = {"owner", "n_params", "nogil", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "On|p", kwlist, &owner, &n_params, &nogil)) return NULL;
    if (n_params > MAX_CALL_ARGS) n_params = -1; /* every call binds in Python */
    DispatcherObject* self = (DispatcherObject*)type->tp_alloc(type, 0);
    if (!self) return NULL;
    self->owner = Py_NewRef(owner);
    self->n_params = n_params;
    self->nogil = nogil;
    self->vectorcall = dispatcher_vectorcall;
    return (PyObject*)self;
}

static void clear_entries(DispatcherObject* self) {
    for (Py_ssize_t k = 0; k < self->n_entries; ++k) {
        Py_DECREF(self->entries[k].fn);
        Py_XDECREF(self->entries[k].shape);
    }
    self->n_entries = 0;
}

static int dispatcher_traverse(DispatcherObject* self, visitproc visit, void* arg) {
    Py_VISIT(self->owner);
    Py_VISIT(self->dict);
    return 0;
}

static int dispatcher_clear(DispatcherObject* self) {
    Py_CLEAR(self->owner);
    Py_CLEAR(self->dict);
    return 0;
}

static void dispatcher_dealloc(DispatcherObject* self) {
    PyObject_GC_UnTrack(self);
    if (self->weaklist) PyObject_ClearWeakRefs((PyObject*)self);
    dispatcher_clear(self);
    clear_entries(self);
    PyMem_Free(self->entries);
    Py_TYPE(self)->tp_free((PyObject*)self);
}

/* Attributes: the instance dict (functools.wraps' __name__, __doc__, ...), then the owner. */
static PyObject* dispatcher_getattro(PyObject* obj, PyObject* name) {
    PyObject* r = PyObject_GenericGetAttr(obj, name);
    DispatcherObject* self = (DispatcherObject*)obj;
    if (r || !self->owner || !PyErr_ExceptionMatches(PyExc_AttributeError)) return r;
    PyErr_Clear();
    return PyObject_GetAttr(self->owner, name);
}

static PyObject* dispatcher_reduce(PyObject* obj, PyObject* noargs) {
    (void)noargs;
    return PyObject_CallMethod(((DispatcherObject*)obj)->owner, "_reduce", NULL);
}

static PyObject* dispatcher_repr(PyObject* obj) {
    return PyObject_CallMethod(((DispatcherObject*)obj)->owner, "_repr", NULL);
}

/* Forgets the cached entries (after the owner recompiles, e.g. recompile()). */
static PyObject* dispatcher_reset(PyObject* obj, PyObject* noargs) {
    (void)noargs;
    clear_entries((DispatcherObject*)obj);
    Py_RETURN_NONE;
}

static PyObject* dispatcher_get_owner(PyObject* obj, void* closure) {
    (void)closure;
    return Py_NewRef(((DispatcherObject*)obj)->owner);
}

static PyMethodDef dispatcher_methods[] = {{"__reduce__", dispatcher_reduce, METH_NOARGS, NULL},
                                           {"_reset", dispatcher_reset, METH_NOARGS, "forget the cached call entries"},
                                           {NULL, NULL, 0, NULL}};

static PyGetSetDef dispatcher_getset[] = {
    {"_owner", dispatcher_get_owner, NULL, "the Python object behind this dispatcher", NULL},
    {"__dict__", PyObject_GenericGetDict, PyObject_GenericSetDict, NULL, NULL},
    {NULL, NULL, NULL, NULL, NULL}};

PyTypeObject Ujit_DispatcherType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "ujit.Dispatcher",
    .tp_basicsize = sizeof(DispatcherObject),
    .tp_dealloc = (destructor)dispatcher_dealloc,
    .tp_vectorcall_offset = offsetof(DispatcherObject, vectorcall),
    .tp_call = PyVectorcall_Call,
    .tp_repr = dispatcher_repr,
    .tp_getattro = dispatcher_getattro,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_HAVE_VECTORCALL,
    .tp_doc = "A ujit-compiled function: call it like the Python function.",
    .tp_traverse = (traverseproc)dispatcher_traverse,
    .tp_clear = (inquiry)dispatcher_clear,
    .tp_weaklistoffset = offsetof(DispatcherObject, weaklist),
    .tp_methods = dispatcher_methods,
    .tp_getset = dispatcher_getset,
    .tp_dictoffset = offsetof(DispatcherObject, dict),
    .tp_new = dispatcher_new,
};
