// `words[i] += s` on a list of strings: the list takes the new string's reference and drops
// the old one's. The new string used to be stored without its reference and freed with the
// statement's temporaries: under ASan a use after free on the next read; here also the
// count. The Python twin, tests/python/test_item_aug_assign_references.py, uses CPython.
#include <catch2/catch.hpp>

#include "ujit/ujit.hpp"

#include <string>

using namespace ujit;

TEST_CASE("list items: an augmented string item is owned by the list", "[driver][nrt]") {
    Module m = Module::from_string("from numba import njit\n"
                                   "@njit\ndef grow(n):\n"
                                   "    words = ['a' * n, 'b']\n"
                                   "    for i in range(3):\n"
                                   "        words[i % 2] += str(i)\n"
                                   "    junk = 'z' * (n + 1)\n"
                                   "    return len(words[0] + words[1] + junk)\n",
                                   "item_aug.py");
    Function grow = m.function("grow");
    CHECK(grow(int64_t(3)).scalar().i == 11);  // CPython: 'aaa02' + 'b1' + 'zzzz'; compiled first
    AllocationStats at = allocation_stats();
    for (int k = 0; k < 20; ++k) CHECK(grow(int64_t(3)).scalar().i == 11);
    AllocationStats now = allocation_stats();
    CHECK(now.alloc - at.alloc == now.free - at.free);
    CHECK(now.mi_alloc - at.mi_alloc == now.mi_free - at.mi_free);
}
