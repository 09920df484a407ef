/* Record (NumPy structured dtype) device arrays in the extension: made from a dtype's Record
 * spelling (values.c's registry), host structured arrays as the C API's record tensors for
 * copies, record views, and a record device array as a kernel argument (a UJIT_RECORD_ARRAY
 * value: an array of records, or one record by reference when 0-d). */
#include "ext.h"

#include <string.h>

/* device_array_new_records(shape, dtype, fortran) */
PyObject* ujit_py_device_array_new_records(PyObject* self, PyObject* args) {
    PyObject *shape, *dtype_obj;
    int fortran;
    if (!PyArg_ParseTuple(args, "O!Op", &PyTuple_Type, &shape, &dtype_obj, &fortran)) return NULL;
    int64_t dims[NPY_MAXDIMS];
    int nd = ujit_py_dims_of(shape, dims);
    if (nd < 0 || ujit_py_numpy() < 0) return NULL;
    PyArray_Descr* descr = NULL;
    if (!PyArray_DescrConverter(dtype_obj, &descr)) return NULL;
    const char* spelling = ujit_py_record_spelling(descr);
    Py_DECREF(descr);
    if (!spelling) return NULL;
    ujit_device_array* h = NULL;
    ujit_status st = ujit_device_array_new_records(dims, nd, spelling, fortran, &h);
    if (st != UJIT_OK) return ujit_py_raise(st, NULL);
    return ujit_py_wrap_device_array(h);
}

int ujit_py_is_record_array(PyObject* o) {
    return PyArray_Check(o) && PyArray_TYPE((PyArrayObject*)o) == NPY_VOID &&
           PyDataType_HASFIELDS(PyArray_DESCR((PyArrayObject*)o));
}

int ujit_py_record_tensor(PyObject* o, DLTensor* t, int64_t* strides) {
    /* The bytes of the records only: the device array's own type says what they hold. */
    PyArrayObject* a = (PyArrayObject*)o;
    npy_intp size = PyArray_ITEMSIZE(a);
    if (size > 65535) {
        PyErr_SetString(PyExc_TypeError, "ujit supports records of up to 65535 bytes");
        return -1;
    }
    for (int k = 0; k < PyArray_NDIM(a); ++k) {
        if (PyArray_STRIDE(a, k) % size) {
            PyErr_SetString(PyExc_ValueError, "a record array's strides must be multiples of its itemsize");
            return -1;
        }
        strides[k] = PyArray_STRIDE(a, k) / size;
    }
    memset(t, 0, sizeof *t);
    t->data = PyArray_DATA(a);
    t->device.device_type = kDLCPU;
    t->ndim = PyArray_NDIM(a);
    t->shape = (int64_t*)PyArray_DIMS(a);
    t->strides = strides;
    t->dtype.code = kDLOpaqueHandle;
    t->dtype.bits = 8;
    t->dtype.lanes = (uint16_t)size;
    return 0;
}

PyObject* ujit_py_record_view(ujit_device_array* h, long long offset, const int64_t* shape, const int64_t* strides,
                              int n, PyArray_Descr* descr) {
    const char* spelling = ujit_py_record_spelling(descr);
    if (!spelling) return NULL;
    ujit_device_array* v = NULL;
    ujit_status st = ujit_device_array_record_view(h, offset, shape, strides, n, spelling, &v);
    if (st != UJIT_OK) return ujit_py_raise(st, NULL);
    return ujit_py_wrap_device_array(v);
}

int ujit_py_device_record_value(ujit_device_array* h, const DLTensor* t, ujit_value* v, int32_t* code) {
    const char* spelling = ujit_device_array_record_type(h);
    if (!spelling) return 0;
    memset(v, 0, sizeof *v);
    v->is_array = UJIT_RECORD_ARRAY;
    v->v.record.tensor = t;
    v->v.record.type = spelling;
    if (code) {
        int32_t c = ujit_py_record_code_of_spelling(spelling);
        int32_t layout = ujit_py_tensor_layout(t);
        if (!(c & UJIT_CODE_NONE) && t->ndim > 0) {
            if (t->ndim > 15 || layout < 0)
                c = UJIT_CODE_NONE;
            else
                c |= UJIT_CODE_ARRAY | (t->ndim << 8) | (layout << 12);
        }
        *code = c;
    }
    return 1;
}
