// Arrays that compiled code allocates, called from C++: NumPy's values (computed by hand for
// these small cases) and the array runtime's counters (ujit_nrt_get_stats) as the oracle for
// leaks: every call leaves as many live blocks as it found, also when it raises.
#include <catch2/catch.hpp>

#include "nrt/nrt.h"
#include "ujit/ujit.hpp"

#include <vector>

using namespace ujit;
using Catch::Matchers::Contains;

namespace {

constexpr const char* kSource = R"(import numpy as np
from numba import njit


@njit
def temporaries(n):
    s = 0.0
    for i in range(n):
        t = np.empty(10)
        t[:] = i
        s += t.sum() + np.zeros((2, i)).sum() + np.arange(i).sum()
    return s


@njit
def make(n):
    a = np.full((n, 2), 1.5)
    return a


@njit
def view_outlives_base(n):
    v = make(n)[1:]
    return v.sum()


@njit
def raises_after_allocating(n):
    a = np.ones(n)
    b = a * 2 + 1
    if b[0] == 3.0:
        raise IndexError("after allocating")
    return b.sum()


@njit
def store(out, n):
    out[:] = np.arange(n) * 2 + np.linspace(0.0, 1.0, n)


@njit
def negative(n):
    return np.zeros((2, n)).size
)";

int64_t live() {
    ujit_nrt_stats s = ujit_nrt_get_stats();
    return static_cast<int64_t>(s.alloc - s.free) + static_cast<int64_t>(s.mi_alloc - s.mi_free);
}

}  // namespace

TEST_CASE("a loop allocating temporaries returns the live count to its start", "[e2e][alloc]") {
    Module m = Module::from_string(kSource, "alloc.py");
    Function f = m.function("temporaries");
    int64_t before = live();
    double expected = 0;
    for (int i = 0; i < 50; ++i) expected += 10.0 * i + i * (i - 1) / 2;
    CHECK(f(int64_t{50}).as<double>() == expected);
    CHECK(live() == before);
}

TEST_CASE("a view keeps the array a callee returned alive", "[e2e][alloc]") {
    Module m = Module::from_string(kSource, "alloc.py");
    Function f = m.function("view_outlives_base");
    int64_t before = live();
    CHECK(f(int64_t{4}).as<double>() == 3 * 2 * 1.5);
    CHECK(live() == before);
}

TEST_CASE("a raise after allocating frees what the call allocated", "[e2e][alloc]") {
    Module m = Module::from_string(kSource, "alloc.py");
    Function f = m.function("raises_after_allocating");
    int64_t before = live();
    try {
        f(int64_t{5});
        FAIL("no exception");
    } catch (const Error& e) {
        CHECK(e.exception_class() == "IndexError");
        CHECK(e.exception_message() == "after allocating");
    }
    CHECK(live() == before);
}

TEST_CASE("a new array stored into an argument has NumPy's values", "[e2e][alloc]") {
    Module m = Module::from_string(kSource, "alloc.py");
    Function f = m.function("store");
    std::vector<double> out(5, -1.0);
    int64_t before = live();
    f(ArrayRef::c_order(out.data(), DType::Float64, {5}), int64_t{5});
    CHECK(live() == before);
    for (int i = 0; i < 5; ++i) CHECK(out[static_cast<size_t>(i)] == Approx(2.0 * i + i / 4.0).epsilon(1e-15));
}

TEST_CASE("a negative dimension is NumPy's ValueError", "[e2e][alloc]") {
    Module m = Module::from_string(kSource, "alloc.py");
    Function f = m.function("negative");
    CHECK(f(int64_t{3}).as<int64_t>() == 6);
    CHECK_THROWS_WITH(f(int64_t{-1}), Contains("negative dimensions not allowed"));
}
