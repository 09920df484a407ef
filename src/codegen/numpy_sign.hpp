// np.sign of one number, as NumPy's loops compute it: shared by the scalar call and the
// element loop of an array expression.
#pragma once

#include "types/type.hpp"

#include <llvm/IR/IRBuilder.h>

namespace ujit::codegen {

// -1, 0 or 1 in x's own type (t: an int or a float type). A float NaN stays NaN, and -0.0
// gives 0.0; an unsigned int is 0 or 1. Null for any other type.
llvm::Value* numpy_sign(llvm::IRBuilder<>& b, llvm::Value* x, const types::Type* t);

}  // namespace ujit::codegen
