// The C API's list results (include/ujit/ujit.h, ujit_list): a handle on a ujit::Value list.
#include "capi/handles.hpp"
#include "capi/values.hpp"

namespace {

using ujit::capi::guarded;
using ujit::capi::require;

}  // namespace

extern "C" {

size_t ujit_list_length(const ujit_list* l) { return l ? l->value.list().size() : 0; }

ujit_status ujit_list_item(const ujit_list* l, size_t index, ujit_value* out, size_t max_out, size_t* n_out) {
    return guarded([&] {
        require(l && (out || max_out == 0), "null list or output");
        require(index < l->value.list().size(), "list index out of range");
        size_t n = ujit::capi::to_c_values(ujit::Value(l->value.list()[index]), out, max_out);
        if (n_out) *n_out = n;
    });
}

ujit_status ujit_list_create(const ujit_value* items, size_t n, ujit_list** out) {
    return guarded([&] {
        require(out && (items || n == 0), "null items or output");
        *out = nullptr;
        *out = new ujit_list{ujit::Value::list_of(ujit::capi::to_values(items, n))};
    });
}

ujit_status ujit_list_set_item_type(ujit_list* l, const char* item_type) {
    return guarded([&] {
        require(l && item_type, "null list or item type");
        l->value = ujit::Value::typed_list(l->value.list(), item_type);
    });
}

const char* ujit_list_item_type(const ujit_list* l) {
    return l && !l->value.list_typed_item().empty() ? l->value.list_typed_item().c_str() : nullptr;
}

void ujit_list_release(ujit_list* l) { delete l; }

}  // extern "C"
