// The C API given garbage: null handles and pointers, dtype and target values outside their
// enums, DLTensors with absurd shapes. Each call must return UJIT_ERROR_ARGUMENT with a
// message, never crash, and the handles must stay usable afterwards.
#include <catch2/catch.hpp>

#include "ujit/ujit.h"

#include <cstdint>
#include <cstring>
#include <string>

#include "support/readonly_page.hpp"

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

// ------------------------------------------------------------------ read-only arrays
// Issue 24, item 1: an array the caller marks UJIT_ARRAY_READONLY (here a page mapped
// PROT_READ, where a write would be SIGSEGV) types as Numba's `readonly array(...)`; a store,
// augmented store or atomic into it is a compile error, reading it works, and UJIT_ARRAY (1,
// what every caller passed before the flag existed) still means a writable array.
namespace {

const char* kReadonlySource = "from numba import njit, cuda\n"
                              "@njit\ndef store(a, v):\n    a[0] = v\n"
                              "@njit\ndef bump(a):\n    a[1] += 1\n"
                              "@njit\ndef total(a):\n    return a[0] + a[1]\n"
                              "@cuda.jit\ndef count(a):\n    cuda.atomic.add(a, 0, 1)\n";

}  // namespace

TEST_CASE("C API hostile: stores into read-only arrays are compile errors", "[capi][hostile][readonly]") {
    ujit::test::ReadOnlyPage page;
    int64_t shape[1] = {2};
    DLTensor t{};
    t.data = page.data;
    t.device = {kDLCPU, 0};
    t.ndim = 1;
    t.dtype = {kDLInt, 64, 1};
    t.shape = shape;
    ujit_value ro{};
    ro.is_array = UJIT_ARRAY_READONLY;
    ro.v.array = &t;
    ujit_value seven{};
    seven.dtype = UJIT_INT64;
    seven.v.i = 7;

    ujit_module* m = nullptr;
    REQUIRE(ujit_module_from_string(kReadonlySource, "ro.py", &m) == UJIT_OK);
    auto fn = [&](const char* name) {
        ujit_function* f = nullptr;
        REQUIRE(ujit_module_function(m, name, &f) == UJIT_OK);
        return f;
    };
    ujit_function* store = fn("store");
    ujit_function* bump = fn("bump");
    ujit_function* total = fn("total");
    ujit_function* count = fn("count");
    auto expect_refused = [&](ujit_status s, int line) {
        CHECK(s == UJIT_ERROR_COMPILE);
        CHECK_THAT(std::string(ujit_last_error()),
                   Catch::Contains("Cannot modify readonly array of type: readonly array(int64, 1d, C)"));
        int at = 0;
        ujit_last_error_location(nullptr, &at, nullptr);
        CHECK(at == line);
    };
    ujit_value args[2] = {ro, seven};
    ujit_value r{};
    size_t n = 0;
    expect_refused(ujit_function_call(store, args, 2, &r, 1, &n), 4);
    expect_refused(ujit_function_call(bump, args, 1, &r, 1, &n), 7);
    expect_refused(ujit_function_launch(count, {1, 1, 1}, {4, 1, 1}, args, 1, nullptr, 0), 13);
    CHECK(page.data[0] == 3);

    REQUIRE(ujit_function_call(total, args, 1, &r, 1, &n) == UJIT_OK);  // reading is fine
    CHECK(r.v.i == 7);

    int64_t writable[2] = {0, 0};
    t.data = writable;
    args[0].is_array = UJIT_ARRAY;  // the value callers passed before the flag: writable
    REQUIRE(ujit_function_call(store, args, 2, &r, 1, &n) == UJIT_OK);
    CHECK(writable[0] == 7);

    ujit_function_release(count);
    ujit_function_release(total);
    ujit_function_release(bump);
    ujit_function_release(store);
    ujit_module_release(m);
}

TEST_CASE("C API hostile: allocation statistics", "[capi][hostile][nrt]") {
    check_argument_error(ujit_get_allocation_stats(nullptr), "null");
    ujit_allocation_stats s{};
    check_argument_error(ujit_get_allocation_stats(&s), "struct_size");  // a caller that forgot it
    s.struct_size = sizeof s;
    REQUIRE(ujit_get_allocation_stats(&s) == UJIT_OK);
    CHECK(s.alloc >= s.free);
    CHECK(s.mi_alloc >= s.mi_free);
}
