// DeviceArray::view: slices, transposes and reshapes of device memory without a copy.
#include <fmt/format.h>

#include <algorithm>

#include "runtime/shape.hpp"
#include "ujit/cuda.hpp"

namespace ujit::cuda {
namespace {

// The bytes [lo, hi) an array's elements occupy, relative to its data pointer; empty for
// an array of no elements.
struct Extent {
    int64_t lo = 0, hi = 0;
    bool empty = true;
};

Extent extent_of(const std::vector<int64_t>& shape, const std::vector<int64_t>& strides, int64_t isz) {
    Extent e;
    for (int64_t n : shape)
        if (n == 0) return e;
    e.empty = false;
    e.hi = isz;
    for (size_t k = 0; k < shape.size(); ++k) {
        int64_t span = (shape[k] - 1) * strides[k];
        (span < 0 ? e.lo : e.hi) += span;
    }
    return e;
}

}  // namespace

DeviceArray DeviceArray::view(int64_t byte_offset, std::vector<int64_t> shape, std::vector<int64_t> strides,
                              DType dtype) const {
    ArrayRef item;
    item.dtype = dtype;
    return view_items(byte_offset, std::move(shape), std::move(strides), item);
}

DeviceArray DeviceArray::view(int64_t byte_offset, std::vector<int64_t> shape, std::vector<int64_t> strides) const {
    return view_items(byte_offset, std::move(shape), std::move(strides), ref_);
}

DeviceArray DeviceArray::view_records(int64_t byte_offset, std::vector<int64_t> shape, std::vector<int64_t> strides,
                                      std::string record, int64_t record_size) const {
    // DLPack's lanes (the C API's record tensors) hold the itemsize: up to 65535 bytes.
    if (record.empty() || record_size <= 0 || record_size > 65535)
        throw Error(Error::Kind::Argument,
                    fmt::format("error: records on the device need their Record type's spelling and an itemsize of 1 "
                                "to 65535 bytes, not '{}' and {}",
                                record, record_size));
    ArrayRef item;
    item.dtype = DType::UInt8;
    item.record = std::move(record);
    item.record_size = record_size;
    return view_items(byte_offset, std::move(shape), std::move(strides), item);
}

// `item`'s dtype, record and record_size say what the view's elements are.
DeviceArray DeviceArray::view_items(int64_t byte_offset, std::vector<int64_t> shape, std::vector<int64_t> strides,
                                    const ArrayRef& item) const {
    auto fail = [&](const std::string& why) {
        return Error(Error::Kind::Argument, fmt::format("error: device array view{} at byte offset {}: {}",
                                                        runtime::format_shape(shape), byte_offset, why));
    };
    if (shape.size() != strides.size()) throw fail("shape and strides differ in length");
    if (std::any_of(shape.begin(), shape.end(), [](int64_t n) { return n < 0; })) throw fail("negative dimension");
    const int64_t isz = item.item_bytes();
    runtime::checked_size(shape, isz);
    std::vector<int64_t> base_strides = ref_.strides;
    if (base_strides.empty()) base_strides = runtime::c_strides(ref_.shape, ref_.item_bytes());
    Extent base = extent_of(ref_.shape, base_strides, ref_.item_bytes());
    Extent mine = extent_of(shape, strides, isz);
    if (!mine.empty && (base.empty || byte_offset + mine.lo < base.lo || byte_offset + mine.hi > base.hi))
        throw fail(fmt::format("it reaches bytes [{}, {}) of an array whose elements span [{}, {})",
                               byte_offset + mine.lo, byte_offset + mine.hi, base.lo, base.hi));
    for (int64_t s : strides)
        if (s % isz != 0) throw fail(fmt::format("a stride of {} bytes is not a multiple of the item size {}", s, isz));
    DeviceArray v = *this;
    v.ref_.data = static_cast<char*>(ref_.data) + (mine.empty ? 0 : byte_offset);
    v.ref_.dtype = item.dtype;
    v.ref_.record = item.record;
    v.ref_.record_size = item.record_size;
    v.ref_.shape = std::move(shape);
    v.ref_.strides = std::move(strides);
    return v;
}

}  // namespace ujit::cuda
