// The C API's CUDA runtime: availability, devices, streams, events and device arrays, over
// include/ujit/cuda.hpp. The device queries need a CUDA device and check for it first, so
// that a machine without one gets UJIT_ERROR_CUDA_UNAVAILABLE and the reason; streams,
// events and device arrays work there too, on the host device (cudadrv/host_device.hpp).
#include "capi/handles.hpp"
#include "capi/values.hpp"

#include "pipeline/record_values.hpp"
#include "runtime/dtype.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>

namespace ujit::capi {

void require_cuda() {
    if (!ujit::cuda::is_available()) throw CudaUnavailable(ujit::cuda::unavailable_reason());
}

ujit_device_array* device_array_handle(ujit::cuda::DeviceArray a) {
    auto* h = new ujit_device_array{};
    h->array = std::move(a);
    const ujit::cuda::DeviceArray& d = h->array;
    int64_t isz = d.itemsize();
    for (int64_t s : d.strides()) h->element_strides.push_back(s / isz);
    DLTensor& t = h->tensor;
    t.data = reinterpret_cast<void*>(d.device_pointer());
    t.device = d.on_host() ? DLDevice{kDLCPU, 0} : DLDevice{kDLCUDA, d.device()};
    t.ndim = d.ndim();
    t.dtype = d.is_record() ? DLDataType{kDLOpaqueHandle, 8, uint16_t(isz)} : dl_dtype(d.dtype());
    t.shape = const_cast<int64_t*>(d.shape().data());
    t.strides = h->element_strides.data();
    t.byte_offset = 0;
    return h;
}

ujit::ArrayRef host_ref_for(const DLTensor* host, const ujit::cuda::DeviceArray& dev) {
    require(host, "null host tensor");
    require(host->device.device_type == kDLCPU, "expected a host (kDLCPU) tensor");
    if (dev.is_record()) return ujit::pipeline::record_array_from_dlpack(host, dev.record().c_str(), false);
    return ujit::ArrayRef::from_dlpack(*host);
}

}  // namespace ujit::capi

namespace {

using ujit::capi::guarded;
using ujit::capi::require;
using ujit::capi::require_cuda;

ujit_device_array* new_array(ujit::cuda::DeviceArray a) { return ujit::capi::device_array_handle(std::move(a)); }

ujit::DType checked_dtype(ujit_dtype dtype) {
    int raw;
    std::memcpy(&raw, &dtype, sizeof raw);
    if (!ujit::runtime::is_valid_dtype(raw)) ujit::capi::argument_error("invalid ujit_dtype " + std::to_string(raw));
    return static_cast<ujit::DType>(raw);
}

ujit::ArrayRef host_ref(const DLTensor* host) {
    require(host, "null host tensor");
    require(host->device.device_type == kDLCPU, "expected a host (kDLCPU) tensor");
    return ujit::ArrayRef::from_dlpack(*host);
}

// NumPy's typestr: byte order (| for one byte), kind, size.
void typestr(ujit::DType t, char out[8]) {
    const char* kind = "f";
    switch (ujit::runtime::dtype_kind(t)) {
    case ujit::runtime::DKind::Bool: kind = "b"; break;
    case ujit::runtime::DKind::Int: kind = "i"; break;
    case ujit::runtime::DKind::UInt: kind = "u"; break;
    case ujit::runtime::DKind::Float: kind = "f"; break;
    case ujit::runtime::DKind::Complex: kind = "c"; break;
    case ujit::runtime::DKind::Datetime:  // "<M8[ns]"; generic "<M8"
        const char* unit = ujit::time_unit_name(ujit::time_unit(t));
        std::snprintf(out, 8, "<%c8%s%s%s", ujit::is_datetime64(t) ? 'M' : 'm', *unit ? "[" : "", unit,
                      *unit ? "]" : "");
        return;
    }
    int size = ujit::itemsize(t);
    std::snprintf(out, 8, "%c%s%d", size == 1 ? '|' : '<', kind, size);
}

void copy_name(char* dst, size_t size, const std::string& s) {
    size_t n = std::min(size - 1, s.size());
    std::memcpy(dst, s.data(), n);
    dst[n] = '\0';
}

}  // namespace

extern "C" {

int ujit_cuda_available(const char** reason) {
    try {
        if (ujit::cuda::is_available()) {
            if (reason) *reason = "";
            return 1;
        }
        // The reason does not change once the driver has been probed.
        static const std::string why = ujit::cuda::unavailable_reason();
        if (reason) *reason = why.c_str();
    } catch (...) {
        if (reason) *reason = "CUDA could not be probed (out of memory)";
    }
    return 0;
}

ujit_status ujit_cuda_device_count(int* count) {
    return guarded([&] {
        require(count, "null output");
        *count = ujit::cuda::device_count();
    });
}

ujit_status ujit_cuda_driver_version(int* version) {
    return guarded([&] {
        require(version, "null output");
        *version = 0;
        require_cuda();
        *version = ujit::cuda::driver_version();
    });
}

ujit_status ujit_cuda_device_info(int ordinal, ujit_device_info* out) {
    return guarded([&] {
        require(out, "null output");
        *out = ujit_device_info{};
        require_cuda();
        require(ordinal >= 0 && ordinal < ujit::cuda::device_count(), "device ordinal out of range");
        ujit::cuda::DeviceInfo d = ujit::cuda::device_info(ordinal);
        out->ordinal = d.ordinal;
        copy_name(out->name, sizeof out->name, d.name);
        copy_name(out->arch, sizeof out->arch, d.arch());
        out->cc_major = d.cc_major;
        out->cc_minor = d.cc_minor;
        out->sm_count = d.sm_count;
        out->warp_size = d.warp_size;
        out->max_threads_per_block = d.max_threads_per_block;
        for (int i = 0; i < 3; ++i) {
            out->max_block_dim[i] = d.max_block_dim[i];
            out->max_grid_dim[i] = d.max_grid_dim[i];
        }
        out->shared_mem_per_block = d.shared_mem_per_block;
        out->shared_mem_per_block_optin = d.shared_mem_per_block_optin;
        out->total_memory = d.total_memory;
    });
}

ujit_status ujit_cuda_select_device(int ordinal) {
    return guarded([&] {
        require_cuda();
        require(ordinal >= 0 && ordinal < ujit::cuda::device_count(), "device ordinal out of range");
        ujit::cuda::select_device(ordinal);
    });
}

ujit_status ujit_cuda_current_device(int* ordinal) {
    return guarded([&] {
        require(ordinal, "null output");
        require_cuda();
        *ordinal = ujit::cuda::current_device();
    });
}

ujit_status ujit_cuda_synchronize(void) {
    return guarded([&] { ujit::cuda::synchronize(); });
}

ujit_status ujit_cuda_free_pool(void) {
    return guarded([&] { ujit::cuda::free_pool(); });
}

ujit_status ujit_cuda_set_device_allocator(int device, const ujit_device_allocator* allocator) {
    return guarded([&] {
        if (!allocator) return ujit::cuda::set_device_allocator(nullptr, device);
        require(allocator->struct_size >= sizeof(ujit_device_allocator),
                "ujit_device_allocator.struct_size is smaller than this API's struct");
        require(allocator->allocate && allocator->release, "ujit_device_allocator needs allocate and release");
        ujit_device_allocator a = *allocator;
        auto ext = std::make_shared<ujit::cuda::DeviceAllocator>();
        ext->allocate = [a](int device, size_t bytes) {
            uint64_t ptr = 0;
            ujit_status st = a.allocate(a.user, device, bytes, &ptr);
            if (st != UJIT_OK)
                throw ujit::Error(ujit::Error::Kind::Runtime,
                                  fmt::format("error: the external device allocator failed to allocate {} bytes "
                                              "(status {})",
                                              bytes, int(st)));
            return ptr;
        };
        ext->release = [a](int device, uint64_t ptr, size_t bytes) { a.release(a.user, device, ptr, bytes); };
        ujit::cuda::set_device_allocator(std::move(ext), device);
    });
}

ujit_status ujit_cuda_ipc_get_handle(uint64_t ptr, unsigned char handle[64], uint64_t* offset) {
    return guarded([&] {
        require(handle && offset, "null output");
        ujit::cuda::IpcMemHandle h = ujit::cuda::ipc_get_handle(ptr, offset);
        std::memcpy(handle, h.bytes, sizeof h.bytes);
    });
}

ujit_status ujit_cuda_ipc_open(const unsigned char handle[64], uint64_t* base) {
    return guarded([&] {
        require(handle && base, "null argument");
        ujit::cuda::IpcMemHandle h;
        std::memcpy(h.bytes, handle, sizeof h.bytes);
        *base = ujit::cuda::ipc_open(h);
    });
}

ujit_status ujit_cuda_ipc_close(uint64_t base) {
    return guarded([&] { ujit::cuda::ipc_close(base); });
}

// ---------------------------------------------------------------- streams and events

ujit_status ujit_stream_create(ujit_stream** out) {
    return guarded([&] {
        require(out, "null output handle");
        *out = nullptr;
        *out = new ujit_stream{ujit::cuda::Stream::create()};
    });
}

ujit_status ujit_stream_external(void* cu_stream, ujit_stream** out) {
    return guarded([&] {
        require(out, "null output handle");
        *out = nullptr;
        *out = new ujit_stream{ujit::cuda::Stream::external(cu_stream)};
    });
}

void ujit_stream_release(ujit_stream* s) { delete s; }

ujit_status ujit_stream_synchronize(ujit_stream* s) {
    return guarded([&] { ujit::capi::stream_of(s).synchronize(); });
}

ujit_status ujit_stream_query(ujit_stream* s, int* done) {
    return guarded([&] {
        require(done, "null output");
        *done = ujit::capi::stream_of(s).query();
    });
}

ujit_status ujit_stream_handle(ujit_stream* s, void** cu_stream) {
    return guarded([&] {
        require(cu_stream, "null output");
        *cu_stream = s ? s->stream.handle() : nullptr;
    });
}

ujit_status ujit_event_create(int timing, ujit_event** out) {
    return guarded([&] {
        require(out, "null output handle");
        *out = nullptr;
        *out = new ujit_event{ujit::cuda::Event(timing != 0)};
    });
}

void ujit_event_release(ujit_event* e) { delete e; }

ujit_status ujit_event_record(ujit_event* e, ujit_stream* s) {
    return guarded([&] {
        require(e, "null event");
        e->event.record(ujit::capi::stream_of(s));
    });
}

ujit_status ujit_event_synchronize(ujit_event* e) {
    return guarded([&] {
        require(e, "null event");
        e->event.synchronize();
    });
}

ujit_status ujit_event_query(ujit_event* e, int* done) {
    return guarded([&] {
        require(e && done, "null event or output");
        *done = e->event.query();
    });
}

ujit_status ujit_event_elapsed_ms(ujit_event* start, ujit_event* end, float* ms) {
    return guarded([&] {
        require(start && end && ms, "null event or output");
        *ms = end->event.elapsed_ms_since(start->event);
    });
}

ujit_status ujit_stream_wait_event(ujit_stream* s, ujit_event* e) {
    return guarded([&] {
        require(e, "null event");
        e->event.make_wait(ujit::capi::stream_of(s));
    });
}

// ---------------------------------------------------------------- device arrays

ujit_status ujit_device_array_new(const int64_t* shape, int32_t ndim, ujit_dtype dtype, int32_t fortran_order,
                                  ujit_device_array** out) {
    return guarded([&] {
        require(out, "null output handle");
        *out = nullptr;
        require(ndim >= 0 && ndim <= 32, "ndim out of range (0 to 32)");
        require(shape || ndim == 0, "null shape");
        ujit::DType t = checked_dtype(dtype);
        std::vector<int64_t> dims(shape, shape + ndim);
        for (int64_t d : dims) require(d >= 0, "negative dimension");
        *out =
            new_array(ujit::cuda::device_array(dims, t, fortran_order ? ujit::cuda::Order::F : ujit::cuda::Order::C));
    });
}

ujit_status ujit_device_array_from_host(const DLTensor* host, ujit_stream* stream, ujit_device_array** out) {
    return guarded([&] {
        require(out, "null output handle");
        *out = nullptr;
        ujit::ArrayRef ref = host_ref(host);
        *out = new_array(ujit::cuda::to_device(ref, ujit::capi::stream_of(stream)));
    });
}

ujit_status ujit_device_array_copy_to_host(const ujit_device_array* a, const DLTensor* host, ujit_stream* stream) {
    return guarded([&] {
        require(a, "null device array");
        ujit::ArrayRef ref = ujit::capi::host_ref_for(host, a->array);
        a->array.copy_to_host(ref, ujit::capi::stream_of(stream));
    });
}

ujit_status ujit_device_array_copy_from_host(ujit_device_array* a, const DLTensor* host, ujit_stream* stream) {
    return guarded([&] {
        require(a, "null device array");
        ujit::ArrayRef ref = ujit::capi::host_ref_for(host, a->array);
        a->array.copy_from_host(ref, ujit::capi::stream_of(stream));
    });
}

ujit_status ujit_device_array_copy_from(ujit_device_array* dst, const ujit_device_array* src, ujit_stream* stream) {
    return guarded([&] {
        require(dst && src, "null device array");
        dst->array.copy_from(src->array, ujit::capi::stream_of(stream));
    });
}

ujit_status ujit_device_array_view(const ujit_device_array* a, int64_t byte_offset, const int64_t* shape,
                                   const int64_t* strides, int32_t ndim, ujit_dtype dtype, ujit_device_array** out) {
    return guarded([&] {
        require(a && out, "null device array or output");
        *out = nullptr;
        require(ndim >= 0 && ndim <= 64, "ndim must be in [0, 64]");
        require(ndim == 0 || (shape && strides), "null shape or strides");
        std::vector<int64_t> sh(shape, shape + ndim), st(strides, strides + ndim);
        *out = new_array(a->array.view(byte_offset, std::move(sh), std::move(st), checked_dtype(dtype)));
    });
}

void ujit_device_array_release(ujit_device_array* a) { delete a; }

ujit_status ujit_xoroshiro128p_init_states(const DLTensor* states, uint64_t seed, uint64_t subsequence_start) {
    return guarded([&] { ujit::cuda::init_xoroshiro128p_states(host_ref(states), seed, subsequence_start); });
}

ujit_status ujit_device_array_interface(const ujit_device_array* a, ujit_array_interface* out) {
    return guarded([&] {
        require(a && out, "null device array or output");
        *out = ujit_array_interface{};
        out->data = a->array.device_pointer();
        out->ndim = a->array.ndim();
        out->shape = a->array.shape().data();
        out->strides = a->array.strides().data();
        if (a->array.is_record())
            std::snprintf(out->typestr, sizeof out->typestr, "|V%lld", static_cast<long long>(a->array.itemsize()));
        else
            typestr(a->array.dtype(), out->typestr);
        out->device = a->array.device();
        out->nbytes = a->array.nbytes();
        out->dtype = static_cast<ujit_dtype>(a->array.dtype());
    });
}

ujit_status ujit_device_array_dltensor(const ujit_device_array* a, const DLTensor** out) {
    return guarded([&] {
        require(a && out, "null device array or output");
        *out = &a->tensor;
    });
}

ujit_status ujit_device_array_to_dlpack(const ujit_device_array* a, DLManagedTensor** out) {
    return guarded([&] {
        require(a && out, "null device array or output");
        *out = nullptr;
        *out = a->array.to_dlpack();
    });
}

ujit_status ujit_device_array_from_dlpack(DLManagedTensor* t, ujit_device_array** out) {
    return guarded([&] {
        require(t && out, "null tensor or output handle");
        *out = nullptr;
        bool host_device = !ujit::cuda::is_available();
        require(t->dl_tensor.device.device_type == kDLCUDA ||
                    (host_device && t->dl_tensor.device.device_type == kDLCPU),
                host_device ? "expected a kDLCUDA tensor, or a kDLCPU one for the host device"
                            : "expected a device (kDLCUDA) tensor");
        *out = new_array(ujit::cuda::DeviceArray::from_dlpack(t));  // validates before taking ownership
    });
}

}  // extern "C"
