// Tuple slices, hash() of tuples, t + t2 and dict/set comprehensions through the C++ API.
// The expected values are CPython's (3.11+: hash((1, 2, 3)) == 529344067295497451, the value
// Numba 0.68 prints too); refusals carry Numba's messages.
#include <catch2/catch.hpp>

#include "nrt/nrt.h"
#include "ujit/ujit.hpp"

using namespace ujit;
using Catch::Matchers::Contains;

namespace {

constexpr const char* kSource = R"(from numba import njit


@njit
def middle(t):
    return t[1:3]


@njit
def backward(t):
    return t[::-1]


@njit
def hashes():
    return hash((1, 2, 3)), hash((1, 2.5)), hash(((1, 2), "ab")), hash(())


@njit
def joined():
    return (1, 2) + (3.0,)


@njit
def squares(n):
    return {i: i * i for i in range(n)}


@njit
def residues(n):
    return {i % 4 for i in range(n)}


@njit
def run_time_bound(t, k):
    return t[:k]


@njit
def repeated(t):
    return t * 2
)";

Value tuple_of(std::initializer_list<Value> items) { return Value(Value::Tuple(items)); }

int64_t live() {
    ujit_nrt_stats s = ujit_nrt_get_stats();
    return static_cast<int64_t>(s.alloc - s.free) + static_cast<int64_t>(s.mi_alloc - s.mi_free);
}

}  // namespace

TEST_CASE("tuple slices take constant bounds, on tuples of any item types", "[e2e][tuples]") {
    Module m = Module::from_string(kSource, "tuple_ops.py");
    CHECK(m.function("middle")(tuple_of({Value(int64_t{1}), Value(int64_t{2}), Value(int64_t{3}), Value(int64_t{4})}))
              .repr() == "(2, 3)");
    CHECK(m.function("backward")(tuple_of({Value(int64_t{1}), Value(2.5), Value(int64_t{3})})).repr() == "(3, 2.5, 1)");
}

TEST_CASE("hash() of a tuple is CPython's", "[e2e][tuples]") {
    Module m = Module::from_string(kSource, "tuple_ops.py");
    Value v = m.function("hashes")();
    REQUIRE(v.is_tuple());
    // CPython 3.11's hash((1, 2, 3)), hash((1, 2.5)) and hash(()); a str's hash depends on the
    // process's hash key (PYTHONHASHSEED), so the nested tuple holding one is compared in
    // tests/python/test_tuple_ops.py, against CPython in the same process.
    CHECK(v.tuple()[0].as<int64_t>() == 529344067295497451);
    CHECK(v.tuple()[1].as<int64_t>() == 396935360214441795);
    CHECK(v.tuple()[3].as<int64_t>() == 5740354900026072187);
}

TEST_CASE("tuples of different item types concatenate", "[e2e][tuples]") {
    Module m = Module::from_string(kSource, "tuple_ops.py");
    CHECK(m.function("joined")().repr() == "(1, 2, 3.0)");
}

TEST_CASE("dict and set comprehensions build typed containers", "[e2e][tuples]") {
    Module m = Module::from_string(kSource, "tuple_ops.py");
    Function squares = m.function("squares");
    squares(int64_t{3});
    int64_t before = live();
    {
        Value d = squares(int64_t{3});
        REQUIRE(d.is_dict());
        CHECK(d.repr() == "{0: 0, 1: 1, 2: 4}");
        Value s = m.function("residues")(int64_t{10});
        REQUIRE(s.is_set());
        CHECK(s.repr() == "{0, 1, 2, 3}");
    }
    CHECK(live() == before);
}

TEST_CASE("run-time slice bounds and tuple * int are refused with Numba's messages", "[e2e][tuples]") {
    Module m = Module::from_string(kSource, "tuple_ops.py");
    Value t = tuple_of({Value(int64_t{1}), Value(int64_t{2}), Value(int64_t{3})});
    CHECK_THROWS_WITH(m.function("run_time_bound")(t, Value(int64_t{1})),
                      Contains("getitem(UniTuple(int64 x 3), slice<a:b>)"));
    CHECK_THROWS_WITH(m.function("repeated")(t), Contains("mul(UniTuple(int64 x 3), int64)"));
}
