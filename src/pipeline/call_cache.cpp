#include "pipeline/call_cache.hpp"

#include "pipeline/marshal.hpp"

namespace ujit::pipeline {

uint32_t array_code(const ArrayRef& a) {
    if (a.ndim() > 8) return 0;  // the slow path reports it
    if (a.is_record()) return 0;  // its type is its Record, not `dtype`: the slow path types it
    CodeLayout layout = a.is_c_contiguous() ? CodeLayout::C : a.is_f_contiguous() ? CodeLayout::F : CodeLayout::A;
    return array_code(a.dtype, a.ndim(), layout, a.readonly);
}

namespace {
// Sets scalar_key for the entries of scalar arguments, parameters and result under the
// default options (the C API's and operator()'s fast paths), and args_in_place where
// every argument is of its parameter's dtype and one Function::ScalarArg holds as it is.
void mark_scalar_path(CallEntry& e) {
    if (!(e.options == CallOptions::defaults()) || !e.scalar_params || !e.scalar_result || e.n_args > 7) return;
    struct Code {
        DType type;
    } args[kMaxCachedArgs];
    bool in_place = true;
    for (size_t i = 0; i < e.n_args; ++i) {
        if (e.codes[i] < 1 || e.codes[i] > scalar_code(DType::Float16)) return;  // an array's code
        DType t = DType(e.codes[i] - 1);
        args[i].type = t;
        in_place = in_place && e.param_dtypes[i] == t && (t == DType::Bool || t == DType::Int64 || t == DType::Float64);
    }
    e.scalar_key = scalar_call_key(args, e.n_args);
    e.args_in_place = in_place;
}

// Sets direct_arrays (see CallEntry) for an entry of some array arguments.
void mark_array_path(CallEntry& e) {
    if (!(e.options == CallOptions::defaults()) || e.typed->arg_types.size() != e.n_args) return;
    bool any_array = false;
    for (size_t i = 0; i < e.n_args; ++i) {
        const types::Type* param = e.typed->arg_types[i];
        if (!is_array_code(e.codes[i])) {
            if (!param->is_number()) return;
            continue;
        }
        any_array = true;
        if (!param->is_array() || param->ndim() != array_code_ndim(e.codes[i]) ||
            param->dtype() != type_of_dtype(array_code_dtype(e.codes[i])))
            return;
    }
    e.direct_arrays = any_array;
}
}  // namespace

const CallEntry* CallCache::insert(std::unique_ptr<CallEntry> e) {
    std::lock_guard lock(mutex_);
    if (const CallEntry* existing = find(e->codes.data(), e->n_args, e->options)) return existing;
    mark_scalar_path(*e);
    mark_array_path(*e);
    const CallEntry* p = e.get();
    owned_.push_back(std::move(e));
    size_t slot = next_ < kCallCacheSlots ? next_++ : (next_++ % kCallCacheSlots);
    slots_[slot].store(p, std::memory_order_release);
    return p;
}

void describe_call(CallEntry& e, void* packed, const types::TypedFunction& typed, void* generator_next) {
    e.packed = packed;
    e.generator_next = generator_next;
    e.typed = &typed;
    e.scalar_params = typed.arg_types.size() <= kMaxCachedArgs;
    for (size_t i = 0; i < typed.arg_types.size() && i < kMaxCachedArgs; ++i) {
        const types::Type* t = typed.arg_types[i];
        e.scalar_params = e.scalar_params && t->is_number();
        if (t->is_number()) e.param_dtypes[i] = dtype_of_type(t);  // the array path's scalars too
    }
    e.result_bytes = c_size(typed.return_type);
    e.scalar_result = typed.return_type->is_number();
    if (e.scalar_result) e.result_dtype = dtype_of_type(typed.return_type);
}

bool converts_always(const CallEntry& e, const uint32_t* codes, size_t n) {
    if (n != e.typed->arg_types.size()) return false;
    for (size_t i = 0; i < n; ++i) {
        const types::Type* param = e.typed->arg_types[i];
        bool scalar_arg = codes[i] <= scalar_code(DType::Float16);  // the last scalar dtype
        if (scalar_arg != param->is_number()) return false;
        bool complex_arg = codes[i] == scalar_code(DType::Complex64) || codes[i] == scalar_code(DType::Complex128);
        if (scalar_arg && complex_arg && !param->is_complex()) return false;
    }
    return true;
}

}  // namespace ujit::pipeline
