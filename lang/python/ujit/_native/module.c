/* ujit._ujit: module init, errors, and the Module / Function handle types. */
#define UJIT_EXT_MAIN
#include "ext.h"

#include <structmember.h>

#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

PyObject* Ujit_CompileError = NULL;
PyObject* Ujit_CudaSupportError = NULL;

/* ------------------------------------------------------------------ errors */

/* The class a run-time error names: the module's own exception class of that global name,
 * else a builtin one (NULL: neither). */
/* NumPy's classes that compiled code raises as Numba does (np.linalg's LinAlgError), imported
 * on first need and kept; NULL when NumPy has none of that name. */
static PyObject* numpy_exception_class(const char* name) {
    static PyObject* lin_alg_error = NULL;
    if (strcmp(name, "LinAlgError") != 0) return NULL;
    if (!lin_alg_error) {
        PyObject* mod = PyImport_ImportModule("numpy.linalg");
        lin_alg_error = mod ? PyObject_GetAttrString(mod, "LinAlgError") : NULL;
        Py_XDECREF(mod);
        if (!lin_alg_error) PyErr_Clear();
    }
    return lin_alg_error;
}

static PyObject* exception_class(const ModuleObject* m, const char* name) {
    PyObject* found =
        m && m->exceptions && PyDict_Check(m->exceptions) ? PyDict_GetItemString(m->exceptions, name) : NULL;
    if (!found) found = PyDict_GetItemString(PyEval_GetBuiltins(), name);
    if (!found) found = numpy_exception_class(name);
    if (found && PyType_Check(found) && PyType_IsSubtype((PyTypeObject*)found, (PyTypeObject*)PyExc_Exception))
        return found;
    return NULL;
}

/* CPython's own helper for a traceback entry of C code (exported by every CPython; declared
 * in cpython/traceback.h up to 3.12, internal from 3.13): a frame of `func` at `file`:`line`. */
extern void _PyTraceback_Add(const char* func, const char* file, int line);

/* The set exception's traceback gets an entry for "raised in NAME at FILE:LINE:COL", so the
 * place shows as a Python raise's would (`File "f.py", line 3, in f`). Not a note: test
 * suites match messages with anchored patterns, and pytest 8 matches notes too. */
static void add_raise_location(const char* where, size_t len) {
    char text[1024];
    if (len >= sizeof text || strncmp(where, "raised in ", 10) != 0) return;
    memcpy(text, where, len);
    text[len] = '\0';
    char* func = text + 10;
    char* at = strstr(func, " at ");
    char* col = strrchr(text, ':');
    if (!at || !col || col < at) return;
    *col = '\0';
    char* line = strrchr(text, ':');
    if (!line || line < at) return;
    *line = '\0';
    *at = '\0';
    _PyTraceback_Add(func, at + 4, atoi(line + 1));
}

/* "ValueError: negative (raised in f at f.py:3:4)", a `raise` in compiled code: the class
 * with exactly the message Python's raise would give (none for "ValueError (raised in ...)"),
 * the place as a traceback entry. 0 when `message` is not of that form. */
static int raise_raised(const char* message, const ModuleObject* m) {
    const char* tail = NULL;
    for (const char* p = strstr(message, " (raised in "); p; p = strstr(p + 1, " (raised in ")) tail = p;
    size_t n = strlen(message);
    if (!tail || n == 0 || message[n - 1] != ')') return 0;
    const char* colon = strstr(message, ": ");
    const char* name_end = colon && colon < tail ? colon : tail;
    if (name_end - message >= 128) return 0;
    char name[128];
    memcpy(name, message, (size_t)(name_end - message));
    name[name_end - message] = '\0';
    PyObject* cls = exception_class(m, name);
    if (!cls) return 0;
    PyObject* exc = name_end == tail ? PyObject_CallNoArgs(cls) : NULL;
    if (name_end != tail) {
        PyObject* text = PyUnicode_FromStringAndSize(colon + 2, tail - (colon + 2));
        if (text) exc = PyObject_CallOneArg(cls, text);
        Py_XDECREF(text);
    }
    if (!exc) return 1; /* the class's constructor raised: that error stands */
    PyErr_Clear();
    PyErr_SetObject(cls, exc);
    Py_DECREF(exc);
    add_raise_location(tail + 2, (size_t)(message + n - 1 - (tail + 2)));
    return 1;
}

/* "ZeroDivisionError: division by zero (in f at f.py:3:12)" -> ZeroDivisionError with the
 * rest as its message: the run-time errors of compiled code are Python's own classes. A
 * kernel run on the CPU says "error: IndexError: ..." (the C API's form for launches). */
static PyObject* raise_runtime_text(const char* message, const ModuleObject* m) {
    if (strncmp(message, "error: ", 7) == 0) message += 7;
    if (raise_raised(message, m)) return NULL;
    const char* colon = strstr(message, ": ");
    PyObject* cls = PyExc_RuntimeError;
    if (colon && colon - message < 64) {
        char name[64];
        memcpy(name, message, (size_t)(colon - message));
        name[colon - message] = '\0';
        /* The module's own classes too: a debug=True kernel's `raise MyError` reads
         * "MyError: In function 'k', ..." (numba-cuda's message). */
        PyObject* found = exception_class(m, name);
        if (!found) found = PyDict_GetItemString(PyEval_GetBuiltins(), name);
        PyObject* numpy_class = NULL; /* np.sum(a, axis=9) raises NumPy's AxisError, as Numba's */
        if (!found && strcmp(name, "AxisError") == 0) {
            /* numpy.exceptions from NumPy 1.25, numpy.AxisError before (a ValueError either way) */
            const char* homes[] = {"numpy.exceptions", "numpy"};
            for (int i = 0; i < 2 && !numpy_class; ++i) {
                PyObject* mod = PyImport_ImportModule(homes[i]);
                numpy_class = mod ? PyObject_GetAttrString(mod, "AxisError") : NULL;
                Py_XDECREF(mod);
                if (!numpy_class) PyErr_Clear();
            }
            found = numpy_class ? numpy_class : PyExc_ValueError;
        }
        if (found && PyType_Check(found) && PyType_IsSubtype((PyTypeObject*)found, (PyTypeObject*)PyExc_Exception)) {
            cls = found;
            message = colon + 2;
        }
        if (numpy_class) {
            PyErr_SetString(cls, message);
            Py_DECREF(numpy_class);
            return NULL;
        }
        if (found == PyExc_KeyboardInterrupt) {
            /* A kernel on the host device stopped by SIGINT, which Python's handler saw too:
             * run that handler now (it raises KeyboardInterrupt, or whatever the user's does),
             * so that it does not raise a second time later. */
            if (PyErr_CheckSignals() < 0) return NULL;
            cls = found;
            message = colon + 2;
        }
    }
    PyErr_SetString(cls, message);
    return NULL;
}

static int fixed_column(const ModuleObject* m, const char* file, int line, int col) {
    if (!m || !file || col <= 0) return col;
    const char* name = PyUnicode_AsUTF8(m->filename);
    if (!name || strcmp(name, file) != 0) return col;
    for (Py_ssize_t i = 0; i < m->n_fixes; ++i)
        if (line >= m->fixes[i].first_line && line <= m->fixes[i].last_line) return col + m->fixes[i].col_offset;
    return col;
}

/* The diagnostic with the column corrected by `shift` (a dedented nested function): the
 * header's column, and the quoted source line and caret indented back. */
static PyObject* shifted_message(const char* message, const char* file, int line, int col, int shift) {
    char head[64];
    int head_len = snprintf(head, sizeof head, ":%d:%d:", line, col);
    const char* at = strstr(message, head);
    if (!file || shift <= 0 || head_len <= 0 || !at) return PyUnicode_FromString(message);
    size_t n = strlen(message), lines = 1;
    for (const char* p = message; *p; ++p) lines += *p == '\n';
    char* out = PyMem_Malloc(n + lines * (size_t)shift + 64);
    if (!out) return PyErr_NoMemory();
    size_t k = (size_t)(at - message);
    memcpy(out, message, k);
    k += (size_t)sprintf(out + k, ":%d:%d:", line, col + shift);
    for (const char* p = at + head_len; *p; ++p) {
        out[k++] = *p;
        if (*p == '\n' && p[1]) {
            memset(out + k, ' ', (size_t)shift);
            k += (size_t)shift;
        }
    }
    out[k] = '\0';
    PyObject* r = PyUnicode_FromString(out);
    PyMem_Free(out);
    return r;
}

static PyObject* raise_compile(const char* message, const ModuleObject* m) {
    const char* file = NULL;
    int line = 0, col = 0;
    ujit_last_error_location(&file, &line, &col);
    int fixed = fixed_column(m, file, line, col);
    PyObject* text = shifted_message(message, file, line, col, fixed - col);
    if (!text) return NULL;
    /* Where Numba raises ValueError while compiling (numba-cuda's alignment= checks), the
     * diagnostic says "error: ValueError: ...": Python's ValueError, with the located text. */
    if (strstr(message, ": error: ValueError: ")) {
        PyErr_SetObject(PyExc_ValueError, text);
        Py_DECREF(text);
        return NULL;
    }
    PyObject* exc = PyObject_CallOneArg(Ujit_CompileError, text);
    Py_DECREF(text);
    if (!exc) return NULL;
    PyObject* f = file && *file ? PyUnicode_FromString(file) : Py_NewRef(Py_None);
    PyObject* l = PyLong_FromLong(line);
    PyObject* c = PyLong_FromLong(fixed);
    if (f && l && c && PyObject_SetAttrString(exc, "file", f) == 0 && PyObject_SetAttrString(exc, "line", l) == 0 &&
        PyObject_SetAttrString(exc, "col", c) == 0)
        PyErr_SetObject(Ujit_CompileError, exc);
    Py_XDECREF(f);
    Py_XDECREF(l);
    Py_XDECREF(c);
    Py_DECREF(exc);
    return NULL;
}

/* A run-time error names where it was raised ("(in f at FILE:LINE:COL)"): in file columns
 * too, for a dedented nested function. */
static PyObject* raise_runtime(const char* message, const ModuleObject* m) {
    const char* name = m ? PyUnicode_AsUTF8(m->filename) : NULL;
    const char* at = name && *name ? strstr(message, name) : NULL;
    int line = 0, col = 0, used = 0;
    if (!at || sscanf(at + strlen(name), ":%d:%d%n", &line, &col, &used) != 2) return raise_runtime_text(message, m);
    int fixed = fixed_column(m, name, line, col);
    if (fixed == col) return raise_runtime_text(message, m);
    size_t head = (size_t)(at - message) + strlen(name);
    const char* tail = at + strlen(name) + used;
    char* out = PyMem_Malloc(strlen(message) + 64);
    if (!out) return PyErr_NoMemory();
    memcpy(out, message, head);
    sprintf(out + head, ":%d:%d%s", line, fixed, tail);
    raise_runtime_text(out, m);
    PyMem_Free(out);
    return NULL;
}

PyObject* ujit_py_raise(ujit_status status, const ModuleObject* module) {
    if (ujit_py_restore_allocator_error()) return NULL; /* a memory manager's own exception */
    const char* message = ujit_last_error();
    if (!message || !*message) message = "ujit: unknown error";
    switch (status) {
    case UJIT_ERROR_COMPILE: return raise_compile(message, module);
    case UJIT_ERROR_RUNTIME: return raise_runtime(message, module);
    case UJIT_ERROR_ARGUMENT:
        /* "error: ..." from the C API: the Python caller passed something unusable. */
        PyErr_SetString(PyExc_TypeError, strncmp(message, "error: ", 7) == 0 ? message + 7 : message);
        return NULL;
    case UJIT_ERROR_CUDA_UNAVAILABLE:
        PyErr_SetString(Ujit_CudaSupportError, strncmp(message, "error: ", 7) == 0 ? message + 7 : message);
        return NULL;
    default: PyErr_SetString(PyExc_RuntimeError, message); return NULL;
    }
}

/* ------------------------------------------------------------------ NumPy, lazily */

static int numpy_ready = 0;

int ujit_py_numpy(void) {
    if (numpy_ready) return 0;
    if (_import_array() < 0 || _import_umath() < 0) return -1;
    numpy_ready = 1;
    return 0;
}

int ujit_py_numpy_if_loaded(void) {
    if (numpy_ready) return 1;
    static PyObject* name = NULL;
    if (!name && !(name = PyUnicode_InternFromString("numpy"))) {
        PyErr_Clear();
        return 0;
    }
    PyObject* np = PyImport_GetModule(name);
    if (!np) {
        PyErr_Clear();
        return 0;
    }
    Py_DECREF(np);
    if (ujit_py_numpy() < 0) {
        PyErr_Clear();
        return 0;
    }
    return 1;
}

/* ------------------------------------------------------------------ Module */

/* The module made with `arrays`, a sequence of (name, ndarray[, by_reference]): globals the
 * code reads, frozen (copied) by ujit_module_from_source as UJIT_GLOBAL_ARRAY; with
 * by_reference true, UJIT_GLOBAL_DEVICE_ARRAY: the ndarray only describes device memory
 * (a captured DeviceNDArray: its address, dtype, shape and strides), never read here. */
static ujit_status module_with_arrays(const char* source, const char* name, PyObject* arrays, ujit_module** out) {
    PyObject* seq = PySequence_Fast(arrays, "arrays must be a sequence of (name, ndarray)");
    if (!seq) return UJIT_ERROR_ARGUMENT;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    ujit_global* globals = PyMem_Calloc((size_t)n + 1, sizeof(ujit_global));
    DLTensor* tensors = PyMem_Calloc((size_t)n + 1, sizeof(DLTensor));
    int64_t* strides = PyMem_Calloc((size_t)n * 32 + 1, sizeof(int64_t));
    ujit_status st = UJIT_ERROR_ARGUMENT;
    if (!globals || !tensors || !strides) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < n; ++i) {
        PyObject* array;
        int by_reference = 0;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(seq, i), "sO!|p", &globals[i].name, &PyArray_Type, &array,
                              &by_reference))
            goto done;
        if (PyArray_NDIM((PyArrayObject*)array) > 32) {
            PyErr_SetString(PyExc_ValueError, "a global array has more than 32 dimensions");
            goto done;
        }
        globals[i].kind = by_reference ? UJIT_GLOBAL_DEVICE_ARRAY : UJIT_GLOBAL_ARRAY;
        if (ujit_py_array_value((PyArrayObject*)array, &globals[i].scalar, &tensors[i], strides + 32 * i) < 0)
            goto done;
        if (by_reference) globals[i].scalar.is_array = UJIT_ARRAY;
    }
    ujit_module_options options = {0};
    options.filename = name;
    options.globals = globals;
    options.n_globals = (size_t)n;
    PyThreadState* save = PyEval_SaveThread();
    st = ujit_module_from_source(source, &options, out);
    PyEval_RestoreThread(save);
done:
    PyMem_Free(globals);
    PyMem_Free(tensors);
    PyMem_Free(strides);
    Py_DECREF(seq);
    return st;
}

/* Module(source, filename, fixes=(), arrays=()) with fixes a sequence of (first, last,
 * col_offset) and arrays one of (name, ndarray). */
static PyObject* module_new(PyTypeObject* type, PyObject* args, PyObject* kwds) {
    static char* kwlist[] = {"source", "filename", "fixes", "arrays", NULL};
    const char* source;
    PyObject* filename;
    PyObject* fixes = NULL;
    PyObject* arrays = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "sU|OO", kwlist, &source, &filename, &fixes, &arrays)) return NULL;
    ModuleObject* self = (ModuleObject*)type->tp_alloc(type, 0);
    if (!self) return NULL;
    self->filename = Py_NewRef(filename);
    if (fixes && fixes != Py_None) {
        PyObject* seq = PySequence_Fast(fixes, "fixes must be a sequence of (first, last, col_offset)");
        if (!seq) goto fail;
        self->n_fixes = PySequence_Fast_GET_SIZE(seq);
        self->fixes = PyMem_Calloc((size_t)self->n_fixes + 1, sizeof(ColumnFix));
        for (Py_ssize_t i = 0; self->fixes && i < self->n_fixes; ++i) {
            ColumnFix* f = &self->fixes[i];
            if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(seq, i), "iii", &f->first_line, &f->last_line,
                                  &f->col_offset)) {
                Py_DECREF(seq);
                goto fail;
            }
        }
        Py_DECREF(seq);
        if (!self->fixes) goto fail;
    }
    const char* name = PyUnicode_AsUTF8(filename);
    if (!name) goto fail;
    ujit_status st;
    if (arrays && arrays != Py_None && PyObject_Length(arrays) > 0) {
        if (ujit_py_numpy() < 0) goto fail;
        st = module_with_arrays(source, name, arrays, &self->handle);
        if (PyErr_Occurred()) goto fail; /* a bad (name, array) pair, before ujit saw it */
    } else {
        PyThreadState* save = PyEval_SaveThread();
        st = ujit_module_from_string(source, name, &self->handle);
        PyEval_RestoreThread(save);
    }
    if (st != UJIT_OK) {
        ujit_py_raise(st, self);
        goto fail;
    }
    return (PyObject*)self;
fail:
    Py_DECREF(self);
    return NULL;
}

static void module_dealloc(ModuleObject* self) {
    if (self->handle) ujit_module_release(self->handle);
    PyMem_Free(self->fixes);
    Py_XDECREF(self->filename);
    Py_XDECREF(self->exceptions);
    Py_XDECREF(self->enums);
    Py_XDECREF(self->captured);
    Py_TYPE(self)->tp_free((PyObject*)self);
}

static PyObject* module_function(ModuleObject* self, PyObject* arg) {
    const char* name = PyUnicode_AsUTF8(arg);
    if (!name) return NULL;
    ujit_function* f = NULL;
    ujit_status st = ujit_module_function(self->handle, name, &f);
    if (st != UJIT_OK) return ujit_py_raise(st, self);
    FunctionObject* fo = PyObject_New(FunctionObject, &Ujit_FunctionType);
    if (!fo) {
        ujit_function_release(f);
        return NULL;
    }
    fo->handle = f;
    fo->module = (ModuleObject*)Py_NewRef(self);
    return (PyObject*)fo;
}

static PyMethodDef module_methods[] = {{"function", (PyCFunction)module_function, METH_O, "function(name) -> Function"},
                                       {NULL, NULL, 0, NULL}};

static PyMemberDef module_members[] = {{"exceptions", T_OBJECT, offsetof(ModuleObject, exceptions), 0,
                                        "global name -> the module's own exception class, for raises in compiled code"},
                                       {"enums", T_OBJECT, offsetof(ModuleObject, enums), 0,
                                        "class name -> the enum class, for enum members returned by compiled code"},
                                       {"captured", T_OBJECT, offsetof(ModuleObject, captured), 0,
                                        "the device arrays the code captured by reference: alive as long as it is"},
                                       {NULL, 0, 0, 0, NULL}};

PyTypeObject Ujit_ModuleType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "ujit._ujit.Module",
    .tp_basicsize = sizeof(ModuleObject),
    .tp_dealloc = (destructor)module_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A ujit module compiled from source text (ujit_module).",
    .tp_methods = module_methods,
    .tp_members = module_members,
    .tp_new = module_new,
};

/* ------------------------------------------------------------------ Function */

static void function_dealloc(FunctionObject* self) {
    if (self->handle) ujit_function_release(self->handle);
    Py_XDECREF(self->module);
    PyObject_Free(self);
}

static int raise_warning_error(void);

/* compile(signature, target) -> the native entry address (0 for CUDA). */
static PyObject* function_compile(FunctionObject* self, PyObject* args) {
    const char* sig;
    int target = UJIT_TARGET_CPU;
    if (!PyArg_ParseTuple(args, "s|i", &sig, &target)) return NULL;
    void* native = NULL;
    ujit_status st;
    if (raise_warning_error() < 0) PyErr_WriteUnraisable(NULL); /* one an earlier call left */
    PyThreadState* save = PyEval_SaveThread();
    st = ujit_function_compile(self->handle, sig, (ujit_target)target, &native);
    PyEval_RestoreThread(save);
    if (raise_warning_error() < 0) { /* a warning the filters made an error: raised, as Numba's is */
        if (st == UJIT_OK) return NULL;
        PyErr_Clear(); /* the compile's own error wins */
    }
    if (st != UJIT_OK) return ujit_py_raise(st, self->module);
    return PyLong_FromVoidPtr(native);
}

/* dump(what, signature=None, arch=None) -> str */
static PyObject* function_dump(FunctionObject* self, PyObject* args) {
    const char *what, *sig = NULL, *arch = NULL;
    if (!PyArg_ParseTuple(args, "s|zz", &what, &sig, &arch)) return NULL;
    char* text = NULL;
    ujit_status st = ujit_function_dump(self->handle, what, sig, arch, &text);
    if (st != UJIT_OK) return ujit_py_raise(st, self->module);
    PyObject* r = PyUnicode_FromString(text);
    ujit_free_string(text);
    return r;
}

/* link_cubin(signature=None, arch=None) -> bytes: the CUDA specialization linked with its
 * link= files (ujit_function_link_cubin). */
static PyObject* function_link_cubin(FunctionObject* self, PyObject* args) {
    const char *sig = NULL, *arch = NULL;
    if (!PyArg_ParseTuple(args, "|zz", &sig, &arch)) return NULL;
    char* image = NULL;
    size_t size = 0;
    PyThreadState* save = PyEval_SaveThread();
    ujit_status st = ujit_function_link_cubin(self->handle, sig, arch, &image, &size);
    PyEval_RestoreThread(save);
    if (st != UJIT_OK) return ujit_py_raise(st, self->module);
    PyObject* r = PyBytes_FromStringAndSize(image, (Py_ssize_t)size);
    ujit_free_string(image);
    return r;
}

/* kernel_attributes(signature) -> (regs_per_thread, local_bytes_per_thread, const_bytes,
 * shared_bytes_per_block, max_threads_per_block) of the kernel's specialization for the
 * signature, loaded on the current device (ujit_function_kernel_attributes). */
static PyObject* function_kernel_attributes(FunctionObject* self, PyObject* args) {
    const char* sig;
    if (!PyArg_ParseTuple(args, "s", &sig)) return NULL;
    ujit_kernel_attributes a;
    memset(&a, 0, sizeof a);
    a.struct_size = sizeof a;
    PyThreadState* save = PyEval_SaveThread();
    ujit_status st = ujit_function_kernel_attributes(self->handle, sig, &a);
    PyEval_RestoreThread(save);
    if (st != UJIT_OK) return ujit_py_raise(st, self->module);
    return Py_BuildValue("(iiiii)", a.regs_per_thread, a.local_bytes_per_thread, a.const_bytes,
                         a.shared_bytes_per_block, a.max_threads_per_block);
}

/* kernel_cooperative(signature) -> bool: whether the kernel's specialization synchronizes its
 * grid (cuda.cg), which makes its launches cooperative (ujit_function_kernel_cooperative). */
static PyObject* function_kernel_cooperative(FunctionObject* self, PyObject* args) {
    const char* sig;
    if (!PyArg_ParseTuple(args, "s", &sig)) return NULL;
    int cooperative = 0;
    PyThreadState* save = PyEval_SaveThread();
    ujit_status st = ujit_function_kernel_cooperative(self->handle, sig, &cooperative);
    PyEval_RestoreThread(save);
    if (st != UJIT_OK) return ujit_py_raise(st, self->module);
    return PyBool_FromLong(cooperative);
}

/* max_cooperative_grid_blocks(signature, (x, y, z), dynamic_shared) -> int, on the current
 * device (ujit_function_max_cooperative_grid_blocks). */
static PyObject* function_max_cooperative_grid_blocks(FunctionObject* self, PyObject* args) {
    const char* sig;
    unsigned int x, y, z;
    unsigned long long shared;
    if (!PyArg_ParseTuple(args, "s(III)K", &sig, &x, &y, &z, &shared)) return NULL;
    ujit_dim3 block = {x, y, z};
    int blocks = 0;
    PyThreadState* save = PyEval_SaveThread();
    ujit_status st = ujit_function_max_cooperative_grid_blocks(self->handle, sig, block, (size_t)shared, &blocks);
    PyEval_RestoreThread(save);
    if (st != UJIT_OK) return ujit_py_raise(st, self->module);
    return PyLong_FromLong(blocks);
}

/* vectorize(inputs, out, target): applies a vectorize ufunc over host arrays and scalars
 * into `out` (broadcast shape, result dtype). */
static PyObject* function_vectorize(FunctionObject* self, PyObject* args) {
    PyObject* inputs;
    PyArrayObject* out;
    int target = UJIT_TARGET_CPU;
    if (ujit_py_numpy() < 0) return NULL;
    if (!PyArg_ParseTuple(args, "O!O!|i", &PyTuple_Type, &inputs, &PyArray_Type, &out, &target)) return NULL;
    Py_ssize_t n = PyTuple_GET_SIZE(inputs);
    if (n > UJIT_PY_MAX_ARGS) return PyErr_Format(PyExc_TypeError, "too many ufunc inputs (%zd)", n);
    ujit_value values[UJIT_PY_MAX_ARGS];
    DLTensor tensors[UJIT_PY_MAX_ARGS + 1];
    int64_t strides[UJIT_PY_MAX_ARGS + 1][NPY_MAXDIMS];
    for (Py_ssize_t i = 0; i < n; ++i) {
        PyObject* o = PyTuple_GET_ITEM(inputs, i);
        memset(&values[i], 0, sizeof values[i]);
        if (PyArray_Check(o)) {
            if (ujit_py_array_value((PyArrayObject*)o, &values[i], &tensors[i], strides[i]) < 0) return NULL;
        } else {
            int32_t code = ujit_py_code_of(o);
            if (code & (UJIT_CODE_NONE | UJIT_CODE_ARRAY | UJIT_CODE_STR))
                return PyErr_Format(PyExc_TypeError, "ufunc input %zd: expected a number or an array, not %s", i,
                                    Py_TYPE(o)->tp_name);
            if (ujit_py_to_scalar(o, UJIT_CODE_DTYPE(code), &values[i]) < 0) return NULL;
        }
    }
    ujit_value out_value;
    if (ujit_py_array_value(out, &out_value, &tensors[n], strides[n]) < 0 || ujit_py_require_writable(&out_value) < 0)
        return NULL;
    ujit_status st;
    PyThreadState* save = PyEval_SaveThread();
    st = ujit_function_vectorize(self->handle, values, (size_t)n, &tensors[n], (ujit_target)target);
    PyEval_RestoreThread(save);
    if (st != UJIT_OK) return ujit_py_raise(st, self->module);
    Py_RETURN_NONE;
}

static PyMethodDef function_methods[] = {
    {"compile", (PyCFunction)function_compile, METH_VARARGS, "compile(signature, target=0) -> address"},
    {"dump", (PyCFunction)function_dump, METH_VARARGS, "dump(what, signature=None, arch=None) -> str"},
    {"link_cubin", (PyCFunction)function_link_cubin, METH_VARARGS, "link_cubin(signature=None, arch=None) -> bytes"},
    {"vectorize", (PyCFunction)function_vectorize, METH_VARARGS, "vectorize(inputs, out, target=0)"},
    {"kernel_attributes", (PyCFunction)function_kernel_attributes, METH_VARARGS,
     "kernel_attributes(signature) -> (regs, local bytes, const bytes, shared bytes, max threads)"},
    {"kernel_cooperative", (PyCFunction)function_kernel_cooperative, METH_VARARGS,
     "kernel_cooperative(signature) -> bool"},
    {"max_cooperative_grid_blocks", (PyCFunction)function_max_cooperative_grid_blocks, METH_VARARGS,
     "max_cooperative_grid_blocks(signature, (x, y, z), dynamic_shared) -> int"},
    {NULL, NULL, 0, NULL}};

PyTypeObject Ujit_FunctionType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "ujit._ujit.Function",
    .tp_basicsize = sizeof(FunctionObject),
    .tp_dealloc = (destructor)function_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A function of a ujit module (ujit_function).",
    .tp_methods = function_methods,
};

/* ------------------------------------------------------------------ module */

/* Compile-time warnings (ujit_set_warning_callback): handed to a Python callable,
 * handler(category, message, file, line, column), which ujit.core.errors installs to warn
 * Numba's class (NumbaTypeSafetyWarning) through the warnings module. The compile runs on the
 * thread that called (compile() releases the GIL: the callback takes it). An exception from
 * the handler (a warnings filter set to "error") cannot cross the compiler: it is kept, and
 * compile() raises it once the compile is over, as Numba's compile raises the warning; a
 * second one while one is kept is reported as unraisable. */
static PyObject* warning_handler = NULL;
static PyObject *warning_error_type = NULL, *warning_error_value = NULL, *warning_error_tb = NULL;

static void forward_warning(const char* category, const char* message, const char* file, int line, int column,
                            void* user) {
    (void)user;
    PyGILState_STATE g = PyGILState_Ensure();
    PyObject* handler = warning_handler;
    if (handler) {
        Py_INCREF(handler);
        PyObject* r = PyObject_CallFunction(handler, "sszii", category, message, file, line, column);
        if (r)
            Py_DECREF(r);
        else if (!warning_error_type)
            PyErr_Fetch(&warning_error_type, &warning_error_value, &warning_error_tb);
        else
            PyErr_WriteUnraisable(handler);
        Py_DECREF(handler);
    }
    PyGILState_Release(g);
}

/* The exception a warning became during the compile just made (kept by forward_warning), set
 * as the current exception: -1; 0 when there is none. */
static int raise_warning_error(void) {
    if (!warning_error_type) return 0;
    PyErr_Restore(warning_error_type, warning_error_value, warning_error_tb);
    warning_error_type = warning_error_value = warning_error_tb = NULL;
    return -1;
}

static PyObject* py_set_warning_handler(PyObject* self, PyObject* handler) {
    (void)self;
    if (handler != Py_None && !PyCallable_Check(handler)) {
        PyErr_SetString(PyExc_TypeError, "set_warning_handler: a callable or None");
        return NULL;
    }
    Py_XSETREF(warning_handler, handler == Py_None ? NULL : Py_NewRef(handler));
    ujit_set_warning_callback(warning_handler ? forward_warning : NULL, NULL);
    Py_RETURN_NONE;
}

static PyObject* py_version(PyObject* self, PyObject* noargs) {
    (void)self;
    (void)noargs;
    return PyUnicode_FromString(ujit_version());
}

static PyObject* py_libdevice_functions(PyObject* self, PyObject* noargs) {
    (void)self;
    (void)noargs;
    return PyUnicode_FromString(ujit_cuda_libdevice_functions());
}

static PyObject* py_blas_library(PyObject* self, PyObject* noargs) {
    (void)self;
    (void)noargs;
    return PyUnicode_FromString(ujit_blas_library());
}

static PyObject* py_code_of(PyObject* self, PyObject* o) {
    (void)self;
    return PyLong_FromLong(ujit_py_code_of(o));
}

static PyObject* py_allocation_stats(PyObject* self, PyObject* noargs) {
    (void)self;
    (void)noargs;
    ujit_allocation_stats s;
    memset(&s, 0, sizeof s);
    s.struct_size = sizeof s;
    ujit_status st = ujit_get_allocation_stats(&s);
    if (st != UJIT_OK) return ujit_py_raise(st, NULL);
    return Py_BuildValue("(KKKK)", (unsigned long long)s.alloc, (unsigned long long)s.free,
                         (unsigned long long)s.mi_alloc, (unsigned long long)s.mi_free);
}

/* Numba's thread functions; ujit/_threads.py checks the argument's type first. */
static PyObject* py_set_num_threads(PyObject* self, PyObject* arg) {
    (void)self;
    long n = PyLong_AsLong(arg);
    if (n == -1 && PyErr_Occurred()) return NULL;
    if (ujit_set_num_threads(n < INT_MIN ? INT_MIN : n > INT_MAX ? INT_MAX : (int)n) != UJIT_OK) {
        const char* message = ujit_last_error();
        const char* prefix = "ValueError: ";
        PyErr_SetString(PyExc_ValueError,
                        strncmp(message, prefix, strlen(prefix)) == 0 ? message + strlen(prefix) : message);
        return NULL;
    }
    Py_RETURN_NONE;
}

static PyObject* py_get_num_threads(PyObject* self, PyObject* noargs) {
    (void)self;
    (void)noargs;
    return PyLong_FromLong(ujit_get_num_threads());
}

static PyObject* py_get_thread_id(PyObject* self, PyObject* noargs) {
    (void)self;
    (void)noargs;
    return PyLong_FromLong(ujit_get_thread_id());
}

static PyMethodDef ext_methods[] = {
    {"set_num_threads", py_set_num_threads, METH_O, "set_num_threads(n): Numba's"},
    {"get_num_threads", py_get_num_threads, METH_NOARGS, "get_num_threads() -> int: Numba's"},
    {"get_thread_id", py_get_thread_id, METH_NOARGS, "get_thread_id() -> int: Numba's"},
    {"code_of", py_code_of, METH_O, "code_of(obj) -> the argument type code the dispatcher uses"},
    {"set_record_namer", ujit_py_set_record_namer, METH_O, "set_record_namer(f): f(dtype) -> a Record's spelling"},
    {"record_type", ujit_py_record_type, METH_O, "record_type(code) -> the Record spelling of a record code"},
    {"record_code", ujit_py_record_code_of_type, METH_O, "record_code(spelling) -> a record's argument code"},
    {"allocation_stats", py_allocation_stats, METH_NOARGS, "(alloc, free, mi_alloc, mi_free) of owned arrays"},
    {"version", py_version, METH_NOARGS, "libujit's version string"},
    {"set_warning_handler", py_set_warning_handler, METH_O,
     "set_warning_handler(f): f(category, message, file, line, column) for each compile-time warning"},
    {"libdevice_functions", py_libdevice_functions, METH_NOARGS,
     "cuda.libdevice's functions, one line each (ujit_cuda_libdevice_functions)"},
    {"blas_library", py_blas_library, METH_NOARGS, "the CBLAS np.dot uses ('' when none)"},
    {"make_ufunc", ujit_py_make_ufunc, METH_VARARGS,
     "make_ufunc(function, name, doc, loops, nin, identity, target) -> numpy.ufunc"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef ext_module = {
    PyModuleDef_HEAD_INIT, "_ujit", "ujit's binding of the C API (ujit.h)", -1, ext_methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__ujit(void) {
    if (PyType_Ready(&Ujit_ModuleType) < 0 || PyType_Ready(&Ujit_FunctionType) < 0 ||
        PyType_Ready(&Ujit_DispatcherType) < 0 || PyType_Ready(&Ujit_StreamType) < 0 ||
        PyType_Ready(&Ujit_EventType) < 0 || PyType_Ready(&Ujit_DeviceArrayType) < 0 ||
        PyType_Ready(&Ujit_HostMemoryType) < 0 || ujit_py_launcher_init() < 0 ||
        PyType_Ready(&Ujit_DeviceNDArrayType) < 0 || PyType_Ready(&Ujit_KernelBaseType) < 0 ||
        PyType_Ready(&Ujit_CudaUfuncBaseType) < 0)
        return NULL;
    PyObject* m = PyModule_Create(&ext_module);
    if (!m) return NULL;
    /* hash(str) in compiled code equals this interpreter's, as Numba's does. */
    ujit_set_str_hash_secret(_Py_HashSecret.siphash.k0, _Py_HashSecret.siphash.k1);
    // Numba's hierarchy: every compile error is a NumbaError (numba.core.errors), and
    // CompileError is Numba's TypingError.
    PyObject* numba_error = PyErr_NewExceptionWithDoc(
        "ujit.NumbaError", "The base of Numba's errors (numba.core.errors.NumbaError).", PyExc_Exception, NULL);
    if (!numba_error || PyModule_AddObject(m, "NumbaError", numba_error) < 0) {
        Py_XDECREF(numba_error);
        Py_DECREF(m);
        return NULL;
    }
    Ujit_CompileError = PyErr_NewExceptionWithDoc(
        "ujit.CompileError", "A ujit compile error; `file`, `line` and `col` locate it in the user's source.",
        numba_error, NULL);
    Ujit_CudaSupportError = PyErr_NewExceptionWithDoc(
        "ujit.cuda.CudaSupportError", "CUDA is unavailable here (no driver, no GPU, or UJIT_DISABLE_CUDA=1).",
        PyExc_RuntimeError, NULL);
    if (!Ujit_CompileError || !Ujit_CudaSupportError ||
        PyModule_AddObjectRef(m, "CompileError", Ujit_CompileError) < 0 ||
        PyModule_AddObjectRef(m, "CudaSupportError", Ujit_CudaSupportError) < 0 ||
        PyModule_AddObjectRef(m, "Module", (PyObject*)&Ujit_ModuleType) < 0 ||
        PyModule_AddObjectRef(m, "Function", (PyObject*)&Ujit_FunctionType) < 0 ||
        PyModule_AddObjectRef(m, "Dispatcher", (PyObject*)&Ujit_DispatcherType) < 0 ||
        PyModule_AddObjectRef(m, "Stream", (PyObject*)&Ujit_StreamType) < 0 ||
        PyModule_AddObjectRef(m, "Event", (PyObject*)&Ujit_EventType) < 0 ||
        PyModule_AddObjectRef(m, "DeviceArray", (PyObject*)&Ujit_DeviceArrayType) < 0 ||
        PyModule_AddObjectRef(m, "HostMemory", (PyObject*)&Ujit_HostMemoryType) < 0 ||
        PyModule_AddObjectRef(m, "Launcher", (PyObject*)&Ujit_LauncherType) < 0 ||
        PyModule_AddObjectRef(m, "DeviceNDArrayBase", (PyObject*)&Ujit_DeviceNDArrayType) < 0 ||
        PyModule_AddObjectRef(m, "KernelBase", (PyObject*)&Ujit_KernelBaseType) < 0 ||
        PyModule_AddObjectRef(m, "CudaUfuncBase", (PyObject*)&Ujit_CudaUfuncBaseType) < 0 ||
        PyModule_AddFunctions(m, ujit_py_cuda_methods) < 0 || PyModule_AddFunctions(m, ujit_py_nvrtc_methods) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
