// numba.cuda's cuda.fp16 functions as half-precision IR, the same on every target (NVPTX
// selects the f16 instructions of sm_53 and later; the CPU promotes to float and rounds
// back). The arithmetic is IEEE half arithmetic (each result correctly rounded, as
// __hadd/__hmul/__hdiv); hmax/hmin ignore a NaN operand as max.f16/min.f16 do; hne is the
// ordered comparison (__hne: false when an operand is NaN). The transcendental functions are
// computed in float32 and rounded to half, as cuda_fp16.h's hsin/hexp/... compute them.
// Typing: types/infer_fp16.cpp.
#include "codegen/fp8_convert.hpp"
#include "codegen/intrinsics.hpp"
#include "codegen/lower_bf16.hpp"
#include "codegen/lower_context.hpp"
#include "types/builtins.hpp"

namespace ujit::codegen {

using types::BuiltinId;

llvm::Value* FunctionLowering::fp16_call(const syntax::Call* e, BuiltinId id) {
    const std::string_view name = types::builtin_name(id);
    if (!name.starts_with("cuda.fp16.") && !name.starts_with("cuda.bf16.") && !name.starts_with("cuda.fp8."))
        return nullptr;
    std::vector<llvm::Value*> args;
    std::vector<const Type*> arg_types;
    call_operands(e, args, arg_types);
    if (name.starts_with("cuda.fp8.")) return fp8_cvt(b, id, args);  // bf16: codegen/fp8_convert.cpp
    if (name.starts_with("cuda.bf16."))  // bf16: codegen/lower_bf16.cpp
        return lower_bf16(b, id, args, [&](BuiltinId math_id, std::vector<llvm::Value*> ops) {
            return math(math_id, std::move(ops), types::float32(), e->loc);
        });
    llvm::Value* x = args[0];
    llvm::Value* y = args.size() > 1 ? args[1] : nullptr;
    llvm::Type* half = b.getHalfTy();
    // f(x) computed in float32, rounded to half.
    auto via_float = [&](BuiltinId math_id, std::vector<llvm::Value*> ops) {
        for (llvm::Value*& op : ops) op = b.CreateFPExt(op, b.getFloatTy());
        return b.CreateFPTrunc(math(math_id, std::move(ops), types::float32(), e->loc), half);
    };
    auto one = [&](llvm::Type* t) { return llvm::ConstantFP::get(t, 1.0); };
    switch (id) {
    case BuiltinId::Fp16Hadd: return b.CreateFAdd(x, y);
    case BuiltinId::Fp16Hsub: return b.CreateFSub(x, y);
    case BuiltinId::Fp16Hmul: return b.CreateFMul(x, y);
    case BuiltinId::Fp16Hdiv: return b.CreateFDiv(x, y);
    case BuiltinId::Fp16Hneg: return b.CreateFNeg(x);
    case BuiltinId::Fp16Habs: return intrinsic(b, llvm::Intrinsic::fabs, {x});
    case BuiltinId::Fp16Hfma: return intrinsic(b, llvm::Intrinsic::fma, {x, y, args[2]});
    case BuiltinId::Fp16Hmax: return intrinsic(b, llvm::Intrinsic::maxnum, {x, y});
    case BuiltinId::Fp16Hmin: return intrinsic(b, llvm::Intrinsic::minnum, {x, y});
    case BuiltinId::Fp16Heq: return b.CreateFCmpOEQ(x, y);
    case BuiltinId::Fp16Hne: return b.CreateFCmpONE(x, y);
    case BuiltinId::Fp16Hgt: return b.CreateFCmpOGT(x, y);
    case BuiltinId::Fp16Hge: return b.CreateFCmpOGE(x, y);
    case BuiltinId::Fp16Hlt: return b.CreateFCmpOLT(x, y);
    case BuiltinId::Fp16Hle: return b.CreateFCmpOLE(x, y);
    // Exact in half: no rounding to worry about.
    case BuiltinId::Fp16Hceil: return intrinsic(b, llvm::Intrinsic::ceil, {x});
    case BuiltinId::Fp16Hfloor: return intrinsic(b, llvm::Intrinsic::floor, {x});
    case BuiltinId::Fp16Htrunc: return intrinsic(b, llvm::Intrinsic::trunc, {x});
    case BuiltinId::Fp16Hrint: return intrinsic(b, llvm::Intrinsic::rint, {x});
    case BuiltinId::Fp16Hrcp: return b.CreateFDiv(one(half), x);
    case BuiltinId::Fp16Hsqrt: return intrinsic(b, llvm::Intrinsic::sqrt, {x});
    case BuiltinId::Fp16Hrsqrt: {
        llvm::Value* xf = b.CreateFPExt(x, b.getFloatTy());
        return b.CreateFPTrunc(b.CreateFDiv(one(b.getFloatTy()), intrinsic(b, llvm::Intrinsic::sqrt, {xf})), half);
    }
    case BuiltinId::Fp16Hsin: return via_float(BuiltinId::MathSin, {x});
    case BuiltinId::Fp16Hcos: return via_float(BuiltinId::MathCos, {x});
    case BuiltinId::Fp16Hlog: return via_float(BuiltinId::MathLog, {x});
    case BuiltinId::Fp16Hlog2: return via_float(BuiltinId::MathLog2, {x});
    case BuiltinId::Fp16Hlog10: return via_float(BuiltinId::MathLog10, {x});
    case BuiltinId::Fp16Hexp: return via_float(BuiltinId::MathExp, {x});
    case BuiltinId::Fp16Hexp2: return via_float(BuiltinId::MathExp2, {x});
    case BuiltinId::Fp16Hexp10: return via_float(BuiltinId::MathPow, {llvm::ConstantFP::get(half, 10.0), x});
    default: return nullptr;
    }
}

}  // namespace ujit::codegen
