// DeviceArray ↔ DLPack (kDLCUDA; kDLCPU for the host device's arrays, which are host
// memory). Strides cross DLPack in elements, ujit keeps bytes.
#include <fmt/format.h>

#include "cudadrv/host_device.hpp"
#include "runtime/dtype.hpp"

#include "ujit/cuda.hpp"
#include "ujit/ujit.h"

namespace ujit::cuda {
namespace {

constexpr uint8_t kDLBoolCode = 6;  // DLPack ≥ 0.8 (the runtime reads bools the same way)
constexpr uint8_t kDLOpaqueHandleCode = 3;  // records: the bytes of one (include/ujit/ujit.h)

DLDataType to_dl_dtype(DType t) {
    uint16_t lanes = 1;
    uint8_t bits = uint8_t(itemsize(t) * 8);
    switch (t) {
    case DType::Bool: return {kDLBoolCode, 8, lanes};
    case DType::Int8:
    case DType::Int16:
    case DType::Int32:
    case DType::Int64: return {kDLInt, bits, lanes};
    case DType::UInt8:
    case DType::UInt16:
    case DType::UInt32:
    case DType::UInt64: return {kDLUInt, bits, lanes};
    case DType::Float16:
    case DType::Float32:
    case DType::Float64: return {kDLFloat, bits, lanes};
    case DType::Complex64:
    case DType::Complex128: return {kDLComplex, bits, lanes};
    case DType::Datetime64:
    case DType::Timedelta64: break;
    }
    if (runtime::is_datetime_like(t)) return {uint8_t(UJIT_DL_TIME_BASE + int(t)), 64, lanes};  // ujit/ujit.h
    return {kDLFloat, 64, lanes};
}

// A DLManagedTensor with the storage for its shape and strides and a share of the memory.
struct ExportedTensor {
    DLManagedTensor managed{};
    std::vector<int64_t> shape, strides;
    std::shared_ptr<void> owner;
};

// Whether a tensor a DeviceArray may view is host memory: kDLCUDA is device memory; kDLCPU
// is accepted on the host device only, where device arrays are host memory.
bool tensor_on_host(const DLTensor& t) {
    if (t.device.device_type == kDLCUDA) return false;
    if (t.device.device_type == kDLCPU && uses_host_device()) return true;
    throw Error(Error::Kind::Argument,
                fmt::format("error: a DeviceArray needs a kDLCUDA tensor{}, got device type {}",
                            uses_host_device() ? " (or, without CUDA, a kDLCPU one)" : "", int(t.device.device_type)));
}

}  // namespace

DLManagedTensor* DeviceArray::to_dlpack() const {
    auto* e = new ExportedTensor;
    e->shape = ref_.shape;
    int64_t isz = ref_.item_bytes();
    for (int64_t s : ref_.strides) e->strides.push_back(s / isz);
    e->owner = owner_;
    DLTensor& t = e->managed.dl_tensor;
    t.data = ref_.data;
    t.device = on_host_ ? DLDevice{kDLCPU, 0} : DLDevice{kDLCUDA, int32_t(device_)};
    t.ndim = ref_.ndim();
    t.dtype =
        ref_.is_record() ? DLDataType{kDLOpaqueHandleCode, 8, uint16_t(ref_.record_size)} : to_dl_dtype(ref_.dtype);
    t.shape = e->shape.data();
    t.strides = e->strides.data();
    t.byte_offset = 0;
    e->managed.manager_ctx = e;
    e->managed.deleter = [](DLManagedTensor* m) { delete static_cast<ExportedTensor*>(m->manager_ctx); };
    return &e->managed;
}

DeviceArray DeviceArray::view_dlpack(const DLTensor& t) {
    bool on_host = tensor_on_host(t);
    DeviceArray a;
    a.ref_ = ArrayRef::from_dlpack(t);
    a.device_ = on_host ? 0 : t.device.device_id;
    a.on_host_ = on_host;
    return a;
}

DeviceArray DeviceArray::from_dlpack(DLManagedTensor* t) {
    if (!t) throw Error(Error::Kind::Argument, "error: null DLManagedTensor");
    DeviceArray a = view_dlpack(t->dl_tensor);  // throws before taking ownership
    a.owner_ = std::shared_ptr<void>(t, [](void* p) {
        auto* m = static_cast<DLManagedTensor*>(p);
        if (m->deleter) m->deleter(m);
    });
    return a;
}

}  // namespace ujit::cuda
