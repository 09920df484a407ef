#include "cpu/cpu_math.hpp"

#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/Module.h>

#include <numbers>
#include <string>

namespace ujit::cpu {

using types::BuiltinId;

namespace {

llvm::Value* intrinsic(llvm::IRBuilder<>& b, llvm::Intrinsic::ID id, const std::vector<llvm::Value*>& args) {
    return b.CreateIntrinsic(id, {args[0]->getType()}, args);
}

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

const char* libm_name(BuiltinId id) {
    switch (id) {
    case BuiltinId::MathAcos: return "acos";
    case BuiltinId::MathAcosh: return "acosh";
    case BuiltinId::MathAsin: return "asin";
    case BuiltinId::MathAsinh: return "asinh";
    case BuiltinId::MathAtan: return "atan";
    case BuiltinId::MathAtan2: return "atan2";
    case BuiltinId::MathAtanh: return "atanh";
    case BuiltinId::MathCosh: return "cosh";
    case BuiltinId::MathErf: return "erf";
    case BuiltinId::MathErfc: return "erfc";
    case BuiltinId::MathExpm1: return "expm1";
    case BuiltinId::MathFmod: return "fmod";
    case BuiltinId::MathGamma: return "tgamma";
    case BuiltinId::MathHypot: return "hypot";
    case BuiltinId::MathLgamma: return "lgamma";
    case BuiltinId::MathLog1p: return "log1p";
    case BuiltinId::MathSinh: return "sinh";
    case BuiltinId::MathTan: return "tan";
    case BuiltinId::MathTanh: return "tanh";
    default: return nullptr;
    }
}

llvm::Intrinsic::ID intrinsic_id(BuiltinId id) {
    switch (id) {
    case BuiltinId::MathSqrt: return llvm::Intrinsic::sqrt;
    case BuiltinId::MathFabs:
    case BuiltinId::NpAbs: return llvm::Intrinsic::fabs;
    case BuiltinId::MathFloor:
    case BuiltinId::NpFloor: return llvm::Intrinsic::floor;
    case BuiltinId::MathCeil:
    case BuiltinId::NpCeil: return llvm::Intrinsic::ceil;
    case BuiltinId::MathTrunc:
    case BuiltinId::NpTrunc: return llvm::Intrinsic::trunc;
    case BuiltinId::NpRint: return llvm::Intrinsic::rint;
    case BuiltinId::MathCopysign: return llvm::Intrinsic::copysign;
    case BuiltinId::MathExp: return llvm::Intrinsic::exp;
    case BuiltinId::NpExp2: return llvm::Intrinsic::exp2;
    case BuiltinId::MathLog: return llvm::Intrinsic::log;
    case BuiltinId::MathLog10: return llvm::Intrinsic::log10;
    case BuiltinId::MathLog2: return llvm::Intrinsic::log2;
    case BuiltinId::MathSin: return llvm::Intrinsic::sin;
    case BuiltinId::MathCos: return llvm::Intrinsic::cos;
    case BuiltinId::MathPow:
    case BuiltinId::NpPower: return llvm::Intrinsic::pow;
    case BuiltinId::NpMinimum: return llvm::Intrinsic::minimum;  // NaN-propagating, like NumPy
    case BuiltinId::NpMaximum: return llvm::Intrinsic::maximum;
    default: return llvm::Intrinsic::not_intrinsic;
    }
}

size_t arity(BuiltinId id) {
    switch (id) {
    case BuiltinId::MathAtan2:
    case BuiltinId::MathFmod:
    case BuiltinId::MathHypot:
    case BuiltinId::MathCopysign:
    case BuiltinId::MathPow:
    case BuiltinId::NpPower:
    case BuiltinId::NpMinimum:
    case BuiltinId::NpMaximum:
    case BuiltinId::MathLdexp: return 2;
    default: return 1;
    }
}

}  // namespace

llvm::Value* emit_cpu_math(llvm::IRBuilder<>& b, BuiltinId id, const std::vector<llvm::Value*>& args,
                           const types::Type* ty) {
    if (!ty || !ty->is_float() || args.empty() || !args[0]->getType()->isFloatingPointTy()) return nullptr;
    llvm::Value* x = args[0];
    auto c = [&](double v) { return llvm::ConstantFP::get(x->getType(), v); };

    // math.log(x, base)
    if (id == BuiltinId::MathLog && args.size() == 2)
        return b.CreateFDiv(intrinsic(b, llvm::Intrinsic::log, {x}), intrinsic(b, llvm::Intrinsic::log, {args[1]}));
    if (args.size() != arity(id)) return nullptr;
    for (llvm::Value* a : args)
        if (a->getType() != x->getType() && !(id == BuiltinId::MathLdexp && a == args[1])) return nullptr;

    switch (id) {
    case BuiltinId::MathDegrees: return b.CreateFMul(x, c(180.0 / std::numbers::pi));
    case BuiltinId::MathRadians: return b.CreateFMul(x, c(std::numbers::pi / 180.0));
    case BuiltinId::NpSquare: return b.CreateFMul(x, x);
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
        std::string symbol = t->isFloatTy() ? "ldexpf" : "ldexp";
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
    if (llvm::Intrinsic::ID iid = intrinsic_id(id); iid != llvm::Intrinsic::not_intrinsic)
        return intrinsic(b, iid, args);
    if (const char* name = libm_name(id)) return libm(b, name, args);
    return nullptr;
}

}  // namespace ujit::cpu
