// gen: the C API's generator results (include/ujit/ujit.h, ujit_generator): a handle on a
// ujit::Generator, resumed one item at a time.
#include "capi/handles.hpp"
#include "capi/values.hpp"

namespace {

using ujit::capi::guarded;
using ujit::capi::require;

}  // namespace

extern "C" {

ujit_status ujit_generator_next(ujit_generator* g, int* has_item, ujit_value* out, size_t max_out, size_t* n_out) {
    return guarded([&] {
        require(g && has_item && (out || max_out == 0), "null generator, has_item or output");
        *has_item = 0;
        if (n_out) *n_out = 0;
        std::optional<ujit::Value> item = g->value.generator().next();
        if (!item) return;
        size_t n = ujit::capi::to_c_values(std::move(*item), out, max_out);
        *has_item = 1;
        if (n_out) *n_out = n;
    });
}

const char* ujit_generator_type(const ujit_generator* g) {
    return g ? g->value.generator().type_name().c_str() : nullptr;
}

void ujit_generator_release(ujit_generator* g) { delete g; }

}  // extern "C"
