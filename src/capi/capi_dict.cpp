// The C API's dicts and sets (include/ujit/ujit.h, ujit_dict): a handle on a
// ujit::Value::Dict or Value::Set, read entry by entry (a result) or built entry by entry
// (an argument).
#include "capi/handles.hpp"
#include "capi/values.hpp"

namespace {

using ujit::capi::guarded;
using ujit::capi::require;

size_t length(const ujit::Value& v) { return v.is_set() ? v.set().items.size() : v.dict().keys.size(); }

// One value, or a tuple of n of them (a flattened tuple, as results are written).
ujit::Value entry_part(const ujit_value* vs, size_t n) {
    std::vector<ujit::Value> parts = ujit::capi::to_values(vs, n);
    if (parts.size() == 1) return parts[0];
    return ujit::Value(ujit::Value::Tuple(std::move(parts)));
}

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

ujit_status ujit_dict_create(const char* key_type, const char* value_type, ujit_dict** out) {
    return guarded([&] {
        require(out, "null output");
        *out = nullptr;
        require(!key_type == !value_type, "give both key_type and value_type, or neither");
        ujit::Value::Dict d;
        if (key_type) {
            d.key_type = key_type;
            d.value_type = value_type;
        }
        *out = new ujit_dict{ujit::Value(std::move(d))};
    });
}

ujit_status ujit_set_create(const char* item_type, ujit_dict** out) {
    return guarded([&] {
        require(out, "null output");
        *out = nullptr;
        ujit::Value::Set s;
        if (item_type) s.item_type = item_type;
        *out = new ujit_dict{ujit::Value(std::move(s))};
    });
}

ujit_status ujit_dict_put(ujit_dict* d, const ujit_value* key, size_t n_key, const ujit_value* value, size_t n_value) {
    return guarded([&] {
        require(d && key && n_key > 0, "null dict or key");
        if (d->value.is_set()) {
            require(!value && n_value == 0, "a set's entries have no values");
            d->value.set_entries().items.push_back(entry_part(key, n_key));
            return;
        }
        require(value && n_value > 0, "a dict entry needs a value");
        ujit::Value k = entry_part(key, n_key), v = entry_part(value, n_value);
        ujit::Value::Dict& entries = d->value.dict_entries();
        entries.keys.push_back(std::move(k));
        try {
            entries.values.push_back(std::move(v));
        } catch (...) {
            entries.keys.pop_back();  // keys and values stay in step
            throw;
        }
    });
}

}  // extern "C"
