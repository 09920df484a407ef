/* ujit.cuda's native side over the C API's CUDA functions: streams, events, device arrays
 * (DLPack and __cuda_array_interface__), kernel launches and GPU ufuncs. Device memory of
 * other libraries (CuPy, PyTorch) comes in as its __cuda_array_interface__ dict, zero-copy. */
#include "ext.h"

#include <string.h>

/* ------------------------------------------------------------------ Stream, Event */

typedef struct {
    PyObject_HEAD ujit_stream* handle;
} StreamObject;

typedef struct {
    PyObject_HEAD ujit_event* handle;
} EventObject;

static PyObject* stream_new(PyTypeObject* type, PyObject* args, PyObject* kwds) {
    StreamObject* self = (StreamObject*)type->tp_alloc(type, 0);
    if (!self) return NULL;
    ujit_status st = ujit_stream_create(&self->handle);
    if (st != UJIT_OK) {
        Py_DECREF(self);
        return ujit_py_raise(st, NULL);
    }
    return (PyObject*)self;
}

static void stream_dealloc(StreamObject* self) {
    ujit_stream_release(self->handle);
    Py_TYPE(self)->tp_free((PyObject*)self);
}

static PyObject* stream_synchronize(StreamObject* self, PyObject* noargs) {
    PyThreadState* save = PyEval_SaveThread();
    ujit_status st = ujit_stream_synchronize(self->handle);
    PyEval_RestoreThread(save);
    if (st != UJIT_OK) return ujit_py_raise(st, NULL);
    Py_RETURN_NONE;
}

static PyObject* stream_query(StreamObject* self, PyObject* noargs) {
    int done = 0;
    ujit_status st = ujit_stream_query(self->handle, &done);
    if (st != UJIT_OK) return ujit_py_raise(st, NULL);
    return PyBool_FromLong(done);
}

static PyObject* stream_handle(StreamObject* self, PyObject* noargs) {
    void* h = NULL;
    ujit_status st = ujit_stream_handle(self->handle, &h);
    if (st != UJIT_OK) return ujit_py_raise(st, NULL);
    return PyLong_FromVoidPtr(h);
}

static PyMethodDef stream_methods[] = {{"synchronize", (PyCFunction)stream_synchronize, METH_NOARGS, NULL},
                                       {"query", (PyCFunction)stream_query, METH_NOARGS, NULL},
                                       {"handle", (PyCFunction)stream_handle, METH_NOARGS, "the CUstream"},
                                       {NULL, NULL, 0, NULL}};

PyTypeObject Ujit_StreamType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "ujit._ujit.Stream",
    .tp_basicsize = sizeof(StreamObject),
    .tp_dealloc = (destructor)stream_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A CUDA stream (ujit_stream).",
    .tp_methods = stream_methods,
    .tp_new = stream_new,
};

static ujit_stream* stream_of(PyObject* o, int* ok) {
    *ok = 1;
    if (o == NULL || o == Py_None) return NULL;
    if (PyObject_TypeCheck(o, &Ujit_StreamType)) return ((StreamObject*)o)->handle;
    PyErr_Format(PyExc_TypeError, "expected a ujit stream or None, not %s", Py_TYPE(o)->tp_name);
    *ok = 0;
    return NULL;
}

static PyObject* event_new(PyTypeObject* type, PyObject* args, PyObject* kwds) {
    int timing = 1;
    if (!PyArg_ParseTuple(args, "|p", &timing)) return NULL;
    EventObject* self = (EventObject*)type->tp_alloc(type, 0);
    if (!self) return NULL;
    ujit_status st = ujit_event_create(timing, &self->handle);
    if (st != UJIT_OK) {
        Py_DECREF(self);
        return ujit_py_raise(st, NULL);
    }
    return (PyObject*)self;
}

static void event_dealloc(EventObject* self) {
    ujit_event_release(self->handle);
    Py_TYPE(self)->tp_free((PyObject*)self);
}

static PyObject* event_record(EventObject* self, PyObject* args) {
    PyObject* s = Py_None;
    int ok;
    if (!PyArg_ParseTuple(args, "|O", &s)) return NULL;
    ujit_stream* stream = stream_of(s, &ok);
    if (!ok) return NULL;
    ujit_status st = ujit_event_record(self->handle, stream);
    if (st != UJIT_OK) return ujit_py_raise(st, NULL);
    Py_RETURN_NONE;
}

static PyObject* event_synchronize(EventObject* self, PyObject* noargs) {
    PyThreadState* save = PyEval_SaveThread();
    ujit_status st = ujit_event_synchronize(self->handle);
    PyEval_RestoreThread(save);
    if (st != UJIT_OK) return ujit_py_raise(st, NULL);
    Py_RETURN_NONE;
}

static PyObject* event_query(EventObject* self, PyObject* noargs) {
    int done = 0;
    ujit_status st = ujit_event_query(self->handle, &done);
    if (st != UJIT_OK) return ujit_py_raise(st, NULL);
    return PyBool_FromLong(done);
}

/* elapsed_time(end) -> milliseconds from this event to `end` */
static PyObject* event_elapsed_time(EventObject* self, PyObject* end) {
    if (!PyObject_TypeCheck(end, Py_TYPE(self))) return PyErr_Format(PyExc_TypeError, "expected an event");
    float ms = 0;
    ujit_status st = ujit_event_elapsed_ms(self->handle, ((EventObject*)end)->handle, &ms);
    if (st != UJIT_OK) return ujit_py_raise(st, NULL);
    return PyFloat_FromDouble(ms);
}

static PyObject* event_wait(EventObject* self, PyObject* args) {
    PyObject* s = Py_None;
    int ok;
    if (!PyArg_ParseTuple(args, "|O", &s)) return NULL;
    ujit_stream* stream = stream_of(s, &ok);
    if (!ok) return NULL;
    ujit_status st = ujit_stream_wait_event(stream, self->handle);
    if (st != UJIT_OK) return ujit_py_raise(st, NULL);
    Py_RETURN_NONE;
}

static PyMethodDef event_methods[] = {{"record", (PyCFunction)event_record, METH_VARARGS, NULL},
                                      {"synchronize", (PyCFunction)event_synchronize, METH_NOARGS, NULL},
                                      {"query", (PyCFunction)event_query, METH_NOARGS, NULL},
                                      {"elapsed_time", (PyCFunction)event_elapsed_time, METH_O, NULL},
                                      {"wait", (PyCFunction)event_wait, METH_VARARGS, NULL},
                                      {NULL, NULL, 0, NULL}};

PyTypeObject Ujit_EventType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "ujit._ujit.Event",
    .tp_basicsize = sizeof(EventObject),
    .tp_dealloc = (destructor)event_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A CUDA event (ujit_event).",
    .tp_methods = event_methods,
    .tp_new = event_new,
};

/* ------------------------------------------------------------------ DeviceArray */

typedef struct {
    PyObject_HEAD ujit_device_array* handle;
} DeviceArrayObject;

static void device_array_dealloc(DeviceArrayObject* self) {
    ujit_device_array_release(self->handle);
    Py_TYPE(self)->tp_free((PyObject*)self);
}

PyTypeObject Ujit_DeviceArrayType;

static PyObject* wrap_device_array(ujit_device_array* h) {
    DeviceArrayObject* o = PyObject_New(DeviceArrayObject, &Ujit_DeviceArrayType);
    if (!o) {
        ujit_device_array_release(h);
        return NULL;
    }
    o->handle = h;
    return (PyObject*)o;
}

static PyObject* int64_tuple(const int64_t* v, int n) {
    PyObject* t = PyTuple_New(n);
    for (int i = 0; t && i < n; ++i) PyTuple_SET_ITEM(t, i, PyLong_FromLongLong(v[i]));
    return t;
}

/* interface() -> {"data", "shape", "strides" (bytes), "typestr", "device"} */
static PyObject* device_array_interface(DeviceArrayObject* self, PyObject* noargs) {
    ujit_array_interface ai;
    ujit_status st = ujit_device_array_interface(self->handle, &ai);
    if (st != UJIT_OK) return ujit_py_raise(st, NULL);
    PyObject* shape = int64_tuple(ai.shape, ai.ndim);
    PyObject* strides = int64_tuple(ai.strides, ai.ndim);
    PyObject* r = shape && strides
                      ? Py_BuildValue("{s:K,s:O,s:O,s:s,s:i}", "data", (unsigned long long)ai.data, "shape", shape,
                                      "strides", strides, "typestr", ai.typestr, "device", ai.device)
                      : NULL;
    Py_XDECREF(shape);
    Py_XDECREF(strides);
    return r;
}

static int host_tensor(PyObject* o, DLTensor* t, int64_t* strides) {
    if (ujit_py_numpy() < 0) return -1;
    if (!PyArray_Check(o)) {
        PyErr_Format(PyExc_TypeError, "expected a NumPy array, not %s", Py_TYPE(o)->tp_name);
        return -1;
    }
    return ujit_py_dltensor((PyArrayObject*)o, t, strides);
}

static PyObject* device_array_copy_to_host(DeviceArrayObject* self, PyObject* args) {
    PyObject *host, *s = Py_None;
    int ok;
    if (!PyArg_ParseTuple(args, "O|O", &host, &s)) return NULL;
    ujit_stream* stream = stream_of(s, &ok);
    DLTensor t;
    int64_t strides[NPY_MAXDIMS];
    if (!ok || host_tensor(host, &t, strides) < 0) return NULL;
    PyThreadState* save = PyEval_SaveThread();
    ujit_status st = ujit_device_array_copy_to_host(self->handle, &t, stream);
    PyEval_RestoreThread(save);
    if (st != UJIT_OK) return ujit_py_raise(st, NULL);
    Py_RETURN_NONE;
}

static PyObject* device_array_copy_from_host(DeviceArrayObject* self, PyObject* args) {
    PyObject *host, *s = Py_None;
    int ok;
    if (!PyArg_ParseTuple(args, "O|O", &host, &s)) return NULL;
    ujit_stream* stream = stream_of(s, &ok);
    DLTensor t;
    int64_t strides[NPY_MAXDIMS];
    if (!ok || host_tensor(host, &t, strides) < 0) return NULL;
    PyThreadState* save = PyEval_SaveThread();
    ujit_status st = ujit_device_array_copy_from_host(self->handle, &t, stream);
    PyEval_RestoreThread(save);
    if (st != UJIT_OK) return ujit_py_raise(st, NULL);
    Py_RETURN_NONE;
}

static PyObject* device_array_copy_from(DeviceArrayObject* self, PyObject* args) {
    PyObject *src, *s = Py_None;
    int ok;
    if (!PyArg_ParseTuple(args, "O!|O", &Ujit_DeviceArrayType, &src, &s)) return NULL;
    ujit_stream* stream = stream_of(s, &ok);
    if (!ok) return NULL;
    ujit_status st = ujit_device_array_copy_from(self->handle, ((DeviceArrayObject*)src)->handle, stream);
    if (st != UJIT_OK) return ujit_py_raise(st, NULL);
    Py_RETURN_NONE;
}

/* DLPack's capsule protocol: "dltensor" until a consumer renames it "used_dltensor"; an
 * unconsumed tensor is freed with the capsule. */
static void dlpack_capsule_free(PyObject* capsule) {
    if (!PyCapsule_IsValid(capsule, "dltensor")) return;
    DLManagedTensor* t = PyCapsule_GetPointer(capsule, "dltensor");
    if (t && t->deleter) t->deleter(t);
}

static PyObject* device_array_to_dlpack(DeviceArrayObject* self, PyObject* noargs) {
    DLManagedTensor* t = NULL;
    ujit_status st = ujit_device_array_to_dlpack(self->handle, &t);
    if (st != UJIT_OK) return ujit_py_raise(st, NULL);
    PyObject* c = PyCapsule_New(t, "dltensor", dlpack_capsule_free);
    if (!c && t->deleter) t->deleter(t);
    return c;
}

static PyMethodDef device_array_methods[] = {
    {"interface", (PyCFunction)device_array_interface, METH_NOARGS, NULL},
    {"copy_to_host", (PyCFunction)device_array_copy_to_host, METH_VARARGS, "copy_to_host(ndarray, stream=None)"},
    {"copy_from_host", (PyCFunction)device_array_copy_from_host, METH_VARARGS, "copy_from_host(ndarray, stream)"},
    {"copy_from", (PyCFunction)device_array_copy_from, METH_VARARGS, "copy_from(DeviceArray, stream=None)"},
    {"to_dlpack", (PyCFunction)device_array_to_dlpack, METH_NOARGS, "a DLPack capsule sharing the memory"},
    {NULL, NULL, 0, NULL}};

PyTypeObject Ujit_DeviceArrayType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "ujit._ujit.DeviceArray",
    .tp_basicsize = sizeof(DeviceArrayObject),
    .tp_dealloc = (destructor)device_array_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Device memory (ujit_device_array).",
    .tp_methods = device_array_methods,
};

/* ------------------------------------------------------------------ arguments */

/* Storage for one call's array arguments. */
typedef struct {
    DLTensor t[UJIT_PY_MAX_ARGS + 1];
    int64_t shape[UJIT_PY_MAX_ARGS + 1][NPY_MAXDIMS];
    int64_t strides[UJIT_PY_MAX_ARGS + 1][NPY_MAXDIMS];
} ArgStorage;

/* A kDLCUDA tensor from a __cuda_array_interface__ dict (CuPy, PyTorch, Numba arrays). */
static int interface_tensor(PyObject* d, DLTensor* t, int64_t* shape, int64_t* strides) {
    PyObject* data = PyDict_GetItemString(d, "data");
    PyObject* shp = PyDict_GetItemString(d, "shape");
    PyObject* str = PyDict_GetItemString(d, "strides");
    PyObject* typestr = PyDict_GetItemString(d, "typestr");
    if (!data || !PyTuple_Check(data) || !shp || !PyTuple_Check(shp) || !typestr) {
        PyErr_SetString(PyExc_TypeError, "malformed __cuda_array_interface__");
        return -1;
    }
    if (ujit_py_numpy() < 0) return -1;
    PyArray_Descr* descr = NULL;
    if (!PyArray_DescrConverter(typestr, &descr)) return -1;
    int dt = ujit_py_dtype_of_npy(descr->type_num);
    Py_DECREF(descr);
    if (dt < 0) {
        PyErr_Format(PyExc_TypeError, "ujit does not support device arrays of type %S", typestr);
        return -1;
    }
    int nd = (int)PyTuple_GET_SIZE(shp);
    if (nd > NPY_MAXDIMS) {
        PyErr_SetString(PyExc_ValueError, "too many dimensions");
        return -1;
    }
    memset(t, 0, sizeof *t);
    t->data = PyLong_AsVoidPtr(PyTuple_GET_ITEM(data, 0));
    t->device.device_type = kDLCUDA;
    int current = 0;
    if (ujit_cuda_current_device(&current) != UJIT_OK) current = 0;
    t->device.device_id = current;
    t->ndim = nd;
    t->dtype = ujit_py_dl_type((ujit_dtype)dt);
    int itemsize = ujit_py_itemsize((ujit_dtype)dt);
    for (int k = 0; k < nd; ++k) shape[k] = PyLong_AsLongLong(PyTuple_GET_ITEM(shp, k));
    t->shape = shape;
    if (str && str != Py_None) {
        for (int k = 0; k < nd; ++k) {
            long long s = PyLong_AsLongLong(PyTuple_GET_ITEM(str, k));
            if (s % itemsize) {
                PyErr_SetString(PyExc_ValueError, "device array strides must be multiples of the item size");
                return -1;
            }
            strides[k] = s / itemsize;
        }
        t->strides = strides;
    }
    return PyErr_Occurred() ? -1 : 0;
}

/* One argument: ujit DeviceArray, interface dict, NumPy array (host) or scalar. */
static int cuda_value(PyObject* o, ujit_value* v, ArgStorage* s, int i) {
    memset(v, 0, sizeof *v);
    if (PyObject_TypeCheck(o, &Ujit_DeviceArrayType)) {
        const DLTensor* t = NULL;
        ujit_status st = ujit_device_array_dltensor(((DeviceArrayObject*)o)->handle, &t);
        if (st != UJIT_OK) {
            ujit_py_raise(st, NULL);
            return -1;
        }
        v->is_array = 1;
        v->v.array = t;
        return 0;
    }
    if (PyDict_Check(o)) {
        if (interface_tensor(o, &s->t[i], s->shape[i], s->strides[i]) < 0) return -1;
        v->is_array = 1;
        v->v.array = &s->t[i];
        return 0;
    }
    int32_t code = ujit_py_code_of(o);
    if (code & UJIT_CODE_NONE) {
        PyErr_Format(PyExc_TypeError, "argument %d: ujit cannot pass a %s to the GPU", i + 1, Py_TYPE(o)->tp_name);
        return -1;
    }
    if (code & UJIT_CODE_ARRAY) {
        if (ujit_py_dltensor((PyArrayObject*)o, &s->t[i], s->strides[i]) < 0) return -1;
        v->is_array = 1;
        v->v.array = &s->t[i];
        return 0;
    }
    return ujit_py_to_scalar(o, UJIT_CODE_DTYPE(code), v);
}

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
    ujit_stream* stream = stream_of(s, &ok);
    if (!ok || dim3_of(grid, &g) < 0 || dim3_of(block, &b) < 0) return NULL;
    Py_ssize_t n = PyTuple_GET_SIZE(kargs);
    if (n > UJIT_PY_MAX_ARGS) return PyErr_Format(PyExc_TypeError, "too many kernel arguments (%zd)", n);
    ujit_value values[UJIT_PY_MAX_ARGS];
    ArgStorage storage;
    for (Py_ssize_t i = 0; i < n; ++i)
        if (cuda_value(PyTuple_GET_ITEM(kargs, i), &values[i], &storage, (int)i) < 0) return NULL;
    PyThreadState* save = PyEval_SaveThread();
    ujit_status st = ujit_function_launch(fn->handle, g, b, values, (size_t)n, stream, (size_t)shared);
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
    ujit_stream* stream = stream_of(s, &ok);
    if (!ok) return NULL;
    Py_ssize_t n = PyTuple_GET_SIZE(inputs);
    if (n > UJIT_PY_MAX_ARGS) return PyErr_Format(PyExc_TypeError, "too many ufunc inputs (%zd)", n);
    ujit_value values[UJIT_PY_MAX_ARGS + 1];
    ArgStorage storage;
    for (Py_ssize_t i = 0; i < n; ++i)
        if (cuda_value(PyTuple_GET_ITEM(inputs, i), &values[i], &storage, (int)i) < 0) return NULL;
    ujit_status st;
    if (out == Py_None) {
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
        return wrap_device_array(h);
    }
    if (cuda_value(out, &values[n], &storage, (int)n) < 0) return NULL;
    if (!values[n].is_array) return PyErr_Format(PyExc_TypeError, "out= must be an array");
    PyThreadState* save = PyEval_SaveThread();
    st = ujit_function_vectorize_ex(fn->handle, values, (size_t)n, (DLTensor*)values[n].v.array, UJIT_TARGET_CUDA,
                                    stream);
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

static PyObject* py_synchronize(PyObject* self, PyObject* noargs) {
    PyThreadState* save = PyEval_SaveThread();
    ujit_status st = ujit_cuda_synchronize();
    PyEval_RestoreThread(save);
    if (st != UJIT_OK) return ujit_py_raise(st, NULL);
    Py_RETURN_NONE;
}

/* device_array_new(shape, dtype_code, fortran) */
static PyObject* py_device_array_new(PyObject* self, PyObject* args) {
    PyObject* shape;
    int dtype, fortran;
    if (!PyArg_ParseTuple(args, "O!ip", &PyTuple_Type, &shape, &dtype, &fortran)) return NULL;
    int nd = (int)PyTuple_GET_SIZE(shape);
    int64_t dims[NPY_MAXDIMS];
    if (nd > NPY_MAXDIMS) return PyErr_Format(PyExc_ValueError, "too many dimensions");
    for (int k = 0; k < nd; ++k) dims[k] = PyLong_AsLongLong(PyTuple_GET_ITEM(shape, k));
    if (PyErr_Occurred()) return NULL;
    ujit_device_array* h = NULL;
    ujit_status st = ujit_device_array_new(dims, nd, (ujit_dtype)dtype, fortran, &h);
    if (st != UJIT_OK) return ujit_py_raise(st, NULL);
    return wrap_device_array(h);
}

/* device_array_from_host(ndarray, stream) */
static PyObject* py_device_array_from_host(PyObject* self, PyObject* args) {
    PyObject *host, *s = Py_None;
    int ok;
    if (!PyArg_ParseTuple(args, "O|O", &host, &s)) return NULL;
    ujit_stream* stream = stream_of(s, &ok);
    DLTensor t;
    int64_t strides[NPY_MAXDIMS];
    if (!ok || host_tensor(host, &t, strides) < 0) return NULL;
    ujit_device_array* h = NULL;
    PyThreadState* save = PyEval_SaveThread();
    ujit_status st = ujit_device_array_from_host(&t, stream, &h);
    PyEval_RestoreThread(save);
    if (st != UJIT_OK) return ujit_py_raise(st, NULL);
    return wrap_device_array(h);
}

/* device_array_from_dlpack(capsule): takes the tensor (renames the capsule "used_dltensor"). */
static PyObject* py_device_array_from_dlpack(PyObject* self, PyObject* capsule) {
    DLManagedTensor* t = PyCapsule_GetPointer(capsule, "dltensor");
    if (!t) return NULL;
    ujit_device_array* h = NULL;
    ujit_status st = ujit_device_array_from_dlpack(t, &h);
    if (st != UJIT_OK) return ujit_py_raise(st, NULL);
    if (PyCapsule_SetName(capsule, "used_dltensor") < 0) {
        ujit_device_array_release(h);
        return NULL;
    }
    return wrap_device_array(h);
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
    {"cuda_device_count", py_device_count, METH_NOARGS, NULL},
    {"cuda_device_info", py_device_info, METH_O, NULL},
    {"cuda_select_device", py_select_device, METH_O, NULL},
    {"cuda_current_device", py_current_device, METH_NOARGS, NULL},
    {"cuda_synchronize", py_synchronize, METH_NOARGS, NULL},
    {"device_array_new", py_device_array_new, METH_VARARGS, NULL},
    {"device_array_from_host", py_device_array_from_host, METH_VARARGS, NULL},
    {"device_array_from_dlpack", py_device_array_from_dlpack, METH_O, NULL},
    {"launch", py_launch, METH_VARARGS, "launch(function, grid, block, args, stream, shared_mem)"},
    {"vectorize_cuda", py_vectorize_cuda, METH_VARARGS, "vectorize_cuda(function, inputs, out, stream)"},
    {"cache_stats", py_cache_stats, METH_NOARGS, "the disk cache's counters"},
    {NULL, NULL, 0, NULL}};
