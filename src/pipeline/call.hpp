// Calling generated CPU code with ujit's error model: a raise inside the generated code
// (ZeroDivisionError, ...) comes back here as ujit::Error(Kind::Runtime).
#pragma once

#include "ujit/ujit.hpp"

#include <cstddef>

namespace ujit::pipeline {

struct CallEntry;

using PackedFn = void (*)(void** args, void* result);
void call_packed(void* packed, void** args, void* result);

// Calls a specialization with dynamic arguments (converted to its parameter types) and
// reads its result. Scalar arguments and results allocate nothing.
Value call_entry(const CallEntry& e, const Value* args, size_t n_args);
// Calls with packed argument pointers into result storage of e.result_bytes, returns the
// result (what call_entry does after packing).
Value invoke_entry(const CallEntry& e, void** args);

}  // namespace ujit::pipeline
