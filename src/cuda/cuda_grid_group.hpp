// numba.cuda.cg on the GPU, lowered as numba-cuda lowers it: calls into CUDA's device runtime
// (libcudadevrt.a), which the kernel is then linked with (pipeline/device_link_files.cpp).
//   cuda.cg.this_grid()  → cudaCGGetIntrinsicHandle(cudaCGScopeGrid): the grid's handle, i64
//   g.sync()             → cudaCGSynchronize(g, 0): the grid barrier, its status as i32
// The barrier waits on the workspace the driver sets up for a cooperative launch, so a kernel
// that reaches either one always launches cooperatively (cudadrv/cooperative_launch.cpp).
#pragma once

#include "types/type.hpp"

#include <llvm/IR/IRBuilder.h>

#include <vector>

namespace ujit::cuda {

// CudaCgThisGrid (no args) and CudaGridGroupSync (args[0]: the group, i64); null for any other id.
llvm::Value* emit_grid_group_builtin(llvm::IRBuilder<>& b, types::BuiltinId id, const std::vector<llvm::Value*>& args);

}  // namespace ujit::cuda
