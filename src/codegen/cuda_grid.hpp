// cuda.grid(n) and cuda.gridsize(n), shared by the two targets that run CUDA kernels (the
// NVPTX back end reads special registers, the CPU one a work-item context): the arithmetic
// is the same, only where threadIdx, blockIdx, blockDim and gridDim come from differs.
#pragma once

#include "types/type.hpp"

#include <llvm/IR/IRBuilder.h>

#include <functional>
#include <vector>

namespace ujit::codegen {

enum class GridIndex { Tid, Ctaid, Ntid, Nctaid };  // threadIdx, blockIdx, blockDim, gridDim

// How many dimensions cuda.grid/gridsize asked for: the constant argument, or the result type.
int grid_dims(const std::vector<llvm::Value*>& args, const types::Type* result_type);

// cuda.grid(n): blockIdx * blockDim + threadIdx per dimension; cuda.gridsize(n): blockDim *
// gridDim. In int64, like Numba, so large grids do not overflow. `index64(which, dim)` reads
// one component, zero-extended to int64. One dimension gives an int, more a tuple.
llvm::Value* emit_grid(llvm::IRBuilder<>& b, bool size, int dims,
                       const std::function<llvm::Value*(GridIndex, unsigned)>& index64);

}  // namespace ujit::codegen
