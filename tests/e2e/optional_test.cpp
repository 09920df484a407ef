// Numba's Optional(T) through the C++ API: a function returning a value on one path and None on
// another gives the value or a None Value; `is None`, `== None` and the implicit unwrapping (a
// TypeError "expected T, got None" at run time, as Numba's optional_to_any raises) follow
// Numba; an Optional array keeps the reference count right on both paths. Expected values are
// CPython's for the same source (`python3 -c` of it).
#include <catch2/catch.hpp>

#include "support/live_allocations.hpp"
#include "ujit/ujit.hpp"

#include <string>

using namespace ujit;

namespace {

constexpr const char* kSource = R"(import numpy as np


def g(x):
    if x > 0:
        return x
    return None


def f(x):
    r = g(x)
    if r is None:
        return -5
    return r + 1


def unchecked(x):
    return g(x) * 2


def last_even(n):
    found = None
    for i in range(n):
        if i % 2 == 0:
            found = i
    return found


def ones(n):
    if n > 0:
        return np.ones(n)
    return None


def sum_or_zero(n):
    a = ones(n)
    if a is None:
        return 0.0
    b = a
    return 1.0 if b is not None else 2.0
)";

}  // namespace

TEST_CASE("an optional return is the value or None, as in Numba", "[e2e][optional]") {
    Module m = Module::from_string(kSource, "optional.py");
    CHECK(m.function("g")(int64_t{3}).as<int64_t>() == 3);  // CPython: 3
    CHECK(m.function("g")(int64_t{-1}).is_none());          // CPython: None
    CHECK(m.function("f")(int64_t{3}).as<int64_t>() == 4);  // CPython: 4
    CHECK(m.function("f")(int64_t{-1}).as<int64_t>() == -5);
    CHECK(m.function("last_even")(int64_t{5}).as<int64_t>() == 4);  // CPython: 4
    CHECK(m.function("last_even")(int64_t{0}).is_none());
}

TEST_CASE("None where a value is needed raises Numba's TypeError", "[e2e][optional]") {
    Module m = Module::from_string(kSource, "optional.py");
    CHECK(m.function("unchecked")(int64_t{4}).as<int64_t>() == 8);
    try {
        m.function("unchecked")(int64_t{-4});
        FAIL("no raise");
    } catch (const Error& e) {
        CHECK(e.exception_class() == "TypeError");
        CHECK(e.exception_message() == "expected int64, got None");
    }
}

TEST_CASE("an optional array holds its reference on both paths", "[e2e][optional]") {
    Module m = Module::from_string(kSource, "optional.py");
    Function ones = m.function("ones");
    Function sum_or_zero = m.function("sum_or_zero");
    CHECK(ones(int64_t{0}).is_none());
    CHECK(sum_or_zero(int64_t{0}).as<double>() == 0.0);
    test::Live live;
    for (int k = 0; k < 5; ++k) {
        Value a = ones(int64_t{3});
        REQUIRE(a.is_array());
        CHECK(a.array().shape[0] == 3);
        CHECK(ones(int64_t{0}).is_none());
        CHECK(sum_or_zero(int64_t{2}).as<double>() == 1.0);  // CPython: 1.0
        CHECK(sum_or_zero(int64_t{0}).as<double>() == 0.0);
    }
    CHECK(live.blocks() == 0);
    CHECK(live.headers() == 0);
}
