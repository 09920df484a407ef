/* ujit.cuda's streams and events over the C API (ujit_stream, ujit_event). */
#include "ext.h"

/* ------------------------------------------------------------------ Stream, Event */

typedef struct {
    PyObject_HEAD ujit_stream* handle;
} StreamObject;

typedef struct {
    PyObject_HEAD ujit_event* handle;
} EventObject;

/* Stream() creates a stream; Stream(external=ptr) wraps another library's CUstream. */
static PyObject* stream_new(PyTypeObject* type, PyObject* args, PyObject* kwds) {
    static char* kwlist[] = {"external", NULL};
    PyObject* external = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "|O", kwlist, &external)) return NULL;
    void* cu_stream = NULL;
    if (external && external != Py_None) {
        cu_stream = PyLong_AsVoidPtr(external);
        if (!cu_stream && PyErr_Occurred()) return NULL;
    }
    StreamObject* self = (StreamObject*)type->tp_alloc(type, 0);
    if (!self) return NULL;
    ujit_status st = external && external != Py_None ? ujit_stream_external(cu_stream, &self->handle)
                                                     : ujit_stream_create(&self->handle);
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

ujit_stream* ujit_py_stream_of(PyObject* o, int* ok) {
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
    ujit_stream* stream = ujit_py_stream_of(s, &ok);
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
    ujit_stream* stream = ujit_py_stream_of(s, &ok);
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
