/* The C API's CUDA C++ through NVRTC: compile to PTX, a raw kernel, NVRTC's error at the
 * source's line, null arguments, and the launch: on the host device an error naming the
 * kernel, on a GPU a kernel that runs. Skipped (with a note) without the CUDA toolkit. */
#define _GNU_SOURCE /* mkstemps */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "capi_test.h"

static const char* kScale = "extern \"C\" __global__ void scale(float* a, float s, int n) {\n"
                            "    int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
                            "    if (i < n) a[i] *= s;\n"
                            "}\n";

static void test_raw_kernel_launch(ujit_raw_kernel* k) {
    ujit_dim3 grid = {1, 1, 1}, block = {32, 1, 1};
    float s = 2.0f;
    int n = 4;
    if (!ujit_cuda_available(NULL)) {
        void* dummy = NULL;
        void* params[] = {&dummy, &s, &n};
        CHECK(ujit_raw_kernel_launch(k, grid, block, params, NULL, 0) == UJIT_ERROR_CUDA_UNAVAILABLE);
        CHECK_ERROR("RawKernel 'scale' is CUDA C++ compiled by NVRTC, which runs only on a CUDA device");
        return;
    }
    float host[4] = {1, 2, 3, 4};
    int64_t shape[1] = {4};
    DLTensor t = tensor(host, 1, shape, NULL, kDLFloat, 32);
    ujit_device_array* d = NULL;
    CHECK(ujit_device_array_from_host(&t, NULL, &d) == UJIT_OK);
    if (!d) return;
    ujit_array_interface iface;
    CHECK(ujit_device_array_interface(d, &iface) == UJIT_OK);
    void* ptr = (void*)(uintptr_t)iface.data;
    void* params[] = {&ptr, &s, &n};
    CHECK(ujit_raw_kernel_launch(k, grid, block, params, NULL, 0) == UJIT_OK);
    CHECK(ujit_device_array_copy_to_host(d, &t, NULL) == UJIT_OK);
    CHECK(host[0] == 2 && host[3] == 8);
    ujit_device_array_release(d);
}

/* A module whose kernel calls a cuda.declare_device function defined in a file named by
 * ujit_module_options.link: linked into a cubin (no GPU needed); on the host device a launch
 * is a compile error naming the kernel and the function. */
static void test_declared_device(void) {
    char path[] = "/tmp/ujit-capi-declared-XXXXXX.cu";
    int fd = mkstemps(path, 3);
    CHECK(fd >= 0);
    if (fd < 0) return;
    FILE* f = fdopen(fd, "w");
    fputs("extern \"C\" __device__ int times2(int* out, int a) { *out = 2 * a; return 0; }\n", f);
    fclose(f);
    const char* src = "from numba import cuda\n"
                      "times2 = cuda.declare_device('times2', 'int32(int32)')\n"
                      "@cuda.jit\n"
                      "def k(r, x):\n"
                      "    r[0] = times2(x[0])\n";
    const char* links[] = {path};
    ujit_module_options o;
    memset(&o, 0, sizeof o);
    o.filename = "k.py";
    o.link = links;
    o.n_link = 1;
    ujit_module* m = NULL;
    ujit_function* k = NULL;
    CHECK(ujit_module_from_source(src, &o, &m) == UJIT_OK);
    CHECK(m && ujit_module_function(m, "k", &k) == UJIT_OK);
    if (k) {
        char* image = NULL;
        size_t size = 0;
        CHECK(ujit_function_link_cubin(k, "void(int32[::1], int32[::1])", "sm_90", &image, &size) == UJIT_OK);
        CHECK(image && size > 4 &&
              memcmp(image,
                     "\x7f"
                     "ELF",
                     4) == 0);
        ujit_free_string(image);
        CHECK(ujit_function_link_cubin(k, NULL, NULL, &image, &size) == UJIT_ERROR_ARGUMENT);
        ujit_function_release(k);
    }
    ujit_module_release(m);
    o.n_link = 0;
    CHECK(ujit_module_from_source(src, &o, &m) == UJIT_OK && ujit_module_function(m, "k", &k) == UJIT_OK);
    if (k) {
        char* image = NULL;
        size_t size = 0;
        CHECK(ujit_function_link_cubin(k, "void(int32[::1], int32[::1])", NULL, &image, &size) == UJIT_ERROR_ARGUMENT);
        CHECK_ERROR("'k' links no device code");
        ujit_function_release(k);
    }
    ujit_module_release(m);
    const char* bad[] = {"functions.cpp"};
    o.link = bad;
    o.n_link = 1;
    CHECK(ujit_module_from_source(src, &o, &m) == UJIT_ERROR_ARGUMENT);
    CHECK_ERROR("don't know how to link functions.cpp");
    o.link = NULL;
    CHECK(ujit_module_from_source(src, &o, &m) == UJIT_ERROR_ARGUMENT);
    remove(path);
}

void test_nvrtc(void) {
    char* ptx = NULL;
    ujit_status st = ujit_cuda_compile_ptx(kScale, NULL, "sm_90", NULL, 0, &ptx);
    if (st == UJIT_ERROR_RUNTIME && strstr(ujit_last_error(), "could not be loaded")) {
        printf("capi_test: note: no NVRTC, CUDA C++ checks skipped: %s\n", ujit_last_error());
        return;
    }
    CHECK(st == UJIT_OK && ptx && strstr(ptx, ".visible .entry scale(") && strstr(ptx, ".target sm_90"));
    ujit_free_string(ptx);

    const char* bad = "extern \"C\" __global__ void k(float* a) {\n  a[0] = zz;\n}\n";
    const char* options[] = {"-DUNUSED=1"};
    CHECK(ujit_cuda_compile_ptx(bad, "bad.cu", "sm_90", options, 1, &ptx) == UJIT_ERROR_COMPILE);
    CHECK(ptx == NULL);
    CHECK_ERROR("bad.cu:2:10: error: identifier \"zz\" is undefined");
    const char* file = NULL;
    int line = 0, col = 0;
    ujit_last_error_location(&file, &line, &col);
    CHECK(file && strcmp(file, "bad.cu") == 0 && line == 2 && col == 10);
    CHECK(ujit_cuda_compile_ptx(NULL, NULL, "sm_90", NULL, 0, &ptx) == UJIT_ERROR_ARGUMENT);
    CHECK(ujit_cuda_compile_ptx(kScale, NULL, "sm_90", NULL, 1, &ptx) == UJIT_ERROR_ARGUMENT);

    ujit_raw_kernel* k = NULL;
    CHECK(ujit_raw_kernel_new(kScale, "nope", NULL, NULL, 0, &k) == UJIT_ERROR_ARGUMENT && k == NULL);
    CHECK_ERROR("kernel.cu has no __global__ function named 'nope' (its kernels: scale)");
    CHECK(ujit_raw_kernel_new(kScale, "scale", NULL, NULL, 0, &k) == UJIT_OK && k != NULL);
    if (!k) return;
    CHECK(strstr(ujit_raw_kernel_ptx(k), ".entry scale") != NULL);
    CHECK(strncmp(ujit_raw_kernel_arch(k), "sm_", 3) == 0);
    test_raw_kernel_launch(k);
    ujit_raw_kernel_free(k);
    ujit_raw_kernel_free(NULL);
    test_declared_device();
}
