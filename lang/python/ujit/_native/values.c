/* Python objects <-> the C API's values: argument type codes (Numba's typeof), scalar
 * conversion, and DLTensor views of NumPy arrays. */
#include "ext.h"

#include <numpy/arrayscalars.h>

#include <string.h>

/* ujit_dtype <-> NumPy type numbers, in ujit_dtype order. */
static const int npy_of_dtype[] = {NPY_BOOL,    NPY_INT8,      NPY_INT16,      NPY_INT32,  NPY_INT64,
                                   NPY_UINT8,   NPY_UINT16,    NPY_UINT32,     NPY_UINT64, NPY_FLOAT32,
                                   NPY_FLOAT64, NPY_COMPLEX64, NPY_COMPLEX128, NPY_FLOAT16};
static const int itemsize_of_dtype[] = {1, 1, 2, 4, 8, 1, 2, 4, 8, 4, 8, 8, 16, 2};

static int is_time_dtype(int t) { return (t & ~15) == UJIT_DATETIME64 || (t & ~15) == UJIT_TIMEDELTA64; }

int ujit_py_npy_type(ujit_dtype t) {
    if (is_time_dtype(t)) return (t & ~15) == UJIT_DATETIME64 ? NPY_DATETIME : NPY_TIMEDELTA;
    return npy_of_dtype[t];
}
int ujit_py_itemsize(ujit_dtype t) { return is_time_dtype(t) ? 8 : itemsize_of_dtype[t]; }

/* A datetime64/timedelta64 descr's ujit_dtype: its unit is NumPy's code (NPY_DATETIMEUNIT),
   which ujit's dtypes keep; multiples of a unit (M8[5s]) have none. */
static int time_dtype_of_descr(PyArray_Descr* d) {
#if NPY_ABI_VERSION >= 0x02000000
    NpyAuxData* aux = PyDataType_C_METADATA(d);
#else
    NpyAuxData* aux = d->c_metadata;
#endif
    if (!aux) return -1;
    const PyArray_DatetimeMetaData* meta = &((PyArray_DatetimeDTypeMetaData*)aux)->meta;
    if (meta->num != 1 || (int)meta->base < 0 || (int)meta->base > 14 || (int)meta->base == 3) return -1;
    return (d->type_num == NPY_DATETIME ? UJIT_DATETIME64 : UJIT_TIMEDELTA64) + (int)meta->base;
}

int ujit_py_dtype_of_descr(PyArray_Descr* d) {
    if (d->type_num == NPY_DATETIME || d->type_num == NPY_TIMEDELTA) return time_dtype_of_descr(d);
    return ujit_py_dtype_of_npy(d->type_num);
}

PyArray_Descr* ujit_py_descr(ujit_dtype t) {
    if (!is_time_dtype(t)) return PyArray_DescrFromType(ujit_py_npy_type(t));
    static const char* const units[] = {"Y", "M", "W", "", "D", "h", "m", "s", "ms", "us", "ns", "ps", "fs", "as", ""};
    const int unit = t & 15;
    PyObject* name = unit == 14
                         ? PyUnicode_FromString((t & ~15) == UJIT_DATETIME64 ? "M8" : "m8")
                         : PyUnicode_FromFormat("%s8[%s]", (t & ~15) == UJIT_DATETIME64 ? "M" : "m", units[unit]);
    PyArray_Descr* d = NULL;
    if (name && !PyArray_DescrConverter(name, &d)) d = NULL;
    Py_XDECREF(name);
    return d;
}

int ujit_py_dtype_of_npy(int npy_type) {
    switch (npy_type) {
    case NPY_BOOL: return UJIT_BOOL;
    case NPY_BYTE: return UJIT_INT8;
    case NPY_SHORT: return UJIT_INT16;
    case NPY_INT: return UJIT_INT32;
    case NPY_LONG:
    case NPY_LONGLONG: return UJIT_INT64; /* both 64-bit on LP64 */
    case NPY_UBYTE: return UJIT_UINT8;
    case NPY_USHORT: return UJIT_UINT16;
    case NPY_UINT: return UJIT_UINT32;
    case NPY_ULONG:
    case NPY_ULONGLONG: return UJIT_UINT64;
    case NPY_HALF: return UJIT_FLOAT16;
    case NPY_FLOAT: return UJIT_FLOAT32;
    case NPY_DOUBLE: return UJIT_FLOAT64;
    case NPY_CFLOAT: return UJIT_COMPLEX64;
    case NPY_CDOUBLE: return UJIT_COMPLEX128;
    default: return -1;
    }
}

static int32_t array_code(PyArrayObject* a) {
    int dt = ujit_py_dtype_of_descr(PyArray_DESCR(a));
    int nd = PyArray_NDIM(a);
    if (dt < 0 || nd > 15 || !PyArray_ISNOTSWAPPED(a)) return UJIT_CODE_NONE;
    int layout = PyArray_IS_C_CONTIGUOUS(a)   ? UJIT_LAYOUT_C
                 : PyArray_IS_F_CONTIGUOUS(a) ? UJIT_LAYOUT_F
                                              : UJIT_LAYOUT_A;
    int readonly = PyArray_ISWRITEABLE(a) ? 0 : UJIT_CODE_READONLY;
    return UJIT_CODE_ARRAY | readonly | dt | (nd << 8) | (layout << 12);
}

/* Is `o` an enum member (its class's metaclass is enum.EnumMeta)? Asked of subclasses of
   the built-in types only, so the exact types' hot path never imports enum. */
static int is_enum_member(PyObject* o) {
    static PyObject* enum_meta = NULL; /* kept for the process's life */
    if (!enum_meta) {
        PyObject* m = PyImport_ImportModule("enum");
        if (m) enum_meta = PyObject_GetAttrString(m, "EnumMeta");
        Py_XDECREF(m);
        if (!enum_meta) {
            PyErr_Clear();
            return 0;
        }
    }
    int r = PyObject_IsInstance((PyObject*)Py_TYPE(o), enum_meta);
    if (r < 0) PyErr_Clear();
    return r > 0;
}

int32_t ujit_py_code_of(PyObject* o) {
    PyTypeObject* t = Py_TYPE(o);
    /* Exact built-in types first: the common case of the hot path. */
    if (t == &PyFloat_Type) return UJIT_FLOAT64;
    if (t == &PyLong_Type) return UJIT_INT64;
    if (t == &PyBool_Type) return UJIT_BOOL;
    if (t == &PyComplex_Type) return UJIT_COMPLEX128;
    if (t == &PyList_Type) {
        if (PyList_GET_SIZE(o) == 0) return UJIT_CODE_NONE;
        PyObject* first = PyList_GET_ITEM(o, 0);
        int32_t item = Py_TYPE(first) == &PyList_Type ? UJIT_CODE_NONE : ujit_py_code_of(first);
        return item & UJIT_CODE_NONE ? UJIT_CODE_NONE : (item | UJIT_CODE_LIST);
    }
    if (PyList_Check(o)) { /* ujit.typed.List says its item type */
        PyObject* c = PyObject_GetAttrString(o, "_ujit_item_code");
        long item = c && PyLong_Check(c) ? PyLong_AsLong(c) : UJIT_CODE_NONE;
        if (!c) PyErr_Clear();
        Py_XDECREF(c);
        if (item == -1 && PyErr_Occurred()) PyErr_Clear();
        return item < 0 || (item & UJIT_CODE_NONE) ? UJIT_CODE_NONE
                                                   : (int32_t)item | UJIT_CODE_LIST | UJIT_CODE_TYPED_LIST;
    }
    if (PyUnicode_Check(o)) return UJIT_CODE_STR;
    if (!ujit_py_numpy_if_loaded()) goto builtin_subclasses;
    if (PyArray_Check(o))
        return PyArray_TYPE((PyArrayObject*)o) == NPY_VOID ? ujit_py_record_code(o) : array_code((PyArrayObject*)o);
    if (PyArray_IsScalar(o, Void)) return ujit_py_record_code(o);
    if (PyArray_IsScalar(o, Generic)) {
        PyArray_Descr* d = PyArray_DescrFromScalar(o);
        if (!d) {
            PyErr_Clear();
            return UJIT_CODE_NONE;
        }
        int dt = ujit_py_dtype_of_descr(d);
        Py_DECREF(d);
        return dt < 0 ? UJIT_CODE_NONE : dt;
    }
builtin_subclasses:
    /* An enum member, an IntEnum's too, is Numba's EnumMember: passed by ujit/_enum_args.py. */
    if (is_enum_member(o)) return UJIT_CODE_NONE;
    /* Other subclasses of float and int type like their base, as in Numba. */
    if (PyFloat_Check(o)) return UJIT_FLOAT64;
    if (PyLong_Check(o)) return UJIT_INT64;
    if (PyComplex_Check(o)) return UJIT_COMPLEX128;
    return UJIT_CODE_NONE;
}

int ujit_py_exact_scalar(PyObject* o, ujit_dtype t, ujit_value* v) {
    /* An int dtype takes ints here: a float's truncation is left to the caller's Python path. */
    if (t >= UJIT_INT8 && t <= UJIT_UINT64 && !PyLong_Check(o) &&
        !(ujit_py_numpy_if_loaded() && PyArray_IsScalar(o, Integer)))
        return 0;
    if (ujit_py_to_scalar(o, t, v) < 0) {
        PyErr_Clear();
        return 0;
    }
    switch (t) { /* NumPy refuses (2.x) or wraps (1.x) an int outside the dtype */
    case UJIT_INT8: return v->v.i >= INT8_MIN && v->v.i <= INT8_MAX;
    case UJIT_INT16: return v->v.i >= INT16_MIN && v->v.i <= INT16_MAX;
    case UJIT_INT32: return v->v.i >= INT32_MIN && v->v.i <= INT32_MAX;
    case UJIT_UINT8: return v->v.u <= UINT8_MAX;
    case UJIT_UINT16: return v->v.u <= UINT16_MAX;
    case UJIT_UINT32: return v->v.u <= UINT32_MAX;
    default: return 1;
    }
}

int ujit_py_to_scalar(PyObject* o, ujit_dtype t, ujit_value* v) {
    memset(v, 0, sizeof *v);
    v->dtype = t;
    if (is_time_dtype(t)) { /* a np.datetime64/np.timedelta64 of this very dtype: its count */
        PyArray_Descr* d = ujit_py_numpy_if_loaded() && PyArray_IsScalar(o, Datetime) | PyArray_IsScalar(o, Timedelta)
                               ? PyArray_DescrFromScalar(o)
                               : NULL;
        int dt = d ? ujit_py_dtype_of_descr(d) : -1;
        Py_XDECREF(d);
        if (dt != (int)t) {
            PyErr_Clear();
            PyErr_Format(PyExc_TypeError, "expected a %s value, got %R", ujit_dtype_name(t), o);
            return -1;
        }
        v->v.i = PyArray_IsScalar(o, Datetime) ? (int64_t)((PyDatetimeScalarObject*)o)->obval
                                               : (int64_t)((PyTimedeltaScalarObject*)o)->obval;
        return 0;
    }
    switch (t) {
    case UJIT_BOOL: {
        int b = PyObject_IsTrue(o);
        if (b < 0) return -1;
        v->v.i = b;
        return 0;
    }
    case UJIT_INT8:
    case UJIT_INT16:
    case UJIT_INT32:
    case UJIT_INT64: {
        PyObject* i = PyNumber_Index(o);
        if (!i) return -1;
        v->v.i = PyLong_AsLongLong(i);
        Py_DECREF(i);
        return v->v.i == -1 && PyErr_Occurred() ? -1 : 0;
    }
    case UJIT_UINT8:
    case UJIT_UINT16:
    case UJIT_UINT32:
    case UJIT_UINT64: {
        PyObject* i = PyNumber_Index(o);
        if (!i) return -1;
        /* Negative values wrap, as a C cast (and Numba's unboxing) does. */
        v->v.u = PyLong_AsUnsignedLongLongMask(i);
        Py_DECREF(i);
        return PyErr_Occurred() ? -1 : 0;
    }
    case UJIT_FLOAT16: /* ujit rounds it to half (capi_call.cpp) */
    case UJIT_FLOAT32:
    case UJIT_FLOAT64:
        v->v.f = PyFloat_AsDouble(o);
        if (t == UJIT_FLOAT32) v->v.f = (float)v->v.f;
        return v->v.f == -1.0 && PyErr_Occurred() ? -1 : 0;
    case UJIT_COMPLEX64:
    case UJIT_COMPLEX128: {
        Py_complex c = PyComplex_AsCComplex(o);
        if (c.real == -1.0 && PyErr_Occurred()) return -1;
        v->v.c[0] = t == UJIT_COMPLEX64 ? (float)c.real : c.real;
        v->v.c[1] = t == UJIT_COMPLEX64 ? (float)c.imag : c.imag;
        return 0;
    }
    case UJIT_DATETIME64:
    case UJIT_TIMEDELTA64: break; /* above, with their units */
    }
    PyErr_SetString(PyExc_TypeError, "invalid ujit dtype");
    return -1;
}

PyObject* ujit_py_from_scalar(const ujit_value* v) {
    if (is_time_dtype(v->dtype)) { /* np.datetime64 / np.timedelta64 of its unit (NaT too) */
        PyArray_Descr* d = ujit_py_descr(v->dtype);
        if (!d) return NULL;
        int64_t count = v->v.i;
        PyObject* r = PyArray_Scalar(&count, d, NULL);
        Py_DECREF(d);
        return r;
    }
    switch (v->dtype) {
    case UJIT_BOOL: return PyBool_FromLong((long)v->v.i);
    case UJIT_INT8:
    case UJIT_INT16:
    case UJIT_INT32:
    case UJIT_INT64: return PyLong_FromLongLong(v->v.i);
    case UJIT_UINT8:
    case UJIT_UINT16:
    case UJIT_UINT32:
    case UJIT_UINT64: return PyLong_FromUnsignedLongLong(v->v.u);
    case UJIT_FLOAT16:
    case UJIT_FLOAT32:
    case UJIT_FLOAT64: return PyFloat_FromDouble(v->v.f);
    case UJIT_COMPLEX64:
    case UJIT_COMPLEX128: return PyComplex_FromDoubles(v->v.c[0], v->v.c[1]);
    case UJIT_DATETIME64:
    case UJIT_TIMEDELTA64: break; /* above, with their units */
    }
    PyErr_SetString(PyExc_SystemError, "ujit returned an invalid dtype");
    return NULL;
}

DLDataType ujit_py_dl_type(ujit_dtype t) {
    DLDataType d;
    d.lanes = 1;
    d.bits = (uint8_t)(ujit_py_itemsize(t) * 8);
    switch (t) {
    case UJIT_BOOL: d.code = UJIT_DL_BOOL; break;
    case UJIT_INT8:
    case UJIT_INT16:
    case UJIT_INT32:
    case UJIT_INT64: d.code = kDLInt; break;
    case UJIT_UINT8:
    case UJIT_UINT16:
    case UJIT_UINT32:
    case UJIT_UINT64: d.code = kDLUInt; break;
    case UJIT_FLOAT16:
    case UJIT_FLOAT32:
    case UJIT_FLOAT64: d.code = kDLFloat; break;
    default:
        if (is_time_dtype(t)) {
            d.code = (uint8_t)(UJIT_DL_TIME_BASE + t);
            d.bits = 64;
        } else {
            d.code = kDLComplex;
        }
        break;
    }
    return d;
}

/* The array's strides counted in items (DLPack's); -1 with a Python error where they are not
 * whole items. A number's item size is a power of two (1 to 16 bytes): a shift, not a
 * division, on the path of every call with arrays; a record's may be any size. */
static int element_strides(PyArrayObject* a, int64_t* strides) {
    npy_intp item = PyArray_ITEMSIZE(a);
    const npy_intp* s = PyArray_STRIDES(a);
    int pow2 = item > 0 && (item & (item - 1)) == 0;
    int shift = pow2 ? __builtin_ctzll((unsigned long long)item) : 0;
    for (int k = 0; k < PyArray_NDIM(a); ++k) {
        if (pow2 ? (s[k] & (item - 1)) != 0 : item <= 0 || s[k] % item != 0) {
            PyErr_SetString(PyExc_ValueError, "ujit needs array strides that are multiples of the item size");
            return -1;
        }
        /* exact either way: an arithmetic shift of a multiple */
        strides[k] = (int64_t)(pow2 ? s[k] >> shift : s[k] / item);
    }
    return 0;
}

int ujit_py_dltensor(PyArrayObject* a, DLTensor* t, int64_t* strides) {
    int dt = ujit_py_dtype_of_descr(PyArray_DESCR(a));
    if (dt < 0 || !PyArray_ISNOTSWAPPED(a)) {
        PyErr_Format(PyExc_TypeError, "ujit does not support arrays of dtype %R", (PyObject*)PyArray_DESCR(a));
        return -1;
    }
    if (element_strides(a, strides) < 0) return -1;
    /* Every field set (no memset: this is on the path of each call with arrays). */
    t->data = PyArray_DATA(a);
    t->device.device_type = kDLCPU;
    t->device.device_id = 0;
    t->ndim = PyArray_NDIM(a);
    t->dtype = ujit_py_dl_type((ujit_dtype)dt);
    /* npy_intp is int64_t on the 64-bit platforms ujit supports. */
    t->shape = (int64_t*)PyArray_DIMS(a);
    t->strides = strides;
    t->byte_offset = 0;
    return 0;
}

int ujit_py_array_value(PyArrayObject* a, ujit_value* v, DLTensor* t, int64_t* strides) {
    memset(v, 0, sizeof *v);
    if (ujit_py_dltensor(a, t, strides) < 0) return -1;
    v->is_array = PyArray_ISWRITEABLE(a) ? UJIT_ARRAY : UJIT_ARRAY_READONLY;
    v->v.array = t;
    return 0;
}

int ujit_py_str_value(PyObject* o, ujit_value* v, PyObject** keep) {
    memset(v, 0, sizeof *v);
    *keep = NULL;
    Py_ssize_t n = 0;
    /* UTF-8 cached in the str object (alive for the call); a str with lone surrogates has
     * none, and goes as "surrogatepass" bytes that *keep holds. */
    const char* text = PyUnicode_AsUTF8AndSize(o, &n);
    if (!text) {
        PyErr_Clear();
        *keep = PyUnicode_AsEncodedString(o, "utf-8", "surrogatepass");
        if (!*keep) return -1;
        text = PyBytes_AS_STRING(*keep);
        n = PyBytes_GET_SIZE(*keep);
    }
    v->is_array = UJIT_STRING;
    v->v.str.data = text;
    v->v.str.length = (int64_t)n;
    return 0;
}

PyObject* ujit_py_from_str(ujit_value* v) {
    PyObject* s = PyUnicode_DecodeUTF8(v->v.str.data, (Py_ssize_t)v->v.str.length, "surrogatepass");
    ujit_free_string((char*)v->v.str.data);
    v->v.str.data = NULL;
    v->is_array = 0;
    return s;
}

int ujit_py_require_writable(const ujit_value* v) {
    if ((v->is_array & UJIT_ARRAY_READONLY) != UJIT_ARRAY_READONLY) return 0;
    PyErr_SetString(PyExc_ValueError, "output array is read-only");
    return -1;
}

/* ------------------------------------------------------------------ records */

#if NPY_ABI_VERSION < 0x02000000 /* NumPy 1.x: no PyDataType_ELSIZE (NumPy 2 has an inline function) */
#define PyDataType_ELSIZE(d) ((d)->elsize)
#endif

/* Record types seen in arguments: dtype -> id (a cache) and spelling -> id, and by id the
 * spelling (bytes, NUL-terminated: the C API's v.record.type) and the itemsize. */
static PyObject* record_namer;   /* ujit._types.record_spelling */
static PyObject* record_by_dtype; /* dict */
static PyObject* record_by_name;  /* dict */
static PyObject* record_names;    /* list of bytes */
#define MAX_RECORD_IDS (1 << 15)

PyObject* ujit_py_set_record_namer(PyObject* self, PyObject* f) {
    (void)self;
    Py_XINCREF(f);
    Py_XSETREF(record_namer, f);
    if (!record_by_dtype && !(record_by_dtype = PyDict_New())) return NULL;
    if (!record_by_name && !(record_by_name = PyDict_New())) return NULL;
    if (!record_names && !(record_names = PyList_New(0))) return NULL;
    Py_RETURN_NONE;
}

/* The id of a record type's spelling (a new one for a new spelling); -1 with an exception. */
static long record_id_of_name(PyObject* name) {
    PyObject* known = PyDict_GetItemWithError(record_by_name, name);
    if (known) return PyLong_AsLong(known);
    if (PyErr_Occurred()) return -1;
    long k = (long)PyList_GET_SIZE(record_names);
    if (k >= MAX_RECORD_IDS) {
        PyErr_SetString(PyExc_TypeError, "too many record types");
        return -1;
    }
    PyObject* bytes = PyUnicode_AsUTF8String(name);
    PyObject* key = PyLong_FromLong(k);
    int bad = !bytes || !key || PyList_Append(record_names, bytes) < 0 || PyDict_SetItem(record_by_name, name, key) < 0;
    Py_XDECREF(bytes);
    Py_XDECREF(key);
    return bad ? -1 : k;
}

PyObject* ujit_py_record_code_of_type(PyObject* self, PyObject* name) {
    (void)self;
    if (!record_by_name || !PyUnicode_Check(name))
        return PyErr_Format(PyExc_TypeError, "record_code(spelling) takes a Record's spelling");
    long id = record_id_of_name(name);
    if (id < 0) return NULL;
    return PyLong_FromLong(UJIT_CODE_RECORD | (id & 0xff) | ((id >> 8) << 24));
}

/* A descriptor's flags: a field in NumPy 1.x; NumPy 2 hides the field behind an accessor (an
   inline function, which #ifdef cannot see). */
#if NPY_ABI_VERSION >= 0x02000000
#define UJIT_DESCR_FLAGS(d) PyDataType_FLAGS(d)
#else
#define UJIT_DESCR_FLAGS(d) ((d)->flags)
#endif

/* The id of a structured dtype's record type; -1 (no exception) when it has none. */
static int record_id(PyArray_Descr* d) {
    if (!record_namer || !record_by_dtype) return -1;
    /* Keyed by the dtype and its align flag: NumPy's dtype equality ignores align=True, but
       Numba's Record spelling ends with it (";8;True"), so the two are different records. */
    PyObject* dkey = Py_BuildValue("(Oi)", (PyObject*)d, (UJIT_DESCR_FLAGS(d) & NPY_ALIGNED_STRUCT) ? 1 : 0);
    if (!dkey) goto fail;
    PyObject* id = PyDict_GetItemWithError(record_by_dtype, dkey);
    if (id) {
        Py_DECREF(dkey);
        return (int)PyLong_AsLong(id);
    }
    if (PyErr_Occurred()) goto fail_key;
    PyObject* name = PyObject_CallOneArg(record_namer, (PyObject*)d);
    if (!name) goto fail_key;
    long k = record_id_of_name(name);
    Py_DECREF(name);
    if (k < 0) goto fail_key;
    PyObject* key = PyLong_FromLong(k);
    if (!key || PyDict_SetItem(record_by_dtype, dkey, key) < 0) {
        Py_XDECREF(key);
        goto fail_key;
    }
    Py_DECREF(key);
    Py_DECREF(dkey);
    return (int)k;
fail_key:
    Py_DECREF(dkey);
fail:
    PyErr_Clear(); /* the dispatcher reports the argument (Numba's TypingError) */
    return -1;
}

const char* ujit_py_record_spelling(PyArray_Descr* d) {
    int id = PyDataType_HASFIELDS(d) ? record_id(d) : -1;
    if (id < 0) {
        PyErr_Format(PyExc_TypeError,
                     "ujit has no Record type for the dtype %R (a structured dtype of numbers, "
                     "nested arrays, records and fixed-length strings has one)",
                     (PyObject*)d);
        return NULL;
    }
    return PyBytes_AS_STRING(PyList_GET_ITEM(record_names, id));
}

int32_t ujit_py_record_code_of_spelling(const char* spelling) {
    if (!record_by_name) return UJIT_CODE_NONE;
    PyObject* name = PyUnicode_FromString(spelling);
    long id = name ? record_id_of_name(name) : -1;
    Py_XDECREF(name);
    if (id < 0) {
        PyErr_Clear();
        return UJIT_CODE_NONE;
    }
    return UJIT_CODE_RECORD | (id & 0xff) | ((id >> 8) << 24);
}

int32_t ujit_py_record_code(PyObject* o) {
    if (PyArray_Check(o)) {
        PyArrayObject* a = (PyArrayObject*)o;
        int id = PyDataType_HASFIELDS(PyArray_DESCR(a)) ? record_id(PyArray_DESCR(a)) : -1;
        int nd = PyArray_NDIM(a);
        if (id < 0 || nd > 15) return UJIT_CODE_NONE;
        int layout = PyArray_IS_C_CONTIGUOUS(a)   ? UJIT_LAYOUT_C
                     : PyArray_IS_F_CONTIGUOUS(a) ? UJIT_LAYOUT_F
                                                  : UJIT_LAYOUT_A;
        int readonly = PyArray_ISWRITEABLE(a) ? 0 : UJIT_CODE_READONLY;
        return UJIT_CODE_RECORD | UJIT_CODE_ARRAY | readonly | (id & 0xff) | ((id >> 8) << 24) | (nd << 8) |
               (layout << 12);
    }
    PyVoidScalarObject* s = (PyVoidScalarObject*)o;
    int id = s->descr && PyDataType_HASFIELDS(s->descr) ? record_id(s->descr) : -1;
    if (id < 0) return UJIT_CODE_NONE;
    int readonly = (s->flags & NPY_ARRAY_WRITEABLE) ? 0 : UJIT_CODE_READONLY;
    return UJIT_CODE_RECORD | readonly | (id & 0xff) | ((id >> 8) << 24);
}

PyObject* ujit_py_record_type(PyObject* self, PyObject* code) {
    (void)self;
    long c = PyLong_AsLong(code);
    if (c == -1 && PyErr_Occurred()) return NULL;
    long id = UJIT_CODE_RECORD_ID(c);
    if (!(c & UJIT_CODE_RECORD) || !record_names || id >= PyList_GET_SIZE(record_names))
        return PyErr_Format(PyExc_ValueError, "no record type has code %ld", c);
    return PyUnicode_FromString(PyBytes_AS_STRING(PyList_GET_ITEM(record_names, id)));
}

int ujit_py_record_value(PyObject* o, int32_t code, ujit_value* v, DLTensor* t, int64_t* strides) {
    memset(v, 0, sizeof *v);
    memset(t, 0, sizeof *t);
    long id = UJIT_CODE_RECORD_ID(code);
    if (!record_names || id >= PyList_GET_SIZE(record_names)) {
        PyErr_SetString(PyExc_SystemError, "unknown record type code");
        return -1;
    }
    PyArray_Descr* d;
    int writeable;
    if (PyArray_Check(o)) {
        PyArrayObject* a = (PyArrayObject*)o;
        d = PyArray_DESCR(a);
        if (element_strides(a, strides) < 0) return -1;
        t->data = PyArray_DATA(a);
        t->ndim = PyArray_NDIM(a);
        t->shape = (int64_t*)PyArray_DIMS(a);
        t->strides = strides;
        writeable = PyArray_ISWRITEABLE(a);
    } else if (PyArray_IsScalar(o, Void)) {
        PyVoidScalarObject* s = (PyVoidScalarObject*)o;
        d = s->descr;
        t->data = s->obval;
        writeable = (s->flags & NPY_ARRAY_WRITEABLE) != 0;
    } else {
        PyErr_SetString(PyExc_TypeError, "expected a record array or a record");
        return -1;
    }
    if (PyDataType_ELSIZE(d) > 65535) {
        PyErr_SetString(PyExc_TypeError, "ujit supports records of up to 65535 bytes");
        return -1;
    }
    t->device.device_type = kDLCPU;
    t->dtype.code = kDLOpaqueHandle;
    t->dtype.bits = 8;
    t->dtype.lanes = (uint16_t)PyDataType_ELSIZE(d);
    v->is_array = writeable ? UJIT_RECORD_ARRAY : (UJIT_RECORD_ARRAY | 2);
    v->v.record.tensor = t;
    v->v.record.type = PyBytes_AS_STRING(PyList_GET_ITEM(record_names, id));
    return 0;
}
