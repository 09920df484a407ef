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

}  // namespace ujit::codegen
