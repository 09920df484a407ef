// Starred calls, f(a, *t), and isinstance in @njit code through the C++ API; the kernels of
// gpu_star_isinstance_test.cpp assembled by ptxas; their located errors. Expected values are
// CPython's for the same source (isinstance: Numba's, where they differ).
#include <catch2/catch.hpp>

#include "star_args_isinstance_sources.hpp"
#include "support/error_of.hpp"
#include "support/ptxas.hpp"

#include <cmath>
#include <complex>

using namespace ujit;
using Catch::Matchers::Contains;
using test::error_of;

namespace {

Function fn(const char* name) { return gputest::star_isinstance_module().function(name); }

}  // namespace

TEST_CASE("a starred tuple is passed as positional arguments", "[e2e][star-args]") {
    Value r = fn("spreads")(int64_t{2}, int64_t{5});
    const Value::Tuple& t = r.tuple();
    REQUIRE(t.size() == 8);
    CHECK(t[0].as<int64_t>() == 152);  // add3(*(2, 5), 1)
    CHECK(t[1].as<double>() == 301.0);  // add3(1, *(5, 2.5))
    CHECK(t[2].as<int64_t>() == 252);  // add3(*(2, 5, 2))
    CHECK(t[3].as<int64_t>() == 522);  // forward(2, *(2, 5)): through a *args parameter
    CHECK(t[4].as<int64_t>() == 352);  // consumer(add3, *(2, 5), 3): a function passed as a value
    CHECK(t[5].as<int64_t>() == 5);    // max(*(2, 5))
    CHECK(t[6].as<double>() == std::atan2(5.0, 2.5));
    // complex(*cmath.polar(2 + 1j)): complex(abs, phase), numba-cuda's polar_as_complex
    CHECK(std::abs(t[7].as<std::complex<double>>() - std::complex<double>(std::sqrt(5.0), std::atan2(1.0, 2.0))) <
          1e-15);
}

TEST_CASE("isinstance is decided by the argument's type, as Numba decides it", "[e2e][isinstance]") {
    CHECK(fn("classify")(int64_t{3}).as<int64_t>() == 1);
    CHECK(fn("classify")(2.5).as<int64_t>() == 2);
    CHECK(fn("classify")(std::complex<double>(1, 2)).as<int64_t>() == 3);
    CHECK(fn("classify")(Value::Tuple{int64_t{1}, 2.5}).as<int64_t>() == 4);
    CHECK(fn("classify")(Value::of_int(DType::Int32, 7)).as<int64_t>() == 5);  // int32 is no int in Numba
    CHECK(fn("classify")(true).as<int64_t>() == 0);                            // nor is bool
    // The starred call is compiled only for a tuple; for a float the other branch alone.
    CHECK(fn("spread_if_tuple")(Value::Tuple{int64_t{1}, int64_t{2}, int64_t{3}}).as<int64_t>() == 321);
    CHECK(fn("spread_if_tuple")(1.0).as<double>() == 1.5);
}

TEST_CASE("starred calls and isinstance refuse what Numba refuses, located", "[e2e][star-args][isinstance]") {
    const char* source = R"PY(from numba import njit, types

@njit
def f(a, b):
    return a + b

@njit
def star_int(x):
    return f(*x)

@njit
def type_class(x):
    return isinstance(x, types.Integer)

@njit
def two_types(x):
    if x > 0:
        z = 1
    else:
        z = 2.5
    return isinstance(z, float)
)PY";
    CHECK_THAT(error_of(source, "star_int", int64_t{1}),
               Contains("bad.py:9:14: error: *args in function call should be a tuple, got int64"));
    CHECK_THAT(error_of(source, "type_class", int64_t{1}),
               Contains("bad.py:13:26: error: Numba type classes (except numba.typed.* container types) are not "
                        "supported."));
    CHECK_THAT(error_of(source, "two_types", int64_t{1}),
               Contains("bad.py:21:23: error: isinstance() cannot determine the type of variable \"z\" due to a "
                        "branch."));
}

TEST_CASE("kernels with starred calls and isinstance assemble for sm_90", "[e2e][star-args][isinstance][ptx]") {
    Options o;
    o.target = Target::CUDA;
    o.arch = "sm_90";
    Function k = fn("spread_kernel");
    std::string ptx = k.compile("void(int64[::1], float64[::1], complex128[::1])", o).ptx();
    CHECK(test::ptxas_check(ptx, "sm_90") == "");
    ptx = fn("polar_kernel").compile("void(complex128[::1], float64[::1], float64[::1])", o).ptx();
    CHECK(test::ptxas_check(ptx, "sm_90") == "");
}
