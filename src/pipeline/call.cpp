#include "pipeline/call.hpp"

#include "cpu/helper_errors.hpp"
#include "pipeline/call_cache.hpp"
#include "pipeline/generator_value.hpp"
#include "pipeline/marshal.hpp"
#include "runtime/scalar.hpp"

#include <fmt/format.h>

#include <cstring>
#include <vector>

namespace ujit::pipeline {

void throw_runtime_error(const cpu::RuntimeErrorInfo& err) {
    auto [class_name, message] = err.exception();
    throw Error(Error::Kind::Runtime, err.str()).with_exception(std::move(class_name), std::move(message));
}

namespace {
// The common cases without store_scalar's two dispatches.
inline void store_param(const Value::Scalar& s, DType to, void* slot) {
    if (s.type == to && to == DType::Float64)
        std::memcpy(slot, &s.f, 8);
    else if (s.type == to && to == DType::Int64)
        std::memcpy(slot, &s.i, 8);
    else
        runtime::store_scalar(s, to, slot);
}
}  // namespace

Value invoke_entry(const CallEntry& e, void** args) {
    if (e.generator_next) return start_generator(e, args, nullptr);
    if (e.result_bytes <= 256) {
        alignas(16) uint8_t result[256];
        call_packed(e.packed, args, result);
        if (e.scalar_result) return Value(runtime::load_scalar(e.result_dtype, result));
        return read_value(result, e.typed->return_type);
    }
    // A large tuple: its storage on the heap.
    std::vector<uint8_t> large(e.result_bytes + 16);
    uint8_t* result = reinterpret_cast<uint8_t*>((reinterpret_cast<uintptr_t>(large.data()) + 15) & ~uintptr_t(15));
    call_packed(e.packed, args, result);
    return read_value(result, e.typed->return_type);
}

Value call_entry(const CallEntry& e, const Value* args, size_t n_args) {
    const auto& params = e.typed->arg_types;
    if (n_args != params.size())
        throw Error(Error::Kind::Argument, fmt::format("error: expected {} arguments, got {}", params.size(), n_args));
    if (!e.scalar_params) {
        if (e.generator_next)  // the generator's body reads its arguments after this call
            return start_generator(e, nullptr, std::make_unique<PackedArgs>(args, n_args, params));
        PackedArgs packed(args, n_args, params);
        Value result = invoke_entry(e, packed.data());
        packed.reflect_containers();
        return result;
    }
    // Every parameter a scalar: one 16-byte slot each, converted in place.
    alignas(16) uint8_t slots[kMaxCachedArgs][16];
    void* ptrs[kMaxCachedArgs];
    for (size_t i = 0; i < n_args; ++i) {
        // (Complex64 and Complex128 are the last dtypes.)
        if (!args[i].is_scalar() || (args[i].scalar().type >= DType::Complex64 && e.param_dtypes[i] < DType::Complex64))
            write_scalar(args[i], params[i], slots[i]);  // throws the precise error
        store_param(args[i].scalar(), e.param_dtypes[i], slots[i]);
        ptrs[i] = slots[i];
    }
    return invoke_entry(e, ptrs);
}

const CallEntry* find_cached(const CallCache& cache, const Value* args, size_t n_args) {
    if (n_args > kMaxCachedArgs) return nullptr;
    uint32_t codes[kMaxCachedArgs];
    for (size_t i = 0; i < n_args; ++i) {
        const auto* s = std::get_if<Value::Scalar>(&args[i].storage());
        codes[i] = s ? scalar_code(s->type) : arg_code(args[i]);
        if (!codes[i]) return nullptr;
    }
    return cache.find(codes, n_args, CallOptions::defaults());
}

namespace {
// Calls an entry whose parameters and result are scalars, with its argument slots filled;
// the result is built in the caller's return slot (a copy of a Value is a slow block move).
Value invoke_scalars(const CallEntry& e, void** ptrs) {
    alignas(16) uint8_t out[16];
    call_packed(e.packed, ptrs, out);
    return scalar_result(e.result_dtype, out);
}
}  // namespace

Value call_hit(const CallEntry& e, const Value* args, size_t n_args) {
    if (!e.scalar_params || !e.scalar_result) return call_entry(e, args, n_args);
    // The arguments' types are the entry's (converts_always): no checks left to make.
    alignas(16) uint8_t slots[kMaxCachedArgs][16];
    void* ptrs[kMaxCachedArgs];
    for (size_t i = 0; i < n_args; ++i) {
        store_param(*std::get_if<Value::Scalar>(&args[i].storage()), e.param_dtypes[i], slots[i]);
        ptrs[i] = slots[i];
    }
    return invoke_scalars(e, ptrs);
}

namespace {
[[gnu::noinline]] Value call_converting_scalars(const CallEntry& e, const Function::ScalarArg* args, size_t n_args) {
    void* ptrs[kMaxCachedArgs];
    alignas(16) uint8_t slots[kMaxCachedArgs][16];
    for (size_t i = 0; i < n_args; ++i) {
        const Function::ScalarArg& a = args[i];
        Value::Scalar s;
        s.type = a.type;
        if (a.type == DType::Float64)
            s.f = a.f;
        else
            s.i = a.i;
        store_param(s, e.param_dtypes[i], slots[i]);
        ptrs[i] = slots[i];
    }
    return invoke_scalars(e, ptrs);
}
}  // namespace

Value call_hit_scalars(const CallEntry& e, const Function::ScalarArg* args, size_t n_args) {
    if (!e.args_in_place) return call_converting_scalars(e, args, n_args);
    // The generated code reads each parameter (int64, float64 or bool: its first byte)
    // straight from the argument's 8 bytes.
    void* ptrs[kMaxCachedArgs];
    for (size_t i = 0; i < n_args; ++i) ptrs[i] = const_cast<int64_t*>(&args[i].i);
    return invoke_scalars(e, ptrs);
}

}  // namespace ujit::pipeline
