// DeviceArray ↔ DLPack (kDLCUDA). Strides cross DLPack in elements, ujit keeps bytes.
#include <fmt/format.h>

#include "ujit/cuda.hpp"

namespace ujit::cuda {
namespace {

constexpr uint8_t kDLBoolCode = 6;  // DLPack ≥ 0.8 (the runtime reads bools the same way)

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
    case DType::Float32:
    case DType::Float64: return {kDLFloat, bits, lanes};
    case DType::Complex64:
    case DType::Complex128: return {kDLComplex, bits, lanes};
    }
    return {kDLFloat, 64, lanes};
}

// A DLManagedTensor with the storage for its shape and strides and a share of the memory.
struct ExportedTensor {
    DLManagedTensor managed{};
    std::vector<int64_t> shape, strides;
    std::shared_ptr<void> owner;
};

void check_cuda_tensor(const DLTensor& t) {
    if (t.device.device_type != kDLCUDA)
        throw Error(
            Error::Kind::Argument,
            fmt::format("error: a DeviceArray needs a kDLCUDA tensor, got device type {}", int(t.device.device_type)));
}

}  // namespace

DLManagedTensor* DeviceArray::to_dlpack() const {
    auto* e = new ExportedTensor;
    e->shape = ref_.shape;
    int64_t isz = itemsize(ref_.dtype);
    for (int64_t s : ref_.strides) e->strides.push_back(s / isz);
    e->owner = owner_;
    DLTensor& t = e->managed.dl_tensor;
    t.data = ref_.data;
    t.device = {kDLCUDA, int32_t(device_)};
    t.ndim = ref_.ndim();
    t.dtype = to_dl_dtype(ref_.dtype);
    t.shape = e->shape.data();
    t.strides = e->strides.data();
    t.byte_offset = 0;
    e->managed.manager_ctx = e;
    e->managed.deleter = [](DLManagedTensor* m) { delete static_cast<ExportedTensor*>(m->manager_ctx); };
    return &e->managed;
}

DeviceArray DeviceArray::view_dlpack(const DLTensor& t) {
    check_cuda_tensor(t);
    DeviceArray a;
    a.ref_ = ArrayRef::from_dlpack(t);
    a.device_ = t.device.device_id;
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
