// NumPy ufuncs called by name (np.add, np.less, np.fmax, np.logical_and, np.logaddexp, ...):
// one element of the ufunc in its loop's input type, with NumPy's inner-loop semantics. Array
// expressions compute each element with it; a call on scalars is one element (as Numba types
// np.add(1, 2.5) by the ufunc's loops, not by Python's operator).
#include "codegen/convert.hpp"
#include "codegen/lower_context.hpp"

#include <fmt/format.h>

#include <numbers>

namespace ujit::codegen {

using syntax::SourceLoc;
using syntax::UnaryOp;
using types::BuiltinId;
using types::Type;

llvm::Value* FunctionLowering::ufunc_unary(UnaryOp op, llvm::Value* v, const Type* t) {
    if (op == UnaryOp::Pos) return v;
    if (op == UnaryOp::Invert) return b.CreateNot(v);
    if (t->is_complex()) {
        llvm::Value* out = b.CreateInsertValue(v, b.CreateFNeg(b.CreateExtractValue(v, 0)), 0);
        return b.CreateInsertValue(out, b.CreateFNeg(b.CreateExtractValue(v, 1)), 1);
    }
    return t->is_float() ? b.CreateFNeg(v) : b.CreateNeg(v);
}

// npy_logaddexp / npy_logaddexp2: equal inputs (infinities included) give x + log(2); a NaN
// difference is returned as is.
llvm::Value* FunctionLowering::logaddexp_value(bool base2, llvm::Value* x, llvm::Value* y, const Type* t,
                                               SourceLoc loc) {
    auto c = [&](double v) { return llvm::ConstantFP::get(x->getType(), v); };
    llvm::Value* d = b.CreateFSub(x, y);
    // log(1 + exp(-|d|)) in the base asked for
    llvm::Value* neg = b.CreateFNeg(b.CreateSelect(b.CreateFCmpOGT(d, c(0)), d, b.CreateFNeg(d)));
    llvm::Value* tail =
        base2 ? b.CreateFMul(math(BuiltinId::MathLog1p, {math(BuiltinId::MathExp2, {neg}, t, loc)}, t, loc),
                             c(std::numbers::log2e))
              : math(BuiltinId::MathLog1p, {math(BuiltinId::MathExp, {neg}, t, loc)}, t, loc);
    llvm::Value* big = b.CreateSelect(b.CreateFCmpOGT(d, c(0)), x, y);
    llvm::Value* v = b.CreateSelect(b.CreateFCmpUNO(d, d), d, b.CreateFAdd(big, tail));
    return b.CreateSelect(b.CreateFCmpOEQ(x, y), b.CreateFAdd(x, c(base2 ? 1.0 : std::numbers::ln2)), v);
}

// np.round(x, d) as Numba's round_ndigits (NumPy's algorithm: x * 10**d rounded half to
// even, divided back; x / 10**-d for negative d), in x's type; an infinite product gives x
// back. Integers are unchanged for d >= 0, else rounded through float64.
llvm::Value* FunctionLowering::round_value(llvm::Value* x, llvm::Value* d, const Type* t, SourceLoc loc) {
    const Type* f64 = types::float64();
    llvm::Value* nonneg = b.CreateICmpSGE(d, b.getInt64(0));
    llvm::Value* mag = b.CreateSelect(nonneg, d, b.CreateNeg(d));
    llvm::Value* p64 =
        math(BuiltinId::MathPow, {llvm::ConstantFP::get(b.getDoubleTy(), 10.0), b.CreateSIToFP(mag, b.getDoubleTy())},
             f64, loc);
    if (t->is_int() || t->is_bool()) {
        llvm::Value* xf = t->is_signed() ? b.CreateSIToFP(x, b.getDoubleTy()) : b.CreateUIToFP(x, b.getDoubleTy());
        llvm::Value* r = b.CreateFMul(math(BuiltinId::NpRint, {b.CreateFDiv(xf, p64)}, f64, loc), p64);
        llvm::Value* back = t->is_signed() ? b.CreateFPToSI(r, x->getType()) : b.CreateFPToUI(r, x->getType());
        return b.CreateSelect(nonneg, x, back);
    }
    llvm::Value* p = b.CreateFPCast(p64, x->getType());
    llvm::Value* up = b.CreateFMul(x, p);
    llvm::Value* inf = llvm::ConstantFP::getInfinity(x->getType());
    llvm::Value* up_inf = b.CreateFCmpOEQ(math(BuiltinId::MathFabs, {up}, t, loc), inf);
    llvm::Value* pos = b.CreateSelect(up_inf, x, b.CreateFDiv(math(BuiltinId::NpRint, {up}, t, loc), p));
    llvm::Value* neg = b.CreateFMul(math(BuiltinId::NpRint, {b.CreateFDiv(x, p)}, t, loc), p);
    return b.CreateSelect(nonneg, pos, neg);
}

llvm::Value* FunctionLowering::named_ufunc_element(BuiltinId id, const std::vector<llvm::Value*>& in,
                                                   const nplib::UfuncLoop& loop, SourceLoc loc) {
    const Type* t = loop.in[0];
    if (auto op = nplib::ufunc_binop(id)) return ufunc_binary(*op, in[0], in[1], t, loc);
    if (auto op = nplib::ufunc_cmpop(id)) {
        if (t->is_complex() && *op != syntax::CmpOp::Eq && *op != syntax::CmpOp::Ne)
            return complex_order(*op, in[0], in[1]);
        return compare_values(*op, in[0], t, in[1], loop.in[1], loc);
    }
    if (auto op = nplib::ufunc_unaryop(id)) return ufunc_unary(*op, in[0], t);
    switch (id) {
    case BuiltinId::NpMaximum:
    case BuiltinId::NpMinimum:
    case BuiltinId::NpFmax:
    case BuiltinId::NpFmin: {
        // NumPy's loops: maximum is `x > y || isnan(x) ? x : y` (a NaN wins; of equal values,
        // -0.0 and 0.0 included, the second), fmax `x > y || isnan(y) ? x : y` (a NaN
        // loses); minimum and fmin with <.
        bool is_max = id == BuiltinId::NpMaximum || id == BuiltinId::NpFmax;
        if (t->is_complex()) {  // NumPy's complex loops: CGE/CLE, a NaN part wins (maximum) or loses (fmax)
            llvm::Value* v = id == BuiltinId::NpMaximum || id == BuiltinId::NpMinimum ? in[0] : in[1];
            llvm::Value* re = b.CreateExtractValue(v, 0);
            llvm::Value* im = b.CreateExtractValue(v, 1);
            llvm::Value* pick_x = complex_order(is_max ? syntax::CmpOp::Ge : syntax::CmpOp::Le, in[0], in[1]);
            pick_x = b.CreateOr(pick_x, b.CreateOr(b.CreateFCmpUNO(re, re), b.CreateFCmpUNO(im, im)));
            return b.CreateSelect(pick_x, in[0], in[1]);
        }
        llvm::Value* pick_x = compare_values(is_max ? syntax::CmpOp::Gt : syntax::CmpOp::Lt, in[0], t, in[1], t, loc);
        if (t->is_float()) {
            llvm::Value* nan_side = id == BuiltinId::NpMaximum || id == BuiltinId::NpMinimum ? in[0] : in[1];
            pick_x = b.CreateOr(pick_x, b.CreateFCmpUNO(nan_side, nan_side));
        }
        return b.CreateSelect(pick_x, in[0], in[1]);
    }
    case BuiltinId::NpLogicalAnd: return b.CreateAnd(truth(b, in[0], t), truth(b, in[1], loop.in[1]));
    case BuiltinId::NpLogicalOr: return b.CreateOr(truth(b, in[0], t), truth(b, in[1], loop.in[1]));
    case BuiltinId::NpLogicalXor: return b.CreateXor(truth(b, in[0], t), truth(b, in[1], loop.in[1]));
    case BuiltinId::NpLogicalNot: return b.CreateNot(truth(b, in[0], t));
    case BuiltinId::NpLogaddexp:
    case BuiltinId::NpLogaddexp2: return logaddexp_value(id == BuiltinId::NpLogaddexp2, in[0], in[1], t, loc);
    case BuiltinId::NpRound: return round_value(in[0], in.size() > 1 ? in[1] : b.getInt64(0), t, loc);
    case BuiltinId::NpAngle: return angle_value(in[0], in.size() > 1 ? in[1] : nullptr, t, loc);
    default: break;
    }
    syntax::internal_error(loc, fmt::format("{} lowered as a ufunc it is not", types::builtin_name(id)));
}

// np.angle(z, deg): arctan2(z.imag, z.real) in z's real type (a real z: arctan2(0, z), 0 or pi),
// times 180 / pi where deg holds.
llvm::Value* FunctionLowering::angle_value(llvm::Value* z, llvm::Value* deg, const Type* t, SourceLoc loc) {
    const Type* real = t->is_complex() ? types::floating(t->bits() / 2) : t;
    llvm::Value* re = t->is_complex() ? b.CreateExtractValue(z, 0) : z;
    llvm::Value* im = t->is_complex() ? b.CreateExtractValue(z, 1) : llvm::ConstantFP::get(re->getType(), 0.0);
    llvm::Value* a = math(BuiltinId::MathAtan2, {im, re}, real, loc);
    if (!deg) return a;
    llvm::Value* scaled = b.CreateFMul(a, llvm::ConstantFP::get(a->getType(), 180.0 / std::numbers::pi));
    return b.CreateSelect(truth(b, deg, types::boolean()), scaled, a);
}

// NumPy's CLT/CLE/CGT/CGE (loops.c.src): the real parts decide unless equal, then the
// imaginary ones; a NaN imaginary part makes a real-part decision false.
llvm::Value* FunctionLowering::complex_order(syntax::CmpOp op, llvm::Value* x, llvm::Value* y) {
    llvm::Value* xr = b.CreateExtractValue(x, 0);
    llvm::Value* xi = b.CreateExtractValue(x, 1);
    llvm::Value* yr = b.CreateExtractValue(y, 0);
    llvm::Value* yi = b.CreateExtractValue(y, 1);
    bool less = op == syntax::CmpOp::Lt || op == syntax::CmpOp::Le;
    bool or_equal = op == syntax::CmpOp::Le || op == syntax::CmpOp::Ge;
    llvm::Value* by_real = less ? b.CreateFCmpOLT(xr, yr) : b.CreateFCmpOGT(xr, yr);
    by_real = b.CreateAnd(by_real, b.CreateAnd(b.CreateFCmpORD(xi, xi), b.CreateFCmpORD(yi, yi)));
    llvm::Value* by_imag = less ? (or_equal ? b.CreateFCmpOLE(xi, yi) : b.CreateFCmpOLT(xi, yi))
                                : (or_equal ? b.CreateFCmpOGE(xi, yi) : b.CreateFCmpOGT(xi, yi));
    return b.CreateOr(by_real, b.CreateAnd(b.CreateFCmpOEQ(xr, yr), by_imag));
}

// np.add(x, y) and the like on scalars: the operands arrive converted to the loop's input types.
llvm::Value* FunctionLowering::named_ufunc_scalars(const syntax::Call* e, BuiltinId id) {
    std::vector<llvm::Value*> values;
    std::vector<const Type*> types;
    call_operands(e, values, types);
    auto loop = nplib::find_loop(*nplib::builtin_ufunc(id), types);
    UJIT_INTERNAL_ASSERT(loop.has_value(), e->loc, "a ufunc call typed without a loop");
    return convert_or_fail(named_ufunc_element(id, values, *loop, e->loc), loop->out, type_of(e), e->loc);
}

}  // namespace ujit::codegen
