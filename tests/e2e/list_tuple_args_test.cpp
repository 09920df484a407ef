// Lists of tuples passed from C++ (issue 19, item 2): a numba.typed.List of tuples that a
// compiled function returned passes back in (its item type is Numba's str of the type,
// "UniTuple(int64 x 2)"), and a plain list of tuples is a reflected list, written back.
// The expected values are CPython's for the same code.
#include <catch2/catch.hpp>

#include "ujit/ujit.hpp"

using namespace ujit;

namespace {

constexpr const char* kSource = R"(from numba import njit
from numba.typed import List


@njit
def pairs(n):
    l = List()
    for i in range(n):
        l.append((i, i * 2))
    return l


@njit
def weighted(l):
    t = 0
    for a, b in l:
        t += a * b
    return t


@njit
def extend(l):
    l.append((7, 8))
    return len(l)
)";

}  // namespace

TEST_CASE("a typed List of tuples returned to C++ passes back in", "[e2e][lists][dict_args]") {
    Module m = Module::from_string(kSource, "list_tuples.py");
    Value l = m.function("pairs")(3);
    REQUIRE(l.is_list());
    CHECK(l.list_typed_item() == "UniTuple(int64 x 2)");
    CHECK(l.repr() == "[(0, 0), (1, 2), (2, 4)]");
    CHECK(m.function("weighted")(l).as<int64_t>() == 0 * 0 + 1 * 2 + 2 * 4);
    CHECK(m.function("extend")(l).as<int64_t>() == 4);
    CHECK(l.repr() == "[(0, 0), (1, 2), (2, 4), (7, 8)]");  // changed in place, as Numba's typed List
    CHECK(m.function("weighted")(m.function("pairs")(0)).as<int64_t>() == 0);  // empty: typed by its item type
}

TEST_CASE("a list of tuples from C++ is a reflected list", "[e2e][lists][dict_args]") {
    Module m = Module::from_string(kSource, "list_tuples.py");
    Value r = Value::list_of({Value(Value::Tuple{1, 2}), Value(Value::Tuple{3, 4})});
    CHECK(m.function("extend")(r).as<int64_t>() == 3);
    CHECK(r.repr() == "[(1, 2), (3, 4), (7, 8)]");
    CHECK(m.function("weighted")(r).as<int64_t>() == 1 * 2 + 3 * 4 + 7 * 8);
}
