#include "codegen/declared_call.hpp"

#include "codegen/llvm_types.hpp"
#include "syntax/diagnostics.hpp"
#include "types/declared_device.hpp"

#include <fmt/format.h>

#include <llvm/IR/Module.h>
#include <llvm/TargetParser/Triple.h>

namespace ujit::codegen {

namespace {

// C's type for a parameter or result: bool is a byte.
llvm::Type* c_type(llvm::LLVMContext& ctx, const types::Type* t) {
    return t->is_bool() ? llvm::Type::getInt8Ty(ctx) : value_type(ctx, t);
}

// signext/zeroext, as clang declares a C function's small integer parameters and results.
llvm::Attribute::AttrKind extension(const types::Type* t) {
    if (t->is_bool() || (t->is_int() && !t->is_signed() && t->bits() < 32)) return llvm::Attribute::ZExt;
    if (t->is_int() && t->is_signed() && t->bits() < 32) return llvm::Attribute::SExt;
    return llvm::Attribute::None;
}

}  // namespace

llvm::Value* emit_declared_call(llvm::IRBuilder<>& b, const types::TypedFunction& callee,
                                const std::vector<llvm::Value*>& args, llvm::AllocaInst* ret_slot,
                                syntax::SourceLoc loc, const std::string& caller) {
    llvm::Module& m = *b.GetInsertBlock()->getModule();
    llvm::LLVMContext& ctx = m.getContext();
    const std::string& sym = callee.symbol;
    if (!llvm::Triple(m.getTargetTriple()).isNVPTX())
        syntax::fail(loc, fmt::format("'{}' calls '{}', a CUDA C++ device function (cuda.declare_device), and CUDA "
                                      "C++ runs only on a GPU: without a usable CUDA GPU ujit runs kernels compiled "
                                      "for the CPU, which cannot call it",
                                      caller, sym));
    const bool c_abi = types::declared_device_c_abi(*callee.def);
    const types::Type* ret = callee.return_type;
    std::vector<llvm::Type*> params;
    std::vector<llvm::Value*> values;
    if (!c_abi) {
        params.push_back(llvm::PointerType::get(ctx, 0));
        values.push_back(ret_slot ? b.CreateAddrSpaceCast(ret_slot, params.back())
                                  : llvm::ConstantPointerNull::get(llvm::PointerType::get(ctx, 0)));
    }
    for (size_t i = 0; i < args.size(); ++i) {
        const types::Type* t = callee.arg_types[i];
        params.push_back(c_type(ctx, t));
        values.push_back(t->is_bool() ? b.CreateZExt(args[i], params.back()) : args[i]);
    }
    llvm::Type* result = !c_abi ? llvm::Type::getInt32Ty(ctx) : ret->is_none() ? b.getVoidTy() : c_type(ctx, ret);
    llvm::FunctionType* ft = llvm::FunctionType::get(result, params, false);
    llvm::Function* f = m.getFunction(sym);
    if (f && f->getFunctionType() != ft)
        syntax::fail(loc, fmt::format("'{}' is declared twice with different signatures (cuda.declare_device)", sym));
    if (!f) {
        f = llvm::Function::Create(ft, llvm::Function::ExternalLinkage, sym, m);
        for (size_t i = 0; i < args.size(); ++i)
            if (auto ext = extension(callee.arg_types[i]); ext != llvm::Attribute::None)
                f->addParamAttr(unsigned(i + (c_abi ? 0 : 1)), ext);
        if (c_abi && !ret->is_none())
            if (auto ext = extension(ret); ext != llvm::Attribute::None) f->addRetAttr(ext);
    }
    llvm::CallInst* call = b.CreateCall(f, values);
    call->setAttributes(f->getAttributes());
    if (ret->is_none()) return nullptr;
    llvm::Value* v = c_abi ? static_cast<llvm::Value*>(call) : b.CreateLoad(c_type(ctx, ret), ret_slot);
    return ret->is_bool() ? b.CreateICmpNE(v, llvm::ConstantInt::get(v->getType(), 0)) : v;
}

}  // namespace ujit::codegen
