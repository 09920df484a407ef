/* ujit C API: for scripting hosts (Python through ctypes or a C extension) and C programs.
 *
 * Versioning. UJIT_API_VERSION is the version this header declares; ujit_api_version()
 * the one the loaded library implements. The major part changes when a declaration here
 * changes incompatibly; the minor part when functions are added. A host checks
 * UJIT_API_VERSION_MAJOR(ujit_api_version()) == UJIT_API_VERSION_MAJOR(UJIT_API_VERSION).
 *
 * Errors. Every function that can fail returns a ujit_status; no C++ exception crosses
 * this boundary. After a status other than UJIT_OK, ujit_last_error() gives the message
 * (for compile errors the clang-style diagnostic "FILE:LINE:COL: error: ..." with the
 * source line and a caret) and ujit_last_error_location() the location. The record is per
 * thread and is cleared by the next call that returns a status. On failure, output
 * parameters that return handles or owned strings are set to NULL.
 *
 * Ownership. Handles (ujit_module, ujit_function, ujit_ufunc_loop, ujit_device_array,
 * ujit_stream, ujit_event) are created by the API and freed by their *_release function
 * (NULL is accepted and ignored). A ujit_function or ujit_ufunc_loop keeps its module
 * alive, so the module handle may be released first. Strings returned as `const char*`
 * are borrowed: they live as long as the handle they came from (or, for ujit_last_error,
 * until the next call on this thread). Strings returned as `char*` belong to the caller:
 * free them with ujit_free_string.
 *
 * Threads. Every function may be called from any thread. Handles may be shared between
 * threads, except that releasing a handle must not race with its use. Concurrent calls of
 * one function compile each specialization once.
 *
 * Arrays cross as DLPack DLTensor (dlpack/dlpack.h): strides in elements, NULL strides
 * meaning compact row-major, as DLPack says. kDLCPU tensors are host memory; kDLCUDA
 * tensors are device memory (for kernel launches and GPU ufuncs only).
 *
 * CUDA. The CUDA driver is loaded on first use, never linked. Where it is unavailable (no
 * libcuda.so.1, no GPU, UJIT_DISABLE_CUDA=1; ujit_cuda_available() says so up front) CUDA
 * host code still runs, on the host device: device arrays are host memory (their tensors are
 * kDLCPU, their "device pointer" a host address), copies are memcpy, streams and events are
 * synchronous (events time with the host clock), ujit_cuda_synchronize returns at once, and
 * kernel launches, CUDA ufuncs and gufuncs run compiled for the CPU on those arrays in place.
 * What needs a GPU itself returns UJIT_ERROR_CUDA_UNAVAILABLE with the reason: the device
 * queries (driver version, device info, select/current device) and compiling for the GPU.
 */
#ifndef UJIT_H
#define UJIT_H

#include <stddef.h>
#include <stdint.h>
/* DLTensor is a typedef of an unnamed struct: it cannot be forward-declared. */
#include <dlpack/dlpack.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ version */

#define UJIT_API_VERSION_MAJOR_NUMBER 1
#define UJIT_API_VERSION_MINOR_NUMBER                                                                                  \
    10 /* 1.3: UJIT_FLOAT16; 1.4: UJIT_RECORD_ARRAY, ujit_cuda_set_device_allocator, ujit_cuda_ipc_*;    \
         1.5: dict and set arguments (ujit_dict_create, ujit_set_create, ujit_dict_put),          \
         ujit_set_warning_callback; 1.6: generator results (UJIT_GENERATOR_RESULT, ujit_generator_*); \
         1.7: record device arrays (ujit_device_array_new_records, ujit_device_array_record_type,   \
         ujit_device_array_record_view); \
         1.8: ujit_function_kernel_cooperative, ujit_function_max_cooperative_grid_blocks; \
         1.9: ujit_cuda_set_host_allocator; \
         1.10: UJIT_DATETIME64 / UJIT_TIMEDELTA64 (+ unit), UJIT_DL_TIME_BASE */
/* (major << 16) | minor */
#define UJIT_API_VERSION ((UJIT_API_VERSION_MAJOR_NUMBER << 16) | UJIT_API_VERSION_MINOR_NUMBER)
#define UJIT_API_VERSION_MAJOR(v) ((v) >> 16)
#define UJIT_API_VERSION_MINOR(v) ((v) & 0xffff)

/* The API version of the loaded library (UJIT_API_VERSION when it was built). */
uint32_t ujit_api_version(void);
/* "0.1.0 (LLVM 19.1.7)" */
const char* ujit_version(void);
/* The CBLAS library np.dot and `@` use on the CPU (opened on the first call of this or of a
 * product; " (ILP64)" appended for 64-bit integer CBLAS), or "" when there is none and ujit
 * computes with its own loops. */
const char* ujit_blas_library(void);

/* ------------------------------------------------------------------ errors */

typedef enum ujit_status {
    UJIT_OK = 0,
    UJIT_ERROR_COMPILE = 1,  /* the source or a signature is wrong: a diagnostic with location */
    /* compiled code raised (ZeroDivisionError, ...), or a CUDA error. The program's own
     * `raise`/`assert` reads "ValueError: negative (raised in f at f.py:3:9)" (no ": ..."
     * when it has no message): Python's class, the message, where it was raised. */
    UJIT_ERROR_RUNTIME = 2,
    UJIT_ERROR_ARGUMENT = 3, /* the caller passed something unusable (null, wrong dtype, ...) */
    UJIT_ERROR_INTERNAL = 4, /* a bug in ujit, or out of memory */
    UJIT_ERROR_CUDA_UNAVAILABLE = 5 /* a CUDA function without a usable driver or GPU */
} ujit_status;

/* Thread-local description of the last failure on this thread ("" if none). */
const char* ujit_last_error(void);
/* Location of the last compile error: line/col 0 when unknown. Any pointer may be NULL. */
void ujit_last_error_location(const char** file, int* line, int* col);
/* "UJIT_OK", "UJIT_ERROR_COMPILE", ...; "unknown status" for other values. Static. */
const char* ujit_status_name(ujit_status status);

/* ------------------------------------------------------------------ values */

typedef enum ujit_dtype {
    UJIT_BOOL = 0,
    UJIT_INT8,
    UJIT_INT16,
    UJIT_INT32,
    UJIT_INT64,
    UJIT_UINT8,
    UJIT_UINT16,
    UJIT_UINT32,
    UJIT_UINT64,
    UJIT_FLOAT32,
    UJIT_FLOAT64,
    UJIT_COMPLEX64,
    UJIT_COMPLEX128,
    UJIT_FLOAT16, /* IEEE half: a scalar travels in v.f (a double), an array element is 2 bytes */
    /* NumPy's datetime64 / timedelta64: UJIT_DATETIME64 + unit, UJIT_TIMEDELTA64 + unit, the unit
     * NumPy's code (0 Y, 1 M, 2 W, 4 D, 5 h, 6 m, 7 s, 8 ms, 9 us, 10 ns, 11 ps, 12 fs, 13 as,
     * 14 generic). A scalar travels in v.i (an int64 count of units; INT64_MIN is NaT). */
    UJIT_DATETIME64 = 16,
    UJIT_TIMEDELTA64 = 32
} ujit_dtype;
/* DLPack has no datetime64/timedelta64: a DLTensor of one says dtype.code = UJIT_DL_TIME_BASE +
 * its ujit_dtype, 64 bits, 1 lane (ujit's results say so too). */
#define UJIT_DL_TIME_BASE 128

/* "float32", ...; NULL for an invalid value. Static. */
const char* ujit_dtype_name(ujit_dtype dtype);

typedef enum ujit_target { UJIT_TARGET_CPU = 0, UJIT_TARGET_PARALLEL = 1, UJIT_TARGET_CUDA = 2 } ujit_target;

/* A view handed to packed wrappers (see src/codegen/abi.hpp); strides in bytes. */
typedef struct ujit_array_view {
    void* data;
    const int64_t* shape;
    const int64_t* strides;
} ujit_array_view;

/* One argument or result. For a scalar, `dtype` and the matching union member; for an
 * array, `array` points to a DLTensor (is_array = UJIT_ARRAY; `dtype` is ignored).
 * is_array = UJIT_ARRAY_READONLY passes an array compiled code must not write (a read-only
 * mmap, NumPy's flags.writeable false; DLPack's tensors carry no such flag): it types as
 * Numba's `readonly array(...)`, a store into it is a compile error, and a kernel launch
 * does not copy it back. */
#define UJIT_ARRAY 1
#define UJIT_ARRAY_READONLY 3 /* UJIT_ARRAY | 2: any is_array with bit 2 set is read-only */
/* A result array (is_array = UJIT_ARRAY_RESULT, `result` its handle, see ujit_array below).
 * Passed back as an argument, it is the array it holds (read-only if that is). */
#define UJIT_ARRAY_RESULT 4
/* A str (Numba's unicode_type): is_array = UJIT_STRING, `v.str` its UTF-8 text and byte
 * length (NUL bytes allowed; lone surrogates in their 3-byte forms, as Python's
 * "surrogatepass" writes them). An argument's text is borrowed for the call. A str result
 * is NUL-terminated text that belongs to the caller: free it with
 * ujit_free_string((char*)v.str.data); results past `max_results` are freed here. */
#define UJIT_STRING 8
typedef struct ujit_array ujit_array;
/* A list result (is_array = UJIT_LIST_RESULT, `list` its handle, see ujit_list below). */
#define UJIT_LIST_RESULT 5
typedef struct ujit_list ujit_list;
/* A dict or set result (is_array = UJIT_DICT_RESULT, `dict` its handle, see ujit_dict below). */
#define UJIT_DICT_RESULT 6
typedef struct ujit_dict ujit_dict;
/* A record (NumPy structured dtype) array, or one record: is_array = UJIT_RECORD_ARRAY
 * (UJIT_RECORD_ARRAY | 2 read-only), v.record.tensor its DLTensor, whose dtype is the bytes of
 * one record, {kDLOpaqueHandle, 8, lanes = the record's itemsize} (strides count records), and
 * v.record.type Numba's spelling of its Record type, as numba.from_dtype(dtype) prints it:
 * "Record(a[type=int32;offset=0],b[type=float32;offset=4];8;False)" (fields name[type=T;offset=N],
 * T a number type, a nested record or nestedarray(T, (d0, d1)); then the itemsize and whether
 * NumPy aligned it). A 0-d tensor is one record, passed by reference: compiled code's `r.a = 1`
 * writes it. Records are arguments only: a function returning a record is refused. */
#define UJIT_RECORD_ARRAY 16
/* A generator (is_array = UJIT_GENERATOR_RESULT, `generator` its handle, see ujit_generator
 * below): what a generator function (a def with `yield`) returns. A result only. */
#define UJIT_GENERATOR_RESULT 32
typedef struct ujit_generator ujit_generator;
typedef struct ujit_value {
    int32_t is_array;
    ujit_dtype dtype;
    union {
        int64_t i;     /* bool and signed ints */
        uint64_t u;    /* unsigned ints */
        double f;      /* float32 and float64 */
        double c[2];   /* complex: real, imag */
        const DLTensor* array;
        ujit_array* result;
        ujit_list* list;
        struct {
            const char* data;
            int64_t length; /* bytes */
        } str;
        ujit_dict* dict;
        struct {
            const DLTensor* tensor;
            const char* type;
        } record;
        ujit_generator* generator;
    } v;
} ujit_value;

/* An array a compiled function returned. The handle holds one reference to it: memory that
 * compiled code allocated stays alive until ujit_array_release has run and every DLPack
 * export's deleter has. An array that borrows the caller's memory (the function returned an
 * argument or a view of one: ujit_array_owns_memory gives 0) is valid only while that
 * argument's memory is, as the argument's own views are. The accessors accept NULL (giving
 * NULL or 0); what they return lives as long as the handle. */
void* ujit_array_data(const ujit_array* a);
int32_t ujit_array_ndim(const ujit_array* a);
const int64_t* ujit_array_shape(const ujit_array* a);
const int64_t* ujit_array_strides(const ujit_array* a); /* bytes, as NumPy's */
ujit_dtype ujit_array_dtype(const ujit_array* a);
/* 1 when the array's type is read-only (a view of a UJIT_ARRAY_READONLY argument). */
int ujit_array_readonly(const ujit_array* a);
/* 1 when ujit owns the memory (the handle keeps it alive), 0 when it borrows an argument's. */
int ujit_array_owns_memory(const ujit_array* a);
/* A kDLCPU view (strides in elements), borrowed from the handle. UJIT_ERROR_ARGUMENT when
 * a stride is not a whole number of items (only C++ callers can pass such arrays). */
ujit_status ujit_array_dltensor(const ujit_array* a, const DLTensor** out);
/* DLPack export: the tensor holds its own reference (released by its deleter, which the
 * consumer calls), independently of the handle. */
ujit_status ujit_array_to_dlpack(const ujit_array* a, DLManagedTensor** out);
void ujit_array_release(ujit_array* a);

/* A list a compiled function returned (a Python list, as Numba returns it): the handle holds
 * its items, with their own references to arrays among them. ujit_list_item writes item
 * `index` as a call writes its result: scalars, arrays and lists as new handles the caller
 * owns (release each), a tuple flattened into up to `max_out` values (*n_out says how many
 * it has; NULL allowed). UJIT_ERROR_ARGUMENT for an index past the end. */
size_t ujit_list_length(const ujit_list* l);
/* A list to pass as an argument (is_array = UJIT_LIST_RESULT, v.list the handle): its items
 * are arguments as ujit_function_call takes them (scalars, arrays, lists); compiled code
 * sees Numba's reflected list of the first item's type, and what it leaves in the list
 * (append, l[i] = x) is the handle's after the call, as Numba reflects a Python list. */
ujit_status ujit_list_create(const ujit_value* items, size_t n, ujit_list** out);
/* Makes the list a numba.typed.List of `item_type` (Numba's spelling, "int64"): ListType[T]
 * in compiled code, even when empty. */
ujit_status ujit_list_set_item_type(ujit_list* l, const char* item_type);
/* The item type of a numba.typed.List (Numba's spelling, "int64"): a ListType[T] result (a
 * List() or List.empty_list(T) made in compiled code) or one set above; NULL for a plain list.
 * The text lives as long as the handle. */
const char* ujit_list_item_type(const ujit_list* l);
ujit_status ujit_list_item(const ujit_list* l, size_t index, ujit_value* out, size_t max_out, size_t* n_out);
void ujit_list_release(ujit_list* l);
/* A dict (Numba's typed dict) or set a compiled function returned: the handle holds its
 * entries, copied out in the container's order (a dict's insertion order). ujit_dict_key and
 * ujit_dict_value write entry `index`'s key or value as a call writes its result (a tuple
 * flattened into up to `max_out` values, *n_out how many it has, NULL allowed; an array as a
 * new handle the caller releases). A set's entries have keys only. UJIT_ERROR_ARGUMENT for an
 * index past the end, or a set's value. */
size_t ujit_dict_length(const ujit_dict* d);
int ujit_dict_is_set(const ujit_dict* d);
ujit_status ujit_dict_key(const ujit_dict* d, size_t index, ujit_value* out, size_t max_out, size_t* n_out);
ujit_status ujit_dict_value(const ujit_dict* d, size_t index, ujit_value* out, size_t max_out, size_t* n_out);
void ujit_dict_release(ujit_dict* d);
/* A generator a compiled generator function returned (Numba returns a generator object to
 * Python). Nothing of its body runs before the first ujit_generator_next; each call resumes
 * the compiled code up to its next `yield` and writes the yielded value as a call writes its
 * result (a tuple flattened into up to `max_out` values, *n_out how many it has, NULL
 * allowed; arrays, lists, dicts as new handles the caller releases), with *has_item 1; once
 * the generator has finished, *has_item is 0 and nothing is written. A raise inside the body
 * returns UJIT_ERROR_RUNTIME (ujit_last_error: "ValueError: two (raised in ...)") and
 * finishes the generator, as Python's generators do. Releasing the handle releases what the
 * suspended body holds. The arguments of the call that made it are borrowed as a call
 * borrows them (an array's memory must outlive the generator; strs and lists are copied).
 * One thread at a time. */
ujit_status ujit_generator_next(ujit_generator* g, int* has_item, ujit_value* out, size_t max_out, size_t* n_out);
/* Numba's type of the generator: "int64 generator(func=squares, args=(int64,), has_finalizer=True)".
 * Lives as long as the handle. */
const char* ujit_generator_type(const ujit_generator* g);
void ujit_generator_release(ujit_generator* g);
/* A dict (numba.typed.Dict) or set to pass as an argument (is_array = UJIT_DICT_RESULT, v.dict
 * the handle; a dict or set result passes back the same way). key_type and value_type (a
 * set's item_type) are Numba's spellings ("int64", "unicode_type", "UniTuple(int64, 2)"), so
 * that even an empty one has a type; NULL types the container from its first entry. Compiled
 * code sees DictType[k,v] (a set: set(k)), and what it leaves in the container (d[k] = v,
 * del d[k], s.add(x)) is the handle's after a call that returned, as Numba's typed Dict is
 * shared and its reflected set written back (a call that raised leaves the handle as it was). */
ujit_status ujit_dict_create(const char* key_type, const char* value_type, ujit_dict** out);
ujit_status ujit_set_create(const char* item_type, ujit_dict** out);
/* Appends an entry, d[key] = value: the key is key[0..n_key) (n_key > 1: a tuple of them), the
 * value value[0..n_value) likewise (a set: value NULL, n_value 0), each as ujit_function_call
 * takes an argument. Entries go into the container in order, so a repeated key's last value
 * wins, as in a Python dict display. UJIT_ERROR_ARGUMENT for a set given a value, a dict
 * given none. */
ujit_status ujit_dict_put(ujit_dict* d, const ujit_value* key, size_t n_key, const ujit_value* value, size_t n_value);

/* ------------------------------------------------------------------ modules */

typedef struct ujit_module ujit_module;
typedef struct ujit_function ujit_function;

/* A module-level name the host defines for the source, as if the module assigned it
 * before its first statement (the source's own imports, constants and functions of the
 * same name win). What a host gives for a Python function's __globals__:
 *   UJIT_GLOBAL_SCALAR    a constant of `scalar.dtype`: a Python int is INT64, a float
 *                         FLOAT64, a bool BOOL, a NumPy scalar its dtype (np.float32(2) is
 *                         FLOAT32), complex COMPLEX128;
 *   UJIT_GLOBAL_TUPLE     a constant tuple of `n_elements` globals (SCALAR or TUPLE;
 *                         their names are ignored);
 *   UJIT_GLOBAL_MODULE    an imported module: `module` is "math", "numpy", "numba",
 *                         "numba.cuda" or "random" (`np` -> "numpy", `cuda` ->
 *                         "numba.cuda");
 *   UJIT_GLOBAL_MEMBER    what `from <module> import <member>` binds: `module` as for
 *                         UJIT_GLOBAL_MODULE, `member` the name ("sqrt" from "math", "jit"
 *                         or "vectorize" from "numba", "cuda" from "numba");
 *   UJIT_GLOBAL_FUNCTION  another name for a function defined in this module's source:
 *                         `function` is its def name;
 *   UJIT_GLOBAL_ARRAY     a NumPy array the code reads (`scalar` holds it: a DLTensor with
 *                         is_array UJIT_ARRAY, or a ujit_array): frozen as Numba freezes a
 *                         global array, its items copied when the module is made, typed as
 *                         `readonly array(dtype, Nd, C)` (a store into it is a compile error);
 *   UJIT_GLOBAL_DEVICE_ARRAY  an array captured by reference, as Numba captures a global
 *                         device array (`scalar` holds a DLTensor with is_array UJIT_ARRAY):
 *                         its data pointer (device memory, or host memory where kernels run
 *                         on the CPU), shape and strides are compiled into the code, which
 *                         reads and writes it in place; the memory must outlive the module.
 * Another jitted function that the code calls: put its source (with its decorator) into
 * the same module source, before or after the caller, and, when the caller's global name
 * differs from the def name, add a UJIT_GLOBAL_FUNCTION alias. */
typedef enum ujit_global_kind {
    UJIT_GLOBAL_SCALAR = 0,
    UJIT_GLOBAL_TUPLE = 1,
    UJIT_GLOBAL_MODULE = 2,
    UJIT_GLOBAL_FUNCTION = 3,
    UJIT_GLOBAL_MEMBER = 4,
    UJIT_GLOBAL_ARRAY = 5,
    UJIT_GLOBAL_DEVICE_ARRAY = 6
} ujit_global_kind;

typedef struct ujit_global {
    const char* name;
    ujit_global_kind kind;
    ujit_value scalar;                  /* SCALAR (is_array must be 0); ARRAY (an array) */
    const struct ujit_global* elements; /* TUPLE */
    size_t n_elements;                  /* TUPLE */
    const char* module;                 /* MODULE, MEMBER */
    const char* function;               /* FUNCTION */
    const char* member;                 /* MEMBER */
} ujit_global;

/* Where the source comes from, for diagnostics, and the globals it sees. All optional:
 * zero-initialize, then set what applies. */
typedef struct ujit_module_options {
    const char* filename; /* named in diagnostics; NULL: "<string>" */
    /* The source's first line is line `first_line` of `filename` (0 or 1: no shift), and
     * every line of the source lost `column_offset` columns of indentation (what a host
     * that dedents one function's source removed). Diagnostics and ujit_last_error_location
     * report file positions; the source line they quote is re-indented. */
    int32_t first_line;
    int32_t column_offset;
    const ujit_global* globals;
    size_t n_globals;
    /* CUDA: files linked into every kernel of the module, as if each @cuda.jit said
     * link=[...] (.cu compiled by NVRTC, .ptx, .cubin, .fatbin, .o, .a, .ltoir): where its
     * cuda.declare_device functions are defined. */
    const char* const* link;
    size_t n_link;
} ujit_module_options;

/* Parses and checks a module. Compile errors: UJIT_ERROR_COMPILE with the location; a
 * bad global (unknown module, no such function, invalid dtype): UJIT_ERROR_ARGUMENT naming
 * the global. `options` may be NULL. */
ujit_status ujit_module_from_source(const char* source, const ujit_module_options* options, ujit_module** out);
/* ujit_module_from_source with only a filename. */
ujit_status ujit_module_from_string(const char* source, const char* filename, ujit_module** out);
ujit_status ujit_module_from_file(const char* path, ujit_module** out);
void ujit_module_release(ujit_module* m);

/* The functions the module defines, in source order; names borrowed from `m`. */
ujit_status ujit_module_function_count(const ujit_module* m, size_t* count);
ujit_status ujit_module_function_name(const ujit_module* m, size_t index, const char** name);
/* UJIT_ERROR_ARGUMENT when the module has no such function. */
ujit_status ujit_module_function(ujit_module* m, const char* name, ujit_function** out);
void ujit_function_release(ujit_function* f);

/* ------------------------------------------------------------------ introspection */

typedef enum ujit_function_kind {
    UJIT_KIND_PLAIN = 0,       /* no ujit/Numba decorator: compiles like @jit */
    UJIT_KIND_JIT = 1,         /* @jit, @njit */
    UJIT_KIND_VECTORIZE = 2,   /* @vectorize: apply with ujit_function_vectorize* */
    UJIT_KIND_GUVECTORIZE = 3, /* @guvectorize: layout in gufunc_layout */
    UJIT_KIND_CUDA_KERNEL = 4, /* @cuda.jit: launch with ujit_function_launch */
    UJIT_KIND_CUDA_DEVICE = 5  /* @cuda.jit(device=True): called from kernels only */
} ujit_function_kind;

typedef struct ujit_function_info {
    const char* name;          /* the def name (borrowed from the function handle) */
    ujit_function_kind kind;
    ujit_target target;        /* what the decorator asks for: CUDA for @cuda.jit and target='cuda' */
    int32_t fastmath;          /* the decorator's fastmath=True */
    size_t n_params;           /* see ujit_function_param_name */
    size_t n_signatures;       /* declared (eager) signatures; see ujit_function_signature */
    const char* gufunc_layout; /* "(n),()->(n)" for @guvectorize, else "" (borrowed) */
} ujit_function_info;

ujit_status ujit_function_get_info(const ujit_function* f, ujit_function_info* out);
/* Parameter `index`'s name as the def spells it (borrowed). */
ujit_status ujit_function_param_name(const ujit_function* f, size_t index, const char** name);
/* Declared signature `index` in Numba's spelling, "float32(float32, float32)" (borrowed). */
ujit_status ujit_function_signature(const ujit_function* f, size_t index, const char** signature);

/* ------------------------------------------------------------------ compile, call, dump */

/* Compiles eagerly for a Numba signature string ("float32(float32, float32)") and returns
 * the raw native entry point (CPU targets; NULL for CUDA, which only compiles to PTX).
 * `native_out` may be NULL. ABI: scalars natural, arrays expanded to data, shape...,
 * strides... (bytes, int64), see ujit_array_view. A tuple or array result comes back
 * through a hidden first pointer; an array's is {data, shape[N], strides[N], owner}, whose
 * owner reference the caller releases (src/codegen/abi.hpp, src/nrt/nrt.h). */
ujit_status ujit_function_compile(ujit_function* f, const char* signature, ujit_target target, void** native_out);
/* Compiles every declared signature; *n_compiled (may be NULL) says how many. */
ujit_status ujit_function_compile_declared(ujit_function* f, ujit_target target, size_t* n_compiled);

/* Calls with lazy specialization from the argument types (Numba's dispatcher: a declared
 * signature that accepts the arguments wins). Scalars and kDLCPU arrays. A tuple result
 * fills up to `max_results` values (nested tuples flattened); *n_results says how many the
 * function returned (1 for a scalar, 0 for None). `n_results` may be NULL. An array result
 * (alone or in a tuple) is a value with is_array = UJIT_ARRAY_RESULT whose `v.result`
 * handle belongs to the caller (ujit_array_release); arrays past `max_results` are
 * released here. A call with
 * scalar arguments whose types were used recently with this function (any handle; the
 * last 8 combinations are kept) takes a lock-free path that allocates nothing. */
ujit_status ujit_function_call(ujit_function* f, const ujit_value* args, size_t n_args, ujit_value* results,
                               size_t max_results, size_t* n_results);

/* Dumps of a specialization: what = "types" | "llvm" | "asm" | "ptx". `signature` may be
 * NULL for the decorator's first; `arch` (CUDA, "sm_80") may be NULL. The string belongs
 * to the caller: free with ujit_free_string. */
ujit_status ujit_function_dump(ujit_function* f, const char* what, const char* signature, const char* arch,
                               char** text_out);
void ujit_free_string(char* s);
/* CUDA: the cubin a GPU loads for a specialization (`signature`, NULL: the declared first),
 * its PTX linked with the link= files of the kernel, its callees and their
 * cuda.declare_device functions, for `arch` ("sm_90"; NULL: the PTX's own). `*image` (`*size`
 * bytes) belongs to the caller: free with ujit_free_string. UJIT_ERROR_ARGUMENT when nothing
 * is linked; the linker's log (an undefined symbol, a missing file) otherwise. */
ujit_status ujit_function_link_cubin(ujit_function* f, const char* signature, const char* arch, char** image,
                                     size_t* size);

/* hash(s) of a str in compiled code is CPython's for the siphash key (k0, k1) of CPython's
 * hash secret (_Py_HashSecret), as Numba's is; zero until set (CPython's under
 * PYTHONHASHSEED=0). The Python package sets it at import. */
void ujit_set_str_hash_secret(uint64_t k0, uint64_t k1);

/* Where compile-time warnings go (ujit::set_warning_handler in ujit.hpp): each once, on the
 * thread that compiles the specialization giving it, as Numba warns while compiling.
 * `category` is Numba's warning class ("NumbaTypeSafetyWarning"), `message` Numba's text,
 * `file` (NULL when unknown) and line/column where (0 when unknown); the strings live for the
 * callback's duration. NULL restores the default, a line "FILE:LINE:COL: warning: MESSAGE
 * [CATEGORY]" on stderr. (API 1.5) */
typedef void (*ujit_warning_callback)(const char* category, const char* message, const char* file, int line, int column,
                                      void* user);
void ujit_set_warning_callback(ujit_warning_callback callback, void* user);

/* ------------------------------------------------------------------ NumPy ufunc loops */

/* NumPy's PyUFuncGenericFunction: args = inputs..., output; dims[0] = element count;
 * steps = byte strides, inputs..., output; data = what ujit_function_ufunc_loop gave. */
typedef void (*ujit_numpy_loop_fn)(char** args, const int64_t* dims, const int64_t* steps, void* data);
/* Called on the loop's thread when the compiled code raises inside a loop (message
 * "ZeroDivisionError: division by zero"); the loop then stops its current call. A
 * Python host sets the Python exception here (taking the GIL: NumPy may run loops
 * without it). */
typedef void (*ujit_loop_error_fn)(void* context, ujit_status status, const char* message);

typedef struct ujit_ufunc_loop ujit_ufunc_loop;

/* The inner loop of a @vectorize (or undecorated scalar) function compiled for
 * `signature`, with NumPy's calling convention: register `*loop_out` and `*data_out` with
 * PyUFunc_FromFuncAndData. `types_out` (may be NULL) receives inputs..., output dtypes,
 * up to `max_types`; *n_types (may be NULL) says how many there are. The loop handle
 * keeps the code (and its module) alive: release it only after the ufunc is gone. Errors
 * raised in the loop go to `on_error` (may be NULL: then they are recorded as this
 * thread's last error, status UJIT_ERROR_RUNTIME). */
ujit_status ujit_function_ufunc_loop(ujit_function* f, const char* signature, ujit_loop_error_fn on_error,
                                     void* context, ujit_ufunc_loop** handle_out, ujit_numpy_loop_fn* loop_out,
                                     void** data_out, ujit_dtype* types_out, size_t max_types, size_t* n_types);
void ujit_ufunc_loop_release(ujit_ufunc_loop* loop);

/* ------------------------------------------------------------------ CUDA: devices */

typedef struct ujit_stream ujit_stream;
typedef struct ujit_event ujit_event;
typedef struct ujit_device_array ujit_device_array;

/* 1 when CUDA can be used; else 0 and, if `reason` is not NULL, why (static string). */
int ujit_cuda_available(const char** reason);
/* cuda.libdevice's functions (static text, one line each, in name order): "NAME RESULT
 * PARAMS", NAME without libdevice's `__nv_`, RESULT and each comma-separated parameter a type
 * code (d float64, f float32, h int16, i int32, l int64, v none) and a parameter name, an out
 * parameter (`*d sptr`: a pointer libdevice stores through, an extra result) starred. */
const char* ujit_cuda_libdevice_functions(void);
/* 0 devices when CUDA is unavailable (UJIT_OK). */
ujit_status ujit_cuda_device_count(int* count);
ujit_status ujit_cuda_driver_version(int* version); /* 12040 for 12.4 */

typedef struct ujit_device_info {
    int32_t ordinal;
    char name[256];
    char arch[16]; /* "sm_90": what PTX for this device targets */
    int32_t cc_major, cc_minor;
    int32_t sm_count;
    int32_t warp_size;
    int32_t max_threads_per_block;
    int32_t max_block_dim[3];
    int32_t max_grid_dim[3];
    uint64_t shared_mem_per_block;       /* static + dynamic without opting in */
    uint64_t shared_mem_per_block_optin; /* the most a kernel may opt into */
    uint64_t total_memory;
} ujit_device_info;

ujit_status ujit_cuda_device_info(int ordinal, ujit_device_info* out);
/* The device this thread uses from now on (device 0 until selected). */
ujit_status ujit_cuda_select_device(int ordinal);
ujit_status ujit_cuda_current_device(int* ordinal);
/* Waits for all work queued on the current device. */
ujit_status ujit_cuda_synchronize(void);
/* Returns the memory pool's cached blocks (freed arrays kept for reuse) to the driver, or
 * on the host device to the C library, on every device. Arrays in use are untouched. */
ujit_status ujit_cuda_free_pool(void);

/* An external allocator for device memory (Numba's EMM plugins, RMM). While one is set,
 * every device array ujit creates takes its memory from allocate() and returns it through
 * release() when its last view goes, bypassing the caching pool; memory an earlier
 * allocator gave keeps going back to it, with its `user`, which must stay valid until then.
 * allocate() returns UJIT_OK and the address in *ptr (it is never asked for 0 bytes); any
 * other status fails the allocation (UJIT_ERROR_RUNTIME for the caller). On the host device
 * (no GPU) it must hand out host memory and `device` is 0. `device` -1 sets every device's
 * allocator (forgetting per-device ones); an ordinal sets that device's. Set struct_size to
 * sizeof(ujit_device_allocator). NULL: ujit's pool again. (API 1.4) */
typedef struct ujit_device_allocator {
    size_t struct_size;
    ujit_status (*allocate)(void* user, int device, size_t bytes, uint64_t* ptr);
    void (*release)(void* user, int device, uint64_t ptr, size_t bytes);
    void* user;
} ujit_device_allocator;
ujit_status ujit_cuda_set_device_allocator(int device, const ujit_device_allocator* allocator);

/* CUDA IPC (Linux, a GPU; UJIT_ERROR_RUNTIME on the host device): the handle of the device
 * allocation that holds address `ptr` and ptr's byte offset into it; open maps a handle from
 * another process into the current device's context and gives the allocation's base
 * address; close unmaps it. (API 1.4) */
ujit_status ujit_cuda_ipc_get_handle(uint64_t ptr, unsigned char handle[64], uint64_t* offset);
ujit_status ujit_cuda_ipc_open(const unsigned char handle[64], uint64_t* base);
ujit_status ujit_cuda_ipc_close(uint64_t base);

/* ------------------------------------------------------------------ CUDA: streams, events */

/* A new stream on the current device. Where a function takes a `ujit_stream*`, NULL means
 * the default (legacy, synchronizing) stream. */
ujit_status ujit_stream_create(ujit_stream** out);
/* Wraps another library's CUstream (or CU_STREAM_LEGACY / CU_STREAM_PER_THREAD) on the current
 * device: ujit queues work on it and never destroys it (release only drops the wrapper). */
ujit_status ujit_stream_external(void* cu_stream, ujit_stream** out);
void ujit_stream_release(ujit_stream* s);
ujit_status ujit_stream_synchronize(ujit_stream* s);
/* *done = 1 when all work queued on `s` has finished. */
ujit_status ujit_stream_query(ujit_stream* s, int* done);
/* The CUstream (for interop: __cuda_array_interface__'s "stream", CuPy, ...); NULL for the
 * default stream and on the host device. */
ujit_status ujit_stream_handle(ujit_stream* s, void** cu_stream);

ujit_status ujit_event_create(int timing, ujit_event** out);
void ujit_event_release(ujit_event* e);
ujit_status ujit_event_record(ujit_event* e, ujit_stream* s);
ujit_status ujit_event_synchronize(ujit_event* e);
ujit_status ujit_event_query(ujit_event* e, int* done);
/* Milliseconds from `start` to `end` (both recorded and finished, created with timing). */
ujit_status ujit_event_elapsed_ms(ujit_event* start, ujit_event* end, float* ms);
/* Work queued on `s` after this call waits for `e`. */
ujit_status ujit_stream_wait_event(ujit_stream* s, ujit_event* e);

/* ------------------------------------------------------------------ CUDA: host memory the GPU reaches */

/* Numba's pinned_array, mapped_array and managed_array (include/ujit/cuda.hpp, PinnedArray):
 * PINNED is page-locked; MAPPED is page-locked and mapped into the device's address space
 * (kernels use it in place at the device pointer); MANAGED is unified memory (one address).
 * On the host device all are ordinary host memory and the device pointer is the host address. */
typedef enum ujit_memory_kind {
    UJIT_MEMORY_PINNED = 0,
    UJIT_MEMORY_MAPPED = 1,
    UJIT_MEMORY_MANAGED = 2
} ujit_memory_kind;
typedef struct ujit_host_memory ujit_host_memory;
ujit_status ujit_host_memory_new(size_t nbytes, ujit_memory_kind kind, ujit_host_memory** out);
/* Page-locks `nbytes` of existing host memory at `data` until the handle is released (Numba's
 * cuda.pinned; with `mapped`, cuda.mapped: then the device pointer addresses it). */
ujit_status ujit_host_register(void* data, size_t nbytes, int mapped, ujit_host_memory** out);
void* ujit_host_memory_data(const ujit_host_memory* m);
/* Where kernels find the memory (0 for PINNED memory on a GPU). */
uint64_t ujit_host_memory_device_pointer(const ujit_host_memory* m);
/* An external allocator for page-locked host memory (Numba's EMM plugins' memhostalloc and
 * mempin). While one is set, ujit_host_memory_new's PINNED and MAPPED memory comes from
 * allocate() and goes back through release() when the handle is released (MANAGED stays
 * ujit's); ujit_host_register pins through pin() and unpin() where both are given, else
 * through the driver. `device` is the current device (0 on the host device, where the memory
 * must be ordinary host memory). allocate() returns UJIT_OK with the address in *host and, for
 * mapped memory on a GPU, the address kernels use in *device_ptr; pin() likewise; any other
 * status fails the call (UJIT_ERROR_RUNTIME). Memory goes back to the allocator that gave it,
 * with its `user`, which must stay valid until then. Set struct_size to
 * sizeof(ujit_host_allocator). NULL: the driver again. (API 1.9) */
typedef struct ujit_host_allocator {
    size_t struct_size;
    ujit_status (*allocate)(void* user, int device, size_t bytes, int mapped, void** host, uint64_t* device_ptr);
    void (*release)(void* user, int device, void* host, uint64_t device_ptr, size_t bytes, int mapped);
    ujit_status (*pin)(void* user, int device, void* data, size_t bytes, int mapped, uint64_t* device_ptr);
    void (*unpin)(void* user, int device, void* data, size_t bytes, int mapped);
    void* user;
} ujit_host_allocator;
ujit_status ujit_cuda_set_host_allocator(const ujit_host_allocator* allocator);
void ujit_host_memory_release(ujit_host_memory* m);
/* The current device's free and total memory in bytes (the machine's on the host device). */
ujit_status ujit_cuda_memory_info(size_t* free_bytes, size_t* total_bytes);

/* ------------------------------------------------------------------ CUDA: device arrays */

/* A new array on the current device (pooled memory), C order, or F order when
 * `fortran_order` is not 0. Contents undefined. */
ujit_status ujit_device_array_new(const int64_t* shape, int32_t ndim, ujit_dtype dtype, int32_t fortran_order,
                                  ujit_device_array** out);
/* Copies a kDLCPU tensor to a new device array (same shape; C or F order as the host). */
ujit_status ujit_device_array_from_host(const DLTensor* host, ujit_stream* stream, ujit_device_array** out);
/* Copies into a kDLCPU tensor of the same shape and dtype. Asynchronous on a user stream
 * only when `host` is page-locked; otherwise the copy has finished on return. */
ujit_status ujit_device_array_copy_to_host(const ujit_device_array* a, const DLTensor* host, ujit_stream* stream);
ujit_status ujit_device_array_copy_from_host(ujit_device_array* a, const DLTensor* host, ujit_stream* stream);
/* Device to device (same shape and dtype, both contiguous in the same order). */
ujit_status ujit_device_array_copy_from(ujit_device_array* dst, const ujit_device_array* src, ujit_stream* stream);
/* A view of `a`'s memory (a slice, transpose, reshape, or reinterpretation as `dtype`): the
 * element at index i is at a's data + byte_offset + sum(i_k * strides[k]) (strides in bytes,
 * multiples of dtype's size). It shares the memory, which lives while any view does; every
 * element it reaches must lie within a's, else UJIT_ERROR_ARGUMENT. Copies to and from
 * strided views are supported; release it with ujit_device_array_release. */
ujit_status ujit_device_array_view(const ujit_device_array* a, int64_t byte_offset, const int64_t* shape,
                                   const int64_t* strides, int32_t ndim, ujit_dtype dtype, ujit_device_array** out);
void ujit_device_array_release(ujit_device_array* a);

/* Record (NumPy structured dtype) device arrays (API 1.7). `record_type` is Numba's spelling of
 * the Record type, as UJIT_RECORD_ARRAY values carry it; the itemsize is the one it states. Such
 * an array's tensor (ujit_device_array_dltensor) has the dtype {kDLOpaqueHandle, 8, lanes = the
 * itemsize} with strides counting records; pass it to a kernel as a UJIT_RECORD_ARRAY value
 * with this type (a 0-d array is one record, by reference). Copies to and from the host take
 * tensors of that dtype, records of the same size. ujit_device_array_view reads a record
 * array's bytes as numbers; ujit_device_array_record_view reads any device array as records
 * of `record_type` (NULL: the array's own). */
ujit_status ujit_device_array_new_records(const int64_t* shape, int32_t ndim, const char* record_type,
                                          int32_t fortran_order, ujit_device_array** out);
/* The spelling of the array's Record type, NULL for an array of numbers (lives as long as `a`). */
const char* ujit_device_array_record_type(const ujit_device_array* a);
ujit_status ujit_device_array_record_view(const ujit_device_array* a, int64_t byte_offset, const int64_t* shape,
                                          const int64_t* strides, int32_t ndim, const char* record_type,
                                          ujit_device_array** out);

/* What __cuda_array_interface__ (version 3) needs. On the host device `data` is a host
 * address: such an array must not be offered as __cuda_array_interface__ (its
 * ujit_device_array_dltensor says kDLCPU). */
typedef struct ujit_array_interface {
    uint64_t data;          /* device pointer (on the host device: host address) */
    int32_t ndim;
    const int64_t* shape;   /* borrowed from the array handle */
    const int64_t* strides; /* bytes, borrowed */
    char typestr[8];        /* NumPy's: "<f4", "|b1", "<c16"; records "|V32" (their itemsize) */
    int32_t device;         /* ordinal */
    uint64_t nbytes;
    ujit_dtype dtype;
} ujit_array_interface;

ujit_status ujit_device_array_interface(const ujit_device_array* a, ujit_array_interface* out);
/* A kDLCUDA view of the array (kDLCPU on the host device), borrowed from the handle: pass it
 * as a ujit_value array argument (kernel launches, GPU ufuncs). */
ujit_status ujit_device_array_dltensor(const ujit_device_array* a, const DLTensor** out);
/* DLPack export: the tensor keeps the memory alive until its deleter runs (the consumer
 * calls it), independently of the handle. */
ujit_status ujit_device_array_to_dlpack(const ujit_device_array* a, DLManagedTensor** out);
/* DLPack import of a kDLCUDA tensor (on the host device, a kDLCPU one). On success the handle owns `t` (its deleter runs
 * when the handle and every view of it are gone); on failure the caller still owns it. */
ujit_status ujit_device_array_from_dlpack(DLManagedTensor* t, ujit_device_array** out);

/* ------------------------------------------------------------------ numba.cuda.random */

/* Fills `states`, a kDLCPU uint64 tensor of shape (n, 2) (any strides), with the states of n
 * xoroshiro128+ generators exactly as Numba's create_xoroshiro128p_states(n, seed,
 * subsequence_start) makes them (row i = the s0, s1 of Numba's record i): state 0 is
 * splitmix64(seed) jumped subsequence_start times 2^64 steps, each next one the previous
 * 2^64 steps on. Computed on the host, no GPU needed (copy the tensor to a device array with
 * ujit_device_array_from_host); time grows with n + subsequence_start. Compiled code draws
 * from them with cuda.random.xoroshiro128p_* (numba.cuda.random's names).
 * UJIT_ERROR_ARGUMENT: a null tensor, a kDLCUDA one, another dtype or shape. */
ujit_status ujit_xoroshiro128p_init_states(const DLTensor* states, uint64_t seed, uint64_t subsequence_start);

/* ------------------------------------------------------------------ ufunc application */

/* Applies a @vectorize function: NumPy broadcasting over the inputs (kDLCPU arrays or
 * scalars) into `out`, which must have the broadcast shape (any dtype the result casts
 * to). CPU targets. */
ujit_status ujit_function_vectorize(ujit_function* f, const ujit_value* inputs, size_t n_inputs, DLTensor* out,
                                    ujit_target target);
/* Like ujit_function_vectorize, on any target. With UJIT_TARGET_CUDA the inputs may be
 * kDLCUDA or kDLCPU tensors or scalars, and `out` a kDLCUDA tensor of the loop's dtype
 * (written on `stream`) or a kDLCPU tensor (copied back; finished on return). */
ujit_status ujit_function_vectorize_ex(ujit_function* f, const ujit_value* inputs, size_t n_inputs, DLTensor* out,
                                       ujit_target target, ujit_stream* stream);
/* Applies it into a new array of the broadcast shape and the loop's dtype, returned as a
 * DLPack tensor owned by the caller (call its deleter): kDLCPU for the CPU targets,
 * kDLCUDA (device memory) for UJIT_TARGET_CUDA. */
ujit_status ujit_function_vectorize_new(ujit_function* f, const ujit_value* inputs, size_t n_inputs, ujit_target target,
                                        ujit_stream* stream, DLManagedTensor** out);

/* ------------------------------------------------------------------ kernel launch */

typedef struct ujit_dim3 {
    uint32_t x, y, z; /* each >= 1 */
} ujit_dim3;

/* Launches a @cuda.jit kernel, specialized (once) for the argument types and the current
 * device. Arguments: scalars (converted to the parameter's type by NumPy's safe casting),
 * kDLCUDA tensors (passed as they are) and kDLCPU tensors (copied to the device before and
 * back after the kernel, which then has finished on return, as Numba does). Otherwise the
 * launch is asynchronous on `stream`; a kernel fault surfaces at the next synchronizing
 * call. `shared_mem`: dynamic shared memory in bytes. */
ujit_status ujit_function_launch(ujit_function* kernel, ujit_dim3 grid, ujit_dim3 block, const ujit_value* args,
                                 size_t n_args, ujit_stream* stream, size_t shared_mem);

/* What the driver reports about the specialization of `kernel` for `signature` (argument
 * types as ujit_function_dump takes them, "(float32[::1], int64)"), compiled and loaded on the
 * current device if it was not: cuFuncGetAttribute's NUM_REGS, LOCAL_SIZE_BYTES,
 * CONST_SIZE_BYTES, SHARED_SIZE_BYTES and MAX_THREADS_PER_BLOCK. Set out->struct_size to
 * sizeof(ujit_kernel_attributes) first. Without a CUDA device: UJIT_ERROR_CUDA_UNAVAILABLE. */
typedef struct ujit_kernel_attributes {
    size_t struct_size;
    int32_t regs_per_thread, local_bytes_per_thread, const_bytes, shared_bytes_per_block, max_threads_per_block;
} ujit_kernel_attributes;
ujit_status ujit_function_kernel_attributes(ujit_function* kernel, const char* signature, ujit_kernel_attributes* out);

/* Cooperative groups (numba.cuda.cg). *cooperative: 1 when the specialization of `kernel` for
 * `signature` (as above) synchronizes its grid (cuda.cg.this_grid()), compiled if it was not
 * (no GPU needed): ujit_function_launch then launches it cooperatively, every block resident at
 * once. *blocks: the most blocks of `block` threads and `dynamic_shared` bytes such a launch
 * may have on the current device (Numba's max_cooperative_grid_blocks: the driver's occupancy
 * per multiprocessor times their count); without a CUDA device UJIT_ERROR_CUDA_UNAVAILABLE. */
ujit_status ujit_function_kernel_cooperative(ujit_function* kernel, const char* signature, int* cooperative);
ujit_status ujit_function_max_cooperative_grid_blocks(ujit_function* kernel, const char* signature, ujit_dim3 block,
                                                      size_t dynamic_shared, int* blocks);

/* ------------------------------------------------------------------ owned arrays */

/* Arrays owned by compiled code, counted since the process started (Numba's
 * rtsys.get_allocation_stats): alloc - free blocks are alive now. Set struct_size to
 * sizeof(ujit_allocation_stats) first: fields added later are filled only for callers that
 * know them. */
typedef struct ujit_allocation_stats {
    size_t struct_size;
    uint64_t alloc, free; /* data blocks */
    uint64_t mi_alloc, mi_free; /* headers (meminfos), which also wrap memory from elsewhere */
} ujit_allocation_stats;
ujit_status ujit_get_allocation_stats(ujit_allocation_stats* out);

/* ------------------------------------------------------------------ threads */

/* Numba's thread functions (see ujit::set_num_threads in ujit.hpp): the threads parallel=True
 * code and 'parallel' ufuncs use. ujit_set_num_threads: n from 1 to the pool's size, else
 * UJIT_ERROR_ARGUMENT with Numba's message ("The number of threads must be between 1 and N"). */
ujit_status ujit_set_num_threads(int n);
int ujit_get_num_threads(void);
int ujit_get_thread_id(void);

/* ------------------------------------------------------------------ disk cache */

typedef struct ujit_cache_stats {
    int32_t enabled; /* 0 when UJIT_CACHE=0 or no directory is configured */
    char directory[1024]; /* "" when none is configured */
    uint64_t entries; /* valid entries in the directory */
    uint64_t bytes; /* their size */
    uint64_t hits, misses; /* this process's */
    uint64_t stores; /* this process's */
} ujit_cache_stats;

/* The directory comes from UJIT_CACHE_DIR (else $XDG_CACHE_HOME/ujit, else
 * $HOME/.cache/ujit), read on every call. */
ujit_status ujit_cache_get_stats(ujit_cache_stats* out);
/* Removes every entry of the cache directory; *removed (may be NULL) counts them. */
ujit_status ujit_cache_clear(size_t* removed);

/* ------------------------------------------------------------------ Generalized ufuncs */

/* Applies a guvectorize gufunc with NumPy's gufunc rules: loop dimensions broadcast, core
 * dimensions bound by name across `inputs` (DLTensors of any strides, or scalars) and the
 * caller's `outputs` (one DLTensor per output of the layout, shaped loop + core; checked,
 * cast when the dtype differs from the loop's). Dispatch among the declared signatures by
 * the input dtypes. UJIT_TARGET_CUDA: inputs host or kDLCUDA tensors, outputs C-contiguous
 * kDLCUDA tensors of the loop's dtypes, one GPU thread per loop iteration. */
ujit_status ujit_function_gufunc(ujit_function* f, const ujit_value* inputs, size_t n_inputs, DLTensor* const* outputs,
                                 size_t n_outputs, ujit_target target);

/* A gufunc's layout, canonical ("(m,n),(n,p)->(m,p)"; free with ujit_free_string), and its
 * numbers of inputs and outputs (outputs are the def's last parameters). */
ujit_status ujit_function_gufunc_layout(ujit_function* f, char** layout_out, size_t* n_inputs, size_t* n_outputs);

/* ------------------------------------------------------------------ CUDA C++ through NVRTC */

/* CUDA C++ compiled at run time by NVRTC (libnvrtc.so, opened on first use: where it is
 * absent, UJIT_ERROR_RUNTIME naming it and where it was looked for), with the CUDA toolkit's
 * include directory on the path; compilations are kept in the disk cache. An error in the
 * source: UJIT_ERROR_COMPILE, "FILENAME:LINE:COL: error: ..." (NVRTC's other diagnostics
 * after it), the location in ujit_last_error_location. `options`: NVRTC's (-D..., -I...),
 * n_options of them (NULL when 0); `filename` names the source in diagnostics (NULL:
 * "kernel.cu"). */

/* The PTX of `source` for `arch` ("sm_90"); free *ptx with ujit_free_string. */
ujit_status ujit_cuda_compile_ptx(const char* source, const char* filename, const char* arch,
                                  const char* const* options, size_t n_options, char** ptx);

/* A __global__ function of `source` named `name` (extern "C", as CuPy's RawKernel), compiled
 * for the current device's architecture (sm_75 on the host device). */
typedef struct ujit_raw_kernel ujit_raw_kernel;
ujit_status ujit_raw_kernel_new(const char* source, const char* name, const char* filename, const char* const* options,
                                size_t n_options, ujit_raw_kernel** out);
void ujit_raw_kernel_free(ujit_raw_kernel* k);
/* The PTX and the architecture it was compiled for, borrowed from the handle. */
const char* ujit_raw_kernel_ptx(const ujit_raw_kernel* k);
const char* ujit_raw_kernel_arch(const ujit_raw_kernel* k);
/* Launches on the current device: `params` holds one pointer per kernel parameter (the CUDA
 * driver's kernelParams), asynchronous on `stream`. Without a CUDA device:
 * UJIT_ERROR_CUDA_UNAVAILABLE naming the kernel (CUDA C++ does not run on the CPU). */
ujit_status ujit_raw_kernel_launch(const ujit_raw_kernel* k, ujit_dim3 grid, ujit_dim3 block, void** params,
                                   ujit_stream* stream, size_t shared_mem);

#ifdef __cplusplus
}
#endif

#endif /* UJIT_H */
