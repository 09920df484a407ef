#include "cpu/cpu_math.hpp"

#include "codegen/intrinsics.hpp"
#include "types/builtins.hpp"

#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/Module.h>

#include <numbers>
#include <string>

namespace ujit::cpu {

using types::BuiltinId;

namespace {

// `name` (double) or `name`f (float) from libm, declared like clang does with
// -fno-math-errno: no memory effects, so calls CSE, hoist and vectorize.
llvm::Value* libm(llvm::IRBuilder<>& b, const std::string& name, const std::vector<llvm::Value*>& args) {
    llvm::Type* t = args[0]->getType();
    std::string symbol = t->isFloatTy() ? name + "f" : name;
    llvm::Module* m = b.GetInsertBlock()->getModule();
    std::vector<llvm::Type*> params(args.size(), t);
    llvm::FunctionCallee callee = m->getOrInsertFunction(symbol, llvm::FunctionType::get(t, params, false));
    if (auto* f = llvm::dyn_cast<llvm::Function>(callee.getCallee())) {
        f->setDoesNotThrow();
        f->setDoesNotAccessMemory();
        f->addFnAttr(llvm::Attribute::WillReturn);
    }
    return b.CreateCall(callee, args);
}

}  // namespace

llvm::Value* emit_cpu_math(llvm::IRBuilder<>& b, BuiltinId id, const std::vector<llvm::Value*>& args,
                           const types::Type* ty) {
    if (!ty || !ty->is_float() || args.empty() || !args[0]->getType()->isFloatingPointTy()) return nullptr;
    llvm::Value* x = args[0];
    auto c = [&](double v) { return llvm::ConstantFP::get(x->getType(), v); };

    // math.log(x, base)
    if (id == BuiltinId::MathLog && args.size() == 2)
        return b.CreateFDiv(codegen::intrinsic(b, llvm::Intrinsic::log, {x}),
                            codegen::intrinsic(b, llvm::Intrinsic::log, {args[1]}));
    const types::BuiltinInfo& info = types::builtin_info(id);
    // The library function takes the first MinArgs operands (builtins.def).
    if (args.size() != info.min_args) return nullptr;
    for (llvm::Value* a : args)
        if (a->getType() != x->getType() && !(id == BuiltinId::MathLdexp && a == args[1])) return nullptr;

    switch (id) {
    case BuiltinId::MathDegrees: return b.CreateFMul(x, c(180.0 / std::numbers::pi));
    case BuiltinId::MathRadians: return b.CreateFMul(x, c(std::numbers::pi / 180.0));
    case BuiltinId::NpSquare: return b.CreateFMul(x, x);
    case BuiltinId::NpSinc: {  // Numba's: sin(pi x) / (pi x), x = 0 taken as 1e-20
        llvm::Value* y = b.CreateFMul(b.CreateSelect(b.CreateFCmpOEQ(x, c(0.0)), c(1e-20), x), c(std::numbers::pi));
        return b.CreateFDiv(codegen::intrinsic(b, llvm::Intrinsic::sin, {y}), y);
    }
    case BuiltinId::NpSign: {
        // 1, -1, or x itself for ±0 and NaN (NumPy returns 0.0 / nan there).
        llvm::Value* v = b.CreateSelect(b.CreateFCmpOLT(x, c(0.0)), c(-1.0), x);
        return b.CreateSelect(b.CreateFCmpOGT(x, c(0.0)), c(1.0), v);
    }
    case BuiltinId::MathLdexp: {
        // llvm.ldexp wants i32; clamping keeps huge exponents huge (inf or 0 as in libm).
        llvm::Value* e = args[1];
        if (!e->getType()->isIntegerTy()) return nullptr;
        e = b.CreateSExtOrTrunc(e, b.getInt64Ty());
        e = b.CreateSelect(b.CreateICmpSGT(e, b.getInt64(100000)), b.getInt64(100000), e);
        e = b.CreateSelect(b.CreateICmpSLT(e, b.getInt64(-100000)), b.getInt64(-100000), e);
        // libm's ldexp(double, int) / ldexpf(float, int).
        llvm::Type* t = x->getType();
        std::string symbol = std::string(info.c_name) + (t->isFloatTy() ? "f" : "");
        llvm::FunctionCallee callee = b.GetInsertBlock()->getModule()->getOrInsertFunction(
            symbol, llvm::FunctionType::get(t, {t, b.getInt32Ty()}, false));
        if (auto* f = llvm::dyn_cast<llvm::Function>(callee.getCallee())) {
            f->setDoesNotThrow();
            f->setDoesNotAccessMemory();
        }
        return b.CreateCall(callee, {x, b.CreateTrunc(e, b.getInt32Ty())});
    }
    default: break;
    }
    if (info.lowering != types::MathLowering::Lib) return nullptr;
    if (llvm::Intrinsic::ID iid = codegen::builtin_intrinsic(id); iid != llvm::Intrinsic::not_intrinsic)
        return codegen::intrinsic(b, iid, args);
    if (info.c_name) return libm(b, info.c_name, args);
    return nullptr;
}

}  // namespace ujit::cpu
