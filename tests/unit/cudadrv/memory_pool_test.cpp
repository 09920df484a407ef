// The caching allocator's bookkeeping over a fake device allocator (no GPU needed).
#include <catch2/catch.hpp>

#include <set>

#include "cudadrv/memory_pool.hpp"

using namespace ujit::cuda;

namespace {
// Hands out fake addresses from a fixed budget; records every call.
class FakeAllocator final : public RawAllocator {
public:
    explicit FakeAllocator(size_t budget) : budget_(budget) {}
    uint64_t allocate(size_t bytes) override {
        ++allocs;
        if (live_bytes + bytes > budget_) return 0;
        live_bytes += bytes;
        uint64_t p = next_;
        next_ += bytes + 4096;
        live[p] = bytes;
        return p;
    }
    void free(uint64_t ptr) override {
        ++frees;
        auto it = live.find(ptr);
        REQUIRE(it != live.end());  // double or foreign free
        live_bytes -= it->second;
        live.erase(it);
    }
    size_t allocs = 0, frees = 0, live_bytes = 0;
    std::map<uint64_t, size_t> live;

private:
    size_t budget_;
    uint64_t next_ = 0x10000;
};
}  // namespace

TEST_CASE("size classes round small sizes to 512 bytes and large ones to quarter powers of two", "[cudadrv]") {
    CHECK(size_class(0) == 0);
    CHECK(size_class(1) == 512);
    CHECK(size_class(512) == 512);
    CHECK(size_class(513) == 1024);
    CHECK(size_class(1 << 20) == 1 << 20);
    CHECK(size_class((1 << 20) + 1) == (1 << 20) + (1 << 18));
    CHECK(size_class(3 << 20) == 3 << 20);
    CHECK(size_class(400000000) == 384ull << 20);  // 100M float32: 381.5 MiB → 384 MiB
    for (size_t n : {size_t(1), size_t(777), size_t(1) << 22, size_t(123456789), size_t(5) << 30}) {
        CHECK(size_class(n) >= n);
        CHECK(size_class(n) <= n + n / 4 + 512);  // waste bounded
        CHECK(size_class(size_class(n)) == size_class(n));  // a class serves itself
    }
}

TEST_CASE("freed blocks are reused for the same size class without a new allocation", "[cudadrv]") {
    FakeAllocator raw(1 << 30);
    BlockPool pool(raw);
    uint64_t a = pool.allocate(1000);
    CHECK(raw.allocs == 1);
    CHECK(pool.stats().bytes_in_use == 1024);
    pool.release(a, 1000);
    CHECK(pool.stats().bytes_in_use == 0);
    CHECK(pool.stats().bytes_cached == 1024);
    uint64_t b = pool.allocate(1020);  // same class
    CHECK(b == a);
    CHECK(raw.allocs == 1);
    CHECK(pool.stats().pool_hits == 1);
    uint64_t c = pool.allocate(5000);  // another class
    CHECK(c != a);
    CHECK(raw.allocs == 2);
    CHECK(pool.stats().driver_allocations == 2);
    pool.release(b, 1020);
    pool.release(c, 5000);
    CHECK(raw.frees == 0);
    pool.free_cached();
    CHECK(raw.frees == 2);
    CHECK(raw.live.empty());
    CHECK(pool.stats().bytes_cached == 0);
}

TEST_CASE("zero-byte allocations take no memory", "[cudadrv]") {
    FakeAllocator raw(1 << 20);
    BlockPool pool(raw);
    CHECK(pool.allocate(0) == 0);
    pool.release(0, 0);
    CHECK(raw.allocs == 0);
    CHECK(pool.stats().bytes_in_use == 0);
}

TEST_CASE("out of memory frees the cache and retries before failing", "[cudadrv]") {
    FakeAllocator raw(8192);
    BlockPool pool(raw);
    uint64_t a = pool.allocate(4096);
    uint64_t b = pool.allocate(4096);
    pool.release(a, 4096);
    pool.release(b, 4096);
    // 6000 bytes (class 6144) does not fit beside the two cached 4 KiB blocks: the pool
    // frees them and the retry succeeds.
    uint64_t c = pool.allocate(6000);
    CHECK(c != 0);
    CHECK(raw.frees == 2);
    CHECK(pool.stats().bytes_cached == 0);
    // Nothing left to free: a clear error, and the pool stays consistent.
    CHECK_THROWS_WITH(pool.allocate(4096), Catch::Matchers::Contains("out of device memory allocating 4096 bytes"));
    CHECK(pool.stats().bytes_in_use == 6144);
    pool.release(c, 6000);
    CHECK(pool.allocate(8192) != 0);
}

TEST_CASE("with caching off, releases free at once", "[cudadrv]") {
    FakeAllocator raw(1 << 20);
    BlockPool pool(raw);
    uint64_t a = pool.allocate(100);
    pool.release(a, 100);
    CHECK(pool.stats().bytes_cached == 512);
    pool.set_enabled(false);  // drops the cache
    CHECK(raw.frees == 1);
    uint64_t b = pool.allocate(100);
    pool.release(b, 100);
    CHECK(raw.frees == 2);
    CHECK(pool.stats().bytes_cached == 0);
}

TEST_CASE("forget_all drops blocks without freeing them", "[cudadrv]") {
    FakeAllocator raw(1 << 20);
    BlockPool pool(raw);
    uint64_t a = pool.allocate(100);
    pool.allocate(2000);
    pool.release(a, 100);
    pool.forget_all();
    CHECK(raw.frees == 0);
    CHECK(pool.stats().bytes_in_use == 0);
    CHECK(pool.stats().bytes_cached == 0);
    pool.allocate(100);  // no stale cached block comes back
    CHECK(raw.allocs == 3);
}

// Issue 24: the host device's pool kept every freed block (1.3 GB resident after arrays of
// 63-245 MB, one alive at a time). With limits, large blocks and blocks past the total go
// back to the allocator on release; small ones are still reused.
TEST_CASE("a pool with cache limits frees large blocks and keeps at most its total", "[cudadrv]") {
    FakeAllocator raw(size_t(1) << 34);
    BlockPool pool(raw);
    pool.set_cache_limits(size_t(4) << 20, size_t(8) << 20);
    for (size_t mb : {63, 100, 245}) {
        uint64_t p = pool.allocate(mb << 20);
        pool.release(p, mb << 20);
        CHECK(pool.stats().bytes_cached == 0);
        CHECK(raw.live.empty());
    }
    uint64_t small[3];
    for (uint64_t& p : small) p = pool.allocate(size_t(3) << 20);  // 3 MiB each, under the block limit
    for (uint64_t p : small) pool.release(p, size_t(3) << 20);
    CHECK(pool.stats().bytes_cached == size_t(6) << 20);  // the third would pass 8 MiB: freed
    CHECK(raw.live.size() == 2);
    uint64_t again = pool.allocate(size_t(3) << 20);
    CHECK(pool.stats().pool_hits == 1);
    pool.release(again, size_t(3) << 20);
    pool.free_cached();
    CHECK(raw.live.empty());
}
