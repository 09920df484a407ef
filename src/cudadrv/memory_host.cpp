// Host memory a GPU can reach: pinned, mapped and managed arrays, registration of existing
// host memory, and the device's memory information (include/ujit/cuda.hpp says what each is).
#include <fmt/format.h>
#include <unistd.h>

#include <cstdlib>
#include <mutex>

#include "cudadrv/device_context.hpp"
#include "cudadrv/driver_loader.hpp"
#include "cudadrv/fault_check.hpp"
#include "cudadrv/host_device.hpp"
#include "runtime/shape.hpp"
#include "ujit/cuda.hpp"

namespace ujit::cuda {

namespace detail {
struct PinnedBuffer {
    void* data = nullptr;
    MemoryKind kind = MemoryKind::Pinned;
    bool on_host_device = false;  // then plain host memory (malloc)
    uint64_t device_pointer = 0;
    int device = -1;  // whose context allocated it (freed under it)
    std::shared_ptr<const HostAllocator> external;  // set_host_allocator's, which gets it back
    size_t bytes = 0;
    ~PinnedBuffer() {
        if (!data) return;
        if (external) {
            external->release(device, HostAllocation{data, device_pointer}, bytes, kind == MemoryKind::Mapped);
            return;
        }
        if (on_host_device) {
            std::free(data);
            return;
        }
        try {
            bind(device_context(device));
        } catch (...) {
            return;  // the device became unusable: its memory went with its context
        }
        if (kind == MemoryKind::Managed)
            driver().cuMemFree(CUdeviceptr(data));
        else
            driver().cuMemFreeHost(data);
    }
};
}  // namespace detail

namespace {

// set_host_allocator's choice (as memory_external.cpp's AllocatorSlot holds the device one).
struct HostAllocatorSlot {
    std::mutex mutex;
    std::shared_ptr<const HostAllocator> allocator;
};
HostAllocatorSlot& host_allocator_slot() {
    static auto* s = new HostAllocatorSlot;  // never destroyed: arrays may outlive main()
    return *s;
}
std::shared_ptr<const HostAllocator> host_allocator() {
    HostAllocatorSlot& s = host_allocator_slot();
    std::lock_guard lock(s.mutex);
    return s.allocator;
}

const char* kind_name(MemoryKind k) {
    switch (k) {
    case MemoryKind::Pinned: return "pinned";
    case MemoryKind::Mapped: return "mapped";
    case MemoryKind::Managed: return "managed";
    }
    return "?";
}

}  // namespace

PinnedArray::PinnedArray(DType dtype, std::vector<int64_t> shape, Order order, MemoryKind kind) {
    int64_t n = runtime::checked_size(shape, itemsize(dtype)) * itemsize(dtype);
    size_t bytes = size_t(n ? n : 1);
    auto buf = std::make_shared<detail::PinnedBuffer>();
    buf->kind = kind;
    buf->bytes = bytes;
    std::shared_ptr<const HostAllocator> external = kind == MemoryKind::Managed ? nullptr : host_allocator();
    if (external) {
        const bool host_device = uses_host_device();
        const bool mapped = kind == MemoryKind::Mapped;
        const int device = host_device ? 0 : bind().ordinal;
        HostAllocation got = external->allocate(device, bytes, mapped);
        if (!got.host)
            throw Error(Error::Kind::Runtime,
                        fmt::format("error: the external host allocator returned no memory for {} bytes", bytes));
        if (mapped && !got.device_pointer && !host_device) {
            external->release(device, got, bytes, mapped);
            throw Error(Error::Kind::Runtime,
                        "error: the external host allocator gave mapped memory no device pointer");
        }
        buf->data = got.host;
        buf->device = device;
        buf->on_host_device = host_device;
        // On the host device kernels run on the CPU, at the host address.
        buf->device_pointer = host_device ? reinterpret_cast<uint64_t>(got.host) : mapped ? got.device_pointer : 0;
        buf->external = std::move(external);
    } else if (uses_host_device()) {
        buf->on_host_device = true;
        buf->data = std::malloc(bytes);
        if (!buf->data)
            throw Error(Error::Kind::Runtime, fmt::format("error: out of host memory allocating {} bytes", n));
        buf->device_pointer = reinterpret_cast<uint64_t>(buf->data);
    } else {
        buf->device = bind().ordinal;
        auto detail = [&] { return fmt::format("{} bytes of {} memory", n, kind_name(kind)); };
        if (kind == MemoryKind::Pinned) {
            check(driver().cuMemAllocHost(&buf->data, bytes), "cuMemAllocHost", detail);
        } else if (kind == MemoryKind::Mapped) {
            check(driver().cuMemHostAlloc(&buf->data, bytes, CU_MEMHOSTALLOC_DEVICEMAP | CU_MEMHOSTALLOC_PORTABLE),
                  "cuMemHostAlloc", detail);
            CUdeviceptr dp = 0;
            check(driver().cuMemHostGetDevicePointer(&dp, buf->data, 0), "cuMemHostGetDevicePointer", detail);
            buf->device_pointer = dp;
        } else {
            CUdeviceptr dp = 0;
            check(driver().cuMemAllocManaged(&dp, bytes, CU_MEM_ATTACH_GLOBAL), "cuMemAllocManaged", detail);
            buf->data = reinterpret_cast<void*>(dp);
            buf->device_pointer = dp;
        }
    }
    ref_ = order == Order::F ? ArrayRef::f_order(buf->data, dtype, std::move(shape))
                             : ArrayRef::c_order(buf->data, dtype, std::move(shape));
    buf_ = std::move(buf);
}

MemoryKind PinnedArray::kind() const { return buf_ ? buf_->kind : MemoryKind::Pinned; }

uint64_t PinnedArray::device_pointer() const { return buf_ ? buf_->device_pointer : 0; }

HostRegistration::HostRegistration(void* data, size_t nbytes, bool mapped)
    : data_(data), nbytes_(nbytes), mapped_(mapped) {
    std::shared_ptr<const HostAllocator> external = nbytes ? host_allocator() : nullptr;
    if (external && external->pin) {  // set_host_allocator saw unpin with it
        const bool host_device = uses_host_device();
        const int device = host_device ? 0 : bind().ordinal;
        uint64_t dp = external->pin(device, data, nbytes, mapped);
        if (mapped && !dp && !host_device)
            throw Error(Error::Kind::Runtime, "error: the external host allocator pinned mapped memory without a "
                                              "device pointer");
        device_pointer_ = host_device ? reinterpret_cast<uint64_t>(data) : mapped ? dp : 0;
        device_ = device;
        pinned_by_ = std::move(external);
        return;
    }
    if (uses_host_device() || nbytes == 0) {
        device_pointer_ = reinterpret_cast<uint64_t>(data);
        return;
    }
    DeviceContext& dc = bind();
    unsigned flags = CU_MEMHOSTREGISTER_PORTABLE | (mapped ? CU_MEMHOSTREGISTER_DEVICEMAP : 0);
    check(driver().cuMemHostRegister(data, nbytes, flags), "cuMemHostRegister",
          [&] { return fmt::format("{} bytes at {}", nbytes, data); });
    device_ = dc.ordinal;
    if (mapped) {
        CUdeviceptr dp = 0;
        CUresult r = driver().cuMemHostGetDevicePointer(&dp, data, 0);
        if (r != CUDA_SUCCESS) {
            driver().cuMemHostUnregister(data);
            check(r, "cuMemHostGetDevicePointer");
        }
        device_pointer_ = dp;
    }
}

HostRegistration::~HostRegistration() {
    if (pinned_by_) {
        pinned_by_->unpin(device_, data_, nbytes_, mapped_);
        return;
    }
    if (device_ < 0) return;
    try {
        bind(device_context(device_));
        driver().cuMemHostUnregister(data_);
    } catch (...) {  // the device became unusable: nothing is registered any more
    }
}

void set_host_allocator(std::shared_ptr<const HostAllocator> allocator) {
    if (allocator && (!allocator->allocate || !allocator->release))
        throw Error(Error::Kind::Argument, "error: a host allocator needs both allocate and release");
    if (allocator && bool(allocator->pin) != bool(allocator->unpin))
        throw Error(Error::Kind::Argument, "error: a host allocator gives both pin and unpin, or neither");
    HostAllocatorSlot& s = host_allocator_slot();
    std::lock_guard lock(s.mutex);
    s.allocator = std::move(allocator);
}

MemoryInfo memory_info() {
    MemoryInfo info;
    if (uses_host_device()) {
        long pages = sysconf(_SC_PHYS_PAGES), avail = sysconf(_SC_AVPHYS_PAGES), page = sysconf(_SC_PAGESIZE);
        info.total = size_t(pages) * size_t(page);
        info.free = size_t(avail) * size_t(page);
        return info;
    }
    bind();
    check(driver().cuMemGetInfo(&info.free, &info.total), "cuMemGetInfo");
    return info;
}

}  // namespace ujit::cuda
