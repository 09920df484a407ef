// The C API's dict and set results (include/ujit/ujit.h, ujit_dict): a handle on a
// ujit::Value::Dict or Value::Set, read entry by entry.
#include "capi/handles.hpp"
#include "capi/values.hpp"

namespace {

using ujit::capi::guarded;
using ujit::capi::require;

size_t length(const ujit::Value& v) { return v.is_set() ? v.set().items.size() : v.dict().keys.size(); }

}  // namespace

extern "C" {

size_t ujit_dict_length(const ujit_dict* d) { return d ? length(d->value) : 0; }

int ujit_dict_is_set(const ujit_dict* d) { return d && d->value.is_set() ? 1 : 0; }

ujit_status ujit_dict_key(const ujit_dict* d, size_t index, ujit_value* out, size_t max_out, size_t* n_out) {
    return guarded([&] {
        require(d && (out || max_out == 0), "null dict or output");
        require(index < length(d->value), "dict entry index out of range");
        const ujit::Value& key = d->value.is_set() ? d->value.set().items[index] : d->value.dict().keys[index];
        size_t n = ujit::capi::to_c_values(ujit::Value(key), out, max_out);
        if (n_out) *n_out = n;
    });
}

ujit_status ujit_dict_value(const ujit_dict* d, size_t index, ujit_value* out, size_t max_out, size_t* n_out) {
    return guarded([&] {
        require(d && (out || max_out == 0), "null dict or output");
        require(!d->value.is_set(), "a set's entries have no values");
        require(index < length(d->value), "dict entry index out of range");
        size_t n = ujit::capi::to_c_values(ujit::Value(d->value.dict().values[index]), out, max_out);
        if (n_out) *n_out = n;
    });
}

void ujit_dict_release(ujit_dict* d) { delete d; }

}  // extern "C"
