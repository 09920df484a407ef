#include "pipeline/call.hpp"

#include "cpu/helper_errors.hpp"
#include "pipeline/call_cache.hpp"
#include "pipeline/marshal.hpp"
#include "runtime/scalar.hpp"

#include <fmt/format.h>

#include <vector>

namespace ujit::pipeline {

void call_packed(void* packed, void** args, void* result) {
    auto fn = reinterpret_cast<PackedFn>(packed);
    cpu::RuntimeErrorInfo err;
    if (!cpu::guarded_call([&] { fn(args, result); }, err)) throw Error(Error::Kind::Runtime, err.str());
}

Value invoke_entry(const CallEntry& e, void** args) {
    // The result's storage: on the stack unless it is a large tuple.
    alignas(16) uint8_t small[256];
    std::vector<uint8_t> large;
    uint8_t* result = small;
    if (e.result_bytes > sizeof small) {
        large.assign(e.result_bytes, 0);
        result = large.data();
    }
    call_packed(e.packed, args, result);
    return read_value(result, e.typed->return_type);
}

Value call_entry(const CallEntry& e, const Value* args, size_t n_args) {
    const auto& params = e.typed->arg_types;
    if (n_args != params.size())
        throw Error(Error::Kind::Argument, fmt::format("error: expected {} arguments, got {}", params.size(), n_args));
    if (!e.scalar_params) {
        PackedArgs packed(args, n_args, params);
        return invoke_entry(e, packed.data());
    }
    // Every parameter a scalar: one 16-byte slot each, converted in place.
    alignas(16) uint8_t slots[kMaxCachedArgs][16];
    void* ptrs[kMaxCachedArgs];
    for (size_t i = 0; i < n_args; ++i) {
        // (Complex64 and Complex128 are the last dtypes.)
        if (!args[i].is_scalar() || (args[i].scalar().type >= DType::Complex64 && e.param_dtypes[i] < DType::Complex64))
            write_scalar(args[i], params[i], slots[i]);  // throws the precise error
        runtime::store_scalar(args[i].scalar(), e.param_dtypes[i], slots[i]);
        ptrs[i] = slots[i];
    }
    return invoke_entry(e, ptrs);
}

}  // namespace ujit::pipeline
