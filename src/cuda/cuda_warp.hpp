// numba.cuda's warp-level functions on the GPU: NVVM's shfl/vote/match/bar.warp.sync
// intrinsics, as numba-cuda calls them (64-bit values shuffled as two 32-bit halves).
#pragma once

#include "types/type.hpp"

#include <llvm/IR/IRBuilder.h>

#include <vector>

namespace ujit::cuda {

// Operands as typing made them (types/infer_cuda_intrinsics.cpp): an i32 mask first, then
// the value (i32/i64/float/double) and for shuffles the i32 lane, delta or lane mask; votes
// take an i1 predicate. Results: the value's type (shuffles), i1 (all/any/eq), i32 (ballot,
// match_any), {i32, i1} (match_all), i32 (activemask, lanemask_lt), the call (syncwarp).
// Null for any other id.
llvm::Value* emit_warp_builtin(llvm::IRBuilder<>& b, types::BuiltinId id, const std::vector<llvm::Value*>& args);

}  // namespace ujit::cuda
