/* The CPython extension `ujit._ujit`: the Python package's only way into libujit, through
 * the C API (include/ujit/ujit.h) alone, so that it proves the C API carries everything.
 *
 *   module.c    module init, errors, the Module and Function handle types
 *   values.c    Python objects <-> ujit_value / DLTensor, argument type codes
 *   dispatch.c  Dispatcher: the per-call hot path (type key -> cached entry -> call)
 *   results.c   a call's results as Python objects (arrays as zero-copy ndarrays)
 *   generator.c a generator result as Numba's generator object (_dynfunc._Generator)
 *   ufunc.c     real numpy.ufunc objects whose inner loops run compiled code
 *   cuda_stream.c, cuda_array.c, cuda.c
 *               streams and events; device arrays and GPU arguments; launches, GPU ufuncs
 *   cuda_ndarray.c, cuda_launcher.c, cuda_ufunc_call.c
 *               the C halves of DeviceNDArray, kernel[...] and CUDA ufunc calls
 */
#ifndef UJIT_PY_EXT_H
#define UJIT_PY_EXT_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

/* CPython 3.9 (the oldest the package supports) lacks Py_NewRef and PyModule_AddObjectRef,
 * added in 3.10. */
#if PY_VERSION_HEX < 0x030A0000
static inline PyObject* ujit_py_newref(PyObject* o) {
    Py_INCREF(o);
    return o;
}
#define Py_NewRef(o) ujit_py_newref((PyObject*)(o))
static inline int PyModule_AddObjectRef(PyObject* m, const char* name, PyObject* value) {
    Py_XINCREF(value);
    if (PyModule_AddObject(m, name, value) < 0) {
        Py_XDECREF(value);
        return -1;
    }
    return 0;
}
#endif

#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#define PY_ARRAY_UNIQUE_SYMBOL ujit_ARRAY_API
#define PY_UFUNC_UNIQUE_SYMBOL ujit_UFUNC_API
#ifndef UJIT_EXT_MAIN
#define NO_IMPORT_ARRAY
#define NO_IMPORT_UFUNC
#endif
#include <numpy/arrayobject.h>
#include <numpy/ufuncobject.h>

#include <ujit/ujit.h>

/* The most arguments a compiled function takes through the fast path. */
#define UJIT_PY_MAX_ARGS 16

/* module.NAME (a new reference; NULL with an error): read from a plain module's dict, which
 * is what getattr finds there, without getattr's generic lookup (every kernel[...] reads a
 * few such switches); anything else, or a name not in the dict, through getattr. */
static inline PyObject* ujit_py_module_attr(PyObject* module, PyObject* name) {
    if (PyModule_CheckExact(module)) {
        PyObject* v = PyDict_GetItemWithError(PyModule_GetDict(module), name); /* borrowed */
        if (v) return Py_NewRef(v);
        if (PyErr_Occurred()) return NULL;
    }
    return PyObject_GetAttr(module, name);
}

/* ------------------------------------------------------------------ module.c */

/* Where a function's text was dedented (a nested def): compile errors inside
 * [first_line, last_line] of `filename` get `col_offset` added back. */
typedef struct {
    int first_line, last_line, col_offset;
} ColumnFix;

typedef struct {
    PyObject_HEAD ujit_module* handle;
    PyObject* filename; /* str */
    ColumnFix* fixes;
    Py_ssize_t n_fixes;
    PyObject* exceptions; /* dict or NULL: global name -> the module's own exception class */
    PyObject* enums;      /* dict or NULL: class name -> the enum class (ujit/_enums.py) */
    PyObject* captured;   /* list or NULL: the device arrays the code captured (kept alive with it) */
} ModuleObject;

typedef struct {
    PyObject_HEAD ujit_function* handle;
    ModuleObject* module; /* owned: the function handle needs its module */
} FunctionObject;

extern PyTypeObject Ujit_ModuleType;
extern PyTypeObject Ujit_FunctionType;
extern PyObject* Ujit_CompileError;

/* NumPy's C API is imported on first need, not at `import ujit`: a scalar-only program
 * never loads NumPy. ujit_py_numpy() imports it (-1 with a Python error on failure);
 * ujit_py_numpy_if_loaded() is 1 when NumPy is usable without importing it (0: NumPy is
 * not imported, so no argument can be a NumPy object). Call one before any PyArray_*. */
int ujit_py_numpy(void);
int ujit_py_numpy_if_loaded(void);

/* Raises the Python exception for a failed C API call (always returns NULL). `module` may
 * be NULL; when given, compile error columns are corrected for dedented sources. */
PyObject* ujit_py_raise(ujit_status status, const ModuleObject* module);

/* ------------------------------------------------------------------ values.c */

/* An argument type code: the ujit_dtype in the low byte; arrays add UJIT_CODE_ARRAY, the
 * number of dimensions << 8 and the layout << 12. */
#define UJIT_CODE_ARRAY (1 << 16)
#define UJIT_CODE_READONLY (1 << 17) /* with UJIT_CODE_ARRAY: flags.writeable is false */
#define UJIT_CODE_STR (1 << 18)      /* a str (Numba's unicode_type) */
#define UJIT_CODE_NONE (1 << 20) /* not a supported argument */
/* A Python list (Numba's reflected list) of its first item's type: the item's code (a number
 * or an array) with this bit; other lists (empty, of tuples or lists) have UJIT_CODE_NONE. */
#define UJIT_CODE_LIST (1 << 21)
#define UJIT_CODE_TYPED_LIST (1 << 22) /* with UJIT_CODE_LIST: a numba.typed.List, ListType[T] */
/* A record (structured dtype) array (with UJIT_CODE_ARRAY, its ndim and layout) or one record
 * (np.void): the record type's id, in the low byte and bits 24-30 (values.c's registry). */
#define UJIT_CODE_RECORD (1 << 23)
#define UJIT_CODE_RECORD_ID(c) (((c) & 0xff) | ((((c) >> 24) & 0x7f) << 8))
enum { UJIT_LAYOUT_A = 0, UJIT_LAYOUT_C = 1, UJIT_LAYOUT_F = 2 };
#define UJIT_CODE_DTYPE(c) ((ujit_dtype)((c) & 0xff))
#define UJIT_CODE_NDIM(c) (((c) >> 8) & 0xf)
#define UJIT_CODE_LAYOUT(c) (((c) >> 12) & 0xf)

/* A str argument as a ujit_value over its UTF-8 text; *keep (NULL or a new reference) holds
 * that text until the call is done. -1 with an exception set on failure. */
int ujit_py_str_value(PyObject* o, ujit_value* v, PyObject** keep);
/* A record array or record (code with UJIT_CODE_RECORD) as a UJIT_RECORD_ARRAY value over `t`. */
int ujit_py_record_value(PyObject* o, int32_t code, ujit_value* v, DLTensor* t, int64_t* strides);
/* The argument code of a structured array or np.void (UJIT_CODE_NONE when it has no Record). */
int32_t ujit_py_record_code(PyObject* o);
/* The spelling of a structured dtype's Record type (the registry's bytes: lives with the
 * module), NULL with a TypeError when ujit has none. */
const char* ujit_py_record_spelling(PyArray_Descr* d);
/* The argument code of one record of the Record type `spelling` (UJIT_CODE_NONE, no error set,
 * when it cannot be registered). */
int32_t ujit_py_record_code_of_spelling(const char* spelling);
/* record_namer(f): f(dtype) -> Numba's spelling of its Record type (ujit/_types.py sets it). */
PyObject* ujit_py_set_record_namer(PyObject* self, PyObject* f);
/* record_code(spelling) -> the argument code of one record of that Record type. */
PyObject* ujit_py_record_code_of_type(PyObject* self, PyObject* name);
/* record_type(code) -> the spelling of the record type of an argument code. */
PyObject* ujit_py_record_type(PyObject* self, PyObject* code);
/* A str result as a Python str; frees the result's text (on every path). */
PyObject* ujit_py_from_str(ujit_value* v);
/* The type code of a Python argument (UJIT_CODE_NONE when unsupported). */
int32_t ujit_py_code_of(PyObject* o);
int ujit_py_npy_type(ujit_dtype t);        /* NPY_FLOAT32, ... (NPY_DATETIME: no unit; see ujit_py_descr) */
int ujit_py_dtype_of_npy(int npy_type);    /* -1 when unsupported (datetimes need their descr) */
/* The dtype of a NumPy descr, datetime64[unit] and timedelta64[unit] included; -1 when unsupported. */
int ujit_py_dtype_of_descr(PyArray_Descr* d);
/* A new reference to NumPy's descr of `t` (M8[ns] with its unit); NULL with an error set. */
PyArray_Descr* ujit_py_descr(ujit_dtype t);
int ujit_py_itemsize(ujit_dtype t);
/* DLPack's bool type code (DLPack >= 0.8; Debian's header is older). */
#define UJIT_DL_BOOL 6
DLDataType ujit_py_dl_type(ujit_dtype t);

/* Fills `v` with `o` converted to the scalar dtype `t` (Python's and NumPy's numbers).
 * Returns -1 with a Python error set. */
int ujit_py_to_scalar(PyObject* o, ujit_dtype t, ujit_value* v);
/* `o` as dtype `t` where NumPy's t.type(o) gives exactly that value (numba.cuda converts a
 * ufunc's numbers and a declared kernel's scalars so): 1 with *v; 0, no error set, for a
 * float to an int dtype or an int outside the dtype, which callers leave to their Python path. */
int ujit_py_exact_scalar(PyObject* o, ujit_dtype t, ujit_value* v);
/* A scalar ujit_value as a Python number (float for float32, int for every int, ...). */
PyObject* ujit_py_from_scalar(const ujit_value* v);
/* A DLTensor view of a host NumPy array; `strides` (ndim elements) is caller storage.
 * Returns -1 with a Python error when a stride is not a multiple of the item size. */
int ujit_py_dltensor(PyArrayObject* a, DLTensor* t, int64_t* strides);
/* An array argument: `v` (zeroed) points to `t` filled by ujit_py_dltensor, and is marked
 * UJIT_ARRAY_READONLY when NumPy says the array is not writeable. -1 with a Python error. */
int ujit_py_array_value(PyArrayObject* a, ujit_value* v, DLTensor* t, int64_t* strides);
/* NumPy's ValueError for an output (out=, a gufunc output, a copy_to_host destination)
 * marked read-only; -1 with the error set, 0 when `v` may be written. */
int ujit_py_require_writable(const ujit_value* v);

/* ------------------------------------------------------------------ results.c */

/* The Python object for a call's flat `results` (n of them): `shape` is the nested tuple
 * of ujit/_types.py result_shape (NULL: one scalar or array, or None when n is 0). Every
 * array handle among the results is taken over (released or owned by the new ndarray,
 * also on failure). `args` are the call's Python arguments: an array result that borrows
 * an argument's memory is that argument, or keeps it alive as its base. `code` (the
 * Function object called) is kept alive by a borrowed result found in no argument. */
PyObject* ujit_py_results(PyObject* shape, ujit_value* results, size_t n, PyObject* const* args, Py_ssize_t n_args,
                          PyObject* code);
/* Releases the array and list handles among `results` (those not taken over). A list result
 * is a Python list: `shape` is then [item_shape]; an item has at most this many leaves. */
void ujit_py_release_results(ujit_value* results, size_t n);
/* The number of flat values ujit_py_results reads for `shape` (NULL: a scalar). */
size_t ujit_py_result_leaves(PyObject* shape);
#define UJIT_PY_MAX_RESULTS 64

/* ------------------------------------------------------------------ generator.c */

/* The Python generator object over a generator result (takes over `h`): it yields values of
 * `item_shape` (result_shape), keeping the call's `args` and `code` alive. */
PyObject* ujit_py_generator(ujit_generator* h, PyObject* item_shape, PyObject* const* args, Py_ssize_t n_args,
                            PyObject* code);

/* ------------------------------------------------------------------ dispatch.c, ufunc.c */

extern PyTypeObject Ujit_DispatcherType;
PyObject* ujit_py_make_ufunc(PyObject* self, PyObject* args);

/* ------------------------------------------------------------------ cuda*.c */

extern PyTypeObject Ujit_StreamType;      /* cuda_stream.c */
extern PyTypeObject Ujit_EventType;       /* cuda_stream.c */
extern PyTypeObject Ujit_DeviceArrayType; /* cuda_array.c */
extern PyTypeObject Ujit_HostMemoryType;  /* cuda_memory.c */
PyObject* ujit_py_cuda_memory_info(PyObject* self, PyObject* noargs);
PyObject* ujit_py_cuda_set_device_allocator(PyObject* self, PyObject* args); /* cuda_memory.c */
PyObject* ujit_py_cuda_ipc_get_handle(PyObject* self, PyObject* arg);          /* cuda_memory.c */
PyObject* ujit_py_cuda_ipc_open(PyObject* self, PyObject* arg);                /* cuda_memory.c */
PyObject* ujit_py_cuda_ipc_close(PyObject* self, PyObject* arg);               /* cuda_memory.c */
/* Raises the exception an external allocator's Python callable left for this thread: 1 if
 * there was one (ujit_py_raise then returns it), else 0. */
int ujit_py_restore_allocator_error(void);
extern PyMethodDef ujit_py_cuda_methods[]; /* cuda.c */
extern PyMethodDef ujit_py_nvrtc_methods[]; /* cuda_nvrtc.c */

/* The ujit_stream of a Stream object (NULL for None: the default stream); *ok = 0 with a
 * Python error for anything else. */
ujit_stream* ujit_py_stream_of(PyObject* o, int* ok);

/* Storage for one call's array arguments (launches, GPU ufuncs). */
typedef struct {
    DLTensor t[UJIT_PY_MAX_ARGS + 1];
    int64_t shape[UJIT_PY_MAX_ARGS + 1][NPY_MAXDIMS];
    int64_t strides[UJIT_PY_MAX_ARGS + 1][NPY_MAXDIMS];
} ArgStorage;

/* Argument `i` of a launch or GPU ufunc: a DeviceNDArray or DeviceArray, a
 * __cuda_array_interface__ dict, a host NumPy array or a scalar. -1 with a Python error
 * when unusable. */
int ujit_py_cuda_value(PyObject* o, ujit_value* v, ArgStorage* s, int i);
PyObject* ujit_py_wrap_device_array(ujit_device_array* h);
/* The C API handle of a ujit DeviceArray object (type already checked). */
ujit_device_array* ujit_py_device_array_handle(PyObject* o);
PyObject* ujit_py_device_array_new(PyObject* self, PyObject* args);
/* A shape tuple's dimensions into `dims` (NPY_MAXDIMS of room): their count, -1 with a Python error. */
int ujit_py_dims_of(PyObject* shape, int64_t* dims);
PyObject* ujit_py_device_array_from_host(PyObject* self, PyObject* args);
PyObject* ujit_py_xoroshiro128p_init_states(PyObject* self, PyObject* args);
PyObject* ujit_py_device_array_from_dlpack(PyObject* self, PyObject* capsule);
PyObject* ujit_py_cuda_array_code(PyObject* self, PyObject* o);
PyObject* ujit_py_device_array_from_interface(PyObject* self, PyObject* args);

/* cuda_launcher.c: kernel[grid, block(, stream, shared)]: KernelBase (the C half of
 * ujit.cuda's Kernel) keeps one Launcher per configuration. */
extern PyTypeObject Ujit_LauncherType;
extern PyTypeObject Ujit_KernelBaseType;
int ujit_py_launcher_init(void);
PyObject* ujit_py_launch_setup(PyObject* self, PyObject* args);

/* warn_filters.c: whether warnings' filters ignore a warning, known without raising it. A
 * generation (0: unknown) that changes whenever warnings.filters does; while it is the one
 * at which ujit_py_warning_ignored_everywhere(category, text) said 1, the warning may be
 * skipped. */
unsigned long ujit_py_warning_filters_generation(void);
int ujit_py_warning_ignored_everywhere(PyObject* category, PyObject* text);

/* cuda_ndarray.c: the C half of ujit.cuda.DeviceNDArray, which subclasses it. */
typedef struct {
    PyObject_HEAD PyObject* h; /* the DeviceArray handle object */
    const DLTensor* tensor;    /* the handle's view, owned by the handle; NULL until __init__ */
    PyObject* stream;          /* the Python stream object, 0 for the default stream */
    PyObject *shape, *strides, *dtype; /* made from the handle on first use */
    Py_ssize_t alloc_size;     /* -1: the array's own bytes */
    int32_t code;              /* its argument type code, 0 until worked out, -1 none */
} DeviceNDArrayObject;
extern PyTypeObject Ujit_DeviceNDArrayType;
#define ujit_py_is_ndarray(o) PyObject_TypeCheck((o), &Ujit_DeviceNDArrayType)
/* The DLTensor of a DeviceNDArray; NULL with a Python error. */
const DLTensor* ujit_py_ndarray_tensor(PyObject* o);
/* A DeviceNDArray as an argument (`code`, when not NULL: its argument type code, worked out
 * once per array; UJIT_CODE_NONE for a dtype ujit lacks). -1 with a Python error. */
int ujit_py_ndarray_value(PyObject* o, ujit_value* v, int32_t* code);
/* cls(handle) or cls(handle, stream): a new DeviceNDArray (cls: the Python class). */
PyObject* ujit_py_ndarray_new(PyObject* cls, PyObject* handle, PyObject* stream);
int ujit_py_dtype_of_dl(DLDataType d); /* the ujit_dtype of a DLPack type, -1 if none */
/* cuda_ndarray_index.c: d[key], views by basic indexing made in C (other keys: the Python
 * class's _getitem), and the `_contiguity` getter, NumPy's (C_CONTIGUOUS, F_CONTIGUOUS). */
PyObject* ujit_py_ndarray_subscript(PyObject* self, PyObject* key);
PyObject* ujit_py_ndarray_contiguity(PyObject* self, void* closure);
/* A device tensor's argument type code, as ujit/cuda/_kernels.py's _device_array_code gives
 * it (NumPy's flags: extent-1 dimensions take any stride, an empty array is C); -1 for a
 * dtype or rank ujit has no type for. */
int32_t ujit_py_tensor_code(const DLTensor* t);
/* UJIT_LAYOUT_C, _F or _A of a tensor (its strides in elements; NumPy's flags); -1 for ndim < 0. */
int32_t ujit_py_tensor_layout(const DLTensor* t);

/* cuda_records.c: record (structured dtype) device arrays. */
PyObject* ujit_py_device_array_new_records(PyObject* self, PyObject* args);
/* 1 for a NumPy array of a structured dtype. */
int ujit_py_is_record_array(PyObject* o);
/* A host structured array as the C API's record tensor ({kDLOpaqueHandle, 8, itemsize},
 * strides in records) for copies: its bytes, whatever its fields; -1 with a Python error. */
int ujit_py_record_tensor(PyObject* o, DLTensor* t, int64_t* strides);
/* A view of `h` as records of `descr` (a structured dtype): a new DeviceArray object. */
PyObject* ujit_py_record_view(ujit_device_array* h, long long offset, const int64_t* shape, const int64_t* strides,
                              int n, PyArray_Descr* descr);
/* A record device array as an argument: 1 with *v a UJIT_RECORD_ARRAY value over `t` (and
 * *code its argument code when `code` is not NULL), 0 when `h` holds numbers. */
int ujit_py_device_record_value(ujit_device_array* h, const DLTensor* t, ujit_value* v, int32_t* code);
/* A __cuda_array_interface__ exporter (CuPy, PyTorch, Numba arrays) as argument `i`, read
 * in C: 1 with *v and *code (typed as a launch compiles it: the interface's read-only flag
 * is in *v, not in the code), 0 when `o` exports no interface, -1 with a Python error when
 * its interface is unusable. */
int ujit_py_interface_value(PyObject* o, ujit_value* v, int32_t* code, ArgStorage* s, int i);
/* A DLPack-only exporter (JAX; any __dlpack__ producer) whose memory the current device reads
 * (CUDA memory, or host memory where kernels run on the host device), imported in C: 1 with
 * *v, *code and *keep, the imported handle object that holds the tensor (release it after
 * the call); 0 when `o` is not one; -1 with a Python error. */
int ujit_py_dlpack_value(PyObject* o, ujit_value* v, int32_t* code, PyObject** keep);

/* cuda.c: a CUDA ufunc over converted inputs: a new DeviceArray handle object (out NULL), or
 * None after writing `out` (refused unless a writable array). */
PyObject* ujit_py_vectorize_values(FunctionObject* fn, const ujit_value* values, Py_ssize_t n, ujit_value* out,
                                   ujit_stream* stream);

/* cuda_ufunc_call.c: the C half of a CUDA @vectorize ufunc's call. */
extern PyTypeObject Ujit_CudaUfuncBaseType;

#endif /* UJIT_PY_EXT_H */
