// Calling generated CPU code with ujit's error model: a raise inside the generated code
// (ZeroDivisionError, ...) comes back here as ujit::Error(Kind::Runtime).
#pragma once

#include "cpu/helper_errors.hpp"
#include "runtime/scalar.hpp"
#include "ujit/ujit.hpp"

#include <cstddef>
#include <cstring>

namespace ujit::pipeline {

struct CallEntry;
class CallCache;

using PackedFn = void (*)(void** args, void* result);
[[noreturn]] void throw_runtime_error(const cpu::RuntimeErrorInfo& err);
// Inline: the dynamic call's fast path pays for one setjmp and nothing else here.
inline void call_packed(void* packed, void** args, void* result) {
    auto fn = reinterpret_cast<PackedFn>(packed);
    cpu::RuntimeErrorInfo err;
    if (!cpu::guarded_call([&] { fn(args, result); }, err)) throw_runtime_error(err);
}

// The result of a scalar-returning entry from the bytes its packed wrapper wrote; float64
// (the common case) without a call.
inline Value scalar_result(DType t, const void* out) {
    if (t == DType::Float64) {
        double d;
        std::memcpy(&d, out, sizeof d);
        return Value(d);
    }
    return Value(runtime::load_scalar(t, out));
}

// Calls a specialization with dynamic arguments (converted to its parameter types) and
// reads its result. Scalar arguments and results allocate nothing.
Value call_entry(const CallEntry& e, const Value* args, size_t n_args);
// The dynamic call's fast path (default options): the cached entry for these arguments'
// types (null: none), and the call of such an entry (no checks: converts_always held).
const CallEntry* find_cached(const CallCache& cache, const Value* args, size_t n_args);
Value call_hit(const CallEntry& e, const Value* args, size_t n_args);
// call_hit for Function::operator()'s plain numbers; e's parameters and result are scalars.
Value call_hit_scalars(const CallEntry& e, const Function::ScalarArg* args, size_t n_args);
// Calls with packed argument pointers into result storage of e.result_bytes, returns the
// result (what call_entry does after packing).
Value invoke_entry(const CallEntry& e, void** args);

}  // namespace ujit::pipeline
