// Slice assignment and deletion, lambdas and sort keys, and np.array of lists through the
// C++ API, with CPython's and NumPy's results for the same source (computed by them), errors
// of Numba's class, and nothing leaked.
#include <catch2/catch.hpp>

#include "ujit/ujit.hpp"

#include <string>

using namespace ujit;
using Catch::Matchers::Contains;

namespace {

constexpr const char* kSource = R"(import numpy as np
from numba import njit


@njit
def splice(n):
    l = list(range(n))
    l[2:5] = [9]
    del l[::3]
    return l


@njit
def by_length(n):
    lengths = [4, 3, 5, 4, 4]  # of "pear", "fig", "apple", "kiwi", "date"
    k = n
    return sorted(range(5), key=lambda i: lengths[i] * k, reverse=True)


@njit
def pairs(n):
    return sorted([(i % 3, -i) for i in range(n)])


@njit
def to_array(x):
    rows = [[1.0, 2.0], [3.0, x]]
    return np.array(rows)


@njit
def ragged(n):
    rows = [[1.0] * 2, [2.0] * n]
    return np.array(rows)


@njit
def extended(k):
    l = [np.ones(2) for _ in range(6)]
    l[::2] = [np.zeros(2) for _ in range(k)]
    return len(l)
)";

int64_t live() {
    AllocationStats s = allocation_stats();
    return static_cast<int64_t>(s.mi_alloc - s.mi_free);
}

}  // namespace

TEST_CASE("slice assignment and del change a list as CPython's", "[e2e][lists]") {
    Module m = Module::from_string(kSource, "slices.py");
    CHECK(m.function("splice")(int64_t{8}).repr() == "[1, 9, 6, 7]");  // CPython: [1, 9, 6, 7]
}

TEST_CASE("sorted with a lambda key (a closure) is stable, reversed too", "[e2e][lists]") {
    Module m = Module::from_string(kSource, "slices.py");
    // CPython: indices of ['apple', 'pear', 'kiwi', 'date', 'fig']
    CHECK(m.function("by_length")(int64_t{2}).repr() == "[2, 0, 3, 4, 1]");
    CHECK(m.function("pairs")(int64_t{6}).repr() == "[(0, -3), (0, 0), (1, -4), (1, -1), (2, -5), (2, -2)]");
}

TEST_CASE("np.array of a list of lists, and Numba's error for ragged rows", "[e2e][lists]") {
    Module m = Module::from_string(kSource, "slices.py");
    Value a = m.function("to_array")(4.5);
    REQUIRE(a.array().shape.size() == 2);
    CHECK(static_cast<const double*>(a.array().data)[3] == 4.5);
    int64_t before = live();
    CHECK_THROWS_WITH(m.function("ragged")(int64_t{3}), Contains("incompatible sequence shape"));
    CHECK_THROWS_WITH(m.function("extended")(int64_t{2}), Contains("cannot resize extended list slice with step != 1"));
    CHECK(m.function("extended")(int64_t{3}).as<int64_t>() == 6);
    CHECK(live() == before);
}
