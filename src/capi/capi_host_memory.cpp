// The C API's host memory that a GPU reaches: pinned, mapped and managed allocations,
// registration of existing memory, and the device's memory information (ujit.h).
#include "capi/handles.hpp"

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

ujit_status ujit_cuda_memory_info(size_t* free_bytes, size_t* total_bytes) {
    return guarded([&] {
        require(free_bytes && total_bytes, "null output");
        ujit::cuda::MemoryInfo info = ujit::cuda::memory_info();
        *free_bytes = info.free;
        *total_bytes = info.total;
    });
}
