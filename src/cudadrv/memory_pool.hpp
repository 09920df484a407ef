// The caching device allocator. Freed blocks are kept in free lists keyed by size class and
// handed out again without cuMemAlloc (CuPy's memory pool idea, without block splitting):
// sizes round up to 512 bytes below 1 MiB and to a quarter of their power of two above it,
// so repeated allocations of one size always hit and rounding wastes at most 25%.
//
// BlockPool is the bookkeeping alone, over an abstract RawAllocator, so that tests can run
// it without a GPU; the device pools (one per device) plug in cuMemAlloc/cuMemFree.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

#include "ujit/cuda.hpp"

namespace ujit::cuda {

// The size class that serves `bytes` (0 for 0).
size_t size_class(size_t bytes);

class RawAllocator {
public:
    virtual ~RawAllocator() = default;
    // Returns 0 when the device is out of memory; throws on any other failure.
    virtual uint64_t allocate(size_t bytes) = 0;
    virtual void free(uint64_t ptr) = 0;
};

class BlockPool {
public:
    explicit BlockPool(RawAllocator& raw) : raw_(raw) {}
    // A block of at least `bytes` (exactly size_class(bytes)); 0 for 0 bytes. Out of memory:
    // frees the cached blocks and retries once, then throws ujit::Error (Runtime).
    uint64_t allocate(size_t bytes);
    // Returns a block from allocate(bytes): cached, or freed when caching is off.
    void release(uint64_t ptr, size_t bytes);
    // Frees every cached block.
    void free_cached();
    // Forgets every block, live or cached, without freeing (their memory is already gone:
    // the context was reset). Releases of the forgotten live blocks must not reach release().
    void forget_all();
    void set_enabled(bool enabled);
    // What the cache may keep: blocks above `max_block` bytes are freed on release, and a
    // release that would take the cache above `max_total` bytes frees the block instead.
    // Unbounded (the default) suits a GPU, whose memory is the pool's alone; the host
    // device's pool competes with everything else in the process (host_device.cpp).
    void set_cache_limits(size_t max_block, size_t max_total);
    PoolStats stats() const;

private:
    void free_cached_locked();
    RawAllocator& raw_;
    mutable std::mutex mutex_;
    std::map<size_t, std::vector<uint64_t>> free_;  // size class → cached blocks
    PoolStats stats_;
    bool enabled_ = true;
    size_t max_cached_block_ = SIZE_MAX, max_cached_total_ = SIZE_MAX;
};

struct DeviceContext;

// Device memory of `bytes` on `dc`'s device from its pool. The returned owner gives the
// block back to the pool when the last copy goes (and does nothing if the device's context
// was reset since). `*ptr` receives the device address (0 for 0 bytes).
std::shared_ptr<void> allocate_device(DeviceContext& dc, size_t bytes, uint64_t* ptr);

}  // namespace ujit::cuda
