// The C API given garbage: null handles and pointers, dtype and target values outside their
// enums, DLTensors with absurd shapes. Each call must return UJIT_ERROR_ARGUMENT with a
// message, never crash, and the handles must stay usable afterwards.
#include <catch2/catch.hpp>

#include "ujit/ujit.h"

#include <pthread.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

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

// Issue 24, item 6: an output that overlaps an input one element behind it is a recurrence
// (out[i] = out[i-1] + 1, NumPy's accumulate); target 'parallel' split it over threads, each
// chunk reading elements another had not written yet. The serial order is the answer.
TEST_CASE("C API hostile: parallel vectorize into an overlapping output", "[capi][hostile][threads]") {
    ujit_module* m = nullptr;
    ujit_function* vf = nullptr;
    REQUIRE(ujit_module_from_string(kSource, "x.py", &m) == UJIT_OK);
    REQUIRE(ujit_module_function(m, "vadd", &vf) == UJIT_OK);
    const int64_t n = 1 << 20;
    std::vector<double> buffer(n + 1, 0.0);
    int64_t shape[1] = {n};
    DLTensor prev{}, next{};
    prev.data = buffer.data();
    prev.device = {kDLCPU, 0};
    prev.ndim = 1;
    prev.dtype = {kDLFloat, 64, 1};
    prev.shape = shape;
    next = prev;
    next.data = buffer.data() + 1;
    ujit_value arr{};
    arr.is_array = 1;
    arr.v.array = &prev;
    ujit_value in[2] = {arr, f64(1.0)};
    for (int run = 0; run < 3; ++run) {
        std::fill(buffer.begin(), buffer.end(), 0.0);
        REQUIRE(ujit_function_vectorize(vf, in, 2, &next, UJIT_TARGET_PARALLEL) == UJIT_OK);
        CHECK(buffer[n] == double(n));
        CHECK(buffer[n / 3] == double(n / 3));
    }
    ujit_function_release(vf);
    ujit_module_release(m);
}

// Issue 24, item 4b: a tuple display of 8,000 elements ran LLVM out of memory (its SCCP is
// quadratic over struct values); one of one element type compiles now, and one of mixed
// types past 1,000 elements is a located compile error.
TEST_CASE("C API hostile: 8,000-element tuple displays", "[capi][hostile]") {
    auto program = [](bool mixed) {
        std::string s = "def f(x):\n    t = (";
        for (int i = 0; i < 8000; ++i) s += (mixed && i % 2) ? "1.5, " : "x, ";
        return s + ")\n    return t[0] + t[7999]\n";
    };
    ujit_module* m = nullptr;
    ujit_function* f = nullptr;
    REQUIRE(ujit_module_from_string(program(false).c_str(), "long.py", &m) == UJIT_OK);
    REQUIRE(ujit_module_function(m, "f", &f) == UJIT_OK);
    ujit_value arg = f64(2.0), r{};
    size_t n = 0;
    REQUIRE(ujit_function_call(f, &arg, 1, &r, 1, &n) == UJIT_OK);
    CHECK(r.v.f == 4.0);
    ujit_function_release(f);
    ujit_module_release(m);

    REQUIRE(ujit_module_from_string(program(true).c_str(), "mixed.py", &m) == UJIT_OK);
    REQUIRE(ujit_module_function(m, "f", &f) == UJIT_OK);
    ujit_value int_arg{};  // int64 and float64 elements: mixed
    int_arg.dtype = UJIT_INT64;
    int_arg.v.i = 2;
    CHECK(ujit_function_call(f, &int_arg, 1, &r, 1, &n) == UJIT_ERROR_COMPILE);
    CHECK_THAT(std::string(ujit_last_error()),
               Catch::Contains("mixed.py:2:9: error: a tuple of 8000 elements of different types is too long"));
    ujit_function_release(f);
    ujit_module_release(m);
}

// Issue 24, item 4: the compiler recursed through a chain of functions on the caller's
// stack: 5,000 of them overflowed the main thread's 8 MB, 300 a host thread's 256 KiB.
TEST_CASE("C API hostile: call chains of 5,000 functions, and of 300 on a 256 KiB thread", "[capi][hostile][deep]") {
    auto chain = [](int n) {
        std::string s = "def f0(x):\n    return x\n";
        for (int i = 1; i < n; ++i) {
            s += "def f" + std::to_string(i);
            s += "(x):\n    return f" + std::to_string(i - 1);
            s += "(x) + 1\n";
        }
        return s;
    };
    struct Job {
        std::string source, name;
        double result = 0;
        ujit_status status = UJIT_ERROR_INTERNAL;
    };
    auto run = [](void* p) -> void* {
        auto* job = static_cast<Job*>(p);
        ujit_module* m = nullptr;
        ujit_function* f = nullptr;
        if (ujit_module_from_string(job->source.c_str(), "chain.py", &m) != UJIT_OK) return nullptr;
        if (ujit_module_function(m, job->name.c_str(), &f) == UJIT_OK) {
            ujit_value arg = f64(1.0), r{};
            size_t n = 0;
            job->status = ujit_function_call(f, &arg, 1, &r, 1, &n);
            job->result = r.v.f;
            ujit_function_release(f);
        }
        ujit_module_release(m);
        return nullptr;
    };
    Job deep{chain(5000), "f4999"};
    run(&deep);
    CHECK(deep.status == UJIT_OK);
    CHECK(deep.result == 5000.0);

    Job small{chain(300), "f299"};
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    REQUIRE(pthread_attr_setstacksize(&attr, 256 << 10) == 0);
    pthread_t thread;
    REQUIRE(pthread_create(&thread, &attr, run, &small) == 0);
    pthread_attr_destroy(&attr);
    pthread_join(thread, nullptr);
    CHECK(small.status == UJIT_OK);
    CHECK(small.result == 300.0);
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
