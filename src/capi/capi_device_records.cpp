// The C API's record (NumPy structured dtype) device arrays: made from a Record type's
// spelling, which fixes the itemsize, and viewed as records (ujit.h, API 1.6). Copies and
// kernel arguments go through capi_cuda.cpp and UJIT_RECORD_ARRAY values.
#include "capi/handles.hpp"
#include "pipeline/record_values.hpp"

#include <string>
#include <vector>

using ujit::capi::guarded;
using ujit::capi::require;

namespace {

// The Record `record_type` names, canonically spelled (kernel parameters compare spellings).
const ujit::types::Type* record_of(const char* record_type) {
    require(record_type, "null record type");
    return ujit::pipeline::record_type_of(record_type);
}

std::vector<int64_t> dims_of(const int64_t* shape, int32_t ndim) {
    require(ndim >= 0 && ndim <= 32, "ndim out of range (0 to 32)");
    require(shape || ndim == 0, "null shape");
    std::vector<int64_t> dims(shape, shape + ndim);
    for (int64_t d : dims) require(d >= 0, "negative dimension");
    return dims;
}

}  // namespace

extern "C" {

ujit_status ujit_device_array_new_records(const int64_t* shape, int32_t ndim, const char* record_type,
                                          int32_t fortran_order, ujit_device_array** out) {
    return guarded([&] {
        require(out, "null output handle");
        *out = nullptr;
        std::vector<int64_t> dims = dims_of(shape, ndim);
        const ujit::types::Type* rec = record_of(record_type);
        auto order = fortran_order ? ujit::cuda::Order::F : ujit::cuda::Order::C;
        *out = ujit::capi::device_array_handle(
            ujit::cuda::device_array(std::move(dims), rec->str(), rec->record_size(), order));
    });
}

const char* ujit_device_array_record_type(const ujit_device_array* a) {
    return a && a->array.is_record() ? a->array.record().c_str() : nullptr;
}

ujit_status ujit_device_array_record_view(const ujit_device_array* a, int64_t byte_offset, const int64_t* shape,
                                          const int64_t* strides, int32_t ndim, const char* record_type,
                                          ujit_device_array** out) {
    return guarded([&] {
        require(a && out, "null device array or output");
        *out = nullptr;
        require(ndim >= 0 && ndim <= 64, "ndim must be in [0, 64]");
        require(ndim == 0 || (shape && strides), "null shape or strides");
        std::vector<int64_t> sh(shape, shape + ndim), st(strides, strides + ndim);
        if (!record_type) {
            require(a->array.is_record(), "a record view of an array of numbers needs a record type");
            *out = ujit::capi::device_array_handle(a->array.view(byte_offset, std::move(sh), std::move(st)));
            return;
        }
        const ujit::types::Type* rec = record_of(record_type);
        *out = ujit::capi::device_array_handle(
            a->array.view_records(byte_offset, std::move(sh), std::move(st), rec->str(), rec->record_size()));
    });
}

}  // extern "C"
