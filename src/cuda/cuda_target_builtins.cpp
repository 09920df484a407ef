#include "cuda/cuda_target_builtins.hpp"

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

// How many dimensions cuda.grid/gridsize asked for: the constant argument, or the result type.
int grid_dims(const std::vector<llvm::Value*>& args, const types::Type* result_type) {
    if (!args.empty()) {
        auto* n = llvm::dyn_cast<llvm::ConstantInt>(args[0]);
        return n ? static_cast<int>(n->getSExtValue()) : 0;
    }
    if (!result_type) return 0;
    if (result_type->is_int()) return 1;
    return result_type->is_tuple() ? static_cast<int>(result_type->elements().size()) : 0;
}

// cuda.grid(n): blockIdx * blockDim + threadIdx per dimension; cuda.gridsize(n):
// blockDim * gridDim. In int64, like Numba, so large grids do not overflow.
llvm::Value* emit_grid(llvm::IRBuilder<>& b, bool size, int dims) {
    using enum BuiltinId;
    static constexpr BuiltinId tid[] = {CudaThreadIdxX, CudaThreadIdxY, CudaThreadIdxZ};
    static constexpr BuiltinId ctaid[] = {CudaBlockIdxX, CudaBlockIdxY, CudaBlockIdxZ};
    static constexpr BuiltinId ntid[] = {CudaBlockDimX, CudaBlockDimY, CudaBlockDimZ};
    static constexpr BuiltinId nctaid[] = {CudaGridDimX, CudaGridDimY, CudaGridDimZ};
    std::vector<llvm::Value*> values;
    for (int d = 0; d < dims; ++d) {
        llvm::Value* v = size ? b.CreateMul(sreg64(b, ntid[d]), sreg64(b, nctaid[d]))
                              : b.CreateAdd(b.CreateMul(sreg64(b, ctaid[d]), sreg64(b, ntid[d])), sreg64(b, tid[d]));
        values.push_back(v);
    }
    if (dims == 1) return values[0];
    std::vector<llvm::Type*> elems(dims, b.getInt64Ty());
    llvm::Value* tuple = llvm::UndefValue::get(llvm::StructType::get(b.getContext(), elems));
    for (int d = 0; d < dims; ++d) tuple = b.CreateInsertValue(tuple, values[d], d);
    return tuple;
}

}  // namespace

llvm::Value* emit_thread_builtin(llvm::IRBuilder<>& b, BuiltinId id, const std::vector<llvm::Value*>& args,
                                 const types::Type* result_type) {
    // The special register, barrier or fence is builtins.def's Intrinsic column.
    if (types::is_cuda_value(id)) return call(b, codegen::builtin_intrinsic(id));
    switch (id) {
    case BuiltinId::CudaGrid:
    case BuiltinId::CudaGridsize: {
        int dims = grid_dims(args, result_type);
        if (dims < 1 || dims > 3) return nullptr;
        return emit_grid(b, id == BuiltinId::CudaGridsize, dims);
    }
    case BuiltinId::CudaSyncthreads:
    case BuiltinId::CudaThreadfence:
    case BuiltinId::CudaThreadfenceBlock: return call(b, codegen::builtin_intrinsic(id));
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
