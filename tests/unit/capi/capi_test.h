/* Shared by the C API test's files: the CHECK macro (prints each failed check and counts
 * it; the exit status is the count), value and tensor helpers, and the test groups. */
#ifndef UJIT_CAPI_TEST_H
#define UJIT_CAPI_TEST_H

#include <stdio.h>
#include <string.h>

#include "ujit/ujit.h"

extern int failures;

#define CHECK(cond)                                                                                                    \
    do {                                                                                                               \
        if (!(cond)) {                                                                                                 \
            ++failures;                                                                                                \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n  last error: %s\n", __FILE__, __LINE__, #cond,                  \
                    ujit_last_error());                                                                                \
        }                                                                                                              \
    } while (0)

/* The last error contains `text`. */
#define CHECK_ERROR(text) CHECK(strstr(ujit_last_error(), (text)) != NULL)

static inline ujit_value f64(double x) {
    ujit_value v;
    memset(&v, 0, sizeof v);
    v.dtype = UJIT_FLOAT64;
    v.v.f = x;
    return v;
}

static inline ujit_value f32(float x) {
    ujit_value v = f64(x);
    v.dtype = UJIT_FLOAT32;
    return v;
}

static inline ujit_value i64(int64_t x) {
    ujit_value v;
    memset(&v, 0, sizeof v);
    v.dtype = UJIT_INT64;
    v.v.i = x;
    return v;
}

static inline ujit_value array_value(const DLTensor* t) {
    ujit_value v;
    memset(&v, 0, sizeof v);
    v.is_array = 1;
    v.v.array = t;
    return v;
}

static inline DLTensor tensor(void* data, int ndim, int64_t* shape, int64_t* strides, uint8_t code, uint8_t bits) {
    DLTensor t;
    memset(&t, 0, sizeof t);
    t.data = data;
    t.device.device_type = kDLCPU;
    t.ndim = ndim;
    t.dtype.code = code;
    t.dtype.bits = bits;
    t.dtype.lanes = 1;
    t.shape = shape;
    t.strides = strides;
    return t;
}

static inline ujit_function* get(ujit_module* m, const char* name) {
    ujit_function* f = NULL;
    CHECK(ujit_module_function(m, name, &f) == UJIT_OK && f != NULL);
    return f;
}

/* Blocks the runtime holds now (ujit_get_allocation_stats): a test's leak oracle. */
static inline int64_t live_blocks(void) {
    ujit_allocation_stats s;
    memset(&s, 0, sizeof s);
    s.struct_size = sizeof s;
    CHECK(ujit_get_allocation_stats(&s) == UJIT_OK);
    return (int64_t)(s.alloc - s.free);
}

/* capi_parallel.c */
void test_parallel(void);

/* capi_device_memory.c */
void test_device_allocator(void);
void test_host_allocator(int gpu);

/* capi_strings.c */
void test_string_values(void);

/* capi_modules.c */
void test_version_and_names(void);
void test_module_options(void);
void test_bad_globals(void);
void test_array_globals(void);
void test_device_array_globals(void);
void test_introspection(void);
void test_null_handles(void);
void test_default_arguments(void);
/* capi_loops.c */
void test_ufunc_loops(void);
void test_vectorize_new(void);
void test_cache(void);
/* capi_cuda.c */
void test_cuda(void);
/* capi_nvrtc.c */
void test_nvrtc(void);
/* capi_random.c */
void test_xoroshiro(void);
/* capi_arrays.c */
void test_array_results(void);
/* capi_dicts.c */
void test_dict_results(void);
void test_comprehension_and_tuple_results(void);
void test_dict_arguments(void);
void test_generator_results(void);
/* capi_optional.c */
void test_optional_results(void);
void test_typed_list_results(void); /* numba.typed.List made in compiled code */
/* capi_float16.c */
void test_float16(void);
/* capi_bf16.c */
void test_bf16(void);
/* capi_records.c */
void test_records(void);
void test_device_records(void);
/* capi_language.c */
void test_language(void);
void test_named_tuples(void);

#endif /* UJIT_CAPI_TEST_H */
