// numba.cuda's bit and float intrinsics, the same IR on every target (the GPU and CUDA
// kernels run on the CPU): popc is llvm.ctpop, clz llvm.ctlz (clz(0) is the width), ffs
// the 1-based position of the lowest set bit (0 for 0, as __nv_ffs), brev llvm.bitreverse,
// fma llvm.fma, selp a select; cbrt is the target's math (libm's cbrt, libdevice's
// __nv_cbrt). Typing: types/infer_cuda_intrinsics.cpp.
#include "codegen/intrinsics.hpp"
#include "codegen/lower_context.hpp"
#include "types/builtins.hpp"

namespace ujit::codegen {

using types::BuiltinId;

llvm::Value* FunctionLowering::cuda_intrinsic(const syntax::Call* e, BuiltinId id) {
    switch (id) {
    case BuiltinId::CudaPopc:
    case BuiltinId::CudaClz:
    case BuiltinId::CudaFfs:
    case BuiltinId::CudaBrev:
    case BuiltinId::CudaFma:
    case BuiltinId::CudaSelp:
    case BuiltinId::CudaCbrt: break;
    default: return nullptr;
    }
    if (id == BuiltinId::CudaCbrt) return call_math(e, id);
    std::vector<llvm::Value*> args;
    std::vector<const Type*> arg_types;
    call_operands(e, args, arg_types);
    llvm::Value* x = args[0];
    const llvm::Intrinsic::ID op = builtin_intrinsic(id);  // builtins.def's Intrinsic column
    switch (id) {
    case BuiltinId::CudaPopc:
    case BuiltinId::CudaBrev: return intrinsic(b, op, {x});
    case BuiltinId::CudaClz: return intrinsic(b, op, {x, b.getFalse()});  // defined for 0
    case BuiltinId::CudaFfs: {
        llvm::Value* lowest = b.CreateAdd(intrinsic(b, op, {x, b.getTrue()}), llvm::ConstantInt::get(x->getType(), 1));
        llvm::Value* zero = b.CreateICmpEQ(x, llvm::ConstantInt::get(x->getType(), 0));
        llvm::Value* position = b.CreateSelect(zero, llvm::ConstantInt::get(x->getType(), 0), lowest);
        return b.CreateZExtOrTrunc(position, b.getInt32Ty());
    }
    case BuiltinId::CudaFma: return intrinsic(b, op, {x, args[1], args[2]});
    default: return b.CreateSelect(x, args[1], args[2]);  // CudaSelp: the test is a bool (i1)
    }
}

}  // namespace ujit::codegen
