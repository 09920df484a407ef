// Generators and range values through the C++ API (issue 19): a generator iterated, taken
// item by item and passed between compiled functions; generators holding arrays across their
// yields, abandoned early and raising, leaking nothing; ranges kept in variables. Expected
// values are CPython's for the same source; a generator returned to the host is resumed one
// next() at a time; what cannot cross to the host is a located error.
#include <catch2/catch.hpp>

#include "ujit/ujit.hpp"

#include <optional>
#include <string>
#include <vector>

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

// CPython's items of rows(n): acc after each even i, then acc * 0.0.
std::vector<std::vector<double>> rows_items(int64_t n) {
    std::vector<std::vector<double>> out;
    double acc = 0;
    for (int64_t i = 0; i < n; ++i) {
        acc += double(i);
        if (i % 2 == 0) out.push_back({acc, acc, acc});
    }
    out.push_back({0.0, 0.0, 0.0});
    return out;
}

std::vector<double> items_of(const ArrayRef& a) {
    const double* p = static_cast<const double*>(a.data);
    return std::vector<double>(p, p + a.size());
}

TEST_CASE("a generator returned to C++ yields CPython's items, one next() at a time", "[e2e][generators]") {
    Module m = Module::from_string(kSource, "generators.py");
    Function rows = m.function("rows");
    rows(int64_t{1});  // compiled: the counters then see only what follows
    int64_t before = live();
    {
        Value g = rows(int64_t{5});
        REQUIRE(g.is_generator());
        CHECK(g.generator().type_name() ==
              "array(float64, 1d, C) generator(func=rows, args=(int64,), has_finalizer=True)");
        CHECK(g.repr() == "<_dynfunc._Generator object>");
        std::vector<std::vector<double>> got;
        while (std::optional<Value> item = g.generator().next()) got.push_back(items_of(item->array()));
        CHECK(got == rows_items(5));
        CHECK_FALSE(g.generator().next());  // finished stays finished
    }
    CHECK(live() == before);
    {  // dropped half-way: the body's acc goes with it, the item the caller kept stays
        Value g = rows(int64_t{6});
        std::optional<Value> first = g.generator().next(), second = g.generator().next();
        Value copy = g;  // copies share the generator
        CHECK(items_of(copy.generator().next()->array()) == rows_items(6)[2]);
        g = Value();
        copy = Value();
        CHECK(items_of(second->array()) == rows_items(6)[1]);
    }
    CHECK(live() == before);
}

TEST_CASE("a raise inside a generator the host resumes is its exception at that next()", "[e2e][generators]") {
    Module m = Module::from_string(kSource, "generators.py");
    Function boom = m.function("boom");
    boom(int64_t{1});
    int64_t before = live();
    {
        Value g = boom(int64_t{4});
        CHECK(g.generator().next()->as<double>() == 1.0);
        CHECK(g.generator().next()->as<double>() == 1.0);
        try {
            g.generator().next();
            FAIL("no raise");
        } catch (const Error& e) {
            CHECK(e.kind() == Error::Kind::Runtime);
            CHECK(e.exception_class() == "ValueError");
            CHECK(e.exception_message() == "two");
        }
        CHECK_FALSE(g.generator().next());  // a generator that raised is finished, as in Python
    }
    CHECK(live() == before);  // the body's `a`, made at the first next(), went with the raise
}

TEST_CASE("a range, or a generator inside a tuple, cannot be returned to the host: a located error",
          "[e2e][generators]") {
    Module m = Module::from_string(kSource + std::string("\n\n@njit\ndef r(n):\n    return range(n)\n"
                                                         "\n\n@njit\ndef t(n):\n    return n, rows(n)\n"),
                                   "g.py");
    CHECK_THROWS_WITH(m.function("t")(int64_t{2}), Contains("cannot return Tuple(int64, array(float64, 1d, C) "
                                                            "generator(func=rows"));
    CHECK_THROWS_WITH(m.function("r")(int64_t{2}), Contains("cannot return range_state_int64 from 'r'"));
}

TEST_CASE("a range kept in a variable answers as CPython's", "[e2e][range]") {
    Module m = Module::from_string(kSource, "generators.py");
    CHECK(m.function("rng")(int64_t{1}, int64_t{20}, int64_t{4}).repr() == "(5, 17, True, 45)");
    CHECK(m.function("rng")(int64_t{20}, int64_t{1}, int64_t{-5}).repr() == "(4, 5, True, 50)");
    CHECK_THROWS_WITH(m.function("rng")(int64_t{0}, int64_t{0}, int64_t{1}),
                      Contains("IndexError") && Contains("range object index out of range"));
}
