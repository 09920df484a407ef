// set_host_allocator (Numba's EMM plugins' memhostalloc and mempin): pinned and mapped arrays
// take their memory from the external allocator and give it back there; registrations pin
// through it. Runs on a GPU and on the host device alike ([gpu] without UJIT_REQUIRE_GPU): the
// allocator hands out pieces of pinned and mapped arenas that ujit allocated before it was set.
#include <catch2/catch.hpp>

#include <map>
#include <numeric>

#include "ujit/cuda.hpp"

using namespace ujit;
using namespace ujit::cuda;
using Catch::Matchers::Contains;

namespace {

struct HostArena {
    PinnedArray pinned{DType::UInt8, {1 << 16}, Order::C, MemoryKind::Pinned};
    PinnedArray mapped{DType::UInt8, {1 << 16}, Order::C, MemoryKind::Mapped};
    size_t used = 0;
    struct Live {
        size_t bytes;
        bool mapped;
    };
    std::map<void*, Live> live;
    std::map<void*, size_t> pins;
    int allocations = 0, releases = 0, pin_calls = 0, unpin_calls = 0;
    bool fail = false;

    std::shared_ptr<const HostAllocator> allocator(bool with_pin) {
        auto a = std::make_shared<HostAllocator>();
        a->allocate = [this](int, size_t bytes, bool is_mapped) {
            if (fail) throw Error(Error::Kind::Runtime, "error: the host arena is full");
            ++allocations;
            PinnedArray& from = is_mapped ? mapped : pinned;
            HostAllocation got;
            got.host = from.data<uint8_t>() + used;
            if (is_mapped) got.device_pointer = from.device_pointer() + used;
            used += (bytes + 255) / 256 * 256;
            live[got.host] = {bytes, is_mapped};
            return got;
        };
        a->release = [this](int, const HostAllocation& m, size_t bytes, bool is_mapped) {
            ++releases;
            auto it = live.find(m.host);
            REQUIRE(it != live.end());  // a release of memory this allocator did not give
            CHECK(it->second.bytes == bytes);
            CHECK(it->second.mapped == is_mapped);
            live.erase(it);
        };
        if (with_pin) {
            a->pin = [this](int, void* data, size_t bytes, bool is_mapped) -> uint64_t {
                ++pin_calls;
                pins[data] = bytes;
                // A mapped pin on a GPU must give a device address: the mapped arena's.
                return is_mapped ? mapped.device_pointer() : 0;
            };
            a->unpin = [this](int, void* data, size_t bytes, bool) {
                ++unpin_calls;
                CHECK(pins[data] == bytes);
                pins.erase(data);
            };
        }
        return a;
    }
};

// Restores the driver's allocations even when a check fails.
struct HostAllocatorScope {
    ~HostAllocatorScope() { set_host_allocator(nullptr); }
};

bool on_host_device() { return !is_available(); }

}  // namespace

TEST_CASE("pinned and mapped arrays take their memory from an external host allocator", "[gpu]") {
    HostArena arena;
    HostAllocatorScope scope;
    set_host_allocator(arena.allocator(false));
    {
        PinnedArray p(DType::Float64, {10}, Order::C, MemoryKind::Pinned);
        CHECK(arena.allocations == 1);
        REQUIRE(arena.live.count(p.data<double>()) == 1);
        CHECK(arena.live[p.data<double>()].bytes == 80);
        CHECK_FALSE(arena.live[p.data<double>()].mapped);
        std::iota(p.data<double>(), p.data<double>() + 10, 0.5);
        // The memory works as pinned memory: a round trip through the device.
        Array back = to_device(p.ref()).copy_to_host();
        CHECK(std::equal(p.data<double>(), p.data<double>() + 10, back.data<double>()));

        PinnedArray m(DType::Int32, {3, 4}, Order::F, MemoryKind::Mapped);
        CHECK(arena.allocations == 2);
        REQUIRE(arena.live.count(m.data<int32_t>()) == 1);
        CHECK(arena.live[m.data<int32_t>()].mapped);
        uint64_t host = reinterpret_cast<uint64_t>(m.data<int32_t>());
        if (on_host_device())
            CHECK(m.device_pointer() == host);
        else
            CHECK(m.device_pointer() ==
                  arena.mapped.device_pointer() + (host - uint64_t(arena.mapped.data<uint8_t>())));

        // Managed memory stays ujit's.
        PinnedArray u(DType::Float32, {8}, Order::C, MemoryKind::Managed);
        CHECK(arena.allocations == 2);
        CHECK(arena.releases == 0);
    }
    CHECK(arena.releases == 2);
    CHECK(arena.live.empty());

    // A failing allocator fails the allocation with its message; the process goes on.
    arena.fail = true;
    CHECK_THROWS_WITH(PinnedArray(DType::Int32, {4}), Contains("the host arena is full"));
    arena.fail = false;

    // Memory the allocator gave goes back to it after the driver is restored.
    PinnedArray kept(DType::Int32, {4});
    set_host_allocator(nullptr);
    PinnedArray own(DType::Int32, {4});
    CHECK(arena.allocations == 3);
    kept = PinnedArray();
    CHECK(arena.releases == 3);
    CHECK(arena.live.empty());
}

TEST_CASE("registrations pin through the host allocator's pin and unpin where it has them", "[gpu]") {
    HostArena arena;
    HostAllocatorScope scope;
    std::vector<double> data(64, 1.0);
    set_host_allocator(arena.allocator(true));
    {
        HostRegistration r(data.data(), data.size() * sizeof(double), false);
        CHECK(arena.pin_calls == 1);
        CHECK(arena.pins[data.data()] == 512);
        HostRegistration m(data.data() + 8, 64, true);
        CHECK(arena.pin_calls == 2);
        if (on_host_device())
            CHECK(m.device_pointer() == reinterpret_cast<uint64_t>(data.data() + 8));
        else
            CHECK(m.device_pointer() == arena.mapped.device_pointer());
        CHECK(arena.unpin_calls == 0);
    }
    CHECK(arena.unpin_calls == 2);
    CHECK(arena.pins.empty());

    // Without pin and unpin, registrations go to the driver, not to the allocator.
    set_host_allocator(arena.allocator(false));
    {
        HostRegistration r(data.data(), 64, false);
        CHECK(arena.pin_calls == 2);
    }
    CHECK(arena.unpin_calls == 2);
}

TEST_CASE("a host allocator needs allocate and release, and pin with unpin", "[gpu]") {
    auto half = std::make_shared<HostAllocator>();
    half->allocate = [](int, size_t, bool) { return HostAllocation{}; };
    CHECK_THROWS_WITH(set_host_allocator(half), Contains("needs both allocate and release"));
    half->release = [](int, const HostAllocation&, size_t, bool) {};
    half->pin = [](int, void*, size_t, bool) -> uint64_t { return 0; };
    CHECK_THROWS_WITH(set_host_allocator(half), Contains("both pin and unpin, or neither"));

    // An allocator that gives no memory fails the allocation, which says so.
    half->pin = nullptr;
    HostAllocatorScope scope;
    set_host_allocator(half);
    CHECK_THROWS_WITH(PinnedArray(DType::Int32, {4}), Contains("returned no memory for 16 bytes"));
}
