/* NumPy inner loops (called here exactly as NumPy calls a PyUFuncGenericFunction), ufuncs
 * into new arrays, and the disk cache's statistics and clearing. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <unistd.h>

#include "capi_test.h"

static const char* const kLoops = "from numba import vectorize, cuda\n"
                                  "\n"
                                  "@vectorize(['float64(float64, float64)', 'float32(float32, float32)'])\n"
                                  "def axpy(x, y):\n"
                                  "    return 2 * x + y\n"
                                  "\n"
                                  "@vectorize(['int64(int64, int64)'])\n"
                                  "def idiv(a, b):\n"
                                  "    return a // b\n"
                                  "\n"
                                  "@cuda.jit\n"
                                  "def kern(out):\n"
                                  "    out[0] = 1\n";

struct loop_error {
    int calls;
    ujit_status status;
    char message[256];
};

static void on_error(void* context, ujit_status status, const char* message) {
    struct loop_error* e = (struct loop_error*)context;
    ++e->calls;
    e->status = status;
    strncpy(e->message, message, sizeof e->message - 1);
}

void test_ufunc_loops(void) {
    ujit_module* m = NULL;
    CHECK(ujit_module_from_string(kLoops, "loops.py", &m) == UJIT_OK && m);
    if (!m) return;
    ujit_function* axpy = get(m, "axpy");
    ujit_ufunc_loop* h = NULL;
    ujit_numpy_loop_fn loop = NULL;
    void* data = NULL;
    ujit_dtype types[4];
    size_t n_types = 0;
    CHECK(ujit_function_ufunc_loop(axpy, "float32(float32, float32)", NULL, NULL, &h, &loop, &data, types, 4,
                                   &n_types) == UJIT_OK);
    CHECK(h && loop && data && n_types == 3);
    CHECK(types[0] == UJIT_FLOAT32 && types[1] == UJIT_FLOAT32 && types[2] == UJIT_FLOAT32);
    ujit_function_release(axpy); /* the loop handle keeps the code alive */
    if (loop) {
        /* x strided (every other element), y a broadcast scalar (step 0), out contiguous */
        float x[8] = {1, -1, 2, -1, 3, -1, 4, -1}, y = 0.5f, out[4] = {0};
        char* args[3] = {(char*)x, (char*)&y, (char*)out};
        int64_t dims[1] = {4};
        int64_t steps[3] = {2 * sizeof(float), 0, sizeof(float)};
        loop(args, dims, steps, data);
        CHECK(out[0] == 2.5f && out[1] == 4.5f && out[2] == 6.5f && out[3] == 8.5f);
        dims[0] = 0; /* an empty call touches nothing */
        out[0] = -7;
        loop(args, dims, steps, data);
        CHECK(out[0] == -7);
    }
    ujit_ufunc_loop_release(h);

    /* a raise inside the loop goes to the callback, and the loop call stops */
    ujit_function* idiv = get(m, "idiv");
    struct loop_error err;
    memset(&err, 0, sizeof err);
    CHECK(ujit_function_ufunc_loop(idiv, "int64(int64, int64)", on_error, &err, &h, &loop, &data, NULL, 0, NULL) ==
          UJIT_OK);
    if (loop) {
        int64_t a[3] = {7, 8, 9}, b[3] = {2, 0, 3}, out[3] = {0, 0, 0};
        char* args[3] = {(char*)a, (char*)b, (char*)out};
        int64_t dims[1] = {3};
        int64_t steps[3] = {8, 8, 8};
        loop(args, dims, steps, data);
        CHECK(err.calls == 1 && err.status == UJIT_ERROR_RUNTIME);
        CHECK(strstr(err.message, "ZeroDivisionError") != NULL);
        CHECK(out[0] == 3);
    }
    ujit_ufunc_loop_release(h);
    /* ... or, without a callback, to this thread's last error */
    CHECK(ujit_function_ufunc_loop(idiv, "int64(int64, int64)", NULL, NULL, &h, &loop, &data, NULL, 0, NULL) ==
          UJIT_OK);
    if (loop) {
        int64_t a = 1, b = 0, out = 0;
        char* args[3] = {(char*)&a, (char*)&b, (char*)&out};
        int64_t dims[1] = {1}, steps[3] = {0, 0, 0};
        loop(args, dims, steps, data);
        CHECK_ERROR("ZeroDivisionError");
    }
    ujit_ufunc_loop_release(h);

    /* a bad signature is a compile error; a kernel has no NumPy loop */
    CHECK(ujit_function_ufunc_loop(idiv, "int64(int64, int64", NULL, NULL, &h, &loop, &data, NULL, 0, NULL) ==
          UJIT_ERROR_COMPILE);
    CHECK(h == NULL && loop == NULL && data == NULL);
    ujit_function* kern = get(m, "kern");
    CHECK(ujit_function_ufunc_loop(kern, "void(int64[:])", NULL, NULL, &h, &loop, &data, NULL, 0, NULL) ==
          UJIT_ERROR_ARGUMENT);
    CHECK_ERROR("no NumPy loop");
    ujit_function_release(kern);
    ujit_function_release(idiv);
    ujit_module_release(m);
}

void test_vectorize_new(void) {
    ujit_module* m = NULL;
    CHECK(ujit_module_from_string(kLoops, "loops.py", &m) == UJIT_OK && m);
    if (!m) return;
    ujit_function* axpy = get(m, "axpy");
    double x[6] = {0, 1, 2, 3, 4, 5};
    int64_t shape[2] = {2, 3};
    DLTensor tx = tensor(x, 2, shape, NULL, kDLFloat, 64);
    ujit_value in[2] = {array_value(&tx), f64(1.0)};
    DLManagedTensor* r = NULL;
    CHECK(ujit_function_vectorize_new(axpy, in, 2, UJIT_TARGET_PARALLEL, NULL, &r) == UJIT_OK && r);
    if (r) {
        const DLTensor* t = &r->dl_tensor;
        CHECK(t->device.device_type == kDLCPU && t->ndim == 2 && t->shape[0] == 2 && t->shape[1] == 3);
        CHECK(t->dtype.code == kDLFloat && t->dtype.bits == 64 && t->strides[0] == 3 && t->strides[1] == 1);
        const double* d = (const double*)t->data;
        CHECK(d[0] == 1 && d[5] == 11);
        r->deleter(r);
    }
    /* the same through _ex into a given output, and the error for a device input on the CPU */
    double out[6];
    DLTensor to = tensor(out, 2, shape, NULL, kDLFloat, 64);
    CHECK(ujit_function_vectorize_ex(axpy, in, 2, &to, UJIT_TARGET_CPU, NULL) == UJIT_OK && out[4] == 9);
    DLTensor dev = tx;
    dev.device.device_type = kDLCUDA;
    ujit_value din[2] = {array_value(&dev), f64(1.0)};
    CHECK(ujit_function_vectorize_ex(axpy, din, 2, &to, UJIT_TARGET_CPU, NULL) == UJIT_ERROR_ARGUMENT);
    CHECK_ERROR("need UJIT_TARGET_CUDA");
    CHECK(ujit_function_vectorize_new(axpy, in, 2, (ujit_target)9, NULL, &r) == UJIT_ERROR_ARGUMENT && r == NULL);
    /* ujit_function_call does not take device arrays */
    ujit_value rv;
    size_t n = 0;
    CHECK(ujit_function_call(axpy, din, 2, &rv, 1, &n) == UJIT_ERROR_ARGUMENT);
    CHECK_ERROR("kDLCPU");
    ujit_function_release(axpy);
    ujit_module_release(m);
}

void test_cache(void) {
    /* a directory of our own: the test runner's cache is shared with other tests */
    char dir[] = "/tmp/ujit-capi-cache-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    const char* old = getenv("UJIT_CACHE_DIR");
    char* saved = old ? strdup(old) : NULL;
    setenv("UJIT_CACHE_DIR", dir, 1);
    setenv("UJIT_CACHE", "1", 1);

    ujit_module* m = NULL;
    CHECK(ujit_module_from_string("def sq(x):\n    return x * x\n", "cache_probe.py", &m) == UJIT_OK);
    ujit_function* f = get(m, "sq");
    CHECK(ujit_function_compile(f, "int32(int32)", UJIT_TARGET_CPU, NULL) == UJIT_OK);
    ujit_cache_stats s;
    CHECK(ujit_cache_get_stats(&s) == UJIT_OK);
    CHECK(s.enabled == 1 && strcmp(s.directory, dir) == 0 && s.entries >= 1 && s.bytes > 0 && s.stores >= 1);
    size_t removed = 0;
    CHECK(ujit_cache_clear(&removed) == UJIT_OK && removed == s.entries);
    CHECK(ujit_cache_get_stats(&s) == UJIT_OK && s.entries == 0);
    ujit_function_release(f);
    ujit_module_release(m);

    if (saved) {
        setenv("UJIT_CACHE_DIR", saved, 1);
        free(saved);
    } else {
        unsetenv("UJIT_CACHE_DIR");
    }
    rmdir(dir);
}
