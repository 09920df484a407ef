// Generators and range values through the C++ API (issue 19): a generator iterated, taken
// item by item and passed between compiled functions; generators holding arrays across their
// yields, abandoned early and raising, leaking nothing; ranges kept in variables. Expected
// values are CPython's for the same source; what cannot cross to the host is a located error.
#include <catch2/catch.hpp>

#include "ujit/ujit.hpp"

#include <string>

using namespace ujit;
using Catch::Matchers::Contains;

namespace {

constexpr const char* kSource = R"(import numpy as np
from numba import njit


@njit
def rows(n):
    acc = np.zeros(3)
    for i in range(n):
        acc = acc + i
        if i % 2 == 0:
            yield acc
    yield acc * 0.0


@njit
def total(n):
    t = 0.0
    for r in rows(n):
        t += r.sum()
    return t


@njit
def first(n):
    for r in rows(n):
        return r[0]
    return -1.0


@njit
def drain(g):
    k = 0
    for _ in g:
        k += 1
    return k


@njit
def stepped(n):
    g = rows(n)
    a = next(g)[0]
    return a, drain(g)


@njit
def boom(n):
    a = np.ones(n)
    for i in range(n):
        if i == 2:
            raise ValueError("two")
        yield a[i]


@njit
def sum_boom(n):
    return sum(boom(n))


@njit
def rng(a, b, s):
    r = range(a, b, s)
    return len(r), r[-1], 5 in r, sum(r)
)";

int64_t live() {
    AllocationStats s = allocation_stats();
    return static_cast<int64_t>(s.alloc - s.free) + static_cast<int64_t>(s.mi_alloc - s.mi_free);
}

}  // namespace

TEST_CASE("a generator holding arrays across yields gives CPython's items and leaks nothing", "[e2e][generators]") {
    Module m = Module::from_string(kSource, "generators.py");
    CHECK(m.function("total")(int64_t{5}).as<double>() == 3 * (0 + 3 + 10) + 0.0);  // CPython: 39.0
    CHECK(m.function("first")(int64_t{4}).as<double>() == 0.0);
    CHECK(m.function("stepped")(int64_t{5}).repr() == "(0.0, 3)");
    int64_t before = live();
    CHECK(m.function("total")(int64_t{6}).as<double>() == 3 * (0 + 3 + 10) + 0.0);
    CHECK(m.function("first")(int64_t{6}).as<double>() == 0.0);
    CHECK(m.function("stepped")(int64_t{6}).repr() == "(0.0, 3)");
    CHECK(live() == before);
}

TEST_CASE("a raise inside a generator is the caller's exception and leaks nothing", "[e2e][generators]") {
    Module m = Module::from_string(kSource, "generators.py");
    CHECK(m.function("sum_boom")(int64_t{2}).as<double>() == 2.0);
    int64_t before = live();
    CHECK_THROWS_WITH(m.function("sum_boom")(int64_t{4}), Contains("ValueError") && Contains("two"));
    CHECK(live() == before);
    CHECK(m.function("sum_boom")(int64_t{2}).as<double>() == 2.0);
}

TEST_CASE("a generator or a range cannot be returned to the host: a located error", "[e2e][generators]") {
    Module m = Module::from_string(kSource + std::string("\n\n@njit\ndef r(n):\n    return range(n)\n"), "g.py");
    CHECK_THROWS_WITH(m.function("rows")(int64_t{2}), Contains("g.py:6:5: error: cannot return array(float64, 1d, C) "
                                                               "generator(func=rows, args=(int64,)"));
    CHECK_THROWS_WITH(m.function("r")(int64_t{2}), Contains("cannot return range_state_int64 from 'r'"));
}

TEST_CASE("a range kept in a variable answers as CPython's", "[e2e][range]") {
    Module m = Module::from_string(kSource, "generators.py");
    CHECK(m.function("rng")(int64_t{1}, int64_t{20}, int64_t{4}).repr() == "(5, 17, True, 45)");
    CHECK(m.function("rng")(int64_t{20}, int64_t{1}, int64_t{-5}).repr() == "(4, 5, True, 50)");
    CHECK_THROWS_WITH(m.function("rng")(int64_t{0}, int64_t{0}, int64_t{1}),
                      Contains("IndexError") && Contains("range object index out of range"));
}
