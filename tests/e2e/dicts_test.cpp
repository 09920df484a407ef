// Dicts and sets made by compiled code and returned to C++: the entries come back as a
// ujit::Value::Dict (insertion order, as CPython's) or Value::Set, KeyError reaches C++ as
// ujit::Error, and the runtime's counters (ujit_nrt_get_stats) see nothing leak.
#include <catch2/catch.hpp>

#include "nrt/nrt.h"
#include "ujit/ujit.hpp"

using namespace ujit;

namespace {

constexpr const char* kSource = R"(import numpy as np
from numba import njit


@njit
def squares(n):
    d = {}
    for j in range(n):
        d[n - j] = (n - j) * 0.5
    d.pop(2)
    return d


@njit
def arrays(n):
    d = {}
    for i in range(n):
        d[i] = np.arange(i + 1) * 1.0
    return d


@njit
def evens(n):
    s = set()
    for i in range(n):
        s.add(i * 2)
    return s


@njit
def missing(k):
    d = {1: np.ones(3)}
    return d[k].sum()
)";

int64_t live() {
    ujit_nrt_stats s = ujit_nrt_get_stats();
    return static_cast<int64_t>(s.alloc - s.free) + static_cast<int64_t>(s.mi_alloc - s.mi_free);
}

}  // namespace

TEST_CASE("a dict returned to C++ has its entries in insertion order", "[e2e][dicts]") {
    Module m = Module::from_string(kSource, "dicts.py");
    Function f = m.function("squares");
    f(int64_t{4});
    int64_t before = live();
    {
        Value v = f(int64_t{4});
        REQUIRE(v.is_dict());
        CHECK(v.repr() == "{4: 2.0, 3: 1.5, 1: 0.5}");
    }
    CHECK(live() == before);
}

TEST_CASE("a dict of arrays returned to C++ keeps each array alive", "[e2e][dicts]") {
    Module m = Module::from_string(kSource, "dicts.py");
    Function f = m.function("arrays");
    f(int64_t{3});
    int64_t before = live();
    {
        Value v = f(int64_t{3});
        REQUIRE(v.is_dict());
        REQUIRE(v.dict().values.size() == 3);
        const ArrayRef& a = v.dict().values[2].array();
        CHECK(a.shape == std::vector<int64_t>{3});
        CHECK(static_cast<const double*>(a.data)[2] == 2.0);
    }
    CHECK(live() == before);
}

TEST_CASE("a set returned to C++", "[e2e][dicts]") {
    Module m = Module::from_string(kSource, "dicts.py");
    Value v = m.function("evens")(int64_t{3});
    REQUIRE(v.is_set());
    CHECK(v.set().items.size() == 3);
    CHECK(v.repr() == "{0, 2, 4}");
}

TEST_CASE("a missing key is KeyError in C++, and nothing leaks", "[e2e][dicts]") {
    Module m = Module::from_string(kSource, "dicts.py");
    Function f = m.function("missing");
    CHECK(f(int64_t{1}).as<double>() == 3.0);
    int64_t before = live();
    try {
        f(int64_t{2});
        FAIL("no exception");
    } catch (const Error& e) {
        CHECK(e.exception_class() == "KeyError");
        CHECK(e.exception_message() == "2");  // Numba's KeyError(k): the key
    }
    CHECK(live() == before);
}
