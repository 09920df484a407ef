#include "cudadrv/memory_external.hpp"

#include <map>
#include <mutex>
#include <utility>

#include <fmt/format.h>

namespace ujit::cuda {
namespace {

struct AllocatorSlot {
    std::mutex mutex;
    std::shared_ptr<const DeviceAllocator> every_device;
    std::map<int, std::shared_ptr<const DeviceAllocator>> per_device;  // overrides every_device
};

AllocatorSlot& slot() {
    static AllocatorSlot* s = new AllocatorSlot;  // never destroyed: arrays may outlive main()
    return *s;
}

}  // namespace

void set_device_allocator(std::shared_ptr<const DeviceAllocator> allocator, int device) {
    if (allocator && (!allocator->allocate || !allocator->release))
        throw Error(Error::Kind::Argument, "error: a device allocator needs both allocate and release");
    if (device < -1) throw Error(Error::Kind::Argument, fmt::format("error: no device {}", device));
    AllocatorSlot& s = slot();
    std::lock_guard lock(s.mutex);
    if (device == -1) {
        s.per_device.clear();
        s.every_device = std::move(allocator);
    } else {
        s.per_device[device] = std::move(allocator);
    }
}

std::shared_ptr<const DeviceAllocator> external_allocator(int device) {
    AllocatorSlot& s = slot();
    std::lock_guard lock(s.mutex);
    auto it = s.per_device.find(device);
    return it != s.per_device.end() ? it->second : s.every_device;
}

std::shared_ptr<void> allocate_external(std::shared_ptr<const DeviceAllocator> allocator, int device, size_t bytes,
                                        uint64_t* ptr) {
    *ptr = 0;
    if (bytes == 0) return nullptr;
    uint64_t p = allocator->allocate(device, bytes);
    if (p == 0)
        throw Error(Error::Kind::Runtime,
                    fmt::format("error: the external device allocator returned no memory for {} bytes", bytes));
    *ptr = p;
    // The deleter keeps its allocator: memory goes back where it came from even after
    // set_device_allocator replaced it.
    return std::shared_ptr<void>(reinterpret_cast<void*>(p), [allocator = std::move(allocator), device, p,
                                                              bytes](void*) { allocator->release(device, p, bytes); });
}

}  // namespace ujit::cuda
