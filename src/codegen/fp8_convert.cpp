#include "codegen/fp8_convert.hpp"

#include "codegen/intrinsics.hpp"

namespace ujit::codegen {

using types::Fp8Format;

namespace {

struct Layout {
    int mantissa;  // bits
    int bias;
    unsigned max_finite;  // the byte of the largest finite value (sign clear)
    double max_value;
};

Layout layout(Fp8Format f) { return f == Fp8Format::E4M3 ? Layout{3, 7, 0x7e, 448.0} : Layout{2, 15, 0x7b, 57344.0}; }

// 2**k as a float32 (k within float32's normal exponents).
llvm::Value* pow2_f32(llvm::IRBuilder<>& b, llvm::Value* k) {
    return b.CreateBitCast(b.CreateShl(b.CreateAdd(k, b.getInt32(127)), 23), b.getFloatTy());
}

// e8m0 (a power of two) of a float64: |d| as a bfloat16 rounded up (or toward zero), then its
// exponent, one more when rounding up a bfloat16 with a fraction; 0xff (NaN) saturates to 0xfe
// when asked (cuda_fp8.hpp's __nv_cvt_bfloat16raw_to_e8m0).
llvm::Value* e8m0_encode(llvm::IRBuilder<>& b, llvm::Value* d, llvm::Value* round_up, llvm::Value* saturate) {
    llvm::Value* is_nan = b.CreateFCmpUNO(d, d);
    llvm::Value* a = intrinsic(b, llvm::Intrinsic::fabs, {d});
    llvm::Value* f = b.CreateFPTrunc(a, b.getFloatTy());
    llvm::Value* fu = b.CreateBitCast(f, b.getInt32Ty());
    llvm::Value* wide = b.CreateFPExt(f, b.getDoubleTy());
    // toward zero: a float rounded up steps back; up: a float rounded down counts as a fraction
    fu = b.CreateSelect(b.CreateAnd(b.CreateNot(round_up), b.CreateFCmpOGT(wide, a)), b.CreateSub(fu, b.getInt32(1)),
                        fu);
    llvm::Value* low =
        b.CreateOr(b.CreateICmpNE(b.CreateAnd(fu, b.getInt32(0xffff)), b.getInt32(0)), b.CreateFCmpOLT(wide, a));
    llvm::Value* bf = b.CreateAdd(b.CreateLShr(fu, 16), b.CreateZExt(b.CreateAnd(low, round_up), b.getInt32Ty()));
    llvm::Value* res = b.CreateAnd(b.CreateLShr(bf, 7), b.getInt32(0xff));
    llvm::Value* fraction =
        b.CreateAnd(b.CreateICmpNE(b.CreateAnd(bf, b.getInt32(0x7f)), b.getInt32(0)),
                    b.CreateAnd(b.CreateICmpUGT(bf, b.getInt32(0x40)), b.CreateICmpULT(bf, b.getInt32(0x7f80))));
    res = b.CreateAdd(res, b.CreateZExt(b.CreateAnd(fraction, round_up), b.getInt32Ty()));
    res = b.CreateSelect(b.CreateICmpUGE(res, b.getInt32(0xff)), b.getInt32(0xff), res);
    res = b.CreateSelect(b.CreateAnd(saturate, b.CreateICmpEQ(res, b.getInt32(0xff))), b.getInt32(0xfe), res);
    return b.CreateTrunc(b.CreateSelect(is_nan, b.getInt32(0xff), res), b.getInt8Ty());
}

}  // namespace

llvm::Value* fp8_to_float(llvm::IRBuilder<>& b, llvm::Value* byte, Fp8Format format) {
    llvm::Value* u = b.CreateZExt(byte, b.getInt32Ty());
    llvm::Value* nan = llvm::ConstantFP::getNaN(b.getFloatTy());
    if (format == Fp8Format::E8M0) {  // 2**(u - 127); 0 is 2**-127, a float32 subnormal; 0xff is NaN
        llvm::Value* bits =
            b.CreateSelect(b.CreateICmpEQ(u, b.getInt32(0)), b.getInt32(0x00400000), b.CreateShl(u, 23));
        return b.CreateSelect(b.CreateICmpEQ(u, b.getInt32(0xff)), nan, b.CreateBitCast(bits, b.getFloatTy()));
    }
    const Layout l = layout(format);
    llvm::Value* exp = b.CreateAnd(b.CreateLShr(u, l.mantissa), b.getInt32((0x7f >> l.mantissa)));
    llvm::Value* man = b.CreateAnd(u, b.getInt32((1 << l.mantissa) - 1));
    llvm::Value* normal = b.CreateICmpNE(exp, b.getInt32(0));
    // value = significand * 2**(e - bias - mantissa), e being 1 for subnormals
    llvm::Value* significand = b.CreateSelect(normal, b.CreateOr(man, b.getInt32(1 << l.mantissa)), man);
    llvm::Value* e = b.CreateSelect(normal, exp, b.getInt32(1));
    llvm::Value* scale = pow2_f32(b, b.CreateSub(e, b.getInt32(l.bias + l.mantissa)));
    llvm::Value* v = b.CreateFMul(b.CreateUIToFP(significand, b.getFloatTy()), scale);
    v = b.CreateSelect(b.CreateICmpNE(b.CreateAnd(u, b.getInt32(0x80)), b.getInt32(0)), b.CreateFNeg(v), v);
    llvm::Value* magnitude = b.CreateAnd(u, b.getInt32(0x7f));
    if (format == Fp8Format::E4M3) return b.CreateSelect(b.CreateICmpEQ(magnitude, b.getInt32(0x7f)), nan, v);
    // e5m2: exponent 31 is inf (mantissa 0) or NaN
    llvm::Value* special = b.CreateICmpEQ(exp, b.getInt32(31));
    llvm::Value* inf = b.CreateSelect(b.CreateICmpNE(b.CreateAnd(u, b.getInt32(0x80)), b.getInt32(0)),
                                      llvm::ConstantFP::getInfinity(b.getFloatTy(), true),
                                      llvm::ConstantFP::getInfinity(b.getFloatTy()));
    return b.CreateSelect(special, b.CreateSelect(b.CreateICmpEQ(man, b.getInt32(0)), inf, nan), v);
}

llvm::Value* float_to_fp8(llvm::IRBuilder<>& b, llvm::Value* d, Fp8Format format) {
    llvm::Value* is_nan = b.CreateFCmpUNO(d, d);
    llvm::Value* a = intrinsic(b, llvm::Intrinsic::fabs, {d});
    if (format == Fp8Format::E8M0) return e8m0_encode(b, d, b.getTrue(), b.getTrue());
    const Layout l = layout(format);
    const int emin = 1 - l.bias;
    // e = the unbiased exponent of |d| (float64's field), at least emin; then the significand
    // |d| / 2**(e - mantissa) rounded to an integer, to nearest even.
    llvm::Value* bits = b.CreateBitCast(a, b.getInt64Ty());
    llvm::Value* e = b.CreateSub(b.CreateTrunc(b.CreateLShr(bits, 52), b.getInt32Ty()), b.getInt32(1023));
    e = b.CreateSelect(b.CreateICmpSLT(e, b.getInt32(emin)), b.getInt32(emin), e);
    e = b.CreateSelect(b.CreateICmpSGT(e, b.getInt32(16)), b.getInt32(16), e);  // past the range: saturated below
    llvm::Value* k = b.CreateSub(e, b.getInt32(l.mantissa));
    llvm::Value* inv_scale =
        b.CreateBitCast(b.CreateShl(b.CreateZExt(b.CreateSub(b.getInt32(1023), k), b.getInt64Ty()), 52),
                        b.getDoubleTy());  // 2**-k
    llvm::Value* units = intrinsic(b, llvm::Intrinsic::roundeven, {b.CreateFMul(a, inv_scale)});
    // < 2**(mantissa + 2) within the range; saturating so that NaN and overflow stay defined
    llvm::Value* n = b.CreateIntrinsic(llvm::Intrinsic::fptoui_sat, {b.getInt32Ty(), b.getDoubleTy()}, {units});
    // A carry to 2**(mantissa + 1) moves to the next exponent; below 2**mantissa is subnormal.
    llvm::Value* carry = b.CreateICmpUGE(n, b.getInt32(2 << l.mantissa));
    n = b.CreateSelect(carry, b.CreateLShr(n, 1), n);
    k = b.CreateSelect(carry, b.CreateAdd(k, b.getInt32(1)), k);
    llvm::Value* normal = b.CreateICmpUGE(n, b.getInt32(1 << l.mantissa));
    llvm::Value* field = b.CreateSelect(normal, b.CreateAdd(k, b.getInt32(l.mantissa + l.bias)), b.getInt32(0));
    llvm::Value* man = b.CreateAnd(n, b.getInt32((1 << l.mantissa) - 1));
    llvm::Value* code = b.CreateOr(b.CreateShl(field, l.mantissa), man);
    llvm::Value* max = b.getInt32(l.max_finite);
    llvm::Value* too_big =
        b.CreateOr(b.CreateFCmpOGT(a, llvm::ConstantFP::get(b.getDoubleTy(), l.max_value)), b.CreateICmpUGT(code, max));
    code = b.CreateSelect(too_big, max, code);
    llvm::Value* sign = b.CreateSelect(b.CreateICmpSLT(b.CreateBitCast(d, b.getInt64Ty()), b.getInt64(0)),
                                       b.getInt32(0x80), b.getInt32(0));
    code = b.CreateSelect(is_nan, b.getInt32(0x7f), b.CreateOr(code, sign));
    return b.CreateTrunc(code, b.getInt8Ty());
}

// ---- cuda_fp8.h's raw conversions that need no __nv_bfloat16_raw (types/infer_fp16.cpp)
llvm::Value* fp8_cvt(llvm::IRBuilder<>& b, types::BuiltinId id, const std::vector<llvm::Value*>& args) {
    using types::BuiltinId;
    llvm::Value* d = args[0]->getType()->isDoubleTy() ? args[0] : b.CreateFPExt(args[0], b.getDoubleTy());
    llvm::Value* saturate = b.CreateICmpNE(args[1], llvm::ConstantInt::get(args[1]->getType(), 0));  // SATFINITE
    if (id == BuiltinId::Fp8CvtFloatToE8m0 || id == BuiltinId::Fp8CvtDoubleToE8m0) {
        llvm::Value* up = b.CreateICmpEQ(args[2], llvm::ConstantInt::get(args[2]->getType(), 2));  // cudaRoundPosInf
        return e8m0_encode(b, d, up, saturate);
    }
    if (id != BuiltinId::Fp8CvtFloatToFp8 && id != BuiltinId::Fp8CvtDoubleToFp8) return nullptr;
    // Without saturation what rounds past the largest finite value is NaN (e4m3) or inf (e5m2):
    // from 464 (448's half step; the tie goes to even 448) and from 61440 (the tie goes to inf).
    llvm::Value* a = intrinsic(b, llvm::Intrinsic::fabs, {d});
    llvm::Value* sign = b.CreateSelect(b.CreateICmpSLT(b.CreateBitCast(d, b.getInt64Ty()), b.getInt64(0)),
                                       b.getInt8(0x80), b.getInt8(0));
    llvm::Value* e4 = float_to_fp8(b, d, Fp8Format::E4M3);
    llvm::Value* e5 = float_to_fp8(b, d, Fp8Format::E5M2);
    e4 = b.CreateSelect(
        b.CreateOr(saturate, b.CreateNot(b.CreateFCmpOGT(a, llvm::ConstantFP::get(b.getDoubleTy(), 464.0)))), e4,
        b.CreateOr(sign, b.getInt8(0x7f)));
    e5 = b.CreateSelect(
        b.CreateOr(saturate, b.CreateNot(b.CreateFCmpOGE(a, llvm::ConstantFP::get(b.getDoubleTy(), 61440.0)))), e5,
        b.CreateOr(sign, b.getInt8(0x7c)));
    llvm::Value* is_e5m2 = b.CreateICmpNE(args[2], llvm::ConstantInt::get(args[2]->getType(), 0));  // E5M2
    return b.CreateSelect(is_e5m2, e5, e4);
}

}  // namespace ujit::codegen
