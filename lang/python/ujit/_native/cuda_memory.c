/* ujit.cuda's host memory that a GPU reaches (ujit_host_memory): HostMemory(nbytes, kind)
 * allocates pinned, mapped or managed memory, HostMemory.register(obj, mapped) page-locks an
 * object's buffer while the HostMemory lives. It exports the buffer protocol, so NumPy views
 * it without a copy (np.frombuffer) and keeps it alive as the array's base. */
#include "ext.h"

typedef struct {
    PyObject_HEAD ujit_host_memory* handle;
    Py_ssize_t nbytes;
    PyObject* registered; /* the object whose buffer was registered, kept alive */
    Py_buffer view;       /* that object's buffer, released with the registration */
    int has_view;
} HostMemoryObject;

static PyObject* host_memory_new(PyTypeObject* type, PyObject* args, PyObject* kwds) {
    static char* kwlist[] = {"nbytes", "kind", NULL};
    Py_ssize_t nbytes;
    int kind = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "n|i", kwlist, &nbytes, &kind)) return NULL;
    if (nbytes < 0) return PyErr_Format(PyExc_ValueError, "HostMemory: negative size %zd", nbytes);
    HostMemoryObject* self = (HostMemoryObject*)type->tp_alloc(type, 0);
    if (!self) return NULL;
    ujit_status st;
    Py_BEGIN_ALLOW_THREADS st = ujit_host_memory_new((size_t)nbytes, (ujit_memory_kind)kind, &self->handle);
    Py_END_ALLOW_THREADS if (st != UJIT_OK) {
        Py_DECREF(self);
        return ujit_py_raise(st, NULL);
    }
    self->nbytes = nbytes;
    return (PyObject*)self;
}

/* register(obj, mapped) -> HostMemory over obj's writable buffer, page-locked while it lives. */
static PyObject* host_memory_register(PyObject* cls, PyObject* args) {
    PyObject* obj;
    int mapped = 0;
    if (!PyArg_ParseTuple(args, "O|p", &obj, &mapped)) return NULL;
    HostMemoryObject* self = (HostMemoryObject*)((PyTypeObject*)cls)->tp_alloc((PyTypeObject*)cls, 0);
    if (!self) return NULL;
    if (PyObject_GetBuffer(obj, &self->view, PyBUF_WRITABLE | PyBUF_ANY_CONTIGUOUS) < 0) {
        Py_DECREF(self);
        return NULL;
    }
    self->has_view = 1;
    self->registered = Py_NewRef(obj);
    self->nbytes = self->view.len;
    ujit_status st = ujit_host_register(self->view.buf, (size_t)self->view.len, mapped, &self->handle);
    if (st != UJIT_OK) {
        Py_DECREF(self);
        return ujit_py_raise(st, NULL);
    }
    return (PyObject*)self;
}

static void host_memory_dealloc(HostMemoryObject* self) {
    ujit_host_memory_release(self->handle); /* unregisters before the buffer goes */
    if (self->has_view) PyBuffer_Release(&self->view);
    Py_XDECREF(self->registered);
    Py_TYPE(self)->tp_free((PyObject*)self);
}

static int host_memory_getbuffer(HostMemoryObject* self, Py_buffer* view, int flags) {
    return PyBuffer_FillInfo(view, (PyObject*)self, ujit_host_memory_data(self->handle), self->nbytes, 0, flags);
}

static PyBufferProcs host_memory_buffer = {(getbufferproc)host_memory_getbuffer, NULL};

static PyObject* host_memory_device_pointer(HostMemoryObject* self, void* closure) {
    return PyLong_FromUnsignedLongLong(ujit_host_memory_device_pointer(self->handle));
}

static PyObject* host_memory_address(HostMemoryObject* self, void* closure) {
    return PyLong_FromVoidPtr(ujit_host_memory_data(self->handle));
}

static PyGetSetDef host_memory_getset[] = {
    {"device_pointer", (getter)host_memory_device_pointer, NULL, "where kernels find it (0: pinned, unmapped)", NULL},
    {"address", (getter)host_memory_address, NULL, "the host address", NULL},
    {NULL}};

static PyMethodDef host_memory_methods[] = {{"register", (PyCFunction)host_memory_register, METH_VARARGS | METH_CLASS,
                                             "register(obj, mapped=False) -> HostMemory page-locking obj's buffer"},
                                            {NULL}};

PyTypeObject Ujit_HostMemoryType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "ujit._ujit.HostMemory",
    .tp_basicsize = sizeof(HostMemoryObject),
    .tp_dealloc = (destructor)host_memory_dealloc,
    .tp_as_buffer = &host_memory_buffer,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Host memory a GPU reaches: pinned, mapped or managed (ujit_host_memory)",
    .tp_methods = host_memory_methods,
    .tp_getset = host_memory_getset,
    .tp_new = host_memory_new,
};

/* cuda_memory_info() -> (free, total) bytes of the current device (the machine's on the host device). */
PyObject* ujit_py_cuda_memory_info(PyObject* self, PyObject* noargs) {
    size_t free_bytes = 0, total = 0;
    ujit_status st = ujit_cuda_memory_info(&free_bytes, &total);
    if (st != UJIT_OK) return ujit_py_raise(st, NULL);
    return Py_BuildValue("(KK)", (unsigned long long)free_bytes, (unsigned long long)total);
}

/* ------------------------------------------------------------------ external memory managers
 * Numba's EMM plugins reach every device allocation through ujit_cuda_set_device_allocator:
 * cuda_set_device_allocator(device, allocate, release) with two callables (None: ujit's pool
 * again). allocate(device, nbytes) -> int address; release(device, address, nbytes). The
 * callables live as long as memory they gave does: each allocation holds a reference to
 * their pair. An exception in allocate is kept for the thread and raised again by
 * ujit_py_raise when the failed C call returns, so the caller sees the plugin's own error. */

typedef struct {
    PyObject* allocate;
    PyObject* release;
    Py_ssize_t users; /* 1 while installed + 1 per live allocation; freed at 0 */
} AllocatorPair;

static _Thread_local PyObject* pending_type;
static _Thread_local PyObject* pending_value;
static _Thread_local PyObject* pending_traceback;

int ujit_py_restore_allocator_error(void) {
    if (!pending_type) return 0;
    PyErr_Restore(pending_type, pending_value, pending_traceback);
    pending_type = pending_value = pending_traceback = NULL;
    return 1;
}

static int python_is_running(void) {
#if PY_VERSION_HEX >= 0x030D0000
    return Py_IsInitialized() && !Py_IsFinalizing();
#else
    return Py_IsInitialized() && !_Py_IsFinalizing();
#endif
}

static void pair_drop(AllocatorPair* p) { /* with the GIL */
    if (--p->users > 0) return;
    Py_DECREF(p->allocate);
    Py_DECREF(p->release);
    PyMem_RawFree(p);
}

static ujit_status pair_allocate(void* user, int device, size_t bytes, uint64_t* ptr) {
    AllocatorPair* p = user;
    if (!python_is_running()) return UJIT_ERROR_RUNTIME;
    PyGILState_STATE g = PyGILState_Ensure();
    ujit_status st = UJIT_OK;
    PyObject* r = PyObject_CallFunction(p->allocate, "in", device, (Py_ssize_t)bytes);
    unsigned long long address = r ? PyLong_AsUnsignedLongLong(r) : 0;
    Py_XDECREF(r);
    if (PyErr_Occurred()) {
        Py_CLEAR(pending_type);
        Py_CLEAR(pending_value);
        Py_CLEAR(pending_traceback);
        PyErr_Fetch(&pending_type, &pending_value, &pending_traceback);
        st = UJIT_ERROR_RUNTIME;
    } else {
        *ptr = address;
        ++p->users;
    }
    PyGILState_Release(g);
    return st;
}

static void pair_release(void* user, int device, uint64_t ptr, size_t bytes) {
    AllocatorPair* p = user;
    if (!python_is_running()) return; /* at exit the plugin's objects are gone with the process */
    PyGILState_STATE g = PyGILState_Ensure();
    PyObject* r = PyObject_CallFunction(p->release, "iKn", device, (unsigned long long)ptr, (Py_ssize_t)bytes);
    if (r)
        Py_DECREF(r);
    else
        PyErr_WriteUnraisable(p->release); /* a release has no caller to raise to */
    pair_drop(p);
    PyGILState_Release(g);
}

static AllocatorPair* installed[64]; /* per device; [63]: every device (device -1) */

PyObject* ujit_py_cuda_set_device_allocator(PyObject* self, PyObject* args) {
    int device;
    PyObject *allocate, *release;
    if (!PyArg_ParseTuple(args, "iOO", &device, &allocate, &release)) return NULL;
    if (device < -1 || device >= 63) return PyErr_Format(PyExc_ValueError, "no device %d", device);
    AllocatorPair* pair = NULL;
    if (allocate != Py_None) {
        if (!PyCallable_Check(allocate) || !PyCallable_Check(release))
            return PyErr_Format(PyExc_TypeError, "allocate and release must be callables");
        pair = PyMem_RawMalloc(sizeof *pair);
        if (!pair) return PyErr_NoMemory();
        pair->allocate = Py_NewRef(allocate);
        pair->release = Py_NewRef(release);
        pair->users = 1;
    }
    ujit_device_allocator a = {sizeof a, pair_allocate, pair_release, pair};
    ujit_status st = ujit_cuda_set_device_allocator(device, pair ? &a : NULL);
    if (st != UJIT_OK) {
        if (pair) pair_drop(pair);
        return ujit_py_raise(st, NULL);
    }
    int slot = device == -1 ? 63 : device;
    if (device == -1) /* every device: the per-device pairs are forgotten too */
        for (int i = 0; i < 63; ++i)
            if (installed[i]) {
                pair_drop(installed[i]);
                installed[i] = NULL;
            }
    if (installed[slot]) pair_drop(installed[slot]);
    installed[slot] = pair;
    Py_RETURN_NONE;
}

/* ------------------------------------------------------------------ CUDA IPC */

/* cuda_ipc_get_handle(address) -> (64-byte handle, offset of address into its allocation) */
PyObject* ujit_py_cuda_ipc_get_handle(PyObject* self, PyObject* arg) {
    unsigned long long ptr = PyLong_AsUnsignedLongLong(arg);
    if (PyErr_Occurred()) return NULL;
    unsigned char handle[64];
    uint64_t offset = 0;
    ujit_status st = ujit_cuda_ipc_get_handle(ptr, handle, &offset);
    if (st != UJIT_OK) return ujit_py_raise(st, NULL);
    return Py_BuildValue("(y#K)", (const char*)handle, (Py_ssize_t)sizeof handle, (unsigned long long)offset);
}

/* cuda_ipc_open(handle) -> the base address of the allocation another process shared, mapped
 * into the current device's context; cuda_ipc_close(base) unmaps it. ujit/cuda/_ipc.py views
 * it as a device array through device_array_from_interface, with an owner that closes it. */
PyObject* ujit_py_cuda_ipc_open(PyObject* self, PyObject* arg) {
    char* handle;
    Py_ssize_t len;
    if (PyBytes_AsStringAndSize(arg, &handle, &len) < 0) return NULL;
    if (len != 64) return PyErr_Format(PyExc_ValueError, "a CUDA IPC handle has 64 bytes, not %zd", len);
    uint64_t base = 0;
    ujit_status st = ujit_cuda_ipc_open((const unsigned char*)handle, &base);
    if (st != UJIT_OK) return ujit_py_raise(st, NULL);
    return PyLong_FromUnsignedLongLong(base);
}

PyObject* ujit_py_cuda_ipc_close(PyObject* self, PyObject* arg) {
    unsigned long long base = PyLong_AsUnsignedLongLong(arg);
    if (PyErr_Occurred()) return NULL;
    ujit_status st = ujit_cuda_ipc_close(base);
    if (st != UJIT_OK) return ujit_py_raise(st, NULL);
    Py_RETURN_NONE;
}
