// NumPy ufuncs given their output array (np.sin(x, out), np.add(a, b, out=o)), called from C++:
// the values NumPy computes (std:: math as the oracle for these inputs), the output returned as
// the call's value, and no block left allocated (ujit_nrt_get_stats).
#include <catch2/catch.hpp>

#include "nrt/nrt.h"
#include "ujit/ujit.hpp"

#include <cmath>
#include <vector>

using namespace ujit;
using Catch::Matchers::Contains;

namespace {

constexpr const char* kSource = R"(import numpy as np
from numba import njit


@njit
def sin_into(x, out):
    np.sin(x, out)


@njit
def add_scalar_returns_out(a, out):
    r = np.add(a, 1.5, out)
    r[0] += 100.0
    return out[0]


@njit
def greater_keyword(a, b, out):
    np.greater(a, b, out=out)


@njit
def scalar_into_rows(v, out):
    np.maximum(v, 2.0, out)


@njit
def not_an_array(x):
    return np.sin(x, 3.0)
)";

int64_t live() {
    ujit_nrt_stats s = ujit_nrt_get_stats();
    return static_cast<int64_t>(s.alloc - s.free) + static_cast<int64_t>(s.mi_alloc - s.mi_free);
}

}  // namespace

TEST_CASE("np.sin(x, out) writes NumPy's values into out", "[e2e][ufunc_out]") {
    Module m = Module::from_string(kSource, "ufunc_out.py");
    std::vector<double> x{-0.5, 0.0, 0.5, 2.0};
    std::vector<double> out(4, -1.0);
    int64_t before = live();
    m.function("sin_into")(ArrayRef::c_order(x.data(), DType::Float64, {4}),
                           ArrayRef::c_order(out.data(), DType::Float64, {4}));
    CHECK(live() == before);
    for (size_t i = 0; i < 4; ++i) CHECK(out[i] == std::sin(x[i]));
}

TEST_CASE("np.add(a, 1.5, out) returns out itself", "[e2e][ufunc_out]") {
    Module m = Module::from_string(kSource, "ufunc_out.py");
    std::vector<double> a{1.0, 2.0};
    std::vector<double> out(2, 0.0);
    int64_t before = live();
    Value r = m.function("add_scalar_returns_out")(ArrayRef::c_order(a.data(), DType::Float64, {2}),
                                                   ArrayRef::c_order(out.data(), DType::Float64, {2}));
    CHECK(r.as<double>() == 102.5);  // the write through the returned array reached out
    CHECK(out[1] == 3.5);
    CHECK(live() == before);
}

TEST_CASE("np.greater(a, b, out=o) casts the booleans into an int32 output", "[e2e][ufunc_out]") {
    Module m = Module::from_string(kSource, "ufunc_out.py");
    std::vector<int64_t> a{-1, 0, 1};
    std::vector<uint64_t> b{0, 0, 0};
    std::vector<int32_t> out(3, 7);
    m.function("greater_keyword")(ArrayRef::c_order(a.data(), DType::Int64, {3}),
                                  ArrayRef::c_order(b.data(), DType::UInt64, {3}),
                                  ArrayRef::c_order(out.data(), DType::Int32, {3}));
    CHECK(out == std::vector<int32_t>{0, 0, 1});
}

TEST_CASE("a scalar input broadcasts over a 2-D output", "[e2e][ufunc_out]") {
    Module m = Module::from_string(kSource, "ufunc_out.py");
    std::vector<double> out(6, 0.0);
    m.function("scalar_into_rows")(3.0, ArrayRef::c_order(out.data(), DType::Float64, {2, 3}));
    CHECK(out == std::vector<double>(6, 3.0));
}

TEST_CASE("an output that is not an array is Numba's located TypingError", "[e2e][ufunc_out]") {
    Module m = Module::from_string(kSource, "ufunc_out.py");
    CHECK_THROWS_WITH(m.function("not_an_array")(1.0),
                      Contains("ufunc_out.py:29:") && Contains("called with an explicit output that is not an array"));
}
