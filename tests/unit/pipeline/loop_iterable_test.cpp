// A for loop keeps what it iterates alive (Numba's getiter takes a reference): a body that
// rebinds the list, array or string it iterates, or pops from the list, used to leave the
// loop reading freed memory. Under ASan a use after free; here also the count. The Python
// twin, tests/python/test_loop_iterable_references.py, has CPython as the oracle.
#include <catch2/catch.hpp>

#include "support/live_allocations.hpp"

#include "ujit/ujit.hpp"

using namespace ujit;

using ujit::test::Live;

namespace {

const char* kSource = "import numpy as np\nfrom numba import njit\n"
                      "@njit\ndef rebound(n):\n"
                      "    L = [np.arange(i + 1) for i in range(n)]\n"
                      "    s = 0\n"
                      "    for x in L:\n"
                      "        L = [np.zeros(3, dtype=np.int64)]\n"
                      "        junk = np.full(n + 1, 7)\n"
                      "        s += x.sum() + junk[0]\n"
                      "    return s\n"
                      "@njit\ndef popped(n):\n"
                      "    L = [np.arange(i + 1) for i in range(n)]\n"
                      "    s = 0\n"
                      "    for x in L:\n"
                      "        L.pop()\n"
                      "        s += x.sum()\n"
                      "    return s\n"
                      "@njit\ndef own_target(n):\n"
                      "    s = 'abc' * n\n"
                      "    out = 0\n"
                      "    for s in s:\n"
                      "        out = out * 2 + ord(s)\n"
                      "    return out\n";

}  // namespace

TEST_CASE("for loops: the iterable outlives a body that rebinds or shrinks it", "[driver][nrt]") {
    Module m = Module::from_string(kSource, "loop_iterable.py");
    Function rebound = m.function("rebound");
    Function popped = m.function("popped");
    Function own_target = m.function("own_target");
    // CPython: 5 items of sums 0, 1, 3, 6, 10 plus 7 each; popping stops after 2 items (0 + 1);
    // 'abcabc' folded as out * 2 + ord(c).
    CHECK(rebound(int64_t(5)).scalar().i == 55);  // compiled before the count starts
    CHECK(popped(int64_t(4)).scalar().i == 1);
    CHECK(own_target(int64_t(2)).scalar().i == 6147);
    Live live;
    for (int k = 0; k < 20; ++k) {
        CHECK(rebound(int64_t(5)).scalar().i == 55);
        CHECK(popped(int64_t(4)).scalar().i == 1);
        CHECK(own_target(int64_t(2)).scalar().i == 6147);
    }
    CHECK(live.blocks() == 0);
    CHECK(live.headers() == 0);
}
