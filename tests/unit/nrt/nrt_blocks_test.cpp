// The array runtime's blocks (nrt/blocks.hpp): small blocks recycled per thread, counters
// kept per thread and summed, exact across threads that exit.
#include <catch2/catch.hpp>

#include "nrt/nrt.h"
#include "ujit/ujit.hpp"

#include <cstdint>
#include <cstring>
#include <set>
#include <thread>
#include <vector>

namespace {

int64_t live_blocks(const ujit::AllocationStats& at) {
    auto s = ujit::allocation_stats();
    return int64_t(s.alloc - at.alloc) - int64_t(s.free - at.free);
}

}  // namespace

TEST_CASE("nrt blocks: small blocks of every size and alignment are whole and aligned", "[nrt]") {
    ujit::AllocationStats at = ujit::allocation_stats();
    std::vector<ujit_nrt_meminfo*> blocks;
    for (size_t align : {16, 32, 64, 128})
        for (size_t n = 0; n <= 200; n += 8) {
            ujit_nrt_meminfo* mi = ujit_nrt_allocate(n, align);
            REQUIRE(mi);
            CHECK(reinterpret_cast<uintptr_t>(ujit_nrt_data(mi)) % align == 0);
            CHECK(ujit_nrt_size(mi) == n);
            std::memset(ujit_nrt_data(mi), 0xab, n);  // ASan checks the whole block is there
            blocks.push_back(mi);
        }
    // No two live blocks overlap: the data pointers are distinct.
    std::set<void*> distinct;
    for (ujit_nrt_meminfo* mi : blocks) distinct.insert(ujit_nrt_data(mi));
    CHECK(distinct.size() == blocks.size());
    CHECK(live_blocks(at) == int64_t(blocks.size()));
    for (ujit_nrt_meminfo* mi : blocks) ujit_nrt_decref(mi);
    CHECK(live_blocks(at) == 0);
}

TEST_CASE("nrt blocks: a released small block is reused by the next small allocation", "[nrt]") {
    ujit_nrt_meminfo* a = ujit_nrt_allocate(24, 64);
    REQUIRE(a);
    void* first = a;
    ujit_nrt_decref(a);
    ujit_nrt_meminfo* b = ujit_nrt_allocate(40, 16);
    REQUIRE(b);
    CHECK(ujit_nrt_refcount(b) == 1);
#ifndef __SANITIZE_ADDRESS__
    CHECK(static_cast<void*>(b) == first);  // from the thread's free list, not malloc
#else
    (void)first;
#endif
    ujit_nrt_decref(b);
}

TEST_CASE("nrt blocks: counts stay exact across threads that allocate, release and exit", "[nrt]") {
    ujit::AllocationStats at = ujit::allocation_stats();
    constexpr int kThreads = 4, kEach = 300;
    std::vector<ujit_nrt_meminfo*> kept(kThreads);
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t)
        threads.emplace_back([&kept, t] {
            std::vector<ujit_nrt_meminfo*> mine;
            for (int i = 0; i < kEach; ++i) mine.push_back(ujit_nrt_allocate(size_t(8 * (i % 20)), 32));
            for (int i = 1; i < kEach; ++i) ujit_nrt_decref(mine[size_t(i)]);  // onto this thread's list
            kept[size_t(t)] = mine[0];  // released by the main thread after this one exits
        });
    for (auto& th : threads) th.join();
    CHECK(live_blocks(at) == kThreads);
    for (ujit_nrt_meminfo* mi : kept) ujit_nrt_decref(mi);
    CHECK(live_blocks(at) == 0);
    auto s = ujit::allocation_stats();
    CHECK(s.alloc - at.alloc == uint64_t(kThreads * kEach));
    CHECK(s.mi_alloc - at.mi_alloc == uint64_t(kThreads * kEach));
}

TEST_CASE("nrt blocks: a released large block is reused whole for the next of its size", "[nrt]") {
    ujit::AllocationStats at = ujit::allocation_stats();
    const size_t bytes = (size_t(6) << 20) + 40;
    ujit_nrt_meminfo* a = ujit_nrt_allocate(bytes, 64);
    REQUIRE(a);
    auto* first = static_cast<char*>(ujit_nrt_data(a));
    std::memset(first, 1, bytes);
    ujit_nrt_decref(a);
    CHECK(live_blocks(at) == 0);
    ujit_nrt_meminfo* b = ujit_nrt_allocate(bytes - 8, 64);  // same number of huge pages
    REQUIRE(b);
    auto* second = static_cast<char*>(ujit_nrt_data(b));
#ifndef __SANITIZE_ADDRESS__
    CHECK(second == first);
#endif
    std::memset(second, 2, bytes - 8);  // all of it is there (ASan checks the malloc'ed one)
    ujit_nrt_meminfo* c = ujit_nrt_allocate(bytes * 2, 64);  // another size: a new mapping
    REQUIRE(c);
    CHECK(ujit_nrt_data(c) != ujit_nrt_data(b));
    static_cast<char*>(ujit_nrt_data(c))[bytes * 2 - 1] = 3;
    CHECK(live_blocks(at) == 2);
    ujit_nrt_decref(b);
    ujit_nrt_decref(c);
    CHECK(live_blocks(at) == 0);
}
