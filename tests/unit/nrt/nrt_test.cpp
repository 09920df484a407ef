// The array runtime (src/nrt): allocation, reference counts, the counters, and the error
// model: a raise releases what the raising call allocated, nothing else.
#include <catch2/catch.hpp>

#include "support/live_allocations.hpp"

#include "cpu/helper_errors.hpp"
#include "nrt/nrt.h"
#include "ujit/ujit.hpp"

#include <cstdint>
#include <thread>
#include <vector>

using ujit::test::Live;

TEST_CASE("nrt: allocate, count references, free once", "[nrt]") {
    Live live;
    ujit_nrt_meminfo* mi = ujit_nrt_allocate(100, 64);
    REQUIRE(mi);
    CHECK(reinterpret_cast<uintptr_t>(ujit_nrt_data(mi)) % 64 == 0);
    CHECK(ujit_nrt_size(mi) == 100);
    CHECK(ujit_nrt_refcount(mi) == 1);
    static_cast<char*>(ujit_nrt_data(mi))[99] = 1;  // the whole block is usable (ASan checks)
    ujit_nrt_incref(mi);
    CHECK(ujit_nrt_refcount(mi) == 2);
    CHECK(live.blocks() == 1);
    ujit_nrt_decref(mi);
    CHECK(live.blocks() == 1);
    ujit_nrt_decref(mi);
    CHECK(live.blocks() == 0);
    CHECK(live.headers() == 0);
    ujit_nrt_incref(nullptr);  // a borrowed array: nothing to count
    ujit_nrt_decref(nullptr);
}

TEST_CASE("nrt: alignments and sizes", "[nrt]") {
    Live live;
    for (size_t align : {1, 8, 16, 32, 64, 4096}) {
        ujit_nrt_meminfo* mi = ujit_nrt_allocate(align * 3 + 1, align);
        REQUIRE(mi);
        CHECK(reinterpret_cast<uintptr_t>(ujit_nrt_data(mi)) % (align < 16 ? 16 : align) == 0);
        ujit_nrt_decref(mi);
    }
    ujit_nrt_meminfo* empty = ujit_nrt_allocate(0, 16);  // np.empty(0) owns a block too
    REQUIRE(empty);
    ujit_nrt_decref(empty);
    CHECK(ujit_nrt_allocate(SIZE_MAX - 8, 16) == nullptr);
    CHECK(ujit_nrt_allocate(16, 48) == nullptr);  // not a power of two
    CHECK(live.blocks() == 0);
}

TEST_CASE("nrt: adopted memory is released by its destructor, once", "[nrt]") {
    Live live;
    static int calls = 0;
    calls = 0;
    auto* data = new double[4];
    ujit_nrt_meminfo* mi = ujit_nrt_adopt(
        data, sizeof(double) * 4,
        [](void* d, void* info) {
            ++calls;
            CHECK(info == reinterpret_cast<void*>(42));
            delete[] static_cast<double*>(d);
        },
        reinterpret_cast<void*>(42));
    REQUIRE(mi);
    CHECK(ujit_nrt_data(mi) == data);
    CHECK(live.headers() == 1);
    CHECK(live.blocks() == 0);  // not a block of ours
    ujit_nrt_incref(mi);
    ujit_nrt_decref(mi);
    CHECK(calls == 0);
    ujit_nrt_decref(mi);
    CHECK(calls == 1);
    CHECK(live.headers() == 0);
}

TEST_CASE("nrt: references counted from many threads free the block exactly once", "[nrt]") {
    Live live;
    ujit_nrt_meminfo* mi = ujit_nrt_allocate(64, 16);
    REQUIRE(mi);
    std::vector<std::thread> threads;
    for (int t = 0; t < 8; ++t)
        threads.emplace_back([mi] {
            for (int i = 0; i < 20000; ++i) {
                ujit_nrt_incref(mi);
                ujit_nrt_decref(mi);
            }
        });
    for (auto& t : threads) t.join();
    CHECK(ujit_nrt_refcount(mi) == 1);
    ujit_nrt_decref(mi);
    CHECK(live.blocks() == 0);
}

namespace {

// Stands in for compiled code: allocates, frees some, then raises or returns. Raw pointers
// only (guarded_call's rule: nothing with a destructor between the guard and the raise).
ujit_nrt_meminfo* g_escaped = nullptr;

void allocate_then_raise() {
    ujit_nrt_meminfo* a = ujit_nrt_allocate(1000, 16);
    ujit_nrt_meminfo* b = ujit_nrt_allocate(2000, 16);
    ujit_nrt_meminfo* c = ujit_nrt_allocate(3000, 16);
    ujit_nrt_incref(b);  // two references to b: a raise frees it all the same
    ujit_nrt_decref(a);  // freed before the raise: must not be freed again
    (void)c;
    ujit_rt_raise(0, "test");
}

void allocate_and_return() { g_escaped = ujit_nrt_allocate(500, 16); }

}  // namespace

TEST_CASE("nrt: a raise frees what the raising call allocated and nothing else", "[nrt][errors]") {
    Live live;
    ujit::cpu::RuntimeErrorInfo err;
    CHECK_FALSE(ujit::cpu::guarded_call([] { allocate_then_raise(); }, err));
    CHECK(live.blocks() == 0);
    CHECK(live.headers() == 0);

    // An allocation that escaped a call that returned (the host holds it) survives a later
    // raise, and is the host's to release.
    REQUIRE(ujit::cpu::guarded_call([] { allocate_and_return(); }, err));
    CHECK(live.blocks() == 1);
    CHECK_FALSE(ujit::cpu::guarded_call([] { allocate_then_raise(); }, err));
    CHECK(live.blocks() == 1);
    CHECK(ujit_nrt_refcount(g_escaped) == 1);
    ujit_nrt_decref(g_escaped);
    CHECK(live.blocks() == 0);
}

TEST_CASE("nrt: nested guards: an inner raise frees the inner call's allocations only", "[nrt][errors]") {
    Live live;
    static ujit_nrt_meminfo* outer_block = nullptr;
    ujit::cpu::RuntimeErrorInfo err;
    REQUIRE(ujit::cpu::guarded_call(
        [] {
            outer_block = ujit_nrt_allocate(64, 16);
            ujit::cpu::RuntimeErrorInfo inner;
            CHECK_FALSE(ujit::cpu::guarded_call([] { allocate_then_raise(); }, inner));
            CHECK(ujit_nrt_refcount(outer_block) == 1);  // still alive
        },
        err));
    CHECK(live.blocks() == 1);
    ujit_nrt_decref(outer_block);

    // What an inner call returned to its (compiled) caller is freed when the caller raises.
    CHECK_FALSE(ujit::cpu::guarded_call(
        [] {
            ujit::cpu::RuntimeErrorInfo inner;
            CHECK(ujit::cpu::guarded_call([] { allocate_and_return(); }, inner));
            ujit_rt_raise(0, "test");
        },
        err));
    CHECK(live.blocks() == 0);
    CHECK(live.headers() == 0);
}
