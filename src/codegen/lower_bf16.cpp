#include "codegen/lower_bf16.hpp"

#include "codegen/intrinsics.hpp"
#include "types/bf16_signatures.hpp"
#include "types/builtins.hpp"

namespace ujit::codegen {

using types::BuiltinId;
using types::Rounding;

namespace {

llvm::Value* widen(llvm::IRBuilder<>& b, llvm::Value* x) { return b.CreateFPExt(x, b.getFloatTy()); }
llvm::Value* narrow(llvm::IRBuilder<>& b, llvm::Value* f) { return b.CreateFPTrunc(f, b.getBFloatTy()); }
llvm::Value* f32(llvm::IRBuilder<>& b, double v) { return llvm::ConstantFP::get(b.getFloatTy(), v); }
llvm::Value* sign_bit(llvm::IRBuilder<>& b, llvm::Value* x) {
    return b.CreateICmpSLT(b.CreateBitCast(x, b.getInt16Ty()), b.getInt16(0));
}
llvm::Value* canonical_nan(llvm::IRBuilder<>& b) { return b.CreateBitCast(b.getInt16(0x7fff), b.getBFloatTy()); }

// The __hadd_sat family: the result clamped to [0, 1], NaN to 0.
llvm::Value* saturate(llvm::IRBuilder<>& b, llvm::Value* x) {
    llvm::Value* f = widen(b, x);
    llvm::Value* below_one = b.CreateSelect(b.CreateFCmpOLT(f, f32(b, 1.0)), f, f32(b, 1.0));
    return narrow(b, b.CreateSelect(b.CreateFCmpOGT(f, f32(b, 0.0)), below_one, f32(b, 0.0)));
}

// __hmax/__hmin: a NaN operand yields the other one; +0 is greater than -0.
llvm::Value* max_or_min(llvm::IRBuilder<>& b, llvm::Value* x, llvm::Value* y, bool max) {
    llvm::Value* equal = b.CreateFCmpOEQ(x, y);
    llvm::Value* x_wins = max ? b.CreateOr(b.CreateFCmpOGT(x, y), b.CreateAnd(equal, sign_bit(b, y)))
                              : b.CreateOr(b.CreateFCmpOLT(x, y), b.CreateAnd(equal, sign_bit(b, x)));
    llvm::Value* pick = b.CreateSelect(x_wins, x, y);
    pick = b.CreateSelect(b.CreateFCmpUNO(y, y), x, pick);
    return b.CreateSelect(b.CreateFCmpUNO(x, x), y, pick);
}

// A float64 rounded to bfloat16 in `mode`, in integer code: first to float32 toward zero with
// the inexact bit kept in its last place (round to odd), then float32's bits to bfloat16's.
llvm::Value* round_to_bf16(llvm::IRBuilder<>& b, llvm::Value* d, Rounding mode) {
    llvm::Value* f = b.CreateFPTrunc(d, b.getFloatTy());
    llvm::Value* back = b.CreateFPExt(f, b.getDoubleTy());
    llvm::Value* u = b.CreateBitCast(f, b.getInt32Ty());
    llvm::Value* away =
        b.CreateFCmpOGT(intrinsic(b, llvm::Intrinsic::fabs, {back}), intrinsic(b, llvm::Intrinsic::fabs, {d}));
    u = b.CreateSelect(away, b.CreateSub(u, b.getInt32(1)), u);
    u = b.CreateSelect(b.CreateFCmpONE(back, d), b.CreateOr(u, b.getInt32(1)), u);
    llvm::Value* hi = b.CreateLShr(u, 16);
    llvm::Value* inexact = b.CreateICmpNE(b.CreateAnd(u, b.getInt32(0xffff)), b.getInt32(0));
    llvm::Value* negative = b.CreateICmpSLT(u, b.getInt32(0));
    llvm::Value* r = hi;
    switch (mode) {
    case Rounding::Nearest:
        r = b.CreateLShr(b.CreateAdd(u, b.CreateAdd(b.getInt32(0x7fff), b.CreateAnd(hi, b.getInt32(1)))), 16);
        break;
    case Rounding::Zero: break;
    case Rounding::Up:
    case Rounding::Down: {
        llvm::Value* grows = b.CreateAnd(inexact, mode == Rounding::Up ? b.CreateNot(negative) : negative);
        r = b.CreateSelect(grows, b.CreateAdd(hi, b.getInt32(1)), hi);
        break;
    }
    }
    llvm::Value* bits = b.CreateSelect(b.CreateFCmpUNO(d, d), b.getInt32(0x7fff), r);
    return b.CreateBitCast(b.CreateTrunc(bits, b.getInt16Ty()), b.getBFloatTy());
}

// A bfloat16 to an integer of `to`, rounded in `mode`; out of range saturates and NaN is 0, as
// PTX's cvt.rni/rzi/rmi/rpi do.
llvm::Value* bf16_to_int(llvm::IRBuilder<>& b, llvm::Value* x, const types::Type* to, Rounding mode) {
    llvm::Value* f = widen(b, x);
    switch (mode) {
    case Rounding::Nearest: f = intrinsic(b, llvm::Intrinsic::roundeven, {f}); break;
    case Rounding::Down: f = intrinsic(b, llvm::Intrinsic::floor, {f}); break;
    case Rounding::Up: f = intrinsic(b, llvm::Intrinsic::ceil, {f}); break;
    case Rounding::Zero: break;
    }
    llvm::Type* ity = b.getIntNTy(to->bits());
    return b.CreateIntrinsic(to->is_signed() ? llvm::Intrinsic::fptosi_sat : llvm::Intrinsic::fptoui_sat,
                             {ity, f->getType()}, {f});
}

llvm::Value* conversion(llvm::IRBuilder<>& b, const types::Bf16Conversion& c, llvm::Value* x) {
    if (c.bits) return b.CreateBitCast(x, c.to->is_bfloat16() ? b.getBFloatTy() : b.getInt16Ty());
    if (c.from->is_bfloat16()) {
        if (c.to->is_float()) return b.CreateFPExt(x, b.getFloatTy());
        return bf16_to_int(b, x, c.to, c.rounding);
    }
    // To bfloat16: through float64, exact for every source but 64-bit integers past 2**53.
    llvm::Value* d = c.from->is_float()    ? b.CreateFPExt(x, b.getDoubleTy())
                     : c.from->is_signed() ? b.CreateSIToFP(x, b.getDoubleTy())
                                           : b.CreateUIToFP(x, b.getDoubleTy());
    if (c.rounding == Rounding::Nearest && c.from->is_float()) return narrow(b, x);  // cvt.rn.bf16.f32/f64
    return round_to_bf16(b, d, c.rounding);
}

}  // namespace

llvm::Value* lower_bf16(llvm::IRBuilder<>& b, BuiltinId id, const std::vector<llvm::Value*>& args, Float32Math math) {
    if (!types::bf16_signature(id)) return nullptr;
    if (auto conv = types::bf16_conversion(id)) return conversion(b, *conv, args[0]);
    llvm::Value* x = args[0];
    llvm::Value* y = args.size() > 1 ? args[1] : nullptr;
    auto via_float = [&](BuiltinId math_id) { return narrow(b, math(math_id, {widen(b, x)})); };
    auto fma = [&] { return intrinsic(b, llvm::Intrinsic::fma, {x, y, args[2]}); };
    switch (id) {
    case BuiltinId::Bf16Habs: return intrinsic(b, llvm::Intrinsic::fabs, {x});
    case BuiltinId::Bf16Hneg: return b.CreateFNeg(x);
    case BuiltinId::Bf16Hadd:
    case BuiltinId::Bf16HaddRn: return b.CreateFAdd(x, y);
    case BuiltinId::Bf16Hsub:
    case BuiltinId::Bf16HsubRn: return b.CreateFSub(x, y);
    case BuiltinId::Bf16Hmul:
    case BuiltinId::Bf16HmulRn: return b.CreateFMul(x, y);
    case BuiltinId::Bf16Hdiv: return b.CreateFDiv(x, y);
    case BuiltinId::Bf16HaddSat: return saturate(b, b.CreateFAdd(x, y));
    case BuiltinId::Bf16HsubSat: return saturate(b, b.CreateFSub(x, y));
    case BuiltinId::Bf16HmulSat: return saturate(b, b.CreateFMul(x, y));
    case BuiltinId::Bf16Hfma: return fma();
    case BuiltinId::Bf16HfmaSat: return saturate(b, fma());
    case BuiltinId::Bf16HfmaRelu: {  // negative results are 0, NaN the canonical NaN
        llvm::Value* r = fma();
        llvm::Value* zero = llvm::ConstantFP::get(b.getBFloatTy(), 0.0);
        return b.CreateSelect(b.CreateFCmpUNO(r, r), canonical_nan(b),
                              b.CreateSelect(b.CreateFCmpOLT(r, zero), zero, r));
    }
    case BuiltinId::Bf16Heq: return b.CreateFCmpOEQ(x, y);
    case BuiltinId::Bf16Hne: return b.CreateFCmpONE(x, y);
    case BuiltinId::Bf16Hge: return b.CreateFCmpOGE(x, y);
    case BuiltinId::Bf16Hgt: return b.CreateFCmpOGT(x, y);
    case BuiltinId::Bf16Hle: return b.CreateFCmpOLE(x, y);
    case BuiltinId::Bf16Hlt: return b.CreateFCmpOLT(x, y);
    case BuiltinId::Bf16Hequ: return b.CreateFCmpUEQ(x, y);
    case BuiltinId::Bf16Hneu: return b.CreateFCmpUNE(x, y);
    case BuiltinId::Bf16Hgeu: return b.CreateFCmpUGE(x, y);
    case BuiltinId::Bf16Hgtu: return b.CreateFCmpUGT(x, y);
    case BuiltinId::Bf16Hleu: return b.CreateFCmpULE(x, y);
    case BuiltinId::Bf16Hltu: return b.CreateFCmpULT(x, y);
    case BuiltinId::Bf16Hmax: return max_or_min(b, x, y, true);
    case BuiltinId::Bf16Hmin: return max_or_min(b, x, y, false);
    case BuiltinId::Bf16HmaxNan:
    case BuiltinId::Bf16HminNan: {  // a NaN operand gives the canonical NaN
        llvm::Value* nan = b.CreateOr(b.CreateFCmpUNO(x, x), b.CreateFCmpUNO(y, y));
        return b.CreateSelect(nan, canonical_nan(b), max_or_min(b, x, y, id == BuiltinId::Bf16HmaxNan));
    }
    case BuiltinId::Bf16Hisnan: return b.CreateFCmpUNO(x, x);
    case BuiltinId::Bf16Hisinf: {  // __hisinf: -1 for -inf, 1 for +inf, else 0
        llvm::Value* inf = llvm::ConstantFP::getInfinity(b.getBFloatTy());
        llvm::Value* minus_inf = llvm::ConstantFP::getInfinity(b.getBFloatTy(), true);
        return b.CreateSelect(b.CreateFCmpOEQ(x, inf), b.getInt32(1),
                              b.CreateSelect(b.CreateFCmpOEQ(x, minus_inf), b.getInt32(-1), b.getInt32(0)));
    }
    // Exact in bfloat16 once rounded to an integer.
    case BuiltinId::Bf16Htrunc: return narrow(b, intrinsic(b, llvm::Intrinsic::trunc, {widen(b, x)}));
    case BuiltinId::Bf16Hceil: return narrow(b, intrinsic(b, llvm::Intrinsic::ceil, {widen(b, x)}));
    case BuiltinId::Bf16Hfloor: return narrow(b, intrinsic(b, llvm::Intrinsic::floor, {widen(b, x)}));
    case BuiltinId::Bf16Hrint: return narrow(b, intrinsic(b, llvm::Intrinsic::roundeven, {widen(b, x)}));
    case BuiltinId::Bf16Hsqrt: return narrow(b, intrinsic(b, llvm::Intrinsic::sqrt, {widen(b, x)}));
    case BuiltinId::Bf16Hrsqrt:
        return narrow(b, b.CreateFDiv(f32(b, 1.0), intrinsic(b, llvm::Intrinsic::sqrt, {widen(b, x)})));
    case BuiltinId::Bf16Hrcp: return narrow(b, b.CreateFDiv(f32(b, 1.0), widen(b, x)));
    case BuiltinId::Bf16Hlog: return via_float(BuiltinId::MathLog);
    case BuiltinId::Bf16Hlog2: return via_float(BuiltinId::MathLog2);
    case BuiltinId::Bf16Hlog10: return via_float(BuiltinId::MathLog10);
    case BuiltinId::Bf16Hcos: return via_float(BuiltinId::MathCos);
    case BuiltinId::Bf16Hsin: return via_float(BuiltinId::MathSin);
    case BuiltinId::Bf16Hexp: return via_float(BuiltinId::MathExp);
    case BuiltinId::Bf16Hexp2: return via_float(BuiltinId::MathExp2);
    case BuiltinId::Bf16Hexp10: return narrow(b, math(BuiltinId::MathPow, {f32(b, 10.0), widen(b, x)}));
    case BuiltinId::Bf16Htanh:
    case BuiltinId::Bf16HtanhApprox: return via_float(BuiltinId::MathTanh);
    default: return nullptr;
    }
}

}  // namespace ujit::codegen
