// Functions in compiled code through the C++ API: self and mutual recursion (the return
// type inferred from the returns that do not recurse, as Numba does), functions and number
// types passed as values. Expected values are CPython's for the same source.
#include <catch2/catch.hpp>

#include "ujit/ujit.hpp"

#include <complex>
#include <string>

using namespace ujit;
using Catch::Matchers::Contains;

namespace {

constexpr const char* kSource = R"(import numpy as np
from numba import njit


@njit
def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


@njit
def is_even(n):
    if n == 0:
        return True
    return is_odd(n - 1)


@njit
def is_odd(n):
    if n == 0:
        return False
    return is_even(n - 1)


@njit
def widen(n):
    if n <= 0:
        return 1
    return widen(n - 1) + 0.5


@njit
def apply(f, x):
    return f(x)


@njit
def twice(x):
    return 2 * x


@njit
def through_values(x):
    g = twice
    return apply(twice, x) + apply(fib, 10) + g(1) + apply(np.int8, 300)
)";

}  // namespace

TEST_CASE("recursive functions run as real calls", "[e2e][functions]") {
    Module m = Module::from_string(kSource, "functions.py");
    CHECK(m.function("fib")(int64_t{30}).as<int64_t>() == 832040);
    CHECK(m.function("is_even")(int64_t{1001}).as<bool>() == false);
    CHECK(m.function("is_odd")(int64_t{1001}).as<bool>() == true);
    // int64 base case, float64 recursive path: the result is float64 (2.5 in CPython).
    CHECK(m.function("widen")(int64_t{3}).as<double>() == 2.5);
}

TEST_CASE("functions and number types are values", "[e2e][functions]") {
    Module m = Module::from_string(kSource, "functions.py");
    // 2*5 + fib(10) + 2 + int8(300) = 10 + 55 + 2 + 44 (Numba truncates 300 to 44, as a C cast)
    CHECK(m.function("through_values")(int64_t{5}).as<int64_t>() == 111);
}

TEST_CASE("runaway recursion is Numba's error at the call", "[e2e][functions]") {
    Module m = Module::from_string("from numba import njit\n@njit\ndef f(n):\n    return f(n + 1)\n", "r.py");
    try {
        m.function("f")(int64_t{1});
        FAIL("compiled");
    } catch (const Error& e) {
        CHECK_THAT(e.what(), Contains("r.py:4:12: error: cannot type infer runaway recursion"));
    }
}

TEST_CASE("a call's declared signatures: Numba's rating, the declared return type, a tie an error",
          "[e2e][functions]") {
    Module m = Module::from_string(R"PY(
from numba import njit

@njit(["float32(float32)", "float64(float64)"])
def plus_tiny(x):
    return x + 2**-25

@njit("int32(float64)")
def doubled(x):
    return x * 2
)PY",
                                   "declared_calls.py");
    // int64 -> float64 is safe, -> float32 unsafe: float64, though float32 is declared first.
    CHECK(m.function("plus_tiny")(int64_t{1}).as<double>() == 1.0000000298023224);
    // float32 runs float32: 1 + 2**-25 (a float64 sum) rounds to 1.0 as the float32 result.
    const Value f32 = m.function("plus_tiny")(Value(Value::Scalar{DType::Float32, 0, 1.0, {}}));
    CHECK(f32.dtype() == DType::Float32);
    CHECK(f32.as<float>() == 1.0f);
    // int8 -> float32 and -> float64 are both safe: Numba's ambiguity, not the first declared.
    CHECK_THROWS_WITH(m.function("plus_tiny")(Value::of_int(DType::Int8, 1)),
                      Contains("ambiguous overloading of 'plus_tiny' for the argument types (int8)"));
    const Value d = m.function("doubled")(1.75);
    CHECK(d.dtype() == DType::Int32);
    CHECK(d.as<int32_t>() == 3);
}

TEST_CASE("a callee's declared signatures: the one Numba's overload resolution picks", "[e2e][functions]") {
    Module m = Module::from_string(R"PY(
from numba import njit

@njit(["int64(int64, int64)", "float64(float64, float64)"])
def add(a, b):
    return a + b

@njit
def call_add(x, y):
    return add(x, y)
)PY",
                                   "declared_callee.py");
    // int32 -> float64 is safe, float64 -> int64 unsafe: the float64 signature (3.5, not 3).
    CHECK(m.function("call_add")(Value::of_int(DType::Int32, 1), 2.5).as<double>() == 3.5);
    CHECK(m.function("call_add")(int64_t{1}, 2.5).as<int64_t>() == 3);  // a tie (one unsafe each): the first
    CHECK(m.function("call_add")(int64_t{1}, int64_t{2}).as<int64_t>() == 3);
    CHECK_THROWS_WITH(m.function("call_add")(std::complex<double>(1.0), std::complex<double>(1.0)),
                      Contains("no declared signature of 'add' takes the argument types (complex128, complex128)"));
}
