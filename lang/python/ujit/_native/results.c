/* A call's results as Python objects: scalars as numbers, tuples as tuples, and arrays as
 * numpy.ndarray over the memory ujit returned, never copied.
 *
 * Who keeps an array's memory alive (Numba's boxing, numba/core/runtime/_nrt_python.c):
 *   - memory compiled code allocated: the ndarray's base is a capsule holding the C API's
 *     ujit_array handle; NumPy frees the base with the array, which releases the handle
 *     and so the reference;
 *   - an argument returned as it came in: that argument object itself (as Numba gives it
 *     back when data, shape, strides and dtype are unchanged);
 *   - a view of an argument: the ndarray's base is that argument (NumPy may shorten the
 *     chain to the argument's own base), so deleting the argument keeps the result valid;
 *     a read-only argument gives a read-only view. An array inside a list, tuple or dict
 *     argument counts as one (a list's item returned or popped). */
#include "ext.h"

#include <string.h>

static const char kCapsuleName[] = "ujit.array";

static void release_capsule(PyObject* capsule) {
    ujit_array_release((ujit_array*)PyCapsule_GetPointer(capsule, kCapsuleName));
}

/* The bytes [lo, hi) an array of this geometry touches; 0 when it has no element. */
static int extent(const char* data, int nd, const npy_intp* shape, const npy_intp* strides, npy_intp item,
                  const char** lo, const char** hi) {
    npy_intp low = 0, high = item;
    for (int k = 0; k < nd; ++k) {
        if (shape[k] == 0) return 0;
        npy_intp span = (shape[k] - 1) * strides[k];
        if (span < 0)
            low += span;
        else
            high += span;
    }
    *lo = data + low;
    *hi = data + high;
    return 1;
}

/* Whether array `a` is exactly `h` (same memory, geometry and dtype). */
static int is_same(const ujit_array* h, PyArrayObject* a) {
    int nd = ujit_array_ndim(h);
    if (PyArray_DATA(a) != ujit_array_data(h) || PyArray_NDIM(a) != nd ||
        ujit_py_dtype_of_descr(PyArray_DESCR(a)) != (int)ujit_array_dtype(h) ||
        memcmp(PyArray_DIMS(a), ujit_array_shape(h), (size_t)nd * sizeof(int64_t)) != 0 ||
        memcmp(PyArray_STRIDES(a), ujit_array_strides(h), (size_t)nd * sizeof(int64_t)) != 0)
        return 0;
    return !(ujit_array_readonly(h) && PyArray_ISWRITEABLE(a));
}

/* Whether array `a`'s memory holds the bytes [lo, hi). */
static int holds(PyArrayObject* a, const char* lo, const char* hi) {
    const char *alo, *ahi;
    return extent(PyArray_DATA(a), PyArray_NDIM(a), PyArray_DIMS(a), PyArray_STRIDES(a), PyArray_ITEMSIZE(a), &alo,
                  &ahi) &&
           alo <= lo && hi <= ahi;
}

/* The first array `obj` is, or holds as an item of its lists, tuples and dicts (values), down
 * to `depth` levels, that is `h` (lo NULL) or holds [lo, hi); NULL when none. An array taken
 * from a list argument (`return l[0]`, `l.pop()`) is borrowed from an array the list holds,
 * and a typed Dict's values reach compiled code inside the wrapper's lists. */
static PyObject* find_array(PyObject* obj, const ujit_array* h, const char* lo, const char* hi, int depth) {
    if (PyArray_Check(obj))
        return (lo ? holds((PyArrayObject*)obj, lo, hi) : is_same(h, (PyArrayObject*)obj)) ? obj : NULL;
    if (depth == 0) return NULL;
    if (PyList_Check(obj) || PyTuple_Check(obj)) {
        PyObject* fast = PySequence_Fast(obj, "");
        if (!fast) {
            PyErr_Clear();
            return NULL;
        }
        PyObject* found = NULL;
        for (Py_ssize_t i = 0; !found && i < PySequence_Fast_GET_SIZE(fast); ++i)
            found = find_array(PySequence_Fast_GET_ITEM(fast, i), h, lo, hi, depth - 1);
        Py_DECREF(fast); /* (found is borrowed from an item the argument still holds) */
        return found;
    }
    if (PyDict_Check(obj)) {
        Py_ssize_t pos = 0;
        PyObject *key, *value, *found = NULL;
        while (!found && PyDict_Next(obj, &pos, &key, &value)) found = find_array(value, h, lo, hi, depth - 1);
        return found;
    }
    return NULL;
}

enum { kItemDepth = 3 };

/* The argument (or, to `depth`, an array inside one) `h` is exactly, or NULL. */
static PyObject* same_argument(const ujit_array* h, PyObject* const* args, Py_ssize_t n_args, int depth) {
    PyObject* found = NULL;
    for (Py_ssize_t i = 0; !found && i < n_args; ++i) found = find_array(args[i], h, NULL, NULL, depth);
    return found;
}

/* The array argument (or, to `depth`, an array inside one) whose memory holds all of `h`'s
 * elements, or NULL. */
static PyObject* containing_argument(const ujit_array* h, PyObject* const* args, Py_ssize_t n_args, int depth) {
    const char *lo, *hi;
    if (!extent(ujit_array_data(h), ujit_array_ndim(h), (const npy_intp*)ujit_array_shape(h),
                (const npy_intp*)ujit_array_strides(h), ujit_py_itemsize(ujit_array_dtype(h)), &lo, &hi))
        return NULL;
    PyObject* found = NULL;
    for (Py_ssize_t i = 0; !found && i < n_args; ++i) found = find_array(args[i], h, lo, hi, depth);
    return found;
}

/* Every array argument, for a borrowed result that lies in none of them alone (an empty
 * view): a tuple keeps them all alive, and `code` too (the compiled function, whose
 * constants a view could point into). *readonly is set when an argument is read-only. */
static PyObject* all_array_arguments(PyObject* const* args, Py_ssize_t n_args, PyObject* code, int* readonly) {
    PyObject* list = PyList_New(0);
    if (list && code && PyList_Append(list, code) < 0) Py_CLEAR(list);
    for (Py_ssize_t i = 0; list && i < n_args; ++i) {
        if (!PyArray_Check(args[i])) continue;
        if (!PyArray_ISWRITEABLE((PyArrayObject*)args[i])) *readonly = 1;
        if (PyList_Append(list, args[i]) < 0) Py_CLEAR(list);
    }
    if (!list) return NULL;
    PyObject* t = PyList_AsTuple(list);
    Py_DECREF(list);
    return t;
}

/* The ndarray for result handle `h`, which this takes over (released on every path). */
static PyObject* array_result(ujit_array* h, PyObject* const* args, Py_ssize_t n_args, PyObject* code) {
    if (ujit_py_numpy() < 0) {
        ujit_array_release(h);
        return NULL;
    }
    int readonly = ujit_array_readonly(h);
    PyObject* base;
    if (ujit_array_owns_memory(h)) {
        base = PyCapsule_New(h, kCapsuleName, release_capsule);
        if (!base) {
            ujit_array_release(h);
            return NULL;
        }
    } else {
        /* The arguments themselves first (a view of an array argument: no list is walked),
         * then the arrays inside them. */
        PyObject* same = same_argument(h, args, n_args, 0);
        base = same ? NULL : containing_argument(h, args, n_args, 0);
        if (!same && !base) same = same_argument(h, args, n_args, kItemDepth);
        if (same) {
            ujit_array_release(h);
            return Py_NewRef(same);
        }
        if (!base) base = containing_argument(h, args, n_args, kItemDepth);
        if (base) {
            Py_INCREF(base);
            if (!PyArray_ISWRITEABLE((PyArrayObject*)base)) readonly = 1;
        } else {
            base = all_array_arguments(args, n_args, code, &readonly);
        }
        if (!base) {
            ujit_array_release(h);
            return NULL;
        }
    }
    /* The geometry is read before a borrowed handle goes: the memory stays (base holds it). */
    PyArray_Descr* descr = ujit_py_descr(ujit_array_dtype(h));
    PyObject* arr = descr ? PyArray_NewFromDescr(&PyArray_Type, descr, ujit_array_ndim(h),
                                                 (npy_intp*)ujit_array_shape(h), (npy_intp*)ujit_array_strides(h),
                                                 ujit_array_data(h), readonly ? 0 : NPY_ARRAY_WRITEABLE, NULL)
                          : NULL;
    if (!ujit_array_owns_memory(h)) ujit_array_release(h);
    if (!arr) {
        Py_DECREF(base); /* for an owned result, the capsule releases the handle */
        return NULL;
    }
    if (PyArray_SetBaseObject((PyArrayObject*)arr, base) < 0) { /* steals base, even on failure */
        Py_DECREF(arr);
        return NULL;
    }
    return arr;
}

static PyObject* dict_result(ujit_dict* h, PyObject* type_text, PyObject* const* args, Py_ssize_t n_args,
                             PyObject* code);
static PyObject* list_result(ujit_list* h, PyObject* item_shape, PyObject* const* args, Py_ssize_t n_args,
                             PyObject* code);
static PyObject* typed_list_result(PyObject* items, PyObject* item_type);

/* One flat result as a Python object; takes over an array's (or a dict's) handle. */
static PyObject* one_result(ujit_value* v, PyObject* const* args, Py_ssize_t n_args, PyObject* code) {
    if (v->is_array == UJIT_ARRAY_RESULT) {
        ujit_array* h = v->v.result;
        v->v.result = NULL;
        v->is_array = 0;
        return array_result(h, args, n_args, code);
    }
    if (v->is_array == UJIT_STRING) return ujit_py_from_str(v);
    if (v->is_array == UJIT_GENERATOR_RESULT) { /* (result_shape gives one its item's shape) */
        ujit_generator* h = v->v.generator;
        v->v.generator = NULL;
        v->is_array = 0;
        return ujit_py_generator(h, Py_None, args, n_args, code);
    }
    if (v->is_array == UJIT_DICT_RESULT) {
        ujit_dict* h = v->v.dict;
        v->v.dict = NULL;
        v->is_array = 0;
        return dict_result(h, NULL, args, n_args, code);
    }
    if (v->is_array == UJIT_LIST_RESULT) { /* a dict's value that is a list: items by their own values */
        ujit_list* h = v->v.list;
        v->v.list = NULL;
        v->is_array = 0;
        const char* t = ujit_list_item_type(h); /* a ListType: a typed List of it, as Numba boxes one */
        PyObject* item_type = t ? PyUnicode_FromString(t) : NULL;
        PyObject* out = list_result(h, Py_None, args, n_args, code);
        if (out && item_type) Py_SETREF(out, typed_list_result(out, item_type));
        Py_XDECREF(item_type);
        return out;
    }
    return ujit_py_from_scalar(v);
}

static PyObject* build_value(PyObject* shape, ujit_value* results, size_t n, size_t* next, PyObject* const* args,
                             Py_ssize_t n_args, PyObject* code);
static PyObject* build_tuple(PyObject* shape, ujit_value* results, size_t n, size_t* next, PyObject* const* args,
                             Py_ssize_t n_args, PyObject* code);

/* A Python list of a list result's items (`item_shape` how each nests); takes over `h`. */
static PyObject* list_result(ujit_list* h, PyObject* item_shape, PyObject* const* args, Py_ssize_t n_args,
                             PyObject* code) {
    size_t len = ujit_list_length(h);
    PyObject* out = PyList_New((Py_ssize_t)len);
    ujit_value items[UJIT_PY_MAX_RESULTS];
    for (size_t i = 0; out && i < len; ++i) {
        size_t n = 0, next = 0;
        PyObject* x = NULL;
        if (ujit_list_item(h, i, items, UJIT_PY_MAX_RESULTS, &n) != UJIT_OK)
            PyErr_SetString(PyExc_SystemError, ujit_last_error());
        else
            x = build_value(item_shape, items, n < UJIT_PY_MAX_RESULTS ? n : UJIT_PY_MAX_RESULTS, &next, args, n_args,
                            code);
        ujit_py_release_results(items, n < UJIT_PY_MAX_RESULTS ? n : UJIT_PY_MAX_RESULTS);
        if (!x) {
            Py_CLEAR(out);
            break;
        }
        PyList_SET_ITEM(out, (Py_ssize_t)i, x);
    }
    ujit_list_release(h);
    return out;
}

/* ---- containers: a ListType result (numba.typed.List made in compiled code) as a ujit.typed.List
 * of its item type, as Numba boxes one (ujit.typed._list_from_result). */
static PyObject* typed_list_result(PyObject* items, PyObject* item_type) {
    PyObject* typed = PyImport_ImportModule("ujit.typed");
    PyObject* out = typed ? PyObject_CallMethod(typed, "_list_from_result", "OO", items, item_type) : NULL;
    Py_XDECREF(typed);
    return out;
}
/* ---- end containers */

/* The next flat result, a handle of kind `kind` (is_array) where the type has a `what`, which
 * the caller takes over (the result no longer releases it); NULL with a SystemError if not. */
static ujit_value* take_handle(ujit_value* results, size_t n, size_t* next, int32_t kind, const char* what) {
    ujit_value* v = *next < n ? &results[(*next)++] : NULL;
    if (!v || v->is_array != kind) {
        PyErr_Format(PyExc_SystemError, "ujit returned no %s where its type has one", what);
        return NULL;
    }
    v->is_array = 0;
    return v;
}

/* The value `shape` (ujit/_types.py result_shape) describes, from the flat results. */
static PyObject* build_value(PyObject* shape, ujit_value* results, size_t n, size_t* next, PyObject* const* args,
                             Py_ssize_t n_args, PyObject* code) {
    /* An empty tuple (a 0-d array's shape) takes no value. */
    if (PyTuple_Check(shape) && PyTuple_GET_SIZE(shape) == 0) return PyTuple_New(0);
    PyObject* item_shape = PyDict_Check(shape) ? PyDict_GetItemString(shape, "generator") : NULL;
    if (item_shape) { /* a generator: {"generator": the shape of what it yields} */
        ujit_value* v = take_handle(results, n, next, UJIT_GENERATOR_RESULT, "generator");
        return v ? ujit_py_generator(v->v.generator, item_shape, args, n_args, code) : NULL;
    }
    if (PyDict_Check(shape)) { /* an enum member: its class called with its value (ujit/_enums.py); a named
                                  tuple: its class's _make called with its elements (ujit/_types.py) */
        PyObject* value = build_value(PyDict_GetItemString(shape, "value"), results, n, next, args, n_args, code);
        if (!value) return NULL;
        PyObject* make = PyDict_GetItemString(shape, "make");
        PyObject* member = PyObject_CallOneArg(make ? make : PyDict_GetItemString(shape, "enum"), value);
        Py_DECREF(value);
        return member;
    }
    if (*next >= n) {
        PyErr_SetString(PyExc_SystemError, "ujit returned fewer values than its type has");
        return NULL;
    }
    if (shape == Py_None) return one_result(&results[(*next)++], args, n_args, code);
    if (PyUnicode_Check(shape)) { /* a dict or set inside a tuple or list: `shape` is its type's text */
        ujit_value* v = take_handle(results, n, next, UJIT_DICT_RESULT, "dict");
        return v ? dict_result(v->v.dict, shape, args, n_args, code) : NULL;
    }
    if (PyList_Check(shape)) {
        ujit_value* v = take_handle(results, n, next, UJIT_LIST_RESULT, "list");
        if (!v) return NULL;
        ujit_list* h = v->v.list;
        PyObject* out = list_result(h, PyList_GET_ITEM(shape, 0), args, n_args, code);
        if (out && PyList_GET_SIZE(shape) == 2) /* a ListType: [item shape, its item type's text] */
            Py_SETREF(out, typed_list_result(out, PyList_GET_ITEM(shape, 1)));
        return out;
    }
    return build_tuple(shape, results, n, next, args, n_args, code);
}

/* ---- dicts and sets */
#define UJIT_PY_MAX_DICT_LEAVES 16

/* Entry i's key (or value) of a dict or set result: a scalar, an array, or a tuple of them. */
static PyObject* dict_part(ujit_dict* h, size_t i, int value, PyObject* const* args, Py_ssize_t n_args,
                           PyObject* code) {
    ujit_value leaves[UJIT_PY_MAX_DICT_LEAVES];
    size_t n = 0;
    ujit_status st = value ? ujit_dict_value(h, i, leaves, UJIT_PY_MAX_DICT_LEAVES, &n)
                           : ujit_dict_key(h, i, leaves, UJIT_PY_MAX_DICT_LEAVES, &n);
    if (st != UJIT_OK) {
        PyErr_SetString(PyExc_SystemError, ujit_last_error());
        return NULL;
    }
    size_t m = n < UJIT_PY_MAX_DICT_LEAVES ? n : UJIT_PY_MAX_DICT_LEAVES;
    PyObject* out = NULL;
    if (n > UJIT_PY_MAX_DICT_LEAVES)
        PyErr_SetString(PyExc_NotImplementedError, "a dict entry of more than 16 numbers and arrays");
    else if (n == 1)
        out = one_result(&leaves[0], args, n_args, code);
    else if ((out = PyTuple_New((Py_ssize_t)m)))
        for (size_t j = 0; j < m; ++j) {
            PyObject* x = one_result(&leaves[j], args, n_args, code);
            if (!x) {
                Py_CLEAR(out);
                break;
            }
            PyTuple_SET_ITEM(out, (Py_ssize_t)j, x);
        }
    for (size_t j = 0; j < m; ++j) /* what one_result did not take over */
        if (leaves[j].is_array == UJIT_ARRAY_RESULT) ujit_array_release(leaves[j].v.result);
    return out;
}

/* A dict result as a ujit.typed.Dict of the dict's type (`type_text`, or None), a set result as
 * a Python set (Numba's boxing of both), made by ujit.typed._from_result; takes over `h`. */
static PyObject* dict_result(ujit_dict* h, PyObject* type_text, PyObject* const* args, Py_ssize_t n_args,
                             PyObject* code) {
    size_t len = ujit_dict_length(h);
    int is_set = ujit_dict_is_set(h);
    PyObject* keys = PyList_New(0);
    PyObject* values = is_set ? Py_NewRef(Py_None) : PyList_New(0);
    PyObject* out = NULL;
    int ok = keys && values;
    for (size_t i = 0; ok && i < len; ++i) {
        PyObject* k = dict_part(h, i, 0, args, n_args, code);
        ok = k && PyList_Append(keys, k) == 0;
        Py_XDECREF(k);
        if (ok && !is_set) {
            PyObject* v = dict_part(h, i, 1, args, n_args, code);
            ok = v && PyList_Append(values, v) == 0;
            Py_XDECREF(v);
        }
    }
    if (ok) {
        PyObject* typed = PyImport_ImportModule("ujit.typed");
        if (typed)
            out = PyObject_CallMethod(typed, "_from_result", "OOO", type_text ? type_text : Py_None, keys, values);
        Py_XDECREF(typed);
    }
    Py_XDECREF(keys);
    Py_XDECREF(values);
    ujit_dict_release(h);
    return out;
}
/* ---- end dicts and sets */

/* The nested tuple `shape` (ujit/_types.py result_shape) filled from the flat results. */
static PyObject* build_tuple(PyObject* shape, ujit_value* results, size_t n, size_t* next, PyObject* const* args,
                             Py_ssize_t n_args, PyObject* code) {
    Py_ssize_t len = PyTuple_GET_SIZE(shape);
    PyObject* t = PyTuple_New(len);
    for (Py_ssize_t i = 0; t && i < len; ++i) {
        PyObject* sub = PyTuple_GET_ITEM(shape, i);
        PyObject* x = build_value(sub, results, n, next, args, n_args, code);
        if (!x) {
            Py_CLEAR(t);
            break;
        }
        PyTuple_SET_ITEM(t, i, x);
    }
    return t;
}

/* How many flat values a result of this shape takes: one per scalar, array, list, dict or
 * set, however the tuples nest. */
size_t ujit_py_result_leaves(PyObject* shape) {
    if (shape && PyDict_Check(shape) && PyDict_GetItemString(shape, "generator")) return 1;
    if (shape && PyDict_Check(shape)) return ujit_py_result_leaves(PyDict_GetItemString(shape, "value"));
    if (!shape || !PyTuple_Check(shape)) return 1;
    size_t n = 0;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(shape); ++i) n += ujit_py_result_leaves(PyTuple_GET_ITEM(shape, i));
    return n;
}

PyObject* ujit_py_results(PyObject* shape, ujit_value* results, size_t n, PyObject* const* args, Py_ssize_t n_args,
                          PyObject* code) {
    PyObject* r;
    if (shape && PyUnicode_Check(shape) && n == 1 && results[0].is_array == UJIT_DICT_RESULT) {
        ujit_dict* h = results[0].v.dict; /* a dict or set: `shape` is its type's text */
        results[0].v.dict = NULL;
        results[0].is_array = 0;
        r = dict_result(h, shape, args, n_args, code);
    } else if (n == 0 && shape && PyTuple_Check(shape) && PyTuple_GET_SIZE(shape) > 0) {
        r = Py_NewRef(Py_None); /* an OptionalType(Tuple(...)) that is None: no values */
    } else if (shape && (PyTuple_Check(shape) || PyList_Check(shape) || PyDict_Check(shape))) {
        size_t next = 0;
        r = build_value(shape, results, n, &next, args, n_args, code);
    } else if (n == 0) {
        r = Py_NewRef(Py_None);
    } else {
        r = one_result(&results[0], args, n_args, code);
    }
    ujit_py_release_results(results, n);
    return r;
}

/* Handles and texts a failure left unconverted go: nothing leaks. */
void ujit_py_release_results(ujit_value* results, size_t n) {
    for (size_t i = 0; i < n; ++i) {
        if (results[i].is_array == UJIT_ARRAY_RESULT) ujit_array_release(results[i].v.result);
        if (results[i].is_array == UJIT_LIST_RESULT) ujit_list_release(results[i].v.list);
        if (results[i].is_array == UJIT_STRING) ujit_free_string((char*)results[i].v.str.data);
        if (results[i].is_array == UJIT_DICT_RESULT) ujit_dict_release(results[i].v.dict);
        if (results[i].is_array == UJIT_GENERATOR_RESULT) ujit_generator_release(results[i].v.generator);
        if (results[i].is_array == UJIT_ARRAY_RESULT || results[i].is_array == UJIT_LIST_RESULT ||
            results[i].is_array == UJIT_STRING || results[i].is_array == UJIT_DICT_RESULT ||
            results[i].is_array == UJIT_GENERATOR_RESULT)
            results[i].is_array = 0;
    }
}
