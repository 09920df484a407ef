// set_device_allocator (Numba's EMM plugins, RMM): device arrays take their memory from the
// external allocator and give it back there. Runs on a GPU and on the host device alike ([gpu]
// without UJIT_REQUIRE_GPU): the allocator hands out pieces of an arena that ujit's pool
// allocated before it was set.
#include <catch2/catch.hpp>

#include <map>
#include <numeric>
#include <stdexcept>

#include "ujit/cuda.hpp"

using namespace ujit;
using namespace ujit::cuda;
using Catch::Matchers::Contains;

namespace {

struct Arena {
    DeviceArray memory = device_array({1 << 16}, DType::UInt8);
    size_t used = 0;
    std::map<uint64_t, size_t> live;  // address → bytes
    int allocations = 0, releases = 0;
    bool fail = false;

    std::shared_ptr<const DeviceAllocator> allocator() {
        auto a = std::make_shared<DeviceAllocator>();
        a->allocate = [this](int, size_t bytes) -> uint64_t {
            if (fail) throw Error(Error::Kind::Runtime, "error: the arena is full");
            ++allocations;
            uint64_t p = memory.device_pointer() + used;
            used += (bytes + 255) / 256 * 256;
            live[p] = bytes;
            return p;
        };
        a->release = [this](int, uint64_t ptr, size_t bytes) {
            ++releases;
            auto it = live.find(ptr);
            REQUIRE(it != live.end());  // a release of memory this allocator did not give
            CHECK(it->second == bytes);
            live.erase(it);
        };
        return a;
    }
};

// Restores the pool even when a check fails.
struct AllocatorScope {
    ~AllocatorScope() { set_device_allocator(nullptr); }
};

}  // namespace

TEST_CASE("device arrays take their memory from an external allocator and give it back there", "[gpu]") {
    Arena arena;
    AllocatorScope scope;
    set_device_allocator(arena.allocator());

    Array h(DType::Float64, {10});
    std::iota(h.data<double>(), h.data<double>() + 10, 1.5);
    {
        DeviceArray d = to_device(h.ref());
        CHECK(arena.allocations == 1);
        CHECK(arena.live.count(d.device_pointer()) == 1);
        CHECK(arena.live[d.device_pointer()] == 80);
        Array back = d.copy_to_host();
        CHECK(std::equal(h.data<double>(), h.data<double>() + 10, back.data<double>()));
        DeviceArray tail = d.view(16, {8}, {8}, DType::Float64);  // a view keeps the memory
        d = DeviceArray();
        CHECK(arena.releases == 0);
        CHECK(tail.copy_to_host().data<double>()[0] == 3.5);
    }
    CHECK(arena.releases == 1);
    CHECK(arena.live.empty());

    // Nothing is asked for an empty array.
    DeviceArray empty = device_array({0}, DType::Float32);
    CHECK(arena.allocations == 1);

    // A failing allocator fails the allocation with its message; the process goes on.
    arena.fail = true;
    CHECK_THROWS_WITH(device_array({4}, DType::Int32), Contains("the arena is full"));
    arena.fail = false;

    // Memory the allocator gave goes back to it after the pool is restored.
    DeviceArray kept = device_array({4}, DType::Int32);
    CHECK(arena.allocations == 2);
    set_device_allocator(nullptr);
    DeviceArray pooled = device_array({4}, DType::Int32);
    CHECK(arena.allocations == 2);
    kept = DeviceArray();
    CHECK(arena.releases == 2);
    CHECK(arena.live.empty());
}

TEST_CASE("a device allocator needs both functions", "[gpu]") {
    auto half = std::make_shared<DeviceAllocator>();
    half->allocate = [](int, size_t) -> uint64_t { return 0; };
    CHECK_THROWS_WITH(set_device_allocator(half), Contains("needs both allocate and release"));
}

TEST_CASE("a device's own allocator overrides every device's", "[gpu]") {
    Arena arena;
    AllocatorScope scope;
    set_device_allocator(arena.allocator(), 0);  // device 0: the host device, or the first GPU
    DeviceArray a = device_array({4}, DType::Int32);
    CHECK(arena.allocations == 1);
    set_device_allocator(arena.allocator());  // every device...
    set_device_allocator(nullptr, 0);         // ...but device 0 takes ujit's pool
    DeviceArray b = device_array({4}, DType::Int32);
    CHECK(arena.allocations == 1);
    set_device_allocator(nullptr);  // every device's pool, per-device choices forgotten
    DeviceArray c = device_array({4}, DType::Int32);
    CHECK(arena.allocations == 1);
    a = DeviceArray();
    CHECK(arena.releases == 1);
    CHECK_THROWS_WITH(set_device_allocator(nullptr, -2), Contains("no device -2"));
}
