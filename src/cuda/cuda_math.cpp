#include "cuda/cuda_math.hpp"

#include "types/builtins.hpp"

#include <llvm/IR/Module.h>

#include <cmath>
#include <string>

namespace ujit::cuda {

using types::BuiltinId;

namespace {

// Calls `__nv_<base>[f]` with `args`, declaring it with the argument types.
llvm::Value* call_libdevice(llvm::IRBuilder<>& b, const std::string& base, llvm::Type* fty_result,
                            const std::vector<llvm::Value*>& args) {
    std::string name = "__nv_" + base + (fty_result->isFloatTy() ? "f" : "");
    std::vector<llvm::Type*> params;
    for (llvm::Value* a : args) params.push_back(a->getType());
    llvm::Module* m = b.GetInsertBlock()->getModule();
    llvm::FunctionCallee callee = m->getOrInsertFunction(name, llvm::FunctionType::get(fty_result, params, false));
    return b.CreateCall(callee, args);
}

// An integer operand as the i32 libdevice wants, saturated (ldexp(x, 1<<40) stays inf).
llvm::Value* saturate_to_i32(llvm::IRBuilder<>& b, llvm::Value* v) {
    if (v->getType()->getIntegerBitWidth() <= 32) return b.CreateSExtOrTrunc(v, b.getInt32Ty());
    llvm::Value* lo =
        b.CreateBinaryIntrinsic(llvm::Intrinsic::smax, v, llvm::ConstantInt::get(v->getType(), INT32_MIN));
    llvm::Value* hi =
        b.CreateBinaryIntrinsic(llvm::Intrinsic::smin, lo, llvm::ConstantInt::get(v->getType(), INT32_MAX));
    return b.CreateTrunc(hi, b.getInt32Ty());
}

llvm::Value* fconst(llvm::Type* t, double v) { return llvm::ConstantFP::get(t, v); }

llvm::Value* emit_classify(llvm::IRBuilder<>& b, BuiltinId id, llvm::Value* x) {
    if (!x->getType()->isFloatingPointTy())  // integers are never nan/inf
        return b.getInt1(id == BuiltinId::MathIsfinite);
    llvm::Type* t = x->getType();
    switch (id) {
    case BuiltinId::MathIsnan: return b.CreateFCmpUNO(x, x);
    case BuiltinId::MathIsinf:
        return b.CreateFCmpOEQ(b.CreateUnaryIntrinsic(llvm::Intrinsic::fabs, x), fconst(t, INFINITY));
    default: return b.CreateFCmpONE(b.CreateUnaryIntrinsic(llvm::Intrinsic::fabs, x), fconst(t, INFINITY));
    }
}

// np.minimum/np.maximum propagate NaN (fmin/fmax, `base`, would drop it).
llvm::Value* emit_nan_propagating_minmax(llvm::IRBuilder<>& b, const char* base, llvm::Value* x, llvm::Value* y) {
    llvm::Value* r = call_libdevice(b, base, x->getType(), {x, y});
    return b.CreateSelect(b.CreateFCmpUNO(x, y), b.CreateFAdd(x, y), r);
}

llvm::Value* emit_sign(llvm::IRBuilder<>& b, llvm::Value* x) {
    llvm::Type* t = x->getType();
    llvm::Value* s = b.CreateSelect(b.CreateFCmpOGT(x, fconst(t, 0)), fconst(t, 1),
                                    b.CreateSelect(b.CreateFCmpOLT(x, fconst(t, 0)), fconst(t, -1), fconst(t, 0)));
    return b.CreateSelect(b.CreateFCmpUNO(x, x), x, s);  // sign(nan) is nan
}

}  // namespace

llvm::Value* emit_libdevice_math(llvm::IRBuilder<>& b, BuiltinId id, const std::vector<llvm::Value*>& args) {
    if (args.empty()) return nullptr;
    if (id == BuiltinId::MathIsnan || id == BuiltinId::MathIsinf || id == BuiltinId::MathIsfinite)
        return emit_classify(b, id, args[0]);

    llvm::Value* x = args[0];
    llvm::Type* t = x->getType();
    if (!t->isFloatTy() && !t->isDoubleTy()) return nullptr;

    const types::BuiltinInfo& info = types::builtin_info(id);
    switch (id) {
    case BuiltinId::MathDegrees: return b.CreateFMul(x, fconst(t, 180.0 / M_PI));
    case BuiltinId::MathRadians: return b.CreateFMul(x, fconst(t, M_PI / 180.0));
    case BuiltinId::NpSquare: return b.CreateFMul(x, x);
    case BuiltinId::NpSinc: {  // Numba's: sin(pi x) / (pi x), x = 0 taken as 1e-20
        llvm::Value* y =
            b.CreateFMul(b.CreateSelect(b.CreateFCmpOEQ(x, fconst(t, 0.0)), fconst(t, 1e-20), x), fconst(t, M_PI));
        return b.CreateFDiv(call_libdevice(b, "sin", t, {y}), y);
    }
    case BuiltinId::NpSign: return emit_sign(b, x);
    case BuiltinId::NpMinimum:
    case BuiltinId::NpMaximum:
        if (args.size() != 2) return nullptr;
        return emit_nan_propagating_minmax(b, info.libdevice, x, args[1]);
    case BuiltinId::MathLog:
        if (args.size() == 2)  // math.log(x, base)
            return b.CreateFDiv(call_libdevice(b, info.libdevice, t, {x}),
                                call_libdevice(b, info.libdevice, t, {args[1]}));
        break;
    case BuiltinId::MathLdexp:
        if (args.size() != 2 || !args[1]->getType()->isIntegerTy()) return nullptr;
        return call_libdevice(b, info.libdevice, t, {x, saturate_to_i32(b, args[1])});
    case BuiltinId::MathPow:
    case BuiltinId::Pow:
    case BuiltinId::NpPower:
        if (args.size() == 2 && args[1]->getType()->isIntegerTy())  // float ** int: __nv_powi[f]
            return call_libdevice(b, "powi", t, {x, saturate_to_i32(b, args[1])});
        break;
    case BuiltinId::Round:
        if (args.size() != 1) return nullptr;  // round(x, ndigits) is lowered by codegen
        break;
    default: break;
    }

    // The library function takes the first MinArgs operands (builtins.def).
    if (info.lowering != types::MathLowering::Lib || !info.libdevice || args.size() != info.min_args) return nullptr;
    for (llvm::Value* a : args)
        if (a->getType() != t) return nullptr;  // the caller converts operands first
    return call_libdevice(b, info.libdevice, t, args);
}

}  // namespace ujit::cuda
