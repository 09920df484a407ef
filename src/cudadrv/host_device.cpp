#include "cudadrv/host_device.hpp"

#include <chrono>
#include <cstdlib>

#include "cudadrv/memory_pool.hpp"

namespace ujit::cuda {
namespace {

// What cuMemAlloc guarantees; the pool's size classes are multiples of it, as aligned_alloc
// requires of the size.
constexpr size_t kDeviceAlignment = 256;

class HostAllocator final : public RawAllocator {
public:
    uint64_t allocate(size_t bytes) override {
        return reinterpret_cast<uint64_t>(std::aligned_alloc(kDeviceAlignment, bytes));  // 0: out of memory
    }
    void free(uint64_t ptr) override { std::free(reinterpret_cast<void*>(ptr)); }
};

// The host device's cache keeps small blocks (a kernel's scratch arrays, allocated again
// each iteration) but no large ones: a large free goes back to the C library, which unmaps
// it, so memory freed by the user leaves the process as a NumPy array's would. Reusing a
// large block saves little: its pages are touched again by the copy or kernel that fills it.
constexpr size_t kHostMaxCachedBlock = size_t(4) << 20;
constexpr size_t kHostMaxCached = size_t(64) << 20;

struct HostPool {
    HostPool() { pool.set_cache_limits(kHostMaxCachedBlock, kHostMaxCached); }
    HostAllocator raw;
    BlockPool pool{raw};
};

HostPool& host_pool() {
    static HostPool* p = new HostPool;  // never destroyed: arrays may outlive static destructors
    return *p;
}

}  // namespace

bool uses_host_device() { return !is_available(); }

std::shared_ptr<void> allocate_host_device(size_t bytes, uint64_t* ptr) {
    HostPool& hp = host_pool();
    *ptr = hp.pool.allocate(bytes);
    uint64_t p = *ptr;
    return std::shared_ptr<void>(reinterpret_cast<void*>(p), [&hp, p, bytes](void*) { hp.pool.release(p, bytes); });
}

PoolStats host_pool_stats() { return host_pool().pool.stats(); }

void free_host_pool() { host_pool().pool.free_cached(); }

void set_host_pool_enabled(bool enabled) { host_pool().pool.set_enabled(enabled); }

double host_clock_ms() {
    using namespace std::chrono;
    return duration<double, std::milli>(steady_clock::now().time_since_epoch()).count();
}

}  // namespace ujit::cuda
