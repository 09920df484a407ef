// Values of numba-cuda's vector types (types/vector_types.hpp) in LLVM: a tuple of the lanes,
// [x, y, z, w] (an array, as every tuple of one type is). The same on both targets.
#pragma once

#include "types/type.hpp"

#include <llvm/IR/IRBuilder.h>

#include <vector>

namespace ujit::codegen {

// The `vector` a constructor call makes of `args`, each already converted to its operand type:
// the base type (one lane) or a vector of the base type (its lanes, in order).
llvm::Value* make_vector(llvm::IRBuilder<>& b, const types::Type* vector, const std::vector<llvm::Value*>& args,
                         const std::vector<const types::Type*>& arg_types);

// Lane `lane` (0 for .x ... 3 for .w) of a vector value.
llvm::Value* vector_lane_value(llvm::IRBuilder<>& b, llvm::Value* vector, int lane);

}  // namespace ujit::codegen
