// Lists through the C++ API: made in compiled code and returned (a Value::List of Python's
// numbers), passed in (Numba's reflected list: the caller sees appends and stores), lists of
// arrays keeping their arrays alive, errors as Numba's exceptions, and nothing leaked.
// Expected values are CPython's for the same source.
#include <catch2/catch.hpp>

#include "ujit/ujit.hpp"

#include <string>

using namespace ujit;
using Catch::Matchers::Contains;

namespace {

constexpr const char* kSource = R"(import numpy as np
from numba import njit


@njit
def squares(n):
    return [i * i for i in range(n) if i % 2 == 1]


@njit
def grow(l, n):
    for i in range(n):
        l.append(l[-1] + i)
    l[0] = 100
    return len(l)


@njit
def arrays(n):
    l = []
    for k in range(n):
        l.append(np.arange(k + 1) * 1.5)
    return l


@njit
def total(l):
    s = 0.0
    for a in l:
        s += a.sum()
    return s


@njit
def replace_fails(l, x):
    l[0] = x
    l.pop()
    raise ValueError('no')


@njit
def out_of_range(i):
    l = [1, 2, 3]
    a = [np.ones(3), np.ones(4)]
    return l[i] + len(a)
)";

int64_t live() {
    AllocationStats s = allocation_stats();
    return static_cast<int64_t>(s.mi_alloc - s.mi_free);
}

}  // namespace

TEST_CASE("a list made in compiled code comes back as a list of numbers", "[e2e][lists]") {
    Module m = Module::from_string(kSource, "lists.py");
    Value r = m.function("squares")(int64_t{8});
    REQUIRE(r.is_list());
    CHECK(r.repr() == "[1, 9, 25, 49]");
    CHECK(r.list()[3].as<int64_t>() == 49);
}

TEST_CASE("a list argument is reflected: the caller sees what compiled code did", "[e2e][lists]") {
    Module m = Module::from_string(kSource, "lists.py");
    Value l = Value::list_of({Value(int64_t{1}), Value(int64_t{2})});
    CHECK(m.function("grow")(l, int64_t{3}).as<int64_t>() == 5);
    CHECK(l.repr() == "[100, 2, 2, 3, 5]");  // CPython: [100, 2, 2, 3, 5]
    CHECK_THROWS_WITH(m.function("grow")(Value::list_of({}), int64_t{1}), Contains("cannot type an empty list"));
}

TEST_CASE("lists of arrays own their arrays, in and out", "[e2e][lists]") {
    Module m = Module::from_string(kSource, "lists.py");
    int64_t before = live();
    {
        Value r = m.function("arrays")(int64_t{3});
        REQUIRE(r.list().size() == 3);
        CHECK(r.list()[2].array().shape[0] == 3);
        CHECK(static_cast<const double*>(r.list()[2].array().data)[2] == 3.0);
        CHECK(m.function("total")(r).as<double>() == 1.5 * (0 + 0 + 1 + 0 + 1 + 2));
    }
    CHECK(live() == before);
}

TEST_CASE("an index out of range is IndexError, and a raise leaks nothing", "[e2e][lists]") {
    Module m = Module::from_string(kSource, "lists.py");
    CHECK(m.function("out_of_range")(int64_t{-1}).as<int64_t>() == 5);
    int64_t before = live();
    try {
        m.function("out_of_range")(int64_t{3});
        FAIL("no error");
    } catch (const Error& e) {
        CHECK_THAT(e.what(), Contains("IndexError"));
        CHECK_THAT(e.what(), Contains("getitem out of range"));  // Numba's reflected list's words
    }
    CHECK(live() == before);
}

TEST_CASE("out-of-range list indices raise Numba's IndexError for each kind of list", "[e2e][lists]") {
    // Numba 0.68 (lent H200): a list the function makes says "getitem out of range" / "setitem
    // out of range" (numba/cpython/listobj.py); a numba.typed.List "list index out of range".
    Module m = Module::from_string(R"(from numba import typed


def put(n):
    l = [1, 2, 3]
    l[n] = 0
    return l[0]


def tget(n):
    l = typed.List()
    l.append(1)
    return l[n]


def tput(n):
    l = typed.List()
    l.append(1)
    l[n] = 5
    return l[0]
)",
                                   "list_messages.py");
    CHECK(m.function("put")(int64_t{-3}).as<int64_t>() == 0);
    CHECK_THROWS_WITH(m.function("put")(int64_t{3}), Contains("IndexError: setitem out of range"));
    CHECK_THROWS_WITH(m.function("tget")(int64_t{1}), Contains("IndexError: list index out of range"));
    CHECK_THROWS_WITH(m.function("tput")(int64_t{-2}), Contains("IndexError: list index out of range"));
    CHECK(m.function("tput")(int64_t{0}).as<int64_t>() == 5);
}

// ---- containers: numba.typed.List made in compiled code comes back typed (Numba boxes a
// ListType as a typed List), and passes back in as the same ListType.
TEST_CASE("a typed List made in compiled code comes back with its item type", "[e2e][lists]") {
    Module m = Module::from_string(R"(from numba import njit, types
from numba.typed import List


@njit
def halves(n):
    l = List.empty_list(types.float64)
    for i in range(n):
        l.append(i)
    return l


@njit
def extend(l):
    l.append(l[0] + 0.5)
    return len(l)
)",
                                   "typed_lists.py");
    Value r = m.function("halves")(3);
    REQUIRE(r.is_list());
    CHECK(r.list_typed_item() == "float64");
    CHECK(r.repr() == "[0.0, 1.0, 2.0]");
    CHECK(m.function("extend")(r).as<int64_t>() == 4);  // ListType[float64] again, changed for the caller
    CHECK(r.list()[3].as<double>() == 0.5);
    CHECK(m.function("halves")(0).list_typed_item() == "float64");  // even empty
}

// A raise leaves a list argument as it was: items the call replaced or popped are the caller's
// still (the list's references to them are released once, not twice), what it made is freed.
TEST_CASE("a call that raises after replacing owned items frees none of the caller's", "[e2e][lists]") {
    Module m = Module::from_string(kSource, "lists.py");
    Function replace_fails = m.function("replace_fails");
    auto fails_on = [&](const Value& list, const Value& x) { CHECK_THROWS_AS(replace_fails(list, x), Error); };
    fails_on(m.function("arrays")(int64_t{2}), m.function("arrays")(int64_t{1}).list()[0]);
    fails_on(Value::list_of({Value("ab"), Value("cd")}), Value("x"));
    int64_t before = live();
    {
        Value arrays = m.function("arrays")(int64_t{3});
        Value keep = arrays.list()[0];
        Value x = m.function("arrays")(int64_t{1}).list()[0];
        fails_on(arrays, x);
        fails_on(arrays, x);
        CHECK(arrays.list()[0].owner().meminfo() == keep.owner().meminfo());
        CHECK(arrays.list().size() == 3);
        CHECK(static_cast<const double*>(arrays.list()[2].array().data)[2] == 3.0);
        CHECK(m.function("total")(arrays).as<double>() == 1.5 * (0 + 0 + 1 + 0 + 1 + 2));
        Value words = Value::list_of({Value("ab"), Value("cd")});
        fails_on(words, Value("x"));
        fails_on(words, Value("y"));
        CHECK(words.repr() == "['ab', 'cd']");
    }
    CHECK(live() == before);
}
