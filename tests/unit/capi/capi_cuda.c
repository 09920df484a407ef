/* The CUDA half of the C API. With a usable GPU, devices, streams, events, device arrays,
 * DLPack, kernel launches with host and device arrays, and GPU ufuncs run for real. Without
 * one the device queries must say why (UJIT_ERROR_CUDA_UNAVAILABLE with the reason) and
 * everything else runs on the host device: device arrays in host memory (kDLCPU), copies,
 * synchronous streams, host-clock events, and launches, ufuncs and gufuncs on the CPU.
 * ctest runs this program twice, the second time with UJIT_DISABLE_CUDA=1, so that the host
 * device's half runs on a GPU machine too. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

#include "capi_test.h"

static const char* const kGpu = "from numba import cuda, guvectorize, vectorize\n"
                                "\n"
                                "@cuda.jit\n"
                                "def add(x, y, out):\n"
                                "    i = cuda.grid(1)\n"
                                "    if i < out.shape[0]:\n"
                                "        out[i] = x[i] + y[i]\n"
                                "\n"
                                "@cuda.jit\n"
                                "def fill2d(out, v):\n"
                                "    i, j = cuda.grid(2)\n"
                                "    if i < out.shape[0] and j < out.shape[1]:\n"
                                "        out[i, j] = v + i * 10 + j\n"
                                "\n"
                                "@vectorize(['float32(float32, float32)'], target='cuda')\n"
                                "def vmul(a, b):\n"
                                "    return a * b\n"
                                "\n"
                                "@guvectorize(['void(float64[:], float64[:])'], '(n)->()', target='cuda')\n"
                                "def row_sum(x, out):\n"
                                "    s = 0.0\n"
                                "    for i in range(x.shape[0]):\n"
                                "        s += x[i]\n"
                                "    out[0] = s\n"
                                "\n"
                                "def cpu_only(x):\n"
                                "    return x\n";

static void expect_unavailable(ujit_status s, const char* reason, const char* what) {
    if (s != UJIT_ERROR_CUDA_UNAVAILABLE || strstr(ujit_last_error(), reason) == NULL) {
        ++failures;
        fprintf(stderr, "%s: expected UJIT_ERROR_CUDA_UNAVAILABLE (%s), got %s: %s\n", what, reason,
                ujit_status_name(s), ujit_last_error());
    }
}

#define UNAVAILABLE(call) expect_unavailable((call), reason, #call)

static int all_equal(const float* got, const float* want, int n) {
    for (int i = 0; i < n; ++i)
        if (got[i] != want[i]) return 0;
    return 1;
}

static void sleep_ms(long ms) {
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

/* Only what needs a GPU itself is unavailable without one. */
static void test_device_queries_without_cuda(ujit_module* m, const char* reason) {
    int count = -1, version = -1;
    CHECK(ujit_cuda_device_count(&count) == UJIT_OK && count == 0);
    UNAVAILABLE(ujit_cuda_driver_version(&version));
    ujit_device_info info;
    UNAVAILABLE(ujit_cuda_device_info(0, &info));
    UNAVAILABLE(ujit_cuda_select_device(0));
    UNAVAILABLE(ujit_cuda_current_device(&count));
    ujit_function* add = get(m, "add");
    UNAVAILABLE(ujit_function_compile(add, "void(float32[:], float32[:], float32[:])", UJIT_TARGET_CUDA, NULL));
    ujit_kernel_attributes attrs = {sizeof attrs, 0, 0, 0, 0, 0};
    UNAVAILABLE(ujit_function_kernel_attributes(add, "(float32[::1], float32[::1], float32[::1])", &attrs));
    ujit_function_release(add);
}

/* cudacg: the driver's facts of a kernel's specialization (Numba's get_regs_per_thread, ...). */
static void test_kernel_attributes_with_cuda(ujit_module* m) {
    ujit_function* add = get(m, "add");
    ujit_kernel_attributes a = {sizeof a, 0, 0, 0, 0, 0};
    CHECK(ujit_function_kernel_attributes(add, "(float32[::1], float32[::1], float32[::1])", &a) == UJIT_OK);
    CHECK(a.regs_per_thread > 0 && a.max_threads_per_block > 0 && a.max_threads_per_block <= 1024);
    CHECK(a.shared_bytes_per_block == 0 && a.local_bytes_per_thread >= 0 && a.const_bytes >= 0);
    a.struct_size = 0;
    CHECK(ujit_function_kernel_attributes(add, "(float32[::1], float32[::1], float32[::1])", &a) ==
          UJIT_ERROR_ARGUMENT);
    ujit_function_release(add);
}

/* coop: whether a kernel's specialization synchronizes its grid (cuda.cg), known without a GPU,
 * and the most blocks a cooperative launch of it may have, which needs one (`reason`: why there
 * is none, or NULL). */
static void test_cooperative_kernels(const char* reason) {
    static const char* const src = "from numba import cuda\n"
                                   "\n"
                                   "@cuda.jit\n"
                                   "def rows(m):\n"
                                   "    g = cuda.cg.this_grid()\n"
                                   "    m[0] = 1\n"
                                   "    g.sync()\n"
                                   "\n"
                                   "@cuda.jit\n"
                                   "def plain(m):\n"
                                   "    m[0] = 1\n";
    ujit_module* m = NULL;
    CHECK(ujit_module_from_string(src, "coop.py", &m) == UJIT_OK && m);
    if (!m) return;
    ujit_function* rows = get(m, "rows");
    ujit_function* plain = get(m, "plain");
    int cooperative = -1;
    CHECK(ujit_function_kernel_cooperative(rows, "(int32[::1])", &cooperative) == UJIT_OK && cooperative == 1);
    CHECK(ujit_function_kernel_cooperative(plain, "(int32[::1])", &cooperative) == UJIT_OK && cooperative == 0);
    ujit_dim3 flat = {256, 1, 1}, square = {16, 16, 1};
    int blocks = -1, blocks2d = -1;
    if (reason) {
        UNAVAILABLE(ujit_function_max_cooperative_grid_blocks(rows, "(int32[::1])", flat, 0, &blocks));
    } else {
        CHECK(ujit_function_max_cooperative_grid_blocks(rows, "(int32[::1])", flat, 0, &blocks) == UJIT_OK);
        CHECK(ujit_function_max_cooperative_grid_blocks(rows, "(int32[::1])", square, 0, &blocks2d) == UJIT_OK);
        CHECK(blocks > 0 && blocks2d == blocks);
    }
    ujit_function_release(plain);
    ujit_function_release(rows);
    ujit_module_release(m);
}

/* Caller mistakes found before the driver is asked (the same with or without a GPU). */
static void test_launch_errors(ujit_module* m) {
    ujit_function* f = get(m, "cpu_only");
    ujit_dim3 one = {1, 1, 1}, zero = {0, 1, 1};
    CHECK(ujit_function_launch(f, one, one, NULL, 0, NULL, 0) == UJIT_ERROR_ARGUMENT);
    CHECK_ERROR("not a @cuda.jit kernel");
    DLManagedTensor* none = NULL;
    CHECK(ujit_function_vectorize_new(f, NULL, 0, UJIT_TARGET_CUDA, NULL, &none) == UJIT_ERROR_ARGUMENT && !none);
    CHECK_ERROR("'cpu_only' is not a @vectorize function");
    ujit_function_release(f);
    f = get(m, "add");
    CHECK(ujit_function_launch(f, zero, one, NULL, 0, NULL, 0) == UJIT_ERROR_ARGUMENT);
    CHECK_ERROR(">= 1");
    ujit_function_release(f);
    int64_t shape[1] = {4};
    CHECK(ujit_device_array_new(shape, 1, (ujit_dtype)77, 0, NULL) == UJIT_ERROR_ARGUMENT);
    ujit_device_array* a = NULL;
    CHECK(ujit_device_array_new(shape, -1, UJIT_FLOAT32, 0, &a) == UJIT_ERROR_ARGUMENT);
    CHECK(ujit_device_array_new(shape, 1, (ujit_dtype)77, 0, &a) == UJIT_ERROR_ARGUMENT);
    CHECK_ERROR("invalid ujit_dtype 77");
    int64_t negative[1] = {-2};
    CHECK(ujit_device_array_new(negative, 1, UJIT_FLOAT32, 0, &a) == UJIT_ERROR_ARGUMENT);
    float host[4];
    DLTensor dev = tensor(host, 1, shape, NULL, kDLFloat, 32);
    dev.device.device_type = kDLCUDA;
    CHECK(ujit_device_array_from_host(&dev, NULL, &a) == UJIT_ERROR_ARGUMENT);
    CHECK_ERROR("kDLCPU");
}

/* The device queries a GPU answers. */
static void test_device_queries_with_cuda(void) {
    int count = 0, version = 0, current = -1;
    CHECK(ujit_cuda_device_count(&count) == UJIT_OK && count >= 1);
    CHECK(ujit_cuda_driver_version(&version) == UJIT_OK && version >= 11000);
    ujit_device_info info;
    CHECK(ujit_cuda_device_info(0, &info) == UJIT_OK);
    CHECK(info.ordinal == 0 && strlen(info.name) > 0 && info.cc_major >= 5 && info.sm_count > 0);
    CHECK(info.warp_size == 32 && info.max_threads_per_block >= 512 && info.max_block_dim[0] >= 512);
    CHECK(info.max_grid_dim[0] > 65535 && info.shared_mem_per_block >= 48 * 1024 && info.total_memory > 0);
    CHECK(strncmp(info.arch, "sm_", 3) == 0);
    CHECK(ujit_cuda_device_info(count, &info) == UJIT_ERROR_ARGUMENT);
    CHECK(ujit_cuda_select_device(0) == UJIT_OK && ujit_cuda_current_device(&current) == UJIT_OK && current == 0);
}

/* The course's device-array cells through the C API, on the GPU (`gpu`) or on the host
 * device, checked against values computed here: the same calls, and where the two differ
 * (where memory lives, when a stream's work is done) each says what it must. */
static void test_device_arrays(ujit_module* m, int gpu) {
    const DLDeviceType where = gpu ? kDLCUDA : kDLCPU; /* a device array's memory */
    enum { N = 1000 };
    float *x = malloc(N * sizeof(float)), *y = malloc(N * sizeof(float));
    float *out = malloc(N * sizeof(float)), *want = malloc(N * sizeof(float));
    for (int i = 0; i < N; ++i) {
        x[i] = (float)i;
        y[i] = 0.5f * (float)i;
        want[i] = x[i] + y[i];
        out[i] = -1;
    }
    int64_t shape[1] = {N};
    DLTensor tx = tensor(x, 1, shape, NULL, kDLFloat, 32), ty = tensor(y, 1, shape, NULL, kDLFloat, 32);
    DLTensor tout = tensor(out, 1, shape, NULL, kDLFloat, 32);
    ujit_function* add = get(m, "add");
    ujit_dim3 grid = {(N + 127) / 128, 1, 1}, block = {128, 1, 1};
    CHECK(ujit_cuda_synchronize() == UJIT_OK);

    /* host arrays: on a GPU copied in and back, finished on return */
    ujit_value host_args[3] = {array_value(&tx), array_value(&ty), array_value(&tout)};
    CHECK(ujit_function_launch(add, grid, block, host_args, 3, NULL, 0) == UJIT_OK && all_equal(out, want, N));

    /* device arrays on a stream, a launch timed with events */
    ujit_stream* s = NULL;
    ujit_event *e0 = NULL, *e1 = NULL;
    CHECK(ujit_stream_create(&s) == UJIT_OK && s);
    void* cu = (void*)&shape;
    CHECK(ujit_stream_handle(s, &cu) == UJIT_OK && (gpu ? cu != NULL : cu == NULL)); /* no CUstream on the host */
    CHECK(ujit_event_create(1, &e0) == UJIT_OK && ujit_event_create(1, &e1) == UJIT_OK);
    ujit_device_array *dx = NULL, *dy = NULL, *dout = NULL;
    CHECK(ujit_device_array_from_host(&tx, s, &dx) == UJIT_OK);
    CHECK(ujit_device_array_from_host(&ty, s, &dy) == UJIT_OK);
    CHECK(ujit_device_array_new(shape, 1, UJIT_FLOAT32, 0, &dout) == UJIT_OK);
    const DLTensor *vx = NULL, *vy = NULL, *vout = NULL;
    CHECK(ujit_device_array_dltensor(dx, &vx) == UJIT_OK && vx->device.device_type == where);
    CHECK(vx->data != x); /* a copy of x, not x itself */
    CHECK(ujit_device_array_dltensor(dy, &vy) == UJIT_OK && ujit_device_array_dltensor(dout, &vout) == UJIT_OK);
    ujit_value dev_args[3] = {array_value(vx), array_value(vy), array_value(vout)};
    CHECK(ujit_event_record(e0, s) == UJIT_OK);
    CHECK(ujit_function_launch(add, grid, block, dev_args, 3, s, 0) == UJIT_OK);
    if (!gpu) sleep_ms(10); /* the host clock between the events */
    CHECK(ujit_event_record(e1, s) == UJIT_OK);
    int done = 0;
    if (!gpu) CHECK(ujit_stream_query(s, &done) == UJIT_OK && done == 1); /* done when enqueued */
    CHECK(ujit_stream_synchronize(s) == UJIT_OK && ujit_stream_synchronize(NULL) == UJIT_OK);
    CHECK(ujit_stream_query(s, &done) == UJIT_OK && done == 1);
    CHECK(ujit_event_synchronize(e1) == UJIT_OK && ujit_event_query(e1, &done) == UJIT_OK && done == 1);
    float ms = -1;
    CHECK(ujit_event_elapsed_ms(e0, e1, &ms) == UJIT_OK && ms >= (gpu ? 0.0f : 9.0f) && ms < 10000.0f);
    CHECK(ujit_stream_wait_event(s, e1) == UJIT_OK);
    memset(out, 0, N * sizeof(float));
    CHECK(ujit_device_array_copy_to_host(dout, &tout, NULL) == UJIT_OK && all_equal(out, want, N));

    if (!gpu) { /* a host array beside device arrays: the kernel works on both in place */
        memset(out, 0, N * sizeof(float));
        ujit_value mixed[3] = {array_value(vx), array_value(&ty), array_value(&tout)};
        CHECK(ujit_function_launch(add, grid, block, mixed, 3, NULL, 0) == UJIT_OK && all_equal(out, want, N));
    }

    /* __cuda_array_interface__'s fields */
    ujit_array_interface ai;
    CHECK(ujit_device_array_interface(dout, &ai) == UJIT_OK);
    CHECK(ai.data == (uint64_t)(uintptr_t)vout->data && ai.ndim == 1 && ai.shape[0] == N && ai.strides[0] == 4);
    CHECK(strcmp(ai.typestr, "<f4") == 0 && ai.nbytes == N * 4 && ai.dtype == UJIT_FLOAT32 && ai.device == 0);

    /* a CUDA ufunc: device inputs into a device output, then into a new device array */
    ujit_function* vmul = get(m, "vmul");
    ujit_value vin[2] = {array_value(vx), array_value(vy)};
    CHECK(ujit_function_vectorize_ex(vmul, vin, 2, (DLTensor*)vout, UJIT_TARGET_CUDA, s) == UJIT_OK);
    CHECK(ujit_stream_synchronize(s) == UJIT_OK);
    CHECK(ujit_device_array_copy_to_host(dout, &tout, NULL) == UJIT_OK);
    CHECK(out[10] == 10.0f * 5.0f && out[N - 1] == x[N - 1] * y[N - 1]);
    /* host inputs and a host output (on a GPU: copied back) */
    ujit_value hin[2] = {array_value(&tx), f32(2.0f)};
    CHECK(ujit_function_vectorize_ex(vmul, hin, 2, &tout, UJIT_TARGET_CUDA, NULL) == UJIT_OK && out[7] == 14.0f);
    DLManagedTensor* r = NULL;
    CHECK(ujit_function_vectorize_new(vmul, vin, 2, UJIT_TARGET_CUDA, NULL, &r) == UJIT_OK && r);
    if (r) {
        CHECK(r->dl_tensor.device.device_type == where && r->dl_tensor.shape[0] == N);
        ujit_device_array* imported = NULL; /* DLPack import takes ownership */
        CHECK(ujit_device_array_from_dlpack(r, &imported) == UJIT_OK);
        CHECK(ujit_device_array_copy_to_host(imported, &tout, NULL) == UJIT_OK && out[3] == 3.0f * 1.5f);
        ujit_device_array_release(imported);
    }
    /* DLPack export outlives the handle; copies in and between arrays */
    DLManagedTensor* exported = NULL;
    CHECK(ujit_device_array_to_dlpack(dx, &exported) == UJIT_OK && exported);
    CHECK(exported && exported->dl_tensor.device.device_type == where);
    ujit_device_array* back = NULL;
    ujit_device_array_release(dx);
    CHECK(ujit_device_array_from_dlpack(exported, &back) == UJIT_OK);
    CHECK(ujit_device_array_copy_to_host(back, &tout, NULL) == UJIT_OK && all_equal(out, x, N));
    CHECK(ujit_device_array_copy_from_host(back, &ty, NULL) == UJIT_OK);
    CHECK(ujit_device_array_copy_from(dout, back, NULL) == UJIT_OK);
    CHECK(ujit_device_array_copy_to_host(dout, &tout, NULL) == UJIT_OK && all_equal(out, y, N));
    ujit_device_array_release(back);

    /* an F-ordered array, a 2-D grid and a scalar argument */
    int64_t shape2[2] = {3, 5};
    ujit_device_array* d2 = NULL;
    CHECK(ujit_device_array_new(shape2, 2, UJIT_FLOAT64, 1, &d2) == UJIT_OK);
    const DLTensor* v2 = NULL;
    CHECK(ujit_device_array_dltensor(d2, &v2) == UJIT_OK && v2->strides[0] == 1 && v2->strides[1] == 3);
    ujit_function* fill2d = get(m, "fill2d");
    ujit_dim3 g2 = {1, 1, 1}, b2 = {4, 8, 1};
    ujit_value a2[2] = {array_value(v2), f64(0.5)};
    CHECK(ujit_function_launch(fill2d, g2, b2, a2, 2, NULL, 0) == UJIT_OK);
    CHECK(ujit_cuda_synchronize() == UJIT_OK);
    double h2[15];
    int64_t fstrides[2] = {1, 3};
    DLTensor th2 = tensor(h2, 2, shape2, fstrides, kDLFloat, 64);
    CHECK(ujit_device_array_copy_to_host(d2, &th2, NULL) == UJIT_OK);
    CHECK(h2[0] == 0.5 && h2[1] == 10.5 && h2[3] == 1.5 && h2[14] == 24.5); /* h2[i + 3j] = out[i, j] */

    /* a CUDA gufunc from a device array into a device array */
    double rows[6] = {1, 2, 3, 4, 5, 6};
    int64_t rshape[2] = {2, 3}, sshape[1] = {2};
    DLTensor trows = tensor(rows, 2, rshape, NULL, kDLFloat, 64);
    ujit_device_array *drows = NULL, *dsums = NULL;
    CHECK(ujit_device_array_from_host(&trows, NULL, &drows) == UJIT_OK);
    CHECK(ujit_device_array_new(sshape, 1, UJIT_FLOAT64, 0, &dsums) == UJIT_OK);
    const DLTensor *vrows = NULL, *vsums = NULL;
    CHECK(ujit_device_array_dltensor(drows, &vrows) == UJIT_OK && ujit_device_array_dltensor(dsums, &vsums) == UJIT_OK);
    ujit_function* row_sum = get(m, "row_sum");
    ujit_value gin[1] = {array_value(vrows)};
    DLTensor* gout[1] = {(DLTensor*)vsums};
    CHECK(ujit_function_gufunc(row_sum, gin, 1, gout, 1, UJIT_TARGET_CUDA) == UJIT_OK);
    CHECK(ujit_cuda_synchronize() == UJIT_OK);
    double sums[2] = {0, 0};
    DLTensor tsums = tensor(sums, 1, sshape, NULL, kDLFloat, 64);
    CHECK(ujit_device_array_copy_to_host(dsums, &tsums, NULL) == UJIT_OK && sums[0] == 6.0 && sums[1] == 15.0);

    if (!gpu) { /* a kDLCUDA tensor is GPU memory, which a kernel on the CPU must not touch */
        DLTensor on_gpu = tensor(x, 1, shape, NULL, kDLFloat, 32);
        on_gpu.device.device_type = kDLCUDA;
        ujit_value gpu_args[3] = {array_value(&on_gpu), array_value(&on_gpu), array_value(&on_gpu)};
        CHECK(ujit_function_launch(add, grid, block, gpu_args, 3, NULL, 0) == UJIT_ERROR_ARGUMENT);
        CHECK_ERROR("GPU memory");
    }
    /* a launch whose arguments do not fit the kernel (of live arrays: dx was released above) */
    ujit_value too_few[2] = {array_value(vy), array_value(vout)};
    CHECK(ujit_function_launch(add, grid, block, too_few, 2, NULL, 0) == UJIT_ERROR_ARGUMENT);
    CHECK_ERROR("argument");

    ujit_function_release(row_sum);
    ujit_device_array_release(drows);
    ujit_device_array_release(dsums);
    ujit_function_release(fill2d);
    ujit_device_array_release(d2);
    ujit_function_release(vmul);
    ujit_function_release(add);
    ujit_device_array_release(dy);
    ujit_device_array_release(dout);
    ujit_event_release(e0);
    ujit_event_release(e1);
    ujit_stream_release(s);
    free(x);
    free(y);
    free(out);
    free(want);
}

/* Views of a device array (ujit_device_array_view): a column of a 3x4 matrix, its rows
 * reversed, read and written through strided copies, a view reaching past the array
 * refused, and a view outliving its base. The same on the GPU and on the host device. */
static void test_device_array_views(void) {
    double host[12], back[12];
    for (int i = 0; i < 12; ++i) host[i] = i;
    int64_t shape[2] = {3, 4};
    DLTensor th = tensor(host, 2, shape, NULL, kDLFloat, 64), tb = tensor(back, 2, shape, NULL, kDLFloat, 64);
    ujit_device_array* d = NULL;
    CHECK(ujit_device_array_from_host(&th, NULL, &d) == UJIT_OK && d);
    if (!d) return;
    /* d[::-1, 1]: starts at row 2, column 1; stride -32 bytes */
    int64_t col_shape[1] = {3}, col_strides[1] = {-32};
    ujit_device_array* col = NULL;
    CHECK(ujit_device_array_view(d, (2 * 4 + 1) * 8, col_shape, col_strides, 1, UJIT_FLOAT64, &col) == UJIT_OK);
    double got[3] = {0, 0, 0};
    DLTensor tg = tensor(got, 1, col_shape, NULL, kDLFloat, 64);
    CHECK(ujit_device_array_copy_to_host(col, &tg, NULL) == UJIT_OK);
    CHECK(got[0] == 9 && got[1] == 5 && got[2] == 1);
    double put[3] = {-1, -2, -3};
    DLTensor tp = tensor(put, 1, col_shape, NULL, kDLFloat, 64);
    CHECK(ujit_device_array_copy_from_host(col, &tp, NULL) == UJIT_OK);
    /* Only the column's elements changed, the others between them did not. */
    CHECK(ujit_device_array_copy_to_host(d, &tb, NULL) == UJIT_OK);
    for (int i = 0; i < 12; ++i) CHECK(back[i] == (i % 4 == 1 ? -(double)(3 - i / 4) : (double)i));
    ujit_device_array_release(d); /* the view keeps the memory */
    ujit_device_array* whole = NULL;
    int64_t whole_strides[2] = {32, 8};
    CHECK(ujit_device_array_view(col, -(2 * 4 + 1) * 8, shape, whole_strides, 2, UJIT_FLOAT64, &whole) ==
          UJIT_ERROR_ARGUMENT); /* the column's elements do not span the matrix */
    CHECK_ERROR("reaches bytes");
    /* past the end, a stride that is not a multiple of the item size, a bad dtype */
    int64_t long_shape[1] = {4}, odd[1] = {-6};
    ujit_device_array* bad = NULL;
    CHECK(ujit_device_array_view(col, 0, long_shape, col_strides, 1, UJIT_FLOAT64, &bad) == UJIT_ERROR_ARGUMENT);
    CHECK(ujit_device_array_view(col, 0, col_shape, odd, 1, UJIT_FLOAT32, &bad) == UJIT_ERROR_ARGUMENT);
    CHECK(ujit_device_array_view(col, 0, col_shape, col_strides, 1, (ujit_dtype)77, &bad) == UJIT_ERROR_ARGUMENT);
    CHECK(bad == NULL);
    /* an empty view anywhere is fine */
    int64_t empty_shape[1] = {0};
    CHECK(ujit_device_array_view(col, 1 << 20, empty_shape, col_strides, 1, UJIT_FLOAT64, &bad) == UJIT_OK);
    ujit_device_array_release(bad);
    /* read the column back as written, in the view's order */
    CHECK(ujit_device_array_copy_to_host(col, &tg, NULL) == UJIT_OK);
    CHECK(got[0] == -1 && got[1] == -2 && got[2] == -3);
    ujit_device_array_release(col);
}

/* Host memory a GPU reaches: each kind allocates, is writable at its host address, and mapped
 * and managed memory have a device address (the host's on the host device); registration of
 * a caller's buffer; the memory information; the argument checks. */
static void test_host_memory(int gpu) {
    const ujit_memory_kind kinds[3] = {UJIT_MEMORY_PINNED, UJIT_MEMORY_MAPPED, UJIT_MEMORY_MANAGED};
    for (int k = 0; k < 3; ++k) {
        ujit_host_memory* m = NULL;
        CHECK(ujit_host_memory_new(4096, kinds[k], &m) == UJIT_OK && m);
        if (!m) continue;
        unsigned char* p = ujit_host_memory_data(m);
        memset(p, 0xab, 4096);
        CHECK(p[4095] == 0xab);
        uint64_t dp = ujit_host_memory_device_pointer(m);
        if (!gpu)
            CHECK(dp == (uint64_t)(uintptr_t)p);
        else
            CHECK(kinds[k] == UJIT_MEMORY_PINNED || dp != 0);
        ujit_host_memory_release(m);
    }
    ujit_host_memory* m = NULL;
    CHECK(ujit_host_memory_new(16, (ujit_memory_kind)9, &m) == UJIT_ERROR_ARGUMENT && m == NULL);
    CHECK(ujit_host_memory_new(16, UJIT_MEMORY_PINNED, NULL) == UJIT_ERROR_ARGUMENT);
    static double buffer[512];
    CHECK(ujit_host_register(buffer, sizeof buffer, 1, &m) == UJIT_OK && m);
    CHECK(ujit_host_memory_data(m) == (void*)buffer && ujit_host_memory_device_pointer(m) != 0);
    ujit_host_memory_release(m);
    CHECK(ujit_host_register(NULL, 8, 0, &m) == UJIT_ERROR_ARGUMENT);
    size_t free_bytes = 0, total = 0;
    CHECK(ujit_cuda_memory_info(&free_bytes, &total) == UJIT_OK && free_bytes > 0 && free_bytes <= total);
    CHECK(ujit_cuda_memory_info(NULL, &total) == UJIT_ERROR_ARGUMENT);
}

/* cuda.libdevice's table: libdevice's exported functions in name order, an out parameter
 * starred (sincos stores its sine and cosine). */
static void test_libdevice_table(void) {
    const char* t = ujit_cuda_libdevice_functions();
    CHECK(t && strncmp(t, "abs i i x\n", 10) == 0);
    CHECK(strstr(t, "\nsincos v d a,*d sptr,*d cptr\n") != NULL);
    CHECK(strstr(t, "\nfrexpf f f a,*i b\n") != NULL);
    CHECK(strstr(t, "\nnan ") == NULL); /* a C string argument: not a kernel's value */
    size_t lines = 0;
    for (const char* p = t; *p; ++p) lines += *p == '\n';
    CHECK(lines >= 340);
}

void test_cuda(void) {
    ujit_module* m = NULL;
    CHECK(ujit_module_from_string(kGpu, "gpu.py", &m) == UJIT_OK && m);
    if (!m) return;
    test_launch_errors(m);
    test_libdevice_table();
    test_device_array_views();
    test_device_allocator();
    const char* reason = NULL;
    test_host_allocator(ujit_cuda_available(&reason));
    if (ujit_cuda_available(&reason)) {
        CHECK(reason && strcmp(reason, "") == 0);
        test_device_queries_with_cuda();
        test_kernel_attributes_with_cuda(m);
        test_cooperative_kernels(NULL);
        test_device_arrays(m, 1);
        test_host_memory(1);
        printf("capi_test: CUDA paths ran on the GPU\n");
    } else {
        CHECK(reason && strlen(reason) > 0);
        test_device_queries_without_cuda(m, reason);
        test_cooperative_kernels(reason);
        test_device_arrays(m, 0);
        test_host_memory(0);
        printf("capi_test: CUDA unavailable (%s): the CUDA paths ran on the host device\n", reason);
    }
    ujit_module_release(m);
}
