#include "codegen/numpy_sign.hpp"

namespace ujit::codegen {

llvm::Value* numpy_sign(llvm::IRBuilder<>& b, llvm::Value* x, const types::Type* t) {
    llvm::Type* ty = x->getType();
    if (t->is_float()) {
        auto c = [&](double v) { return llvm::ConstantFP::get(ty, v); };
        llvm::Value* s =
            b.CreateSelect(b.CreateFCmpOGT(x, c(0)), c(1), b.CreateSelect(b.CreateFCmpOLT(x, c(0)), c(-1), c(0)));
        return b.CreateSelect(b.CreateFCmpUNO(x, x), x, s);
    }
    if (t->is_int()) {
        llvm::Value* zero = llvm::ConstantInt::get(ty, 0);
        llvm::Value* gt = t->is_signed() ? b.CreateICmpSGT(x, zero) : b.CreateICmpNE(x, zero);
        llvm::Value* lt = t->is_signed() ? b.CreateICmpSLT(x, zero) : b.getFalse();
        return b.CreateSub(b.CreateZExt(gt, ty), b.CreateZExt(lt, ty));
    }
    return nullptr;
}

}  // namespace ujit::codegen
