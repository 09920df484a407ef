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
    if (format == Fp8Format::E8M0) {
        // |d| rounded up to bfloat16 (exact for a float), then its exponent, rounded up when the
        // bfloat16 has a fraction (cuda_fp8.hpp's __nv_cvt_bfloat16raw_to_e8m0).
        llvm::Value* f = b.CreateFPTrunc(a, b.getFloatTy());
        llvm::Value* fu = b.CreateBitCast(f, b.getInt32Ty());
        llvm::Value* up = b.CreateFCmpOLT(b.CreateFPExt(f, b.getDoubleTy()), a);  // float rounded down: one more up
        llvm::Value* low = b.CreateOr(b.CreateICmpNE(b.CreateAnd(fu, b.getInt32(0xffff)), b.getInt32(0)), up);
        llvm::Value* bf = b.CreateAdd(b.CreateLShr(fu, 16), b.CreateZExt(low, b.getInt32Ty()));
        llvm::Value* res = b.CreateAnd(b.CreateLShr(bf, 7), b.getInt32(0xff));
        llvm::Value* fraction =
            b.CreateAnd(b.CreateICmpNE(b.CreateAnd(bf, b.getInt32(0x7f)), b.getInt32(0)),
                        b.CreateAnd(b.CreateICmpUGT(bf, b.getInt32(0x40)), b.CreateICmpULT(bf, b.getInt32(0x7f80))));
        res = b.CreateAdd(res, b.CreateZExt(fraction, b.getInt32Ty()));
        res = b.CreateSelect(b.CreateICmpUGE(res, b.getInt32(0xff)), b.getInt32(0xfe), res);  // saturate
        return b.CreateTrunc(b.CreateSelect(is_nan, b.getInt32(0xff), res), b.getInt8Ty());
    }
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

}  // namespace ujit::codegen
