// math.* / np.* scalar functions on the CPU: LLVM intrinsics where LLVM lowers them
// exactly (to an instruction or to the same libm call), libm calls for the rest. float32
// operands call the f-suffixed libm function (sinf, erff) so float32 stays float32, as
// in Numba.
#pragma once

#include "types/type.hpp"

#include <llvm/IR/IRBuilder.h>

#include <vector>

namespace ujit::cpu {

// Null when `id` has no floating-point lowering here (isnan, gcd, CUDA names, ...).
llvm::Value* emit_cpu_math(llvm::IRBuilder<>& b, types::BuiltinId id, const std::vector<llvm::Value*>& args,
                           const types::Type* ty);

}  // namespace ujit::cpu
