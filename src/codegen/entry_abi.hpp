// The entry points of codegen/abi.hpp around an internal function over natural types:
// the flattened native entry `<symbol>` and the CPU's packed wrapper `<symbol>$packed`.
#pragma once

#include "codegen/lower_context.hpp"

namespace ujit::codegen {

// `<symbol>`: arrays flattened to (data, shape..., strides...), tuples expanded, bool as
// i8, tuple results through a hidden first `ptr out`. Marked with Target::mark_entry.
llvm::Function* emit_entry(ModuleLowering& mod, const types::TypedFunction& fn, llvm::Function* impl);

// `<symbol>$packed`: void(void** args, void* result); array args are ujit_array_view.
llvm::Function* emit_packed(ModuleLowering& mod, const types::TypedFunction& fn, llvm::Function* impl);

// gen: `<symbol>$next` (CPU), for a function that returns a generator: `i8(void* gen, void* item)`.
// `gen` points to the generator result the packed wrapper wrote, {ujit_nrt_meminfo* owner, void*
// coroutine handle} (one reference to owner for the caller, who releases it with
// ujit_nrt_decref: that destroys a suspended body); each call resumes the body up to its next
// yield and writes the yielded value to `item`, laid out as a result of its type (one reference
// to each owner in it for the caller), returning 1; 0 once the body has finished. A raise in
// the body leaves by ujit_rt_raise as any call's does, and the generator is finished after it.
inline std::string generator_next_symbol(const std::string& symbol) { return symbol + "$next"; }
llvm::Function* emit_generator_next(ModuleLowering& mod, const types::TypedFunction& fn);  // lower_generators.cpp

}  // namespace ujit::codegen
