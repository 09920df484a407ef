// heapq through the C++ API: a reflected list argument is a heap the caller sees rearranged, a
// heap of (str, int) tuples made, pushed, popped and returned leaks nothing (its items hold
// strings), and an empty heap's pop is Numba's IndexError. Expected values are CPython's for
// the same source (`python3 -c` of it).
#include <catch2/catch.hpp>

#include "support/live_allocations.hpp"
#include "ujit/ujit.hpp"

#include <string>

using namespace ujit;
using Catch::Matchers::Contains;

namespace {

constexpr const char* kSource = R"(import heapq


def heapify_in_place(h):
    heapq.heapify(h)
    return heapq.heappushpop(h, 4)


def words(n):
    h = [("m", 0)]
    for i in range(n):
        heapq.heappush(h, ("w" + str((i * 7) % 5), i))
    first = heapq.heappop(h)
    second = heapq.heapreplace(h, ("a", -1))
    return first[0] + second[0] + heapq.heappop(h)[0] + str(len(h))


def pop_all(n):
    h = [1.5]
    out = 0.0
    for _ in range(n):
        out += heapq.heappop(h)
    return out
)";

}  // namespace

TEST_CASE("heapq rearranges a reflected list as CPython's heapq does", "[e2e][heapq]") {
    Module m = Module::from_string(kSource, "heaps.py");
    Value l = Value::list_of({Value(int64_t{9}), Value(int64_t{3}), Value(int64_t{7}), Value(int64_t{1}),
                              Value(int64_t{8}), Value(int64_t{2})});
    CHECK(m.function("heapify_in_place")(l).as<int64_t>() == 1);  // CPython: 1
    CHECK(l.repr() == "[2, 3, 4, 9, 8, 7]");                      // CPython: [2, 3, 4, 9, 8, 7]
}

TEST_CASE("a heap of tuples holding strings gives CPython's order and leaks nothing", "[e2e][heapq]") {
    Module m = Module::from_string(kSource, "heaps.py");
    Function words = m.function("words");
    CHECK(words(int64_t{6}).str() == "mw0a5");  // CPython: 'mw0a5'
    test::Live live;
    for (int k = 0; k < 20; ++k) CHECK(words(int64_t{9}).str() == "mw0a8");  // CPython: 'mw0a8'
    CHECK(live.blocks() == 0);
    CHECK(live.headers() == 0);
}

TEST_CASE("heappop of an empty heap is IndexError", "[e2e][heapq]") {
    Module m = Module::from_string(kSource, "heaps.py");
    CHECK(m.function("pop_all")(int64_t{1}).as<double>() == 1.5);
    CHECK_THROWS_WITH(m.function("pop_all")(int64_t{2}), Contains("IndexError: pop from empty list"));
}
