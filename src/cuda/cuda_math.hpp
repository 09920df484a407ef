// math.* / np.* scalar functions on the GPU: calls to libdevice's `__nv_*` functions
// (declared here, defined when cuda/ptx.cpp links libdevice), or plain IR where libdevice
// has nothing better (isnan, degrees, square, ...).
#pragma once

#include "types/type.hpp"

#include <llvm/IR/IRBuilder.h>

#include <vector>

namespace ujit::cuda {

// Operands are float (float32 → the `f` variants, so float32 stays float32) or double,
// all of one type; the exceptions: ldexp's second operand and pow's integer exponent
// (float ** int) may be any integer type. Results:
//   - isnan/isinf/isfinite: i1 (on an integer operand: the constant answer);
//   - floor/ceil/trunc (math.* and np.*), round: the rounded value in the operand's
//     float type (the caller converts to int64 where Numba returns an int);
//   - everything else: the operand's float type.
// Null when `id` is not a float math function (gcd, integer abs, ...).
llvm::Value* emit_libdevice_math(llvm::IRBuilder<>& b, types::BuiltinId id, const std::vector<llvm::Value*>& args);

}  // namespace ujit::cuda
