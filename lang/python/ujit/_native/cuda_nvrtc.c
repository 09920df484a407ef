/* CUDA C++ through NVRTC for ujit.cuda (RawKernel, declare_device's link files): the C API's
 * ujit_cuda_compile_ptx and ujit_raw_kernel_*, a raw kernel held in a capsule. */
#include "ext.h"

#define RAW_KERNEL_CAPSULE "ujit.raw_kernel"

static void raw_kernel_capsule_free(PyObject* capsule) {
    ujit_raw_kernel* k = PyCapsule_GetPointer(capsule, RAW_KERNEL_CAPSULE);
    if (k) ujit_raw_kernel_free(k);
}

static ujit_raw_kernel* raw_kernel_of(PyObject* capsule) {
    return PyCapsule_GetPointer(capsule, RAW_KERNEL_CAPSULE); /* NULL with TypeError/ValueError set */
}

/* The options tuple as a C array (borrowed UTF-8 of the tuple's str items); -1 with an error. */
static int option_array(PyObject* options, const char** out, Py_ssize_t max, Py_ssize_t* n) {
    *n = PyTuple_GET_SIZE(options);
    if (*n > max) {
        PyErr_Format(PyExc_ValueError, "too many NVRTC options (%zd, at most %zd)", *n, max);
        return -1;
    }
    for (Py_ssize_t i = 0; i < *n; ++i)
        if (!(out[i] = PyUnicode_AsUTF8(PyTuple_GET_ITEM(options, i)))) return -1;
    return 0;
}

#define MAX_OPTIONS 64

/* nvrtc_compile_ptx(source, filename, arch, options) -> str */
static PyObject* py_nvrtc_compile_ptx(PyObject* self, PyObject* args) {
    const char *source, *filename, *arch;
    PyObject* options;
    if (!PyArg_ParseTuple(args, "sssO!", &source, &filename, &arch, &PyTuple_Type, &options)) return NULL;
    const char* opts[MAX_OPTIONS];
    Py_ssize_t n;
    if (option_array(options, opts, MAX_OPTIONS, &n) < 0) return NULL;
    char* ptx = NULL;
    PyThreadState* save = PyEval_SaveThread();
    ujit_status st = ujit_cuda_compile_ptx(source, filename, arch, opts, (size_t)n, &ptx);
    PyEval_RestoreThread(save);
    if (st != UJIT_OK) return ujit_py_raise(st, NULL);
    PyObject* r = PyUnicode_FromString(ptx);
    ujit_free_string(ptx);
    return r;
}

/* raw_kernel_new(source, name, filename, options) -> capsule */
static PyObject* py_raw_kernel_new(PyObject* self, PyObject* args) {
    const char *source, *name, *filename;
    PyObject* options;
    if (!PyArg_ParseTuple(args, "sssO!", &source, &name, &filename, &PyTuple_Type, &options)) return NULL;
    const char* opts[MAX_OPTIONS];
    Py_ssize_t n;
    if (option_array(options, opts, MAX_OPTIONS, &n) < 0) return NULL;
    ujit_raw_kernel* k = NULL;
    PyThreadState* save = PyEval_SaveThread();
    ujit_status st = ujit_raw_kernel_new(source, name, filename, opts, (size_t)n, &k);
    PyEval_RestoreThread(save);
    if (st != UJIT_OK) return ujit_py_raise(st, NULL);
    PyObject* c = PyCapsule_New(k, RAW_KERNEL_CAPSULE, raw_kernel_capsule_free);
    if (!c) ujit_raw_kernel_free(k);
    return c;
}

/* raw_kernel_info(capsule) -> (ptx, arch) */
static PyObject* py_raw_kernel_info(PyObject* self, PyObject* capsule) {
    ujit_raw_kernel* k = raw_kernel_of(capsule);
    if (!k) return NULL;
    return Py_BuildValue("(ss)", ujit_raw_kernel_ptx(k), ujit_raw_kernel_arch(k));
}

/* raw_kernel_launch(capsule, grid, block, params, stream, shared_mem): `params` is a tuple
 * of bytes, each one kernel parameter's value as the kernel reads it. */
static PyObject* py_raw_kernel_launch(PyObject* self, PyObject* args) {
    PyObject *capsule, *params, *s;
    Py_ssize_t shared = 0;
    ujit_dim3 g, b;
    if (!PyArg_ParseTuple(args, "O(III)(III)O!On", &capsule, &g.x, &g.y, &g.z, &b.x, &b.y, &b.z, &PyTuple_Type, &params,
                          &s, &shared))
        return NULL;
    ujit_raw_kernel* k = raw_kernel_of(capsule);
    if (!k) return NULL;
    int ok;
    ujit_stream* stream = ujit_py_stream_of(s, &ok);
    if (!ok) return NULL;
    Py_ssize_t n = PyTuple_GET_SIZE(params);
    if (n > UJIT_PY_MAX_ARGS) return PyErr_Format(PyExc_TypeError, "too many kernel arguments (%zd)", n);
    void* values[UJIT_PY_MAX_ARGS + 1];
    for (Py_ssize_t i = 0; i < n; ++i) {
        PyObject* p = PyTuple_GET_ITEM(params, i);
        if (!PyBytes_Check(p)) return PyErr_Format(PyExc_TypeError, "kernel parameter %zd is not bytes", i);
        values[i] = PyBytes_AS_STRING(p);
    }
    PyThreadState* save = PyEval_SaveThread();
    ujit_status st = ujit_raw_kernel_launch(k, g, b, values, stream, (size_t)shared);
    PyEval_RestoreThread(save);
    if (st != UJIT_OK) return ujit_py_raise(st, NULL);
    Py_RETURN_NONE;
}

PyMethodDef ujit_py_nvrtc_methods[] = {
    {"nvrtc_compile_ptx", py_nvrtc_compile_ptx, METH_VARARGS, "nvrtc_compile_ptx(source, filename, arch, options)"},
    {"raw_kernel_new", py_raw_kernel_new, METH_VARARGS, "raw_kernel_new(source, name, filename, options)"},
    {"raw_kernel_info", py_raw_kernel_info, METH_O, "(ptx, arch)"},
    {"raw_kernel_launch", py_raw_kernel_launch, METH_VARARGS,
     "raw_kernel_launch(kernel, grid, block, params, stream, shared_mem)"},
    {NULL, NULL, 0, NULL},
};
