// The C API's host memory that a GPU reaches: pinned, mapped and managed allocations,
// registration of existing memory, and the device's memory information (ujit.h).
#include "capi/handles.hpp"

#include <fmt/format.h>

#include <cstdint>
#include <memory>

struct ujit_host_memory {
    ujit::cuda::PinnedArray array;                             // allocated by ujit
    std::unique_ptr<ujit::cuda::HostRegistration> registration;  // or registered memory
    void* data = nullptr;
    uint64_t device_pointer = 0;
};

static_assert(int(UJIT_MEMORY_PINNED) == int(ujit::cuda::MemoryKind::Pinned) &&
                  int(UJIT_MEMORY_MAPPED) == int(ujit::cuda::MemoryKind::Mapped) &&
                  int(UJIT_MEMORY_MANAGED) == int(ujit::cuda::MemoryKind::Managed),
              "ujit_memory_kind mirrors ujit::cuda::MemoryKind");

using ujit::capi::guarded;
using ujit::capi::require;

ujit_status ujit_host_memory_new(size_t nbytes, ujit_memory_kind kind, ujit_host_memory** out) {
    return guarded([&] {
        require(out, "null output handle");
        *out = nullptr;
        require(kind == UJIT_MEMORY_PINNED || kind == UJIT_MEMORY_MAPPED || kind == UJIT_MEMORY_MANAGED,
                "kind must be UJIT_MEMORY_PINNED, UJIT_MEMORY_MAPPED or UJIT_MEMORY_MANAGED");
        require(nbytes <= size_t(INT64_MAX), "nbytes is too large");
        auto m = std::make_unique<ujit_host_memory>();
        m->array = ujit::cuda::PinnedArray(ujit::DType::UInt8, {int64_t(nbytes)}, ujit::cuda::Order::C,
                                           static_cast<ujit::cuda::MemoryKind>(kind));
        m->data = m->array.ref().data;
        m->device_pointer = m->array.device_pointer();
        *out = m.release();
    });
}

ujit_status ujit_host_register(void* data, size_t nbytes, int mapped, ujit_host_memory** out) {
    return guarded([&] {
        require(out, "null output handle");
        *out = nullptr;
        require(data || nbytes == 0, "null data");
        auto m = std::make_unique<ujit_host_memory>();
        m->registration = std::make_unique<ujit::cuda::HostRegistration>(data, nbytes, mapped != 0);
        m->data = data;
        m->device_pointer = m->registration->device_pointer();
        *out = m.release();
    });
}

void* ujit_host_memory_data(const ujit_host_memory* m) { return m ? m->data : nullptr; }

uint64_t ujit_host_memory_device_pointer(const ujit_host_memory* m) { return m ? m->device_pointer : 0; }

void ujit_host_memory_release(ujit_host_memory* m) { delete m; }

ujit_status ujit_cuda_set_host_allocator(const ujit_host_allocator* allocator) {
    return guarded([&] {
        if (!allocator) return ujit::cuda::set_host_allocator(nullptr);
        require(allocator->struct_size >= sizeof(ujit_host_allocator),
                "ujit_host_allocator.struct_size is smaller than this API's struct");
        require(allocator->allocate && allocator->release, "ujit_host_allocator needs allocate and release");
        require(!allocator->pin == !allocator->unpin, "ujit_host_allocator gives both pin and unpin, or neither");
        ujit_host_allocator a = *allocator;
        auto failed = [](const char* what, size_t bytes, ujit_status st) {
            return ujit::Error(ujit::Error::Kind::Runtime,
                               fmt::format("error: the external host allocator failed to {} {} bytes (status {})", what,
                                           bytes, int(st)));
        };
        auto ext = std::make_shared<ujit::cuda::HostAllocator>();
        ext->allocate = [a, failed](int device, size_t bytes, bool mapped) {
            ujit::cuda::HostAllocation got;
            ujit_status st = a.allocate(a.user, device, bytes, mapped, &got.host, &got.device_pointer);
            if (st != UJIT_OK) throw failed("allocate", bytes, st);
            return got;
        };
        ext->release = [a](int device, const ujit::cuda::HostAllocation& m, size_t bytes, bool mapped) {
            a.release(a.user, device, m.host, m.device_pointer, bytes, mapped);
        };
        if (a.pin) {
            ext->pin = [a, failed](int device, void* data, size_t bytes, bool mapped) {
                uint64_t dp = 0;
                ujit_status st = a.pin(a.user, device, data, bytes, mapped, &dp);
                if (st != UJIT_OK) throw failed("pin", bytes, st);
                return dp;
            };
            ext->unpin = [a](int device, void* data, size_t bytes, bool mapped) {
                a.unpin(a.user, device, data, bytes, mapped);
            };
        }
        ujit::cuda::set_host_allocator(std::move(ext));
    });
}

ujit_status ujit_cuda_memory_info(size_t* free_bytes, size_t* total_bytes) {
    return guarded([&] {
        require(free_bytes && total_bytes, "null output");
        ujit::cuda::MemoryInfo info = ujit::cuda::memory_info();
        *free_bytes = info.free;
        *total_bytes = info.total;
    });
}
