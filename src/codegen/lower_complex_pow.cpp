// complex ** complex (and complex ** real, the exponent made complex), as Numba computes it:
// an exponent of exactly 2 is one complex multiplication; anything else is CPython's
// _Py_c_pow in float64 (Numba's numba_cpow / numba_cpowf, complex64 widened and narrowed
// back), with NaN where CPython would raise ZeroDivisionError (0 ** negative or complex).
#include "codegen/lower_context.hpp"

#include "codegen/intrinsics.hpp"
#include "types/builtins.hpp"

#include <limits>

namespace ujit::codegen {

using types::BuiltinId;

llvm::Value* FunctionLowering::complex_power(llvm::Value* z, llvm::Value* w, const Type* t, syntax::SourceLoc loc) {
    const Type* f64 = types::float64();
    llvm::Type* part = z->getType()->getStructElementType(0);
    auto wide = [&](llvm::Value* v, unsigned i) { return b.CreateFPExt(b.CreateExtractValue(v, i), b.getDoubleTy()); };
    llvm::Value *ar = wide(z, 0), *ai = wide(z, 1), *br = wide(w, 0), *bi = wide(w, 1);
    auto f = [&](double v) { return llvm::ConstantFP::get(b.getDoubleTy(), v); };
    auto call = [&](BuiltinId id, std::vector<llvm::Value*> args) { return math(id, std::move(args), f64, loc); };

    llvm::Value* vabs = call(BuiltinId::MathHypot, {ar, ai});
    llvm::Value* at = call(BuiltinId::MathAtan2, {ai, ar});
    llvm::Value* len = call(BuiltinId::MathPow, {vabs, br});
    llvm::Value* phase = b.CreateFMul(at, br);
    llvm::Value* has_imag = b.CreateFCmpUNE(bi, f(0.0));
    len = b.CreateSelect(has_imag, b.CreateFDiv(len, call(BuiltinId::MathExp, {b.CreateFMul(at, bi)})), len);
    phase = b.CreateSelect(has_imag, b.CreateFAdd(phase, b.CreateFMul(bi, call(BuiltinId::MathLog, {vabs}))), phase);
    llvm::Value* re = b.CreateFMul(len, call(BuiltinId::MathCos, {phase}));
    llvm::Value* im = b.CreateFMul(len, call(BuiltinId::MathSin, {phase}));

    // _Py_c_pow's cases: w == 0 gives 1; z == 0 gives 0, or NaN for a negative or complex w.
    llvm::Value* w_zero = b.CreateAnd(b.CreateFCmpOEQ(br, f(0.0)), b.CreateFCmpOEQ(bi, f(0.0)));
    llvm::Value* z_zero = b.CreateAnd(b.CreateFCmpOEQ(ar, f(0.0)), b.CreateFCmpOEQ(ai, f(0.0)));
    llvm::Value* domain = b.CreateOr(has_imag, b.CreateFCmpOLT(br, f(0.0)));
    llvm::Value* zero_result = b.CreateSelect(domain, f(std::numeric_limits<double>::quiet_NaN()), f(0.0));
    re = b.CreateSelect(w_zero, f(1.0), b.CreateSelect(z_zero, zero_result, re));
    im = b.CreateSelect(w_zero, f(0.0), b.CreateSelect(z_zero, zero_result, im));
    llvm::Value* general = llvm::UndefValue::get(z->getType());
    general = b.CreateInsertValue(general, b.CreateFPTrunc(re, part), 0);
    general = b.CreateInsertValue(general, b.CreateFPTrunc(im, part), 1);

    // Numba's special case: w == 2 is z * z, exactly as a multiplication.
    llvm::Value* w_two = b.CreateAnd(b.CreateFCmpOEQ(br, f(2.0)), b.CreateFCmpOEQ(bi, f(0.0)));
    return b.CreateSelect(w_two, complex_arith(syntax::BinOp::Mul, z, z, t, loc), general);
}

}  // namespace ujit::codegen
