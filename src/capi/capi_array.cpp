// The C API's result arrays (include/ujit/ujit.h, ujit_array): a handle on a ujit::Value
// that holds one reference to a returned array, its DLTensor view, and DLPack export.
#include "capi/handles.hpp"
#include "capi/values.hpp"

namespace {

using ujit::capi::guarded;
using ujit::capi::require;

// The DLPack export: its own copy of the Value (one more reference), freed by the deleter.
struct ExportedArray {
    ujit_array array;
    DLManagedTensor managed{};
};

void delete_export(DLManagedTensor* t) { delete static_cast<ExportedArray*>(t->manager_ctx); }

}  // namespace

namespace ujit::capi {

void fill_tensor(ujit_array& a) {
    const ujit::ArrayRef& r = a.value.array();
    const int64_t item = ujit::itemsize(r.dtype);
    a.element_strides.resize(r.strides.size());
    a.strides_in_items = true;
    for (size_t k = 0; k < r.strides.size(); ++k) {
        a.strides_in_items = a.strides_in_items && r.strides[k] % item == 0;
        a.element_strides[k] = r.strides[k] / item;
    }
    a.tensor = DLTensor{};
    a.tensor.data = r.data;
    a.tensor.device = {kDLCPU, 0};
    a.tensor.ndim = r.ndim();
    a.tensor.dtype = dl_dtype(r.dtype);
    a.tensor.shape = const_cast<int64_t*>(r.shape.data());
    a.tensor.strides = a.element_strides.data();
}

}  // namespace ujit::capi

extern "C" {

void* ujit_array_data(const ujit_array* a) { return a ? a->value.array().data : nullptr; }
int32_t ujit_array_ndim(const ujit_array* a) { return a ? a->value.array().ndim() : 0; }
const int64_t* ujit_array_shape(const ujit_array* a) { return a ? a->value.array().shape.data() : nullptr; }
const int64_t* ujit_array_strides(const ujit_array* a) { return a ? a->value.array().strides.data() : nullptr; }
ujit_dtype ujit_array_dtype(const ujit_array* a) {
    return a ? static_cast<ujit_dtype>(a->value.array().dtype) : UJIT_BOOL;
}
int ujit_array_readonly(const ujit_array* a) { return a && a->value.array().readonly ? 1 : 0; }
int ujit_array_owns_memory(const ujit_array* a) { return a && a->value.owner() ? 1 : 0; }

ujit_status ujit_array_dltensor(const ujit_array* a, const DLTensor** out) {
    return guarded([&] {
        require(a && out, "null array or output");
        *out = nullptr;
        require(a->strides_in_items, "the array's strides are not whole items, which DLPack cannot describe");
        *out = &a->tensor;
    });
}

ujit_status ujit_array_to_dlpack(const ujit_array* a, DLManagedTensor** out) {
    return guarded([&] {
        require(a && out, "null array or output");
        *out = nullptr;
        require(a->strides_in_items, "the array's strides are not whole items, which DLPack cannot describe");
        auto* e = new ExportedArray{ujit_array{a->value, {}, {}, true}, {}};
        ujit::capi::fill_tensor(e->array);
        e->managed.dl_tensor = e->array.tensor;
        e->managed.manager_ctx = e;
        e->managed.deleter = delete_export;
        *out = &e->managed;
    });
}

void ujit_array_release(ujit_array* a) { delete a; }

}  // extern "C"
