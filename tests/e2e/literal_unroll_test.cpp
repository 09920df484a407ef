// literal_unroll over tuples whose items differ in type, through the C++ API: the loop body is
// compiled once per item (Numba's unrolling), isinstance pruning per item; the kernel of
// gpu_literal_unroll_test.cpp assembled by ptxas; Numba's errors, located. Expected values
// are CPython's for the same source.
#include <catch2/catch.hpp>

#include "gpu_check.hpp"
#include "literal_unroll_sources.hpp"
#include "support/error_of.hpp"
#include "support/ptxas.hpp"

using namespace ujit;
using Catch::Matchers::Contains;
using test::error_of;

namespace {

Function fn(const char* name) { return gputest::literal_unroll_module().function(name); }

}  // namespace

TEST_CASE("literal_unroll compiles the loop body once per item type", "[e2e][literal-unroll]") {
    // 1 (an int) + 2.5 (a float) + 7 (the str's length) + 1
    CHECK(fn("sizes")(Value::Tuple{int64_t{4}, 2.5, Value("seven!!"), int64_t{9}}).as<double>() == 11.5);
    CHECK(fn("sizes")(Value::Tuple{}).as<double>() == 0.0);
    // `continue` goes on to the next item; the return leaves from the str's copy.
    CHECK(fn("first_str_length")(Value::Tuple{int64_t{1}, 2.5, Value("four"), Value("no")}).as<int64_t>() == 4);
    CHECK(fn("first_str_length")(Value::Tuple{int64_t{1}, 2.5}).as<int64_t>() == -1);
}

TEST_CASE("literal_unroll refuses what Numba refuses, located", "[e2e][literal-unroll]") {
    const char* source = R"PY(from numba import njit, literal_unroll

@njit
def nested(t):
    n = 0
    for x in literal_unroll(t):
        for y in literal_unroll(t):
            n += 1
    return n

@njit
def over_array(a):
    s = 0.0
    for x in literal_unroll(a):
        s += x
    return s

@njit
def inner_def(t):
    n = 0
    for x in literal_unroll(t):
        def g():
            return 1
        n += g()
    return n
)PY";
    Array a = gputest::host_array<double>({3}, [](int64_t i) { return double(i); });
    CHECK_THAT(error_of(source, "nested", Value::Tuple{int64_t{1}, 2.5}),
               Contains("bad.py:7:9: error: Nesting of literal_unroll is unsupported"));
    CHECK_THAT(error_of(source, "over_array", Value(a)),
               Contains("bad.py:14:29: error: Invalid use of literal_unroll with a function argument, only tuples "
                        "are supported as function arguments, found array(float64, 1d, C)"));
    CHECK_THAT(error_of(source, "inner_def", Value::Tuple{int64_t{1}, 2.5}),
               Contains("bad.py:22:9: error: ujit does not unroll a literal_unroll loop whose body defines a "
                        "function"));
}

TEST_CASE("a kernel with a literal_unroll loop assembles for sm_90", "[e2e][literal-unroll][ptx]") {
    Options o;
    o.target = Target::CUDA;
    o.arch = "sm_90";
    std::string ptx = fn("unroll_kernel").compile("void(float64[::1], float64[::1], int64[::1])", o).ptx();
    CHECK(test::ptxas_check(ptx, "sm_90") == "");
}
