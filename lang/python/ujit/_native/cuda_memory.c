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
