/* Real numpy.ufunc objects over compiled code (Numba's @vectorize with signatures and
 * @guvectorize): NumPy does the type resolution, casting, broadcasting, `out=`, reduce,
 * accumulate and __array_ufunc__; each inner loop NumPy asks for runs ujit's compiled
 * loop over the 1-D strided chunk it is given.
 *
 * Errors inside a loop (ZeroDivisionError of an integer division) follow NumPy's error
 * model, as NumPy's own integer loops do: the floating-point status flag is raised and
 * NumPy warns or raises by np.errstate ("divide by zero encountered in f"). */
#include "ext.h"

#include <fenv.h>
#include <string.h>

#define MAX_CORE_DIMS 8

/* One loop (one declared signature) of a ufunc. */
typedef struct {
    FunctionObject* fn; /* borrowed: the Ufunc block below owns a reference */
    int target;
    int nargs; /* inputs + outputs */
    int32_t codes[UJIT_PY_MAX_ARGS];
    /* gufuncs: per argument, the core dimensions (indices into NumPy's dims[1..]) */
    int n_core[UJIT_PY_MAX_ARGS];
    int core[UJIT_PY_MAX_ARGS][MAX_CORE_DIMS];
} LoopData;

/* Everything a ufunc's loops point at, freed with the ufunc (its `obj`). */
typedef struct {
    FunctionObject* fn;
    int n_loops;
    ujit_ufunc_loop** compiled; /* the C API's loops (target 'cpu'), or NULL entries */
    PyUFuncGenericFunction* funcs;
    void** data;
    char* types;
    LoopData* loops;
} UfuncBlock;

static void raise_fp_flag_for(const char* m) {
    feraiseexcept(m && strncmp(m, "ZeroDivisionError", 17) == 0 ? FE_DIVBYZERO : FE_INVALID);
}

static void raise_fp_flag(void) { raise_fp_flag_for(ujit_last_error()); }

/* on_error of the C API's compiled loops (ujit_function_ufunc_loop). */
static void loop_error(void* context, ujit_status status, const char* message) { raise_fp_flag_for(message); }

static void vectorize_loop(char** args, const npy_intp* dims, const npy_intp* steps, void* data) {
    const LoopData* d = data;
    int nin = d->nargs - 1;
    DLTensor t[UJIT_PY_MAX_ARGS + 1];
    int64_t strides[UJIT_PY_MAX_ARGS + 1];
    ujit_value in[UJIT_PY_MAX_ARGS];
    int64_t n = dims[0];
    for (int k = 0; k < d->nargs; ++k) {
        ujit_dtype dt = UJIT_CODE_DTYPE(d->codes[k]);
        memset(&t[k], 0, sizeof t[k]);
        t[k].data = args[k];
        t[k].device.device_type = kDLCPU;
        t[k].ndim = 1;
        t[k].dtype = ujit_py_dl_type(dt);
        t[k].shape = &n;
        strides[k] = steps[k] / ujit_py_itemsize(dt);
        t[k].strides = &strides[k];
        if (k < nin) {
            memset(&in[k], 0, sizeof in[k]);
            in[k].is_array = 1;
            in[k].v.array = &t[k];
        }
    }
    if (ujit_function_vectorize(d->fn->handle, in, (size_t)nin, &t[nin], (ujit_target)d->target) != UJIT_OK)
        raise_fp_flag();
}

/* A gufunc loop: the outer loop here, one call of the compiled kernel per element with
 * the core dimensions as array views (a scalar argument is read from its pointer). */
static void guvectorize_loop(char** args, const npy_intp* dims, const npy_intp* steps, void* data) {
    const LoopData* d = data;
    DLTensor t[UJIT_PY_MAX_ARGS];
    int64_t shape[UJIT_PY_MAX_ARGS][MAX_CORE_DIMS + 1];
    int64_t strides[UJIT_PY_MAX_ARGS][MAX_CORE_DIMS + 1];
    ujit_value v[UJIT_PY_MAX_ARGS];
    const npy_intp* core_steps = steps + d->nargs;
    for (int k = 0; k < d->nargs; ++k) {
        ujit_dtype dt = UJIT_CODE_DTYPE(d->codes[k]);
        int item = ujit_py_itemsize(dt);
        memset(&t[k], 0, sizeof t[k]);
        t[k].device.device_type = kDLCPU;
        t[k].dtype = ujit_py_dl_type(dt);
        int nd = UJIT_CODE_NDIM(d->codes[k]);
        for (int j = 0; j < d->n_core[k]; ++j) {
            shape[k][j] = dims[1 + d->core[k][j]];
            strides[k][j] = core_steps[j] / item;
        }
        /* A `()` core argument typed as an array (Numba's `float32[:]` for a scalar output)
         * is a one-element array. */
        for (int j = d->n_core[k]; j < nd; ++j) shape[k][j] = 1, strides[k][j] = 0;
        core_steps += d->n_core[k];
        t[k].ndim = nd;
        t[k].shape = shape[k];
        t[k].strides = strides[k];
    }
    for (npy_intp i = 0; i < dims[0]; ++i) {
        for (int k = 0; k < d->nargs; ++k) {
            char* p = args[k] + i * steps[k];
            memset(&v[k], 0, sizeof v[k]);
            if (d->codes[k] & UJIT_CODE_ARRAY) {
                t[k].data = p;
                v[k].is_array = 1;
                v[k].v.array = &t[k];
                continue;
            }
            ujit_dtype dt = UJIT_CODE_DTYPE(d->codes[k]);
            v[k].dtype = dt;
            switch (dt) {
            case UJIT_BOOL: v[k].v.i = *(npy_bool*)p != 0; break;
            case UJIT_INT8: v[k].v.i = *(int8_t*)p; break;
            case UJIT_INT16: v[k].v.i = *(int16_t*)p; break;
            case UJIT_INT32: v[k].v.i = *(int32_t*)p; break;
            case UJIT_INT64: v[k].v.i = *(int64_t*)p; break;
            case UJIT_UINT8: v[k].v.u = *(uint8_t*)p; break;
            case UJIT_UINT16: v[k].v.u = *(uint16_t*)p; break;
            case UJIT_UINT32: v[k].v.u = *(uint32_t*)p; break;
            case UJIT_UINT64: v[k].v.u = *(uint64_t*)p; break;
            case UJIT_FLOAT16: v[k].v.f = (double)*(_Float16*)p; break;
            case UJIT_FLOAT32: v[k].v.f = *(float*)p; break;
            case UJIT_FLOAT64: v[k].v.f = *(double*)p; break;
            case UJIT_COMPLEX64: v[k].v.c[0] = ((float*)p)[0], v[k].v.c[1] = ((float*)p)[1]; break;
            case UJIT_COMPLEX128: v[k].v.c[0] = ((double*)p)[0], v[k].v.c[1] = ((double*)p)[1]; break;
            case UJIT_DATETIME64:
            case UJIT_TIMEDELTA64:
            default: v[k].v.i = *(int64_t*)p; break; /* a datetime64/timedelta64's count */
            }
        }
        size_t n_results = 0;
        if (ujit_function_call(d->fn->handle, v, (size_t)d->nargs, NULL, 0, &n_results) != UJIT_OK) {
            raise_fp_flag();
            return;
        }
    }
}

static void block_free(PyObject* capsule) {
    UfuncBlock* b = PyCapsule_GetPointer(capsule, "ujit.ufunc");
    if (!b) return;
    Py_XDECREF((PyObject*)PyCapsule_GetContext(capsule));
    for (int i = 0; b->compiled && i < b->n_loops; ++i) ujit_ufunc_loop_release(b->compiled[i]);
    PyMem_Free(b->compiled);
    Py_XDECREF(b->fn);
    PyMem_Free(b->funcs);
    PyMem_Free(b->data);
    PyMem_Free(b->types);
    PyMem_Free(b->loops);
    PyMem_Free(b);
}

/* One loop description from Python: (codes, core) with codes a tuple of argument type
 * codes (inputs, then outputs) and core a tuple of tuples of core dimension indices. */
static int parse_loop(PyObject* spec, LoopData* d, int nargs, const char** signature) {
    PyObject *codes, *core;
    *signature = NULL;
    if (!PyArg_ParseTuple(spec, "O!O!|z", &PyTuple_Type, &codes, &PyTuple_Type, &core, signature)) return -1;
    if (PyTuple_GET_SIZE(codes) != nargs || (PyTuple_GET_SIZE(core) != 0 && PyTuple_GET_SIZE(core) != nargs)) {
        PyErr_SetString(PyExc_ValueError, "loop codes do not match the number of arguments");
        return -1;
    }
    d->nargs = nargs;
    for (int k = 0; k < nargs; ++k) {
        d->codes[k] = (int32_t)PyLong_AsLong(PyTuple_GET_ITEM(codes, k));
        if (PyTuple_GET_SIZE(core) == 0) continue;
        PyObject* dimsk = PyTuple_GET_ITEM(core, k);
        if (!PyTuple_Check(dimsk) || PyTuple_GET_SIZE(dimsk) > MAX_CORE_DIMS) {
            PyErr_SetString(PyExc_ValueError, "bad core dimensions");
            return -1;
        }
        d->n_core[k] = (int)PyTuple_GET_SIZE(dimsk);
        for (int j = 0; j < d->n_core[k]; ++j) d->core[k][j] = (int)PyLong_AsLong(PyTuple_GET_ITEM(dimsk, j));
    }
    return PyErr_Occurred() ? -1 : 0;
}

/* make_ufunc(function, name, doc, loops, nin, nout, identity, target, gufunc_signature)
 * identity: PyUFunc_None/Zero/One/ReorderableNone; gufunc_signature: None for a ufunc. */
PyObject* ujit_py_make_ufunc(PyObject* self, PyObject* args) {
    (void)self;
    FunctionObject* fn;
    const char *name, *doc, *gusig;
    PyObject* loops;
    int nin, nout, identity, target;
    if (ujit_py_numpy() < 0) return NULL;
    if (!PyArg_ParseTuple(args, "O!ssO!iiiiz", &Ujit_FunctionType, &fn, &name, &doc, &PyList_Type, &loops, &nin, &nout,
                          &identity, &target, &gusig))
        return NULL;
    int nargs = nin + nout;
    Py_ssize_t n = PyList_GET_SIZE(loops);
    if (n == 0 || nargs > UJIT_PY_MAX_ARGS) return PyErr_Format(PyExc_ValueError, "bad ufunc loops");
    UfuncBlock* b = PyMem_Calloc(1, sizeof *b);
    if (!b) return PyErr_NoMemory();
    PyObject* capsule = PyCapsule_New(b, "ujit.ufunc", block_free);
    if (!capsule) {
        PyMem_Free(b);
        return NULL;
    }
    b->fn = (FunctionObject*)Py_NewRef(fn);
    b->n_loops = (int)n;
    b->funcs = PyMem_Calloc((size_t)n, sizeof *b->funcs);
    b->data = PyMem_Calloc((size_t)n, sizeof *b->data);
    b->types = PyMem_Calloc((size_t)(n * nargs), 1);
    b->loops = PyMem_Calloc((size_t)n, sizeof *b->loops);
    b->compiled = PyMem_Calloc((size_t)n, sizeof *b->compiled);
    if (!b->funcs || !b->data || !b->types || !b->loops || !b->compiled) {
        Py_DECREF(capsule);
        return PyErr_NoMemory();
    }
    for (Py_ssize_t i = 0; i < n; ++i) {
        LoopData* d = &b->loops[i];
        const char* signature;
        if (parse_loop(PyList_GET_ITEM(loops, i), d, nargs, &signature) < 0) {
            Py_DECREF(capsule);
            return NULL;
        }
        d->fn = fn;
        d->target = target;
        b->funcs[i] = gusig ? guvectorize_loop : vectorize_loop;
        b->data[i] = d;
        if (!gusig && target == UJIT_TARGET_CPU && signature) {
            /* One thread: the compiled loop itself is NumPy's inner loop. ('parallel' keeps
             * vectorize_loop, which spreads each chunk NumPy hands over ujit's threads.) */
            ujit_numpy_loop_fn loop_fn = NULL;
            void* loop_data = NULL;
            ujit_status st = ujit_function_ufunc_loop(fn->handle, signature, loop_error, NULL, &b->compiled[i],
                                                      &loop_fn, &loop_data, NULL, 0, NULL);
            if (st != UJIT_OK) {
                Py_DECREF(capsule);
                return ujit_py_raise(st, fn->module);
            }
            b->funcs[i] = (PyUFuncGenericFunction)loop_fn;
            b->data[i] = loop_data;
        }
        for (int k = 0; k < nargs; ++k) b->types[i * nargs + k] = (char)ujit_py_npy_type(UJIT_CODE_DTYPE(d->codes[k]));
    }
    /* name and doc must outlive the ufunc: keep them in the capsule's context. */
    PyObject* strings = Py_BuildValue("(ss)", name, doc);
    if (!strings || PyCapsule_SetContext(capsule, strings) < 0) {
        Py_XDECREF(strings);
        Py_DECREF(capsule);
        return NULL;
    }
    PyObject* u = PyUFunc_FromFuncAndDataAndSignature(b->funcs, b->data, b->types, (int)n, nin, nout, identity,
                                                      PyUnicode_AsUTF8(PyTuple_GET_ITEM(strings, 0)),
                                                      PyUnicode_AsUTF8(PyTuple_GET_ITEM(strings, 1)), 0, gusig);
    if (!u) {
        Py_DECREF(strings);
        Py_DECREF(capsule);
        return NULL;
    }
    /* The ufunc releases `obj` when it goes: that frees the loops (and the strings). */
    ((PyUFuncObject*)u)->obj = capsule;
    return u;
}
