#include "cuda/cuda_warp.hpp"

#include "codegen/intrinsics.hpp"
#include "types/builtins.hpp"

#include <llvm/IR/IntrinsicsNVPTX.h>
#include <llvm/IR/Module.h>

namespace ujit::cuda {

using types::BuiltinId;

namespace {

llvm::Value* call(llvm::IRBuilder<>& b, llvm::Intrinsic::ID id, llvm::ArrayRef<llvm::Value*> args = {}) {
    return b.CreateCall(llvm::Intrinsic::getDeclaration(b.GetInsertBlock()->getModule(), id), args);
}

// PTX's `c` operand of shfl.sync as numba-cuda passes it: the whole warp is one segment; the
// clamp is lane 31 (0 for shfl.up, whose bound is the lowest lane).
int shfl_clamp(BuiltinId id) { return id == BuiltinId::CudaShflUpSync ? 0 : 0x1F; }

llvm::Value* shuffle(llvm::IRBuilder<>& b, BuiltinId id, llvm::Value* mask, llvm::Value* value, llvm::Value* lane) {
    llvm::Intrinsic::ID op = codegen::builtin_intrinsic(id);  // llvm.nvvm.shfl.sync.<mode>.i32
    llvm::Type* type = value->getType();
    unsigned bits = type->getPrimitiveSizeInBits();
    llvm::Value* c = b.getInt32(shfl_clamp(id));
    llvm::Value* word = b.CreateBitCast(value, b.getIntNTy(bits));
    if (bits == 32) return b.CreateBitCast(call(b, op, {mask, word, lane, c}), type);
    llvm::Value* lo = call(b, op, {mask, b.CreateTrunc(word, b.getInt32Ty()), lane, c});
    llvm::Value* hi = call(b, op, {mask, b.CreateTrunc(b.CreateLShr(word, 32), b.getInt32Ty()), lane, c});
    llvm::Value* joined =
        b.CreateOr(b.CreateShl(b.CreateZExt(hi, b.getInt64Ty()), 32), b.CreateZExt(lo, b.getInt64Ty()));
    return b.CreateBitCast(joined, type);
}

llvm::Value* match(llvm::IRBuilder<>& b, BuiltinId id, llvm::Value* mask, llvm::Value* value) {
    namespace I = llvm::Intrinsic;
    bool wide = value->getType()->getPrimitiveSizeInBits() == 64;
    llvm::Value* word = b.CreateBitCast(value, wide ? b.getInt64Ty() : b.getInt32Ty());
    if (id == BuiltinId::CudaMatchAnySync)
        return call(b, wide ? I::nvvm_match_any_sync_i64 : I::nvvm_match_any_sync_i32, {mask, word});
    return call(b, wide ? I::nvvm_match_all_sync_i64p : I::nvvm_match_all_sync_i32p, {mask, word});
}

}  // namespace

llvm::Value* emit_warp_builtin(llvm::IRBuilder<>& b, BuiltinId id, const std::vector<llvm::Value*>& args) {
    switch (id) {
    case BuiltinId::CudaSyncwarp:
        return call(b, codegen::builtin_intrinsic(id), {args.empty() ? b.getInt32(-1) : args[0]});
    case BuiltinId::CudaActivemask:
    case BuiltinId::CudaLanemaskLt: return call(b, codegen::builtin_intrinsic(id));
    case BuiltinId::CudaShflSync:
    case BuiltinId::CudaShflUpSync:
    case BuiltinId::CudaShflDownSync:
    case BuiltinId::CudaShflXorSync: return shuffle(b, id, args.at(0), args.at(1), args.at(2));
    case BuiltinId::CudaAllSync:
    case BuiltinId::CudaAnySync:
    case BuiltinId::CudaEqSync:
    case BuiltinId::CudaBallotSync: return call(b, codegen::builtin_intrinsic(id), {args.at(0), args.at(1)});
    case BuiltinId::CudaMatchAnySync:
    case BuiltinId::CudaMatchAllSync: return match(b, id, args.at(0), args.at(1));
    default: return nullptr;
    }
}

}  // namespace ujit::cuda
