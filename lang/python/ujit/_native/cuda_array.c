/* ujit.cuda's device arrays over the C API (ujit_device_array): DLPack, the data of
 * __cuda_array_interface__, copies; and the conversion of launch and GPU ufunc arguments,
 * where other libraries' device memory (CuPy, PyTorch) comes in zero-copy as its
 * __cuda_array_interface__ dict. Without CUDA the arrays are the host device's: host
 * memory, kDLCPU in DLPack ("on_host" in interface()). */
#include "ext.h"

#include <string.h>

/* ------------------------------------------------------------------ DeviceArray */

typedef struct {
    PyObject_HEAD ujit_device_array* handle;
} DeviceArrayObject;

static void device_array_dealloc(DeviceArrayObject* self) {
    ujit_device_array_release(self->handle);
    Py_TYPE(self)->tp_free((PyObject*)self);
}

ujit_device_array* ujit_py_device_array_handle(PyObject* o) { return ((DeviceArrayObject*)o)->handle; }

PyObject* ujit_py_wrap_device_array(ujit_device_array* h) {
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

/* interface() -> {"data", "shape", "strides" (bytes), "typestr", "device", "on_host"} */
static PyObject* device_array_interface(DeviceArrayObject* self, PyObject* noargs) {
    ujit_array_interface ai;
    const DLTensor* view = NULL;
    ujit_status st = ujit_device_array_interface(self->handle, &ai);
    if (st == UJIT_OK) st = ujit_device_array_dltensor(self->handle, &view);
    if (st != UJIT_OK) return ujit_py_raise(st, NULL);
    PyObject* on_host = view->device.device_type == kDLCPU ? Py_True : Py_False;
    PyObject* shape = int64_tuple(ai.shape, ai.ndim);
    PyObject* strides = int64_tuple(ai.strides, ai.ndim);
    PyObject* r = shape && strides ? Py_BuildValue("{s:K,s:O,s:O,s:s,s:i,s:O}", "data", (unsigned long long)ai.data,
                                                   "shape", shape, "strides", strides, "typestr", ai.typestr, "device",
                                                   ai.device, "on_host", on_host)
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
    if (ujit_py_is_record_array(o)) return ujit_py_record_tensor(o, t, strides);
    return ujit_py_dltensor((PyArrayObject*)o, t, strides);
}

/* copy_to_host(host, stream=None) and copy_from_host(host, stream=None): the same argument
 * handling, one direction or the other. */
static PyObject* host_copy(DeviceArrayObject* self, PyObject* args, int to_host) {
    PyObject *host, *s = Py_None;
    int ok;
    if (!PyArg_ParseTuple(args, "O|O", &host, &s)) return NULL;
    ujit_stream* stream = ujit_py_stream_of(s, &ok);
    DLTensor t;
    int64_t strides[NPY_MAXDIMS];
    if (!ok || host_tensor(host, &t, strides) < 0) return NULL;
    if (to_host && !PyArray_ISWRITEABLE((PyArrayObject*)host))
        return PyErr_Format(PyExc_ValueError, "copy_to_host destination is read-only");
    PyThreadState* save = PyEval_SaveThread();
    ujit_status st = to_host ? ujit_device_array_copy_to_host(self->handle, &t, stream)
                             : ujit_device_array_copy_from_host(self->handle, &t, stream);
    PyEval_RestoreThread(save);
    if (st != UJIT_OK) return ujit_py_raise(st, NULL);
    Py_RETURN_NONE;
}

static PyObject* device_array_copy_to_host(DeviceArrayObject* self, PyObject* args) { return host_copy(self, args, 1); }

static PyObject* device_array_copy_from_host(DeviceArrayObject* self, PyObject* args) {
    return host_copy(self, args, 0);
}

static PyObject* device_array_copy_from(DeviceArrayObject* self, PyObject* args) {
    PyObject *src, *s = Py_None;
    int ok;
    if (!PyArg_ParseTuple(args, "O!|O", &Ujit_DeviceArrayType, &src, &s)) return NULL;
    ujit_stream* stream = ujit_py_stream_of(s, &ok);
    if (!ok) return NULL;
    ujit_status st = ujit_device_array_copy_from(self->handle, ((DeviceArrayObject*)src)->handle, stream);
    if (st != UJIT_OK) return ujit_py_raise(st, NULL);
    Py_RETURN_NONE;
}

static int int64_sequence(PyObject* seq, int64_t* out, int n) {
    for (int i = 0; i < n; ++i) {
        PyObject* item = PySequence_GetItem(seq, i);
        if (!item) return -1;
        out[i] = PyLong_AsLongLong(item);
        Py_DECREF(item);
        if (out[i] == -1 && PyErr_Occurred()) return -1;
    }
    return 0;
}

/* view(byte_offset, shape, strides, dtype) -> DeviceArray sharing this one's memory. */
static PyObject* device_array_view(DeviceArrayObject* self, PyObject* args) {
    long long offset;
    PyObject *shape, *strides, *dtype_obj;
    if (!PyArg_ParseTuple(args, "LOOO", &offset, &shape, &strides, &dtype_obj)) return NULL;
    if (ujit_py_numpy() < 0) return NULL;
    Py_ssize_t n = PySequence_Size(shape);
    if (n < 0 || PySequence_Size(strides) != n || n > NPY_MAXDIMS)
        return PyErr_Format(PyExc_ValueError, "view: shape and strides must be sequences of one length <= %d",
                            NPY_MAXDIMS);
    PyArray_Descr* descr = NULL;
    if (!PyArray_DescrConverter(dtype_obj, &descr)) return NULL;
    int64_t sh[NPY_MAXDIMS], st[NPY_MAXDIMS];
    if (int64_sequence(shape, sh, (int)n) < 0 || int64_sequence(strides, st, (int)n) < 0) {
        Py_DECREF(descr);
        return NULL;
    }
    if (PyDataType_HASFIELDS(descr)) { /* records */
        PyObject* r = ujit_py_record_view(self->handle, offset, sh, st, (int)n, descr);
        Py_DECREF(descr);
        return r;
    }
    int code = ujit_py_dtype_of_descr(descr);
    Py_DECREF(descr);
    if (code < 0) return PyErr_Format(PyExc_TypeError, "view: unsupported dtype for a device array");
    ujit_device_array* h = NULL;
    ujit_status status = ujit_device_array_view(self->handle, offset, sh, st, (int32_t)n, (ujit_dtype)code, &h);
    if (status != UJIT_OK) return ujit_py_raise(status, NULL);
    return ujit_py_wrap_device_array(h);
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
    {"view", (PyCFunction)device_array_view, METH_VARARGS, "view(byte_offset, shape, strides, dtype) -> DeviceArray"},
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
    int dt = ujit_py_dtype_of_descr(descr);
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

/* One argument: ujit.cuda DeviceNDArray or its DeviceArray handle, interface dict, NumPy
 * array (host) or scalar. */
int ujit_py_cuda_value(PyObject* o, ujit_value* v, ArgStorage* s, int i) {
    if (ujit_py_is_ndarray(o)) return ujit_py_ndarray_value(o, v, NULL);
    memset(v, 0, sizeof *v);
    if (PyObject_TypeCheck(o, &Ujit_DeviceArrayType)) {
        const DLTensor* t = NULL;
        ujit_status st = ujit_device_array_dltensor(((DeviceArrayObject*)o)->handle, &t);
        if (st != UJIT_OK) {
            ujit_py_raise(st, NULL);
            return -1;
        }
        if (ujit_py_device_record_value(((DeviceArrayObject*)o)->handle, t, v, NULL)) return 0;
        v->is_array = 1;
        v->v.array = t;
        return 0;
    }
    if (PyDict_Check(o)) {
        if (interface_tensor(o, &s->t[i], s->shape[i], s->strides[i]) < 0) return -1;
        /* data = (pointer, read-only flag), as the interface specifies it */
        PyObject* data = PyDict_GetItemString(o, "data");
        int readonly = PyTuple_GET_SIZE(data) > 1 ? PyObject_IsTrue(PyTuple_GET_ITEM(data, 1)) : 0;
        if (readonly < 0) return -1;
        v->is_array = readonly ? UJIT_ARRAY_READONLY : UJIT_ARRAY;
        v->v.array = &s->t[i];
        return 0;
    }
    int32_t code = ujit_py_code_of(o);
    if (code & (UJIT_CODE_NONE | UJIT_CODE_STR)) {
        PyErr_Format(PyExc_TypeError, "argument %d: ujit cannot pass a %s to the GPU", i + 1, Py_TYPE(o)->tp_name);
        return -1;
    }
    if (code & UJIT_CODE_RECORD) return ujit_py_record_value(o, code, v, &s->t[i], s->strides[i]);
    if (code & UJIT_CODE_ARRAY) return ujit_py_array_value((PyArrayObject*)o, v, &s->t[i], s->strides[i]);
    return ujit_py_to_scalar(o, UJIT_CODE_DTYPE(code), v);
}

static PyObject* str_interface; /* "__cuda_array_interface__" */

int ujit_py_interface_value(PyObject* o, ujit_value* v, int32_t* code, ArgStorage* s, int i) {
    if (!str_interface && !(str_interface = PyUnicode_InternFromString("__cuda_array_interface__"))) return -1;
    /* Looked up on the type first: no AttributeError made for the arguments without one. */
    if (!_PyType_Lookup(Py_TYPE(o), str_interface)) return 0;
    PyObject* d = PyObject_GetAttr(o, str_interface);
    if (!d) return -1;
    int r = PyDict_Check(d) ? ujit_py_cuda_value(d, v, s, i) : -1;
    if (r == 0) {
        int32_t c = ujit_py_tensor_code(v->v.array);
        *code = c < 0 ? UJIT_CODE_NONE : c;
    } else if (!PyErr_Occurred()) {
        PyErr_Format(PyExc_TypeError, "__cuda_array_interface__ of a %s is not a dict", Py_TYPE(o)->tp_name);
    }
    Py_DECREF(d);
    return r == 0 ? 1 : -1;
}

static PyObject *str_dlpack, *str_dlpack_device; /* "__dlpack__", "__dlpack_device__" */

/* DLPack device types a kernel on the current device reads in place. */
enum { KDL_CPU = 1, KDL_CUDA = 2, KDL_CUDA_MANAGED = 13 };

int ujit_py_dlpack_value(PyObject* o, ujit_value* v, int32_t* code, PyObject** keep) {
    *keep = NULL;
    if (!str_dlpack && !(str_dlpack = PyUnicode_InternFromString("__dlpack__"))) return -1;
    if (!str_dlpack_device && !(str_dlpack_device = PyUnicode_InternFromString("__dlpack_device__"))) return -1;
    if (!_PyType_Lookup(Py_TYPE(o), str_dlpack) || !_PyType_Lookup(Py_TYPE(o), str_dlpack_device)) return 0;
    PyObject* dev = PyObject_CallMethodNoArgs(o, str_dlpack_device);
    if (!dev) return -1;
    long kind = PyTuple_Check(dev) && PyTuple_GET_SIZE(dev) > 0 ? PyLong_AsLong(PyTuple_GET_ITEM(dev, 0)) : -1;
    Py_DECREF(dev);
    if (kind == -1 && PyErr_Occurred()) return -1;
    /* As _device_values.is_dlpack_device_array: host memory only where kernels run on the host. */
    if (!(kind == KDL_CUDA || kind == KDL_CUDA_MANAGED || (kind == KDL_CPU && !ujit_cuda_available(NULL)))) return 0;
    PyObject* capsule = PyObject_CallMethodNoArgs(o, str_dlpack);
    if (!capsule) return -1;
    PyObject* h = PyCapsule_CheckExact(capsule) ? ujit_py_device_array_from_dlpack(NULL, capsule) : NULL;
    if (!h && !PyErr_Occurred())
        PyErr_Format(PyExc_TypeError, "__dlpack__ of a %s is not a capsule", Py_TYPE(o)->tp_name);
    Py_DECREF(capsule);
    if (!h) return -1;
    const DLTensor* t = NULL;
    ujit_status st = ujit_device_array_dltensor(ujit_py_device_array_handle(h), &t);
    if (st != UJIT_OK) {
        Py_DECREF(h);
        ujit_py_raise(st, NULL);
        return -1;
    }
    memset(v, 0, sizeof *v);
    v->is_array = 1;
    v->v.array = t;
    int32_t c = ujit_py_tensor_code(t);
    *code = c < 0 ? UJIT_CODE_NONE : c;
    *keep = h;
    return 1;
}

/* cuda_array_code(obj) -> the argument type code of a DeviceNDArray or __cuda_array_interface__
 * exporter (or its interface dict), as the C launcher keys launches on it. */
PyObject* ujit_py_cuda_array_code(PyObject* self, PyObject* o) {
    ujit_value v;
    int32_t code = UJIT_CODE_NONE;
    ArgStorage* storage = PyMem_Malloc(sizeof(ArgStorage));
    if (!storage) return PyErr_NoMemory();
    int r;
    if (ujit_py_is_ndarray(o)) {
        r = ujit_py_ndarray_value(o, &v, &code) == 0 ? 1 : -1;
    } else if (PyDict_Check(o)) {
        r = ujit_py_cuda_value(o, &v, storage, 0) == 0 ? 1 : -1;
        if (r == 1) {
            int32_t c = ujit_py_tensor_code(v.v.array);
            code = c < 0 ? UJIT_CODE_NONE : c;
        }
    } else {
        r = ujit_py_interface_value(o, &v, &code, storage, 0);
    }
    PyMem_Free(storage);
    if (r < 0) return NULL;
    return PyLong_FromLong(code);
}

int ujit_py_dims_of(PyObject* shape, int64_t* dims) {
    int nd = (int)PyTuple_GET_SIZE(shape);
    if (nd > NPY_MAXDIMS) {
        PyErr_Format(PyExc_ValueError, "too many dimensions");
        return -1;
    }
    for (int k = 0; k < nd; ++k) dims[k] = PyLong_AsLongLong(PyTuple_GET_ITEM(shape, k));
    return PyErr_Occurred() ? -1 : nd;
}

/* device_array_new(shape, dtype_code, fortran) */
PyObject* ujit_py_device_array_new(PyObject* self, PyObject* args) {
    PyObject* shape;
    int dtype, fortran;
    if (!PyArg_ParseTuple(args, "O!ip", &PyTuple_Type, &shape, &dtype, &fortran)) return NULL;
    int64_t dims[NPY_MAXDIMS];
    int nd = ujit_py_dims_of(shape, dims);
    if (nd < 0) return NULL;
    ujit_device_array* h = NULL;
    ujit_status st = ujit_device_array_new(dims, nd, (ujit_dtype)dtype, fortran, &h);
    if (st != UJIT_OK) return ujit_py_raise(st, NULL);
    return ujit_py_wrap_device_array(h);
}

/* device_array_from_host(ndarray, stream) */
PyObject* ujit_py_device_array_from_host(PyObject* self, PyObject* args) {
    PyObject *host, *s = Py_None;
    int ok;
    if (!PyArg_ParseTuple(args, "O|O", &host, &s)) return NULL;
    ujit_stream* stream = ujit_py_stream_of(s, &ok);
    DLTensor t;
    int64_t strides[NPY_MAXDIMS];
    if (!ok || host_tensor(host, &t, strides) < 0) return NULL;
    ujit_device_array* h = NULL;
    PyThreadState* save = PyEval_SaveThread();
    ujit_status st = ujit_device_array_from_host(&t, stream, &h);
    PyEval_RestoreThread(save);
    if (st != UJIT_OK) return ujit_py_raise(st, NULL);
    return ujit_py_wrap_device_array(h);
}

/* xoroshiro128p_init_states(host, seed, subsequence_start): fills a writable uint64 (n, 2)
 * NumPy array with numba.cuda.random's states (seed and start wrap to uint64, as Numba's
 * uint64(seed) does). */
PyObject* ujit_py_xoroshiro128p_init_states(PyObject* self, PyObject* args) {
    PyObject* host;
    unsigned long long seed, start;
    if (!PyArg_ParseTuple(args, "OKK", &host, &seed, &start)) return NULL;
    DLTensor t;
    int64_t strides[NPY_MAXDIMS];
    if (host_tensor(host, &t, strides) < 0) return NULL;
    if (!PyArray_ISWRITEABLE((PyArrayObject*)host))
        return PyErr_Format(PyExc_ValueError, "the states array is read-only");
    PyThreadState* save = PyEval_SaveThread();
    ujit_status st = ujit_xoroshiro128p_init_states(&t, (uint64_t)seed, (uint64_t)start);
    PyEval_RestoreThread(save);
    if (st != UJIT_OK) return ujit_py_raise(st, NULL);
    Py_RETURN_NONE;
}

/* device_array_from_dlpack(capsule): takes the tensor (renames the capsule "used_dltensor"). */
PyObject* ujit_py_device_array_from_dlpack(PyObject* self, PyObject* capsule) {
    DLManagedTensor* t = PyCapsule_GetPointer(capsule, "dltensor");
    if (!t) return NULL;
    ujit_device_array* h = NULL;
    ujit_status st = ujit_device_array_from_dlpack(t, &h);
    if (st != UJIT_OK) return ujit_py_raise(st, NULL);
    if (PyCapsule_SetName(capsule, "used_dltensor") < 0) {
        ujit_device_array_release(h);
        return NULL;
    }
    return ujit_py_wrap_device_array(h);
}

/* ------------------------------------------------ another library's array by its interface */

/* A DLPack tensor over the memory a __cuda_array_interface__ dict describes, keeping the
 * object that exported it alive until ujit lets go of the memory (its deleter). */
typedef struct {
    DLManagedTensor managed; /* first: the deleter gets this address back */
    int64_t shape[NPY_MAXDIMS];
    int64_t strides[NPY_MAXDIMS];
    PyObject* owner;
} InterfaceTensor;

static void interface_tensor_delete(DLManagedTensor* m) {
    InterfaceTensor* t = (InterfaceTensor*)m;
    if (Py_IsInitialized()) { /* at interpreter exit the owner goes with everything else */
        PyGILState_STATE g = PyGILState_Ensure();
        Py_XDECREF(t->owner);
        PyGILState_Release(g);
    }
    PyMem_RawFree(t);
}

/* device_array_from_interface(dict, owner) -> DeviceArray viewing that memory (no copy) */
PyObject* ujit_py_device_array_from_interface(PyObject* self, PyObject* args) {
    PyObject *d, *owner;
    if (!PyArg_ParseTuple(args, "O!O", &PyDict_Type, &d, &owner)) return NULL;
    InterfaceTensor* t = PyMem_RawCalloc(1, sizeof *t);
    if (!t) return PyErr_NoMemory();
    if (interface_tensor(d, &t->managed.dl_tensor, t->shape, t->strides) < 0) {
        PyMem_RawFree(t);
        return NULL;
    }
    t->owner = Py_NewRef(owner);
    t->managed.manager_ctx = t;
    t->managed.deleter = interface_tensor_delete;
    ujit_device_array* h = NULL;
    ujit_status st = ujit_device_array_from_dlpack(&t->managed, &h);
    if (st != UJIT_OK) { /* the tensor is still ours */
        Py_DECREF(owner);
        PyMem_RawFree(t);
        return ujit_py_raise(st, NULL);
    }
    return ujit_py_wrap_device_array(h);
}
