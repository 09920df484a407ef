#include "cudadrv/memory_pool.hpp"

#include <atomic>
#include <bit>
#include <deque>

#include <fmt/format.h>

#include "cudadrv/device_context.hpp"
#include "cudadrv/driver_loader.hpp"
#include "cudadrv/fault_check.hpp"
#include "cudadrv/host_device.hpp"

namespace ujit::cuda {

size_t size_class(size_t bytes) {
    if (bytes == 0) return 0;
    constexpr size_t kSmallGranule = 512, kLarge = size_t(1) << 20;
    if (bytes <= kLarge) return (bytes + kSmallGranule - 1) / kSmallGranule * kSmallGranule;
    size_t step = std::bit_floor(bytes) / 4;
    return (bytes + step - 1) / step * step;
}

// ------------------------------------------------------------------ BlockPool

uint64_t BlockPool::allocate(size_t bytes) {
    size_t cls = size_class(bytes);
    if (cls == 0) return 0;
    std::lock_guard lock(mutex_);
    if (auto it = free_.find(cls); it != free_.end() && !it->second.empty()) {
        uint64_t p = it->second.back();
        it->second.pop_back();
        stats_.bytes_cached -= cls;
        stats_.bytes_in_use += cls;
        ++stats_.pool_hits;
        return p;
    }
    uint64_t p = raw_.allocate(cls);
    if (p == 0 && stats_.bytes_cached > 0) {
        free_cached_locked();
        p = raw_.allocate(cls);
    }
    if (p == 0)
        throw Error(Error::Kind::Runtime,
                    fmt::format("error: out of device memory allocating {} bytes ({} bytes in use by ujit)", bytes,
                                stats_.bytes_in_use));
    ++stats_.driver_allocations;
    stats_.bytes_in_use += cls;
    return p;
}

void BlockPool::release(uint64_t ptr, size_t bytes) {
    size_t cls = size_class(bytes);
    if (ptr == 0 || cls == 0) return;
    std::lock_guard lock(mutex_);
    stats_.bytes_in_use -= cls;
    if (!enabled_ || cls > max_cached_block_ || stats_.bytes_cached + cls > max_cached_total_) {
        raw_.free(ptr);
        return;
    }
    free_[cls].push_back(ptr);
    stats_.bytes_cached += cls;
}

void BlockPool::free_cached_locked() {
    for (auto& [cls, blocks] : free_)
        for (uint64_t p : blocks) raw_.free(p);
    free_.clear();
    stats_.bytes_cached = 0;
}

void BlockPool::free_cached() {
    std::lock_guard lock(mutex_);
    free_cached_locked();
}

void BlockPool::forget_all() {
    std::lock_guard lock(mutex_);
    free_.clear();
    stats_.bytes_cached = 0;
    stats_.bytes_in_use = 0;
}

void BlockPool::set_enabled(bool enabled) {
    std::lock_guard lock(mutex_);
    enabled_ = enabled;
    if (!enabled_) free_cached_locked();
}

void BlockPool::set_cache_limits(size_t max_block, size_t max_total) {
    std::lock_guard lock(mutex_);
    max_cached_block_ = max_block;
    max_cached_total_ = max_total;
    if (stats_.bytes_cached > max_total) free_cached_locked();
}

PoolStats BlockPool::stats() const {
    std::lock_guard lock(mutex_);
    return stats_;
}

// ------------------------------------------------------------------ device pools

namespace {

// cuMemAlloc/cuMemFree in one device's context, whatever context the calling thread has.
class DriverAllocator final : public RawAllocator {
public:
    explicit DriverAllocator(DeviceContext& dc) : dc_(dc) {}
    uint64_t allocate(size_t bytes) override {
        bind(dc_);
        CUdeviceptr p = 0;
        CUresult r = driver().cuMemAlloc(&p, bytes);
        if (r == CUDA_ERROR_OUT_OF_MEMORY) return 0;
        check(r, "cuMemAlloc", [&] { return fmt::format("{} bytes on device {}", bytes, dc_.ordinal); });
        return p;
    }
    void free(uint64_t ptr) override {
        // Blocks may go back from any thread: make the owning context current for the call.
        const DriverApi& api = driver();
        check(api.cuCtxPushCurrent(dc_.context), "cuCtxPushCurrent");
        CUresult r = api.cuMemFree(CUdeviceptr(ptr));
        CUcontext popped = nullptr;
        api.cuCtxPopCurrent(&popped);
        check(r, "cuMemFree");
    }

private:
    DeviceContext& dc_;
};

std::atomic<bool> g_pool_enabled{true};

struct DevicePool {
    explicit DevicePool(DeviceContext& dc) : raw(dc), pool(raw), generation(dc.generation.load()) {
        pool.set_enabled(g_pool_enabled.load());
    }
    DriverAllocator raw;
    BlockPool pool;
    uint64_t generation;  // of the context whose memory the pool holds
};

struct PoolTable {
    std::mutex mutex;
    std::deque<std::unique_ptr<DevicePool>> pools;
};

PoolTable& pool_table() {
    static PoolTable* t = new PoolTable;  // never destroyed, like the device table
    return *t;
}

DevicePool& device_pool(DeviceContext& dc) {
    PoolTable& t = pool_table();
    std::lock_guard lock(t.mutex);
    while (int(t.pools.size()) <= dc.ordinal) t.pools.push_back(nullptr);
    auto& slot = t.pools[size_t(dc.ordinal)];
    if (!slot) slot = std::make_unique<DevicePool>(dc);
    // The context was reset after a fault (device_context.hpp): its memory is gone, so the
    // pool forgets its blocks unfreed before it serves the new context.
    if (uint64_t gen = dc.generation.load(); slot->generation != gen) [[unlikely]] {
        slot->pool.forget_all();
        slot->generation = gen;
    }
    return *slot;
}

}  // namespace

std::shared_ptr<void> allocate_device(DeviceContext& dc, size_t bytes, uint64_t* ptr) {
    DevicePool& dp = device_pool(dc);
    *ptr = dp.pool.allocate(bytes);
    uint64_t p = *ptr, gen = dc.generation.load();
    return std::shared_ptr<void>(reinterpret_cast<void*>(p), [&dc, &dp, p, bytes, gen](void*) {
        if (dc.generation.load() != gen) return;  // the context was reset: memory is gone
        try {
            dp.pool.release(p, bytes);
        } catch (...) {
            // A failing cuMemFree in a destructor has nowhere to go.
        }
    });
}

PoolStats pool_stats() { return uses_host_device() ? host_pool_stats() : device_pool(bind()).pool.stats(); }

void free_pool() {
    if (uses_host_device()) return free_host_pool();
    for (int i = 0; i < device_count(); ++i) {
        try {
            device_pool(device_context(i)).pool.free_cached();
        } catch (const Error&) {
            // an unusable device (after a fault) holds no memory to free
        }
    }
}

void set_pool_enabled(bool enabled) {
    if (uses_host_device()) return set_host_pool_enabled(enabled);
    g_pool_enabled.store(enabled);
    for (int i = 0; i < device_count(); ++i) {
        try {
            device_pool(device_context(i)).pool.set_enabled(enabled);
        } catch (const Error&) {}
    }
}

}  // namespace ujit::cuda
