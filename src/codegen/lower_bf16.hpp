// numba-cuda's bfloat16 functions (cuda.bf16.*, types/bf16_signatures.hpp) as IR, the same on
// every target: NVPTX selects bf16 instructions (sm_90) or computes in float32 and converts
// with cvt.rn.bf16.f32 (sm_80); the CPU computes in float32 and rounds to nearest even
// (cpu/helper_bf16.cpp). Conversions with a named rounding are integer code, exact on both.
#pragma once

#include "types/type.hpp"

#include <llvm/ADT/STLFunctionalExtras.h>
#include <llvm/IR/IRBuilder.h>

#include <vector>

namespace ujit::codegen {

// A math function (math.sin, ...) of float32 operands, computed as the target computes it.
using Float32Math = llvm::function_ref<llvm::Value*(types::BuiltinId, std::vector<llvm::Value*>)>;

// cuda.bf16's function `id` of `args` (already of its parameter types); null for another builtin.
llvm::Value* lower_bf16(llvm::IRBuilder<>& b, types::BuiltinId id, const std::vector<llvm::Value*>& args,
                        Float32Math math);

}  // namespace ujit::codegen
