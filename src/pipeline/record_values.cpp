#include "pipeline/record_values.hpp"

#include "runtime/shape.hpp"
#include "types/infer.hpp"

#include <fmt/format.h>

namespace ujit::pipeline {

namespace {

[[noreturn]] void fail(const std::string& msg) { throw Error(Error::Kind::Argument, "error: " + msg); }

constexpr uint8_t kDLOpaqueHandleCode = 3;  // DLPack's kDLOpaqueHandle: the bytes of one record

}  // namespace

const types::Type* record_type_of(const std::string& spelling) {
    const types::Type* t = nullptr;
    try {
        t = types::parse_type(spelling, {});
    } catch (const std::exception& e) {  // syntax::CompileError: the spelling's own fault
        fail(fmt::format("a record array's type '{}' is not Numba's spelling of a Record: {}", spelling, e.what()));
    }
    if (!t->is_record()) fail(fmt::format("a record array's type must be a Record, not {}", t->str()));
    return t;
}

const types::Type* record_value_type(const ArrayRef& a) {
    const types::Type* rec = record_type_of(a.record);
    if (rec->record_size() != a.record_size)
        fail(fmt::format("the record array's itemsize {} differs from its type's, {}", a.record_size,
                         rec->record_size()));
    if (a.ndim() == 0) return rec;
    if (a.ndim() > 8) fail(fmt::format("arrays of {} dimensions are not supported (0 to 8)", a.ndim()));
    types::Layout layout = a.is_c_contiguous()   ? types::Layout::C
                           : a.is_f_contiguous() ? types::Layout::F
                                                 : types::Layout::A;
    return types::array(rec, a.ndim(), layout, a.readonly);
}

void refuse_records(const ArrayRef& a, const char* what) {
    if (a.is_record())
        fail(fmt::format("a record array ({}) cannot be {}: pass an array of one field", a.record, what));
}

ArrayRef record_array_from_dlpack(const DLTensor* t, const char* type, bool readonly) {
    if (!t) fail("record array argument with a null DLTensor");
    if (!type) fail("record array argument with a null type");
    const types::Type* rec = record_type_of(type);
    if (t->device.device_type != kDLCPU && t->device.device_type != kDLCUDA)
        fail("a record array's DLTensor must be on the CPU or a CUDA device");
    if (t->dtype.code != kDLOpaqueHandleCode || t->dtype.bits != 8 || t->dtype.lanes != rec->record_size())
        fail(fmt::format("a record array's DLTensor dtype must be {{kDLOpaqueHandle, 8, {}}} (the record's bytes), "
                         "not {{{}, {}, {}}}",
                         rec->record_size(), t->dtype.code, t->dtype.bits, t->dtype.lanes));
    if (t->ndim < 0 || t->ndim > 8) fail(fmt::format("record arrays have 0 to 8 dimensions, not {}", t->ndim));
    if (t->ndim > 0 && !t->shape) fail("record array argument with a null shape");
    ArrayRef a;
    a.dtype = DType::UInt8;
    a.record = rec->str();  // the canonical spelling: kernel parameters compare it
    a.record_size = rec->record_size();
    a.readonly = readonly;
    a.shape.assign(t->shape, t->shape + t->ndim);
    runtime::checked_size(a.shape, a.record_size);
    if (!t->data && (a.size() != 0 || t->ndim == 0)) fail("record array argument with a null data pointer");
    a.data = static_cast<char*>(t->data) + t->byte_offset;
    if (t->strides) {
        for (int i = 0; i < t->ndim; ++i) {
            int64_t bytes;
            if (__builtin_mul_overflow(t->strides[i], a.record_size, &bytes)) fail("record array stride out of range");
            a.strides.push_back(bytes);
        }
    } else {
        a.strides = runtime::c_strides(a.shape, a.record_size);
    }
    return a;
}

}  // namespace ujit::pipeline
