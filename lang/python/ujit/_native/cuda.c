/* ujit.cuda's kernel launches and GPU ufuncs over the C API, and its module functions
 * (devices, synchronize, cache counters). Streams and events: cuda_stream.c; device arrays
 * and argument conversion: cuda_array.c. */
#include "ext.h"

static int dim3_of(PyObject* o, ujit_dim3* d) { return PyArg_ParseTuple(o, "III", &d->x, &d->y, &d->z) ? 0 : -1; }

/* launch(function, grid, block, args, stream, shared_mem) */
static PyObject* py_launch(PyObject* self, PyObject* args) {
    FunctionObject* fn;
    PyObject *grid, *block, *kargs, *s;
    Py_ssize_t shared = 0;
    if (!PyArg_ParseTuple(args, "O!OOO!On", &Ujit_FunctionType, &fn, &grid, &block, &PyTuple_Type, &kargs, &s, &shared))
        return NULL;
    ujit_dim3 g, b;
    int ok;
    ujit_stream* stream = ujit_py_stream_of(s, &ok);
    if (!ok || dim3_of(grid, &g) < 0 || dim3_of(block, &b) < 0) return NULL;
    Py_ssize_t n = PyTuple_GET_SIZE(kargs);
    if (n > UJIT_PY_MAX_ARGS) return PyErr_Format(PyExc_TypeError, "too many kernel arguments (%zd)", n);
    ujit_value values[UJIT_PY_MAX_ARGS];
    ArgStorage storage;
    for (Py_ssize_t i = 0; i < n; ++i)
        if (ujit_py_cuda_value(PyTuple_GET_ITEM(kargs, i), &values[i], &storage, (int)i) < 0) return NULL;
    PyThreadState* save = PyEval_SaveThread();
    ujit_status st = ujit_function_launch(fn->handle, g, b, values, (size_t)n, stream, (size_t)shared);
    PyEval_RestoreThread(save);
    if (st != UJIT_OK) return ujit_py_raise(st, fn->module);
    Py_RETURN_NONE;
}

PyObject* ujit_py_vectorize_values(FunctionObject* fn, const ujit_value* values, Py_ssize_t n, ujit_value* out,
                                   ujit_stream* stream) {
    ujit_status st;
    if (!out) {
        DLManagedTensor* result = NULL;
        PyThreadState* save = PyEval_SaveThread();
        st = ujit_function_vectorize_new(fn->handle, values, (size_t)n, UJIT_TARGET_CUDA, stream, &result);
        ujit_device_array* h = NULL;
        if (st == UJIT_OK) {
            st = ujit_device_array_from_dlpack(result, &h);
            if (st != UJIT_OK && result->deleter) result->deleter(result);
        }
        PyEval_RestoreThread(save);
        if (st != UJIT_OK) return ujit_py_raise(st, fn->module);
        return ujit_py_wrap_device_array(h);
    }
    if (!out->is_array) return PyErr_Format(PyExc_TypeError, "out= must be an array");
    if (ujit_py_require_writable(out) < 0) return NULL;
    PyThreadState* save = PyEval_SaveThread();
    st = ujit_function_vectorize_ex(fn->handle, values, (size_t)n, (DLTensor*)out->v.array, UJIT_TARGET_CUDA, stream);
    PyEval_RestoreThread(save);
    if (st != UJIT_OK) return ujit_py_raise(st, fn->module);
    Py_RETURN_NONE;
}

/* vectorize_cuda(function, inputs, out, stream) -> DeviceArray (out None) or None */
static PyObject* py_vectorize_cuda(PyObject* self, PyObject* args) {
    FunctionObject* fn;
    PyObject *inputs, *out, *s;
    if (!PyArg_ParseTuple(args, "O!O!OO", &Ujit_FunctionType, &fn, &PyTuple_Type, &inputs, &out, &s)) return NULL;
    int ok;
    ujit_stream* stream = ujit_py_stream_of(s, &ok);
    if (!ok) return NULL;
    Py_ssize_t n = PyTuple_GET_SIZE(inputs);
    if (n > UJIT_PY_MAX_ARGS) return PyErr_Format(PyExc_TypeError, "too many ufunc inputs (%zd)", n);
    ujit_value values[UJIT_PY_MAX_ARGS + 1];
    ArgStorage storage;
    for (Py_ssize_t i = 0; i < n; ++i)
        if (ujit_py_cuda_value(PyTuple_GET_ITEM(inputs, i), &values[i], &storage, (int)i) < 0) return NULL;
    if (out != Py_None && ujit_py_cuda_value(out, &values[n], &storage, (int)n) < 0) return NULL;
    return ujit_py_vectorize_values(fn, values, n, out == Py_None ? NULL : &values[n], stream);
}

/* gufunc_cuda(function, inputs, outputs) -> None: the outputs are device arrays the caller
 * shaped (loop + core dimensions) and typed from the layout and the matching signature. */
static PyObject* py_gufunc_cuda(PyObject* self, PyObject* args) {
    FunctionObject* fn;
    PyObject *inputs, *outputs;
    if (!PyArg_ParseTuple(args, "O!O!O!", &Ujit_FunctionType, &fn, &PyTuple_Type, &inputs, &PyTuple_Type, &outputs))
        return NULL;
    Py_ssize_t n = PyTuple_GET_SIZE(inputs), m = PyTuple_GET_SIZE(outputs);
    if (n + m > UJIT_PY_MAX_ARGS) return PyErr_Format(PyExc_TypeError, "too many gufunc operands (%zd)", n + m);
    ujit_value values[UJIT_PY_MAX_ARGS];
    DLTensor* outs[UJIT_PY_MAX_ARGS];
    ArgStorage storage;
    for (Py_ssize_t i = 0; i < n + m; ++i) {
        PyObject* o = i < n ? PyTuple_GET_ITEM(inputs, i) : PyTuple_GET_ITEM(outputs, i - n);
        if (ujit_py_cuda_value(o, &values[i], &storage, (int)i) < 0) return NULL;
        if (i >= n) {
            if (!values[i].is_array) return PyErr_Format(PyExc_TypeError, "gufunc output %zd must be an array", i - n);
            if (ujit_py_require_writable(&values[i]) < 0) return NULL;
            outs[i - n] = (DLTensor*)values[i].v.array;
        }
    }
    PyThreadState* save = PyEval_SaveThread();
    ujit_status st = ujit_function_gufunc(fn->handle, values, (size_t)n, outs, (size_t)m, UJIT_TARGET_CUDA);
    PyEval_RestoreThread(save);
    if (st != UJIT_OK) return ujit_py_raise(st, fn->module);
    Py_RETURN_NONE;
}

/* ------------------------------------------------------------------ module functions */

static PyObject* py_cuda_available(PyObject* self, PyObject* noargs) {
    const char* reason = NULL;
    int ok = ujit_cuda_available(&reason);
    return Py_BuildValue("(Os)", ok ? Py_True : Py_False, reason ? reason : "");
}

static PyObject* py_device_count(PyObject* self, PyObject* noargs) {
    int n = 0;
    ujit_status st = ujit_cuda_device_count(&n);
    if (st != UJIT_OK) return ujit_py_raise(st, NULL);
    return PyLong_FromLong(n);
}

static PyObject* py_device_info(PyObject* self, PyObject* arg) {
    ujit_device_info d;
    int ordinal = (int)PyLong_AsLong(arg);
    if (PyErr_Occurred()) return NULL;
    ujit_status st = ujit_cuda_device_info(ordinal, &d);
    if (st != UJIT_OK) return ujit_py_raise(st, NULL);
    return Py_BuildValue("{s:i,s:s,s:s,s:i,s:i,s:i,s:i,s:i,s:K,s:K}", "ordinal", d.ordinal, "name", d.name, "arch",
                         d.arch, "cc_major", d.cc_major, "cc_minor", d.cc_minor, "sm_count", d.sm_count, "warp_size",
                         d.warp_size, "max_threads_per_block", d.max_threads_per_block, "shared_mem_per_block",
                         (unsigned long long)d.shared_mem_per_block, "total_memory",
                         (unsigned long long)d.total_memory);
}

static PyObject* py_select_device(PyObject* self, PyObject* arg) {
    ujit_status st = ujit_cuda_select_device((int)PyLong_AsLong(arg));
    if (st != UJIT_OK) return ujit_py_raise(st, NULL);
    Py_RETURN_NONE;
}

static PyObject* py_current_device(PyObject* self, PyObject* noargs) {
    int d = 0;
    ujit_status st = ujit_cuda_current_device(&d);
    if (st != UJIT_OK) return ujit_py_raise(st, NULL);
    return PyLong_FromLong(d);
}

/* is_available() alone, and the current device's ordinal or -1 for the host device: asked at
 * every kernel[...] (the low-occupancy warning), so no tuple or reason string is built. */
static PyObject* py_cuda_is_available(PyObject* self, PyObject* noargs) {
    return PyBool_FromLong(ujit_cuda_available(NULL));
}

static PyObject* py_launch_device(PyObject* self, PyObject* noargs) {
    if (!ujit_cuda_available(NULL)) return PyLong_FromLong(-1);
    return py_current_device(self, noargs);
}

static PyObject* py_synchronize(PyObject* self, PyObject* noargs) {
    PyThreadState* save = PyEval_SaveThread();
    ujit_status st = ujit_cuda_synchronize();
    PyEval_RestoreThread(save);
    if (st != UJIT_OK) return ujit_py_raise(st, NULL);
    Py_RETURN_NONE;
}

static PyObject* py_free_pool(PyObject* self, PyObject* noargs) {
    ujit_status st = ujit_cuda_free_pool();
    if (st != UJIT_OK) return ujit_py_raise(st, NULL);
    Py_RETURN_NONE;
}

static PyObject* py_cache_stats(PyObject* self, PyObject* noargs) {
    ujit_cache_stats c;
    ujit_status st = ujit_cache_get_stats(&c);
    if (st != UJIT_OK) return ujit_py_raise(st, NULL);
    return Py_BuildValue("{s:O,s:s,s:K,s:K,s:K,s:K,s:K}", "enabled", c.enabled ? Py_True : Py_False, "directory",
                         c.directory, "entries", (unsigned long long)c.entries, "bytes", (unsigned long long)c.bytes,
                         "hits", (unsigned long long)c.hits, "misses", (unsigned long long)c.misses, "stores",
                         (unsigned long long)c.stores);
}

PyMethodDef ujit_py_cuda_methods[] = {
    {"cuda_available", py_cuda_available, METH_NOARGS, "(available, reason)"},
    {"cuda_memory_info", ujit_py_cuda_memory_info, METH_NOARGS, "(free, total) bytes"},
    {"cuda_device_count", py_device_count, METH_NOARGS, NULL},
    {"cuda_device_info", py_device_info, METH_O, NULL},
    {"cuda_select_device", py_select_device, METH_O, NULL},
    {"cuda_current_device", py_current_device, METH_NOARGS, NULL},
    {"cuda_is_available", py_cuda_is_available, METH_NOARGS, NULL},
    {"cuda_launch_device", py_launch_device, METH_NOARGS, "the current device, -1 for the host device"},
    {"cuda_synchronize", py_synchronize, METH_NOARGS, NULL},
    {"cuda_free_pool", py_free_pool, METH_NOARGS, "returns the memory pool's cached blocks"},
    {"cuda_set_device_allocator", ujit_py_cuda_set_device_allocator, METH_VARARGS,
     "cuda_set_device_allocator(device, allocate, release): an EMM plugin's device memory (None: the pool)"},
    {"cuda_ipc_get_handle", ujit_py_cuda_ipc_get_handle, METH_O, "(handle, offset) of a device address"},
    {"cuda_ipc_open", ujit_py_cuda_ipc_open, METH_O, "the base address of another process's allocation"},
    {"cuda_ipc_close", ujit_py_cuda_ipc_close, METH_O, "unmaps what cuda_ipc_open mapped"},
    {"device_array_new", ujit_py_device_array_new, METH_VARARGS, NULL},
    {"device_array_new_records", ujit_py_device_array_new_records, METH_VARARGS,
     "device_array_new_records(shape, dtype, fortran): a device array of a structured dtype's records"},
    {"device_array_from_host", ujit_py_device_array_from_host, METH_VARARGS, NULL},
    {"device_array_from_dlpack", ujit_py_device_array_from_dlpack, METH_O, NULL},
    {"device_array_from_interface", ujit_py_device_array_from_interface, METH_VARARGS, NULL},
    {"xoroshiro128p_init_states", ujit_py_xoroshiro128p_init_states, METH_VARARGS,
     "xoroshiro128p_init_states(host, seed, subsequence_start)"},
    {"cuda_launch_setup", ujit_py_launch_setup, METH_VARARGS,
     "cuda_launch_setup(config_module, warning_class, sm_count): what kernel[...] warns with"},
    {"cuda_array_code", ujit_py_cuda_array_code, METH_O, "the argument type code of a device array"},
    {"launch", py_launch, METH_VARARGS, "launch(function, grid, block, args, stream, shared_mem)"},
    {"vectorize_cuda", py_vectorize_cuda, METH_VARARGS, "vectorize_cuda(function, inputs, out, stream)"},
    {"gufunc_cuda", py_gufunc_cuda, METH_VARARGS, "gufunc_cuda(function, inputs, outputs)"},
    {"cache_stats", py_cache_stats, METH_NOARGS, "the disk cache's counters"},
    {NULL, NULL, 0, NULL}};
