// The CUDA kernel builtins that are not atomics: thread/block indices, cuda.grid and
// cuda.gridsize, barriers and memory fences (NVVM intrinsics).
#pragma once

#include "types/type.hpp"

#include <llvm/IR/IRBuilder.h>

#include <vector>

namespace ujit::cuda {

// Results (Numba's types): threadIdx/blockIdx/blockDim/gridDim .x/.y/.z, laneid, warpsize:
// i32. cuda.grid(n)/gridsize(n) (args[0] the constant n, or taken from `result_type`):
// i64 for n == 1, else the literal struct {i64 x n}. syncthreads/threadfence/
// threadfence_block: the emitted call (void). syncthreads_count/and/or(args[0] i32): i32.
// Null for any other id.
llvm::Value* emit_thread_builtin(llvm::IRBuilder<>& b, types::BuiltinId id, const std::vector<llvm::Value*>& args,
                                 const types::Type* result_type);

}  // namespace ujit::cuda
