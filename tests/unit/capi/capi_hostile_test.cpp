// The C API given garbage: null handles and pointers, dtype and target values outside their
// enums, DLTensors with absurd shapes. Each call must return UJIT_ERROR_ARGUMENT with a
// message, never crash, and the handles must stay usable afterwards.
#include <catch2/catch.hpp>

#include "ujit/ujit.h"

#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <string>
#include <thread>

namespace {

const char* kSource = "from numba import vectorize\n"
                      "def add(a, b):\n    return a + b\n"
                      "@vectorize\ndef vadd(a, b):\n    return a + b\n";

ujit_value f64(double x) {
    ujit_value v{};
    v.dtype = UJIT_FLOAT64;
    v.v.f = x;
    return v;
}

void check_argument_error(ujit_status s, const char* needle) {
    CHECK(s == UJIT_ERROR_ARGUMENT);
    CHECK_THAT(std::string(ujit_last_error()), Catch::Contains(needle));
}

}  // namespace

TEST_CASE("C API hostile: null handles and pointers", "[capi][hostile]") {
    ujit_module* m = nullptr;
    ujit_function* f = nullptr;
    check_argument_error(ujit_module_from_string(nullptr, "x.py", &m), "null");
    check_argument_error(ujit_module_from_string(kSource, "x.py", nullptr), "null");
    check_argument_error(ujit_module_from_file(nullptr, &m), "null");
    check_argument_error(ujit_module_function(nullptr, "add", &f), "null");
    check_argument_error(ujit_function_compile(nullptr, "float64(float64, float64)", UJIT_TARGET_CPU, nullptr), "null");
    check_argument_error(ujit_function_call(nullptr, nullptr, 0, nullptr, 0, nullptr), "null");
    check_argument_error(ujit_function_vectorize(nullptr, nullptr, 0, nullptr, UJIT_TARGET_CPU), "null");
    char* text = nullptr;
    check_argument_error(ujit_function_dump(nullptr, "llvm", nullptr, nullptr, &text), "null");
    ujit_module_release(nullptr);  // like free(NULL)
    ujit_function_release(nullptr);
    ujit_free_string(nullptr);
    ujit_last_error_location(nullptr, nullptr, nullptr);

    REQUIRE(ujit_module_from_string(kSource, "x.py", &m) == UJIT_OK);
    check_argument_error(ujit_module_function(m, nullptr, &f), "null");
    REQUIRE(ujit_module_function(m, "add", &f) == UJIT_OK);
    check_argument_error(ujit_function_compile(f, nullptr, UJIT_TARGET_CPU, nullptr), "null");
    check_argument_error(ujit_function_call(f, nullptr, 2, nullptr, 0, nullptr), "null argument array");
    ujit_value r{};
    check_argument_error(ujit_function_call(f, nullptr, 0, nullptr, 1, nullptr), "null results");
    check_argument_error(ujit_function_dump(f, nullptr, nullptr, nullptr, &text), "null");
    check_argument_error(ujit_function_dump(f, "bogus", nullptr, nullptr, &text), "what must be");
    // Still usable.
    ujit_value args[2] = {f64(1.5), f64(2.0)};
    size_t n = 0;
    REQUIRE(ujit_function_call(f, args, 2, &r, 1, &n) == UJIT_OK);
    CHECK(n == 1);
    CHECK(r.v.f == 3.5);
    ujit_function_release(f);
    ujit_module_release(m);
}

TEST_CASE("C API hostile: dtypes, targets and shapes out of range", "[capi][hostile]") {
    ujit_module* m = nullptr;
    ujit_function* f = nullptr;
    ujit_function* vf = nullptr;
    REQUIRE(ujit_module_from_string(kSource, "x.py", &m) == UJIT_OK);
    REQUIRE(ujit_module_function(m, "add", &f) == UJIT_OK);
    REQUIRE(ujit_module_function(m, "vadd", &vf) == UJIT_OK);
    ujit_value args[2] = {f64(1.0), f64(2.0)};
    ujit_value r{};
    size_t n = 0;
    for (int bad : {-1, 13, 1 << 30}) {
        std::memcpy(&args[1].dtype, &bad, sizeof bad);  // as a C caller could store it
        check_argument_error(ujit_function_call(f, args, 2, &r, 1, &n), "invalid ujit_dtype");
    }
    args[1] = f64(2.0);
    // A C caller may pass any int for the enum (legal in C, not in C++): call through the
    // ABI-identical int signature, so that this test does not itself load a bad enum.
    auto compile_raw =
        reinterpret_cast<ujit_status (*)(ujit_function*, const char*, int, void**)>(&ujit_function_compile);
    check_argument_error(compile_raw(f, "float64(float64, float64)", 7, nullptr), "invalid ujit_target");

    // DLTensors: null tensor, ndim out of range, null shape, a shape whose size overflows,
    // negative dimensions, vector lanes, a null data pointer with elements.
    double storage[4] = {1, 2, 3, 4}, result[4] = {};
    int64_t shape[2] = {2, 2};
    DLTensor out{};
    out.data = result;
    out.device = {kDLCPU, 0};
    out.ndim = 2;
    out.dtype = {kDLFloat, 64, 1};
    out.shape = shape;
    DLTensor t{};
    t.data = storage;
    t.device = {kDLCPU, 0};
    t.ndim = 2;
    t.dtype = {kDLFloat, 64, 1};
    t.shape = shape;
    ujit_value arr{};
    arr.is_array = 1;
    arr.v.array = nullptr;
    ujit_value in[2] = {arr, f64(1.0)};
    check_argument_error(ujit_function_call(f, in, 2, &r, 1, &n), "null DLTensor");
    in[0].v.array = &t;
    auto expect_bad = [&](const char* needle) {
        CHECK(ujit_function_vectorize(vf, in, 2, &out, UJIT_TARGET_CPU) == UJIT_ERROR_ARGUMENT);
        CHECK_THAT(std::string(ujit_last_error()), Catch::Contains(needle));
    };
    t.ndim = -1;
    expect_bad("ndim");
    t.ndim = 1000;
    expect_bad("ndim");
    t.ndim = 2;
    t.shape = nullptr;
    expect_bad("null shape");
    int64_t huge[2] = {INT64_C(1) << 40, INT64_C(1) << 40};
    t.shape = huge;
    expect_bad("too large");
    int64_t negative[2] = {2, -3};
    t.shape = negative;
    expect_bad("negative dimension");
    t.shape = shape;
    t.dtype = {kDLFloat, 64, 4};
    expect_bad("lanes");
    t.dtype = {kDLFloat, 16, 1};
    expect_bad("unsupported dtype");
    t.dtype = {kDLFloat, 64, 1};
    t.data = nullptr;
    expect_bad("null data");
    t.data = storage;
    // And the good tensor works afterwards.
    CHECK(ujit_function_vectorize(vf, in, 2, &out, UJIT_TARGET_CPU) == UJIT_OK);
    CHECK(result[3] == 5.0);
    ujit_function_release(vf);
    ujit_function_release(f);
    ujit_module_release(m);
}

TEST_CASE("C API hostile: xoroshiro128p states tensors", "[capi][hostile][xoroshiro]") {
    uint64_t rows[4][2] = {};
    int64_t shape[2] = {4, 2};
    DLTensor t{};
    t.data = rows;
    t.device = {kDLCPU, 0};
    t.ndim = 2;
    t.dtype = {kDLUInt, 64, 1};
    t.shape = shape;
    auto expect_bad = [&](const char* needle) {
        CHECK(ujit_xoroshiro128p_init_states(&t, 1, 0) == UJIT_ERROR_ARGUMENT);
        CHECK_THAT(std::string(ujit_last_error()), Catch::Contains(needle));
    };
    t.ndim = -1;
    expect_bad("ndim");
    t.ndim = 2;
    t.shape = nullptr;
    expect_bad("null shape");
    int64_t negative[2] = {-4, 2};
    t.shape = negative;
    expect_bad("negative dimension");
    t.shape = shape;
    t.dtype = {kDLUInt, 64, 2};
    expect_bad("lanes");
    t.dtype = {kDLUInt, 64, 1};
    t.data = nullptr;
    expect_bad("null data");
    t.data = rows;
    CHECK(ujit_xoroshiro128p_init_states(&t, 1, 0) == UJIT_OK);
    CHECK(rows[0][0] == rows[0][1]);  // state 0: splitmix64(seed) in both words
    CHECK(rows[1][0] != rows[0][0]);
}

// Issue 24 through the C API, on the host device ([host-device][.]: run by ctest with
// UJIT_DISABLE_CUDA=1): a kernel's out-of-range store is UJIT_ERROR_RUNTIME with the GPU's
// words and the library stays usable; a local array larger than CUDA allows is a located
// compile error; ujit_cuda_free_pool trims the memory pool.
TEST_CASE("C API hostile: kernel faults and oversized local arrays on the host device",
          "[capi][hostile][host-device][.]") {
    REQUIRE(!ujit_cuda_available(nullptr));
    const char* source = "import numba\nfrom numba import cuda\n"
                         "@cuda.jit\ndef far(out):\n    i = cuda.grid(1)\n    out[i * 1000000] = 1.0\n"
                         "@cuda.jit\ndef fill(out):\n    i = cuda.grid(1)\n    if i < out.shape[0]:\n"
                         "        out[i] = i\n"
                         "@cuda.jit\ndef huge(out):\n    a = cuda.local.array(4 * 1024 * 1024, numba.float32)\n"
                         "    a[0] = 1.0\n    out[0] = a[0]\n";
    ujit_module* m = nullptr;
    REQUIRE(ujit_module_from_string(source, "faults.py", &m) == UJIT_OK);
    float data[64] = {};
    int64_t shape[1] = {64};
    DLTensor t{};
    t.data = data;
    t.device = {kDLCPU, 0};
    t.ndim = 1;
    t.dtype = {kDLFloat, 32, 1};
    t.shape = shape;
    ujit_value arg{};
    arg.is_array = 1;
    arg.dtype = UJIT_FLOAT32;
    arg.v.array = &t;
    ujit_dim3 grid{4, 1, 1}, block{16, 1, 1};

    ujit_function* far = nullptr;
    REQUIRE(ujit_module_function(m, "far", &far) == UJIT_OK);
    CHECK(ujit_function_launch(far, grid, block, &arg, 1, nullptr, 0) == UJIT_ERROR_RUNTIME);
    CHECK_THAT(std::string(ujit_last_error()),
               Catch::Contains("CUDA_ERROR_ILLEGAL_ADDRESS") && Catch::Contains("kernel 'far' faulted"));

    ujit_function* fill = nullptr;
    REQUIRE(ujit_module_function(m, "fill", &fill) == UJIT_OK);
    REQUIRE(ujit_function_launch(fill, grid, block, &arg, 1, nullptr, 0) == UJIT_OK);
    for (int i = 0; i < 64; ++i) REQUIRE(data[i] == float(i));

    ujit_function* huge = nullptr;
    REQUIRE(ujit_module_function(m, "huge", &huge) == UJIT_OK);
    CHECK(ujit_function_launch(huge, grid, block, &arg, 1, nullptr, 0) == UJIT_ERROR_COMPILE);
    CHECK_THAT(std::string(ujit_last_error()), Catch::Contains("16777216 bytes is too large"));
    const char* file = nullptr;
    int line = 0, col = 0;
    ujit_last_error_location(&file, &line, &col);
    CHECK(std::string(file) == "faults.py");
    CHECK(line == 14);
    CHECK(col == 26);

    CHECK(ujit_cuda_free_pool() == UJIT_OK);
    ujit_function_release(far);
    ujit_function_release(fill);
    ujit_function_release(huge);
    ujit_module_release(m);
}

// Issue 24: Ctrl-C stops a launch on the host device: UJIT_ERROR_RUNTIME, "KeyboardInterrupt".
TEST_CASE("C API hostile: SIGINT stops a long launch on the host device", "[capi][hostile][host-device][.]") {
    REQUIRE(!ujit_cuda_available(nullptr));
    const char* source = "from numba import cuda\n"
                         "@cuda.jit\ndef spin(flag, out):\n    i = cuda.grid(1)\n    flag[0] = 1\n    acc = 0.0\n"
                         "    for k in range(2000000):\n        acc += k * 0.5\n    out[i] = acc\n";
    ujit_module* m = nullptr;
    REQUIRE(ujit_module_from_string(source, "spin.py", &m) == UJIT_OK);
    ujit_function* spin = nullptr;
    REQUIRE(ujit_module_function(m, "spin", &spin) == UJIT_OK);
    static int64_t flag[1];
    static double out[1000 * 256];
    int64_t flag_shape[1] = {1}, out_shape[1] = {1000 * 256};
    DLTensor tf{}, to{};
    tf.data = flag;
    tf.device = to.device = {kDLCPU, 0};
    tf.ndim = to.ndim = 1;
    tf.dtype = {kDLInt, 64, 1};
    tf.shape = flag_shape;
    to.data = out;
    to.dtype = {kDLFloat, 64, 1};
    to.shape = out_shape;
    ujit_value args[2]{};
    args[0].is_array = args[1].is_array = 1;
    args[0].dtype = UJIT_INT64;
    args[1].dtype = UJIT_FLOAT64;
    args[0].v.array = &tf;
    args[1].v.array = &to;
    struct sigaction dfl = {}, catch2 = {};  // a plain C program's SIGINT (not Catch2's handler)
    dfl.sa_handler = SIG_DFL;
    sigaction(SIGINT, &dfl, &catch2);
    std::atomic<bool> done{false};
    std::thread sender([&] {
        while (!reinterpret_cast<volatile int64_t*>(flag)[0] && !done)
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        if (!done) kill(getpid(), SIGINT);
    });
    ujit_status st = ujit_function_launch(spin, {1000, 1, 1}, {256, 1, 1}, args, 2, nullptr, 0);
    done = true;
    sender.join();
    sigaction(SIGINT, &catch2, nullptr);
    CHECK(st == UJIT_ERROR_RUNTIME);
    CHECK_THAT(std::string(ujit_last_error()), Catch::Contains("KeyboardInterrupt") && Catch::Contains("'spin'"));
    ujit_function_release(spin);
    ujit_module_release(m);
}
