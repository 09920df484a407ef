#include "cuda/cuda_target_builtins.hpp"

#include "codegen/cuda_grid.hpp"

#include "codegen/intrinsics.hpp"
#include "types/builtins.hpp"

#include <llvm/IR/Module.h>

namespace ujit::cuda {

using types::BuiltinId;
namespace I = llvm::Intrinsic;

namespace {

llvm::Value* call(llvm::IRBuilder<>& b, I::ID id, llvm::ArrayRef<llvm::Value*> args = {}) {
    return b.CreateCall(I::getDeclaration(b.GetInsertBlock()->getModule(), id), args);
}

// A special register (a value builtin) zero-extended to int64.
llvm::Value* sreg64(llvm::IRBuilder<>& b, BuiltinId id) {
    return b.CreateZExt(call(b, codegen::builtin_intrinsic(id)), b.getInt64Ty());
}

// The special registers of threadIdx, blockIdx, blockDim and gridDim, in int64.
llvm::Value* grid_index64(llvm::IRBuilder<>& b, codegen::GridIndex which, unsigned d) {
    using enum BuiltinId;
    static constexpr BuiltinId regs[4][3] = {{CudaThreadIdxX, CudaThreadIdxY, CudaThreadIdxZ},
                                             {CudaBlockIdxX, CudaBlockIdxY, CudaBlockIdxZ},
                                             {CudaBlockDimX, CudaBlockDimY, CudaBlockDimZ},
                                             {CudaGridDimX, CudaGridDimY, CudaGridDimZ}};
    return sreg64(b, regs[static_cast<int>(which)][d]);
}

}  // namespace

llvm::Value* emit_thread_builtin(llvm::IRBuilder<>& b, BuiltinId id, const std::vector<llvm::Value*>& args,
                                 const types::Type* result_type) {
    // The special register, barrier or fence is builtins.def's Intrinsic column.
    if (types::is_cuda_value(id)) return call(b, codegen::builtin_intrinsic(id));
    switch (id) {
    case BuiltinId::CudaGrid:
    case BuiltinId::CudaGridsize: {
        int dims = codegen::grid_dims(args, result_type);
        if (dims < 1 || dims > 3) return nullptr;
        return codegen::emit_grid(b, id == BuiltinId::CudaGridsize, dims,
                                  [&](codegen::GridIndex w, unsigned d) { return grid_index64(b, w, d); });
    }
    case BuiltinId::CudaSyncthreads:
    case BuiltinId::CudaThreadfence:
    case BuiltinId::CudaThreadfenceBlock:
    case BuiltinId::CudaThreadfenceSystem: return call(b, codegen::builtin_intrinsic(id));
    case BuiltinId::CudaNanosleep: return call(b, codegen::builtin_intrinsic(id), args);  // PTX nanosleep (sm_70+)
    case BuiltinId::CudaSyncthreadsCount:
    case BuiltinId::CudaSyncthreadsAnd:
    case BuiltinId::CudaSyncthreadsOr: {
        if (args.size() != 1 || !args[0]->getType()->isIntegerTy()) return nullptr;
        llvm::Value* nonzero = b.CreateICmpNE(args[0], llvm::ConstantInt::get(args[0]->getType(), 0));
        return call(b, codegen::builtin_intrinsic(id), {b.CreateZExt(nonzero, b.getInt32Ty())});
    }
    default: return nullptr;
    }
}

}  // namespace ujit::cuda
