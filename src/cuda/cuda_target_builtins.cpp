#include "cuda/cuda_target_builtins.hpp"

#include <llvm/IR/IntrinsicsNVPTX.h>
#include <llvm/IR/Module.h>

namespace ujit::cuda {

using types::BuiltinId;
namespace I = llvm::Intrinsic;

namespace {

// The special register behind a value builtin, or not_intrinsic.
I::ID sreg_intrinsic(BuiltinId id) {
    switch (id) {
    case BuiltinId::CudaThreadIdxX: return I::nvvm_read_ptx_sreg_tid_x;
    case BuiltinId::CudaThreadIdxY: return I::nvvm_read_ptx_sreg_tid_y;
    case BuiltinId::CudaThreadIdxZ: return I::nvvm_read_ptx_sreg_tid_z;
    case BuiltinId::CudaBlockIdxX: return I::nvvm_read_ptx_sreg_ctaid_x;
    case BuiltinId::CudaBlockIdxY: return I::nvvm_read_ptx_sreg_ctaid_y;
    case BuiltinId::CudaBlockIdxZ: return I::nvvm_read_ptx_sreg_ctaid_z;
    case BuiltinId::CudaBlockDimX: return I::nvvm_read_ptx_sreg_ntid_x;
    case BuiltinId::CudaBlockDimY: return I::nvvm_read_ptx_sreg_ntid_y;
    case BuiltinId::CudaBlockDimZ: return I::nvvm_read_ptx_sreg_ntid_z;
    case BuiltinId::CudaGridDimX: return I::nvvm_read_ptx_sreg_nctaid_x;
    case BuiltinId::CudaGridDimY: return I::nvvm_read_ptx_sreg_nctaid_y;
    case BuiltinId::CudaGridDimZ: return I::nvvm_read_ptx_sreg_nctaid_z;
    case BuiltinId::CudaLaneId: return I::nvvm_read_ptx_sreg_laneid;
    case BuiltinId::CudaWarpSize: return I::nvvm_read_ptx_sreg_warpsize;
    default: return I::not_intrinsic;
    }
}

llvm::Value* call(llvm::IRBuilder<>& b, I::ID id, llvm::ArrayRef<llvm::Value*> args = {}) {
    return b.CreateCall(I::getDeclaration(b.GetInsertBlock()->getModule(), id), args);
}

llvm::Value* sreg64(llvm::IRBuilder<>& b, I::ID id) { return b.CreateZExt(call(b, id), b.getInt64Ty()); }

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
    static constexpr I::ID tid[] = {I::nvvm_read_ptx_sreg_tid_x, I::nvvm_read_ptx_sreg_tid_y,
                                    I::nvvm_read_ptx_sreg_tid_z};
    static constexpr I::ID ctaid[] = {I::nvvm_read_ptx_sreg_ctaid_x, I::nvvm_read_ptx_sreg_ctaid_y,
                                      I::nvvm_read_ptx_sreg_ctaid_z};
    static constexpr I::ID ntid[] = {I::nvvm_read_ptx_sreg_ntid_x, I::nvvm_read_ptx_sreg_ntid_y,
                                     I::nvvm_read_ptx_sreg_ntid_z};
    static constexpr I::ID nctaid[] = {I::nvvm_read_ptx_sreg_nctaid_x, I::nvvm_read_ptx_sreg_nctaid_y,
                                       I::nvvm_read_ptx_sreg_nctaid_z};
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
    if (I::ID sreg = sreg_intrinsic(id); sreg != I::not_intrinsic) return call(b, sreg);
    switch (id) {
    case BuiltinId::CudaGrid:
    case BuiltinId::CudaGridsize: {
        int dims = grid_dims(args, result_type);
        if (dims < 1 || dims > 3) return nullptr;
        return emit_grid(b, id == BuiltinId::CudaGridsize, dims);
    }
    case BuiltinId::CudaSyncthreads: return call(b, I::nvvm_barrier0);
    case BuiltinId::CudaSyncthreadsCount:
    case BuiltinId::CudaSyncthreadsAnd:
    case BuiltinId::CudaSyncthreadsOr: {
        if (args.size() != 1 || !args[0]->getType()->isIntegerTy()) return nullptr;
        I::ID which = id == BuiltinId::CudaSyncthreadsCount ? I::nvvm_barrier0_popc
                      : id == BuiltinId::CudaSyncthreadsAnd ? I::nvvm_barrier0_and
                                                            : I::nvvm_barrier0_or;
        llvm::Value* nonzero = b.CreateICmpNE(args[0], llvm::ConstantInt::get(args[0]->getType(), 0));
        return call(b, which, {b.CreateZExt(nonzero, b.getInt32Ty())});
    }
    case BuiltinId::CudaThreadfence: return call(b, I::nvvm_membar_gl);
    case BuiltinId::CudaThreadfenceBlock: return call(b, I::nvvm_membar_cta);
    default: return nullptr;
    }
}

}  // namespace ujit::cuda
