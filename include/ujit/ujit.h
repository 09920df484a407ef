/* ujit C API: for scripting hosts (Python through ctypes first) and C programs.
 *
 * Opaque handles, status codes, no C++ exception crosses this boundary. After a call
 * that returns anything but UJIT_OK, ujit_last_error() gives the message (for compile
 * errors, the clang-style diagnostic with FILE:LINE:COL) and ujit_last_error_location()
 * the location. Errors are per thread; every function is thread-safe.
 *
 * Arrays cross as DLPack DLTensor (dlpack/dlpack.h); strides in elements, NULL strides
 * mean compact row-major, as DLPack says.
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

typedef enum ujit_status {
    UJIT_OK = 0,
    UJIT_ERROR_COMPILE = 1,  /* the source or a signature is wrong: a diagnostic with location */
    UJIT_ERROR_RUNTIME = 2,  /* compiled code raised (ZeroDivisionError, ...) */
    UJIT_ERROR_ARGUMENT = 3, /* the caller passed something unusable (null, wrong dtype, ...) */
    UJIT_ERROR_INTERNAL = 4
} ujit_status;

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
    UJIT_COMPLEX128
} ujit_dtype;

typedef enum ujit_target { UJIT_TARGET_CPU = 0, UJIT_TARGET_PARALLEL = 1, UJIT_TARGET_CUDA = 2 } ujit_target;

/* A view handed to packed wrappers (see src/codegen/abi.hpp); strides in bytes. */
typedef struct ujit_array_view {
    void* data;
    const int64_t* shape;
    const int64_t* strides;
} ujit_array_view;

/* One argument or result. For a scalar, `dtype` and the matching union member; for an
 * array, `array` points to a DLTensor (is_array = 1). */
typedef struct ujit_value {
    int32_t is_array;
    ujit_dtype dtype;
    union {
        int64_t i;     /* bool and signed ints */
        uint64_t u;    /* unsigned ints */
        double f;      /* float32 and float64 */
        double c[2];   /* complex: real, imag */
        const DLTensor* array;
    } v;
} ujit_value;

typedef struct ujit_module ujit_module;
typedef struct ujit_function ujit_function;

const char* ujit_version(void);

/* Thread-local description of the last failure on this thread ("" if none). */
const char* ujit_last_error(void);
/* Location of the last compile error: line/col 0 when unknown. `file` may be NULL. */
void ujit_last_error_location(const char** file, int* line, int* col);

ujit_status ujit_module_from_string(const char* source, const char* filename, ujit_module** out);
ujit_status ujit_module_from_file(const char* path, ujit_module** out);
void ujit_module_release(ujit_module* m);

ujit_status ujit_module_function(ujit_module* m, const char* name, ujit_function** out);
void ujit_function_release(ujit_function* f);

/* Compiles eagerly for a Numba signature string ("float32(float32, float32)") and
 * returns the raw native entry point (CPU targets). */
ujit_status ujit_function_compile(ujit_function* f, const char* signature, ujit_target target, void** native_out);

/* Calls with lazy specialization from the argument types. A tuple result fills up to
 * `max_results` values; *n_results says how many the function returned (1 for a scalar,
 * 0 for None). */
ujit_status ujit_function_call(ujit_function* f, const ujit_value* args, size_t n_args, ujit_value* results,
                               size_t max_results, size_t* n_results);

/* Applies a vectorize ufunc: broadcasting over the inputs (arrays or scalars) into `out`,
 * which must have the broadcast shape and the result dtype. */
ujit_status ujit_function_vectorize(ujit_function* f, const ujit_value* inputs, size_t n_inputs, DLTensor* out,
                                    ujit_target target);

/* Dumps of a specialization: what = "types" | "llvm" | "asm" | "ptx". `signature` may be
 * NULL for the decorator's. The string is owned by the caller: free with ujit_free_string. */
ujit_status ujit_function_dump(ujit_function* f, const char* what, const char* signature, const char* arch,
                               char** text_out);
void ujit_free_string(char* s);

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

#ifdef __cplusplus
}
#endif

#endif /* UJIT_H */
