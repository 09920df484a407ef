// Conversions between ujit value types, truth values and constants, as Numba does them:
// float → int truncates (fptosi/fptoui), int → bool is `!= 0`, bool → int is 0/1,
// real → complex has a zero imaginary part, tuples convert element-wise.
#pragma once

#include "types/typed_function.hpp"

#include <llvm/IR/IRBuilder.h>

namespace ujit::codegen {

// `v` (a value of type `from`) as a value of type `to`. Returns null when Numba has no
// such conversion (complex → real, tuple ↔ scalar, arrays of different types).
llvm::Value* convert(llvm::IRBuilder<>& b, llvm::Value* v, const types::Type* from, const types::Type* to);

// Python truth value (i1) of `v`; null for types without one.
llvm::Value* truth(llvm::IRBuilder<>& b, llvm::Value* v, const types::Type* t);

// A compile-time constant as an LLVM value of its own type.
llvm::Value* constant_value(llvm::IRBuilder<>& b, const types::ConstValue& c);

// Zero of any value type (used for never-taken paths and default results).
llvm::Value* zero_value(llvm::IRBuilder<>& b, const types::Type* t);

}  // namespace ujit::codegen
