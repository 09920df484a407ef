/* The C API from C: load, call, compile to a native pointer, arrays through DLTensor and
 * the native array ABI, tuples, vectorize with broadcasting, dumps, errors with their
 * location, and per-thread errors. Prints each failed check; exit status = failures. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "capi_test.h"

int failures = 0;

static const char* const kSource = "import math\n"
                                   "from numba import jit, vectorize\n"
                                   "\n"
                                   "\n"
                                   "@jit\n"
                                   "def hypot(x, y):\n"
                                   "    x = abs(x)\n"
                                   "    y = abs(y)\n"
                                   "    t = min(x, y)\n"
                                   "    x = max(x, y)\n"
                                   "    t = t / x\n"
                                   "    return x * math.sqrt(1 + t * t)\n"
                                   "\n"
                                   "\n"
                                   "@jit\n"
                                   "def total(a):\n"
                                   "    s = 0.0\n"
                                   "    for i in range(a.shape[0]):\n"
                                   "        s += a[i]\n"
                                   "    return s\n"
                                   "\n"
                                   "\n"
                                   "@jit\n"
                                   "def scale(a, k):\n"
                                   "    for i in range(a.shape[0]):\n"
                                   "        a[i] = a[i] * k\n"
                                   "\n"
                                   "\n"
                                   "@jit\n"
                                   "def floor_divmod(a, b):\n"
                                   "    return a // b, a % b\n"
                                   "\n"
                                   "\n"
                                   "@vectorize(['float32(float32, float32)', 'float64(float64, float64)'])\n"
                                   "def axpy(x, y):\n"
                                   "    return 2 * x + y\n";

static void test_scalars(ujit_module* m) {
    ujit_function* hypot = get(m, "hypot");
    ujit_value args[2] = {f64(3.0), f64(4.0)};
    ujit_value r[2];
    size_t n = 99;
    CHECK(ujit_function_call(hypot, args, 2, r, 2, &n) == UJIT_OK);
    CHECK(n == 1 && r[0].dtype == UJIT_FLOAT64 && r[0].v.f == 5.0);
    CHECK(strcmp(ujit_last_error(), "") == 0);

    /* int64 arguments: a new specialization, still a float64 result (t / x is true division) */
    ujit_value iargs[2] = {i64(-6), i64(8)};
    CHECK(ujit_function_call(hypot, iargs, 2, r, 1, &n) == UJIT_OK);
    CHECK(n == 1 && r[0].dtype == UJIT_FLOAT64 && r[0].v.f == 10.0);

    /* eager float32 specialization, called through its native entry point */
    void* native = NULL;
    CHECK(ujit_function_compile(hypot, "float32(float32, float32)", UJIT_TARGET_CPU, &native) == UJIT_OK);
    CHECK(native != NULL);
    if (native) {
        float (*fp)(float, float) = (float (*)(float, float))native;
        CHECK(fp(5.0f, 12.0f) == 13.0f);
    }
    ujit_function_release(hypot);
}

static void test_tuple(ujit_module* m) {
    ujit_function* f = get(m, "floor_divmod");
    ujit_value args[2] = {i64(-7), i64(2)};
    ujit_value r[2];
    size_t n = 0;
    CHECK(ujit_function_call(f, args, 2, r, 2, &n) == UJIT_OK);
    CHECK(n == 2 && r[0].dtype == UJIT_INT64 && r[0].v.i == -4 && r[1].v.i == 1); /* Python's floor semantics */
    /* room for one result: the first is filled, n still says 2 */
    ujit_value one = i64(0);
    CHECK(ujit_function_call(f, args, 2, &one, 1, &n) == UJIT_OK && n == 2 && one.v.i == -4);
    ujit_function_release(f);
}

static void test_arrays(ujit_module* m) {
    ujit_function* total = get(m, "total");
    double data[6] = {1, 2, 3, 4, 5, 6};
    int64_t shape[1] = {6};
    DLTensor t = tensor(data, 1, shape, NULL, kDLFloat, 64);
    ujit_value a = array_value(&t);
    ujit_value r;
    size_t n = 0;
    CHECK(ujit_function_call(total, &a, 1, &r, 1, &n) == UJIT_OK && n == 1 && r.v.f == 21.0);

    /* a strided view (every other element; DLPack strides count elements) */
    int64_t half[1] = {3}, every_other[1] = {2};
    DLTensor s = tensor(data, 1, half, every_other, kDLFloat, 64);
    a = array_value(&s);
    CHECK(ujit_function_call(total, &a, 1, &r, 1, &n) == UJIT_OK && r.v.f == 1.0 + 3.0 + 5.0);

    /* the native entry expands an array into data, shape..., strides... (bytes), see
     * src/codegen/abi.hpp; ujit_array_view holds the same three things */
    void* native = NULL;
    CHECK(ujit_function_compile(total, "float64(float64[:])", UJIT_TARGET_CPU, &native) == UJIT_OK && native);
    if (native) {
        int64_t stride_bytes[1] = {2 * sizeof(double)};
        ujit_array_view view = {data, half, stride_bytes};
        double (*fp)(void*, int64_t, int64_t) = (double (*)(void*, int64_t, int64_t))native;
        CHECK(fp(view.data, view.shape[0], view.strides[0]) == 9.0);
    }

    /* in-place update, None result */
    ujit_function* scale = get(m, "scale");
    DLTensor whole = tensor(data, 1, shape, NULL, kDLFloat, 64);
    ujit_value args[2] = {array_value(&whole), f64(0.5)};
    n = 99;
    CHECK(ujit_function_call(scale, args, 2, NULL, 0, &n) == UJIT_OK && n == 0);
    CHECK(data[0] == 0.5 && data[5] == 3.0);

    /* a bad DLTensor is an argument error, not a crash */
    DLTensor bad = tensor(data, 1, shape, NULL, kDLFloat, 8);
    a = array_value(&bad);
    CHECK(ujit_function_call(total, &a, 1, &r, 1, &n) == UJIT_ERROR_ARGUMENT);
    CHECK(strlen(ujit_last_error()) > 0);
    ujit_function_release(scale);
    ujit_function_release(total);
}

static void test_vectorize(ujit_module* m) {
    ujit_function* axpy = get(m, "axpy");
    float x[6] = {0, 1, 2, 3, 4, 5}; /* shape (2, 3) */
    float y[3] = {10, 20, 30};       /* shape (3,), broadcast over rows */
    float out[6];
    int64_t xs[2] = {2, 3}, ys[1] = {3};
    DLTensor tx = tensor(x, 2, xs, NULL, kDLFloat, 32), ty = tensor(y, 1, ys, NULL, kDLFloat, 32);
    DLTensor to = tensor(out, 2, xs, NULL, kDLFloat, 32);
    ujit_value in[2] = {array_value(&tx), array_value(&ty)};
    CHECK(ujit_function_vectorize(axpy, in, 2, &to, UJIT_TARGET_CPU) == UJIT_OK);
    CHECK(out[0] == 10 && out[1] == 22 && out[2] == 34 && out[3] == 16 && out[5] == 40);

    /* a scalar operand and the parallel target */
    ujit_value in2[2] = {array_value(&tx), f64(1.0)};
    CHECK(ujit_function_vectorize(axpy, in2, 2, &to, UJIT_TARGET_PARALLEL) == UJIT_OK);
    CHECK(out[0] == 1 && out[5] == 11);

    /* an output of the wrong shape */
    int64_t wrong[1] = {4};
    DLTensor tw = tensor(out, 1, wrong, NULL, kDLFloat, 32);
    CHECK(ujit_function_vectorize(axpy, in, 2, &tw, UJIT_TARGET_CPU) == UJIT_ERROR_ARGUMENT);
    CHECK(strstr(ujit_last_error(), "shape") != NULL);
    ujit_function_release(axpy);
}

static void test_dump(ujit_module* m) {
    ujit_function* hypot = get(m, "hypot");
    char* text = NULL;
    CHECK(ujit_function_dump(hypot, "llvm", "float64(float64, float64)", NULL, &text) == UJIT_OK);
    CHECK(text && strstr(text, "define") && strstr(text, "double"));
    ujit_free_string(text);
    text = NULL;
    CHECK(ujit_function_dump(hypot, "types", NULL, NULL, &text) == UJIT_ERROR_ARGUMENT); /* no declared signature */
    CHECK(text == NULL);
    CHECK(ujit_function_dump(hypot, "bytecode", "float64(float64, float64)", NULL, &text) == UJIT_ERROR_ARGUMENT);
    ujit_function_release(hypot);
}

static void test_errors(ujit_module* m) {
    /* a compile error with its location */
    ujit_module* bad = NULL;
    const char* src = "def f(x):\n    y = (i for i in x)\n    return x\n";
    CHECK(ujit_module_from_string(src, "bad.py", &bad) == UJIT_ERROR_COMPILE);
    CHECK(bad == NULL);
    const char* file = NULL;
    int line = -1, col = -1;
    ujit_last_error_location(&file, &line, &col);
    CHECK(file && strcmp(file, "bad.py") == 0);
    CHECK(line == 2 && col == 9);
    CHECK(strncmp(ujit_last_error(), "bad.py:2:9: error: ", 19) == 0);
    CHECK(strstr(ujit_last_error(), "generator") != NULL);

    /* a type error found when a signature is compiled */
    ujit_function* hypot = get(m, "hypot");
    CHECK(ujit_function_compile(hypot, "float64(float64)", UJIT_TARGET_CPU, NULL) == UJIT_ERROR_COMPILE);
    CHECK(ujit_function_compile(hypot, "float64(float64, float64", UJIT_TARGET_CPU, NULL) == UJIT_ERROR_COMPILE);
    ujit_last_error_location(NULL, &line, NULL);
    CHECK(line > 0);

    /* a runtime error raised by compiled code */
    ujit_function* f = get(m, "floor_divmod");
    ujit_value args[2] = {i64(1), i64(0)};
    ujit_value r[2];
    size_t n = 0;
    CHECK(ujit_function_call(f, args, 2, r, 2, &n) == UJIT_ERROR_RUNTIME);
    CHECK(strstr(ujit_last_error(), "ZeroDivisionError") != NULL);
    /* ... and the next successful call clears it */
    args[1] = i64(3);
    CHECK(ujit_function_call(f, args, 2, r, 2, &n) == UJIT_OK && strcmp(ujit_last_error(), "") == 0);

    /* a raise in compiled code: status RUNTIME, Python's "Class: message" and where */
    ujit_module* raising = NULL;
    const char* raise_src = "def sign(x):\n    if x < 0:\n        raise ValueError(\"negative\")\n    return 1\n";
    CHECK(ujit_module_from_string(raise_src, "sign.py", &raising) == UJIT_OK);
    ujit_function* sign = raising ? get(raising, "sign") : NULL;
    ujit_value minus = i64(-4), one = i64(4);
    CHECK(sign && ujit_function_call(sign, &minus, 1, r, 1, &n) == UJIT_ERROR_RUNTIME);
    CHECK(strcmp(ujit_last_error(), "ValueError: negative (raised in sign at sign.py:3:9)") == 0);
    CHECK(sign && ujit_function_call(sign, &one, 1, r, 1, &n) == UJIT_OK && r[0].v.i == 1);
    ujit_function_release(sign);
    ujit_module_release(raising);

    /* a message built at run time (Numba's dynamic exceptions): the same form, with the value */
    const char* dyn_src = "def at(i, x):\n    raise IndexError(\"index \" + str(i), x)\n";
    CHECK(ujit_module_from_string(dyn_src, "at.py", &raising) == UJIT_OK);
    ujit_function* at = raising ? get(raising, "at") : NULL;
    ujit_value at_args[2] = {i64(-7), f64(0.5)};
    CHECK(at && ujit_function_call(at, at_args, 2, r, 1, &n) == UJIT_ERROR_RUNTIME);
    CHECK(strcmp(ujit_last_error(), "IndexError: ('index -7', 0.5) (raised in at at at.py:2:5)") == 0);
    ujit_function_release(at);
    ujit_module_release(raising);

    /* try/except catches in compiled code; what try/finally raises again is RUNTIME */
    ujit_module* trying = NULL;
    const char* try_src = "def d(a, b):\n    return a // b\n\n\ndef safe(b):\n    try:\n        r = d(1, b)\n"
                          "    except Exception:\n        r = -1\n    return r\n\n\ndef cleanup(b):\n"
                          "    r = 0\n    try:\n        r = d(1, b)\n    finally:\n        r = r + 1\n    return r\n";
    CHECK(ujit_module_from_string(try_src, "try.py", &trying) == UJIT_OK);
    ujit_function* safe = trying ? get(trying, "safe") : NULL;
    ujit_function* cleanup = trying ? get(trying, "cleanup") : NULL;
    ujit_value zero = i64(0);
    CHECK(safe && ujit_function_call(safe, &zero, 1, r, 1, &n) == UJIT_OK && r[0].v.i == -1);
    CHECK(cleanup && ujit_function_call(cleanup, &zero, 1, r, 1, &n) == UJIT_ERROR_RUNTIME);
    CHECK(strcmp(ujit_last_error(), "ZeroDivisionError: integer division by zero (in d at try.py:2:12)") == 0);
    CHECK(cleanup && ujit_function_call(cleanup, &one, 1, r, 1, &n) == UJIT_OK && r[0].v.i == 1);
    ujit_function_release(safe);
    ujit_function_release(cleanup);
    ujit_module_release(trying);

    /* caller mistakes */
    ujit_function* none = NULL;
    CHECK(ujit_module_function(m, "no_such_function", &none) == UJIT_ERROR_ARGUMENT && none == NULL);
    CHECK(ujit_module_function(NULL, "hypot", &none) == UJIT_ERROR_ARGUMENT);
    ujit_value bad_dtype = f64(1.0);
    bad_dtype.dtype = (ujit_dtype)99;
    CHECK(ujit_function_call(f, &bad_dtype, 1, r, 2, &n) == UJIT_ERROR_ARGUMENT);
    CHECK(ujit_module_from_file("/nonexistent/x.py", &bad) == UJIT_ERROR_ARGUMENT);
    ujit_function_release(f);
    ujit_function_release(hypot);
}

/* Errors are per thread: a failure on another thread leaves this thread's state alone,
 * and concurrent calls of one function (compiling it lazily) all succeed. */
struct worker {
    ujit_module* m;
    int ok;
};

static void* worker_main(void* p) {
    struct worker* w = (struct worker*)p;
    ujit_function* f = NULL;
    w->ok = ujit_module_function(w->m, "hypot", &f) == UJIT_OK;
    for (int i = 1; i <= 50 && w->ok; ++i) { /* not 0: 0.0 / 0.0 raises */
        ujit_value args[2] = {f64(3.0 * i), f64(4.0 * i)}, r;
        size_t n = 0;
        w->ok = ujit_function_call(f, args, 2, &r, 1, &n) == UJIT_OK && r.v.f == 5.0 * i;
    }
    ujit_function* missing = NULL;
    w->ok = w->ok && ujit_module_function(w->m, "missing", &missing) == UJIT_ERROR_ARGUMENT;
    ujit_function_release(f);
    return NULL;
}

static void test_threads(ujit_module* m) {
    ujit_value args[2] = {f64(1.0), f64(1.0)}, r;
    size_t n = 0;
    ujit_function* f = get(m, "hypot");
    CHECK(ujit_function_call(f, args, 2, &r, 1, &n) == UJIT_OK);
    pthread_t threads[4];
    struct worker w[4];
    for (int i = 0; i < 4; ++i) {
        w[i].m = m;
        w[i].ok = 0;
        CHECK(pthread_create(&threads[i], NULL, worker_main, &w[i]) == 0);
    }
    for (int i = 0; i < 4; ++i) {
        pthread_join(threads[i], NULL);
        CHECK(w[i].ok);
    }
    CHECK(strcmp(ujit_last_error(), "") == 0); /* the workers' errors stayed on their threads */
    ujit_function_release(f);
}

int main(void) {
    CHECK(ujit_version() && strlen(ujit_version()) > 0);
    /* The CBLAS np.dot uses: Debian's OpenBLAS here (tools/scripts/setup.sh installs it). */
    CHECK(ujit_blas_library() && strstr(ujit_blas_library(), "openblas") != NULL);
    test_version_and_names();
    ujit_module* m = NULL;
    CHECK(ujit_module_from_string(kSource, "capi_test.py", &m) == UJIT_OK && m != NULL);
    if (!m) return 1;
    test_scalars(m);
    test_tuple(m);
    test_arrays(m);
    test_vectorize(m);
    test_dump(m);
    test_errors(m);
    test_threads(m);
    ujit_module_release(m);
    test_module_options();
    test_bad_globals();
    test_array_globals();
    test_device_array_globals();
    test_introspection();
    test_null_handles();
    test_default_arguments();
    test_ufunc_loops();
    test_vectorize_new();
    test_cache();
    test_cuda();
    test_nvrtc();
    test_xoroshiro();
    test_array_results();
    test_dict_results();
    test_comprehension_and_tuple_results();
    test_dict_arguments();
    test_generator_results();
    test_optional_results();
    test_typed_list_results();
    test_parallel();
    test_string_values();
    test_float16();
    test_bf16();
    test_records();
    test_device_records();
    test_language();
    test_named_tuples();
    if (failures)
        fprintf(stderr, "%d check(s) failed\n", failures);
    else
        printf("capi_test: all checks passed\n");
    return failures;
}
