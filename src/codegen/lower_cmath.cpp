// The cmath module, lowered as plain IR over the real math functions (libm on the CPU,
// libdevice on CUDA, through Target::emit_math), with CPython's algorithms and special values
// as Numba's cmathimpl.py writes them (CPython's cmathmodule.c: c_sqrt, c_acos, c_atanh...).
//
// Every function computes in float64, complex64 arguments widened and the result narrowed
// once at the end: Numba mixes float32 and float64 there (its float literals are float64),
// and the float64 result is within half an ulp of CPython's for complex64.
//
// The special cases are selects over the general formula, not branches: each case is cheap
// and the libm/libdevice calls are harmless on the values a case replaces, so the result is
// straight-line code on both targets (no divergence in a warp).
#include "codegen/lower_context.hpp"

#include "codegen/intrinsics.hpp"
#include "codegen/llvm_types.hpp"
#include "syntax/internal_error.hpp"
#include "types/builtins.hpp"

#include <fmt/format.h>

#include <cmath>
#include <functional>
#include <limits>
#include <numbers>

namespace ujit::codegen {

using namespace syntax;
using types::BuiltinId;
using types::Type;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kDblMax = std::numeric_limits<double>::max();
constexpr double kDblMin = std::numeric_limits<double>::min();
constexpr double kFltMax = std::numeric_limits<float>::max();
constexpr double kFltMin = std::numeric_limits<float>::min();

struct Cplx {
    llvm::Value* re;
    llvm::Value* im;
};

// The float64 IR of each cmath function; `math_fn` calls a real math.* function.
class CmathIr {
public:
    using MathFn = std::function<llvm::Value*(BuiltinId, std::vector<llvm::Value*>)>;
    CmathIr(llvm::IRBuilder<>& b, MathFn math_fn) : b(b), math_fn(std::move(math_fn)) {}

    llvm::Value* c(double v) { return llvm::ConstantFP::get(b.getDoubleTy(), v); }
    llvm::Value* m(BuiltinId id, llvm::Value* x) { return math_fn(id, {x}); }
    llvm::Value* m(BuiltinId id, llvm::Value* x, llvm::Value* y) { return math_fn(id, {x, y}); }
    llvm::Value* fabs(llvm::Value* x) { return intrinsic(b, llvm::Intrinsic::fabs, {x}); }
    llvm::Value* copysign(llvm::Value* x, llvm::Value* s) { return intrinsic(b, llvm::Intrinsic::copysign, {x, s}); }
    llvm::Value* isnan(llvm::Value* x) { return b.CreateFCmpUNO(x, x); }
    llvm::Value* isinf(llvm::Value* x) { return b.CreateFCmpOEQ(fabs(x), c(kInf)); }
    llvm::Value* isfinite(llvm::Value* x) { return b.CreateFCmpOLT(fabs(x), c(kInf)); }
    llvm::Value* sel(llvm::Value* cond, llvm::Value* t, llvm::Value* f) { return b.CreateSelect(cond, t, f); }
    Cplx sel(llvm::Value* cond, Cplx t, Cplx f) { return {sel(cond, t.re, f.re), sel(cond, t.im, f.im)}; }
    llvm::Value* add(llvm::Value* x, llvm::Value* y) { return b.CreateFAdd(x, y); }
    llvm::Value* sub(llvm::Value* x, llvm::Value* y) { return b.CreateFSub(x, y); }
    llvm::Value* mul(llvm::Value* x, llvm::Value* y) { return b.CreateFMul(x, y); }
    llvm::Value* div(llvm::Value* x, llvm::Value* y) { return b.CreateFDiv(x, y); }
    llvm::Value* neg(llvm::Value* x) { return b.CreateFNeg(x); }
    llvm::Value* eq(llvm::Value* x, double v) { return b.CreateFCmpOEQ(x, c(v)); }
    llvm::Value* ne(llvm::Value* x, double v) { return b.CreateFCmpUNE(x, c(v)); }
    llvm::Value* lt(llvm::Value* x, double v) { return b.CreateFCmpOLT(x, c(v)); }
    llvm::Value* gt(llvm::Value* x, double v) { return b.CreateFCmpOGT(x, c(v)); }
    llvm::Value* gt_v(llvm::Value* x, llvm::Value* y) { return b.CreateFCmpOGT(x, y); }
    llvm::Value* ge(llvm::Value* x, double v) { return b.CreateFCmpOGE(x, c(v)); }
    llvm::Value* both(llvm::Value* p, llvm::Value* q) { return b.CreateAnd(p, q); }
    llvm::Value* either(llvm::Value* p, llvm::Value* q) { return b.CreateOr(p, q); }
    // x *= f unless x == 0 (0 * inf would be NaN where CPython keeps the signed zero).
    llvm::Value* scale_nonzero(llvm::Value* x, llvm::Value* f) { return sel(ne(x, 0.0), mul(x, f), x); }

    Cplx exp(Cplx z);
    Cplx log(Cplx z) { return {log_abs(z), phase(z)}; }
    llvm::Value* log_abs(Cplx z);
    Cplx log10(Cplx z);
    llvm::Value* phase(Cplx z) { return m(BuiltinId::MathAtan2, z.im, z.re); }
    Cplx rect(llvm::Value* r, llvm::Value* phi);
    Cplx sqrt(Cplx z);
    Cplx cosh(Cplx z);
    Cplx sinh(Cplx z);
    Cplx tanh(Cplx z);
    // acos, acosh and asinh past FLT_MAX / 4 (infinities too) use log|z| computed as
    // log(|z / 2|) + log(4), the form that cannot overflow.
    llvm::Value* is_large(Cplx z) { return either(gt(fabs(z.re), kFltMax / 4), gt(fabs(z.im), kFltMax / 4)); }
    llvm::Value* log_abs_large(Cplx z) {
        llvm::Value* half_abs = m(BuiltinId::MathHypot, mul(z.re, c(0.5)), mul(z.im, c(0.5)));
        return add(m(BuiltinId::MathLog, half_abs), c(1.3862943611198906));  // + log(4)
    }
    Cplx acos(Cplx z);
    Cplx acosh(Cplx z);
    Cplx asinh(Cplx z);
    Cplx atanh(Cplx z);
    // f(z) = -j g(j z), as cos/sin/tan/asin/atan are computed from the hyperbolic ones.
    Cplx times_j(Cplx z) { return {neg(z.im), z.re}; }
    Cplx times_minus_j(Cplx r) { return {r.im, neg(r.re)}; }

private:
    llvm::IRBuilder<>& b;
    MathFn math_fn;
};

Cplx CmathIr::exp(Cplx z) {
    llvm::Value *x = z.re, *y = z.im;
    llvm::Value* cy = m(BuiltinId::MathCos, y);
    llvm::Value* sy = m(BuiltinId::MathSin, y);
    llvm::Value* r = m(BuiltinId::MathExp, x);
    Cplx general{mul(r, cy), mul(r, sy)};
    Cplx nan2{c(kNaN), c(kNaN)};
    // x NaN: nan + j nan, or nan + 0j when y == 0.
    Cplx x_nan = sel(ne(y, 0.0), Cplx{x, x}, Cplx{x, y});
    // x == +inf: inf * (cos y + j sin y) keeping zero parts; y not finite gives inf + j nan.
    Cplx pos_inf = sel(isfinite(y), Cplx{scale_nonzero(cy, x), scale_nonzero(sy, x)}, Cplx{x, c(kNaN)});
    // x == -inf: the general formula (0 * ...), or 0 + 0j when y is not finite.
    Cplx neg_inf = sel(isfinite(y), general, Cplx{c(0.0), c(0.0)});
    Cplx x_not_finite = sel(isnan(x), x_nan, sel(gt(x, 0.0), pos_inf, neg_inf));
    return sel(isfinite(x), sel(isfinite(y), general, nan2), x_not_finite);
}

// log|z| as CPython's c_log computes it: log1p near |z| == 1 (where log(hypot) loses the
// digits), scaled past DBL_MAX / 4 and below DBL_MIN so that hypot neither overflows nor
// loses subnormal bits.
llvm::Value* CmathIr::log_abs(Cplx z) {
    constexpr double kLn2 = std::numbers::ln2;
    constexpr int kMantDig = std::numeric_limits<double>::digits;  // 53
    llvm::Value* ax = fabs(z.re);
    llvm::Value* ay = fabs(z.im);
    llvm::Value* h = m(BuiltinId::MathHypot, ax, ay);
    llvm::Value* am = sel(gt_v(ax, ay), ax, ay);
    llvm::Value* an = sel(gt_v(ax, ay), ay, ax);
    llvm::Value* near_one = m(BuiltinId::MathLog1p, add(mul(sub(am, c(1.0)), add(am, c(1.0))), mul(an, an)));
    llvm::Value* r =
        sel(both(ge(h, 0.71), b.CreateFCmpOLE(h, c(1.73))), mul(near_one, c(0.5)), m(BuiltinId::MathLog, h));
    llvm::Value* big = add(m(BuiltinId::MathLog, m(BuiltinId::MathHypot, mul(ax, c(0.5)), mul(ay, c(0.5)))), c(kLn2));
    const double up = std::ldexp(1.0, kMantDig);
    llvm::Value* tiny =
        sub(m(BuiltinId::MathLog, m(BuiltinId::MathHypot, mul(ax, c(up)), mul(ay, c(up)))), c(kMantDig * kLn2));
    llvm::Value* is_tiny = both(both(lt(ax, kDblMin), lt(ay, kDblMin)), either(gt(ax, 0.0), gt(ay, 0.0)));
    r = sel(is_tiny, tiny, r);
    return sel(either(gt(ax, kDblMax / 4), gt(ay, kDblMax / 4)), big, r);
}

Cplx CmathIr::log10(Cplx z) {
    constexpr double kLn10 = 2.302585092994045684;  // CPython's: better on +-inf than log(z, 10)
    Cplx l = log(z);
    return {div(l.re, c(kLn10)), div(l.im, c(kLn10))};
}

Cplx CmathIr::rect(llvm::Value* r, llvm::Value* phi) {
    llvm::Value* re = m(BuiltinId::MathCos, phi);
    llvm::Value* im = m(BuiltinId::MathSin, phi);
    llvm::Value* r_inf = isinf(r);
    // 0 * inf would be NaN: dividing keeps the zero and gives it the product's sign.
    re = sel(both(eq(re, 0.0), r_inf), div(re, r), mul(re, r));
    im = sel(both(eq(im, 0.0), r_inf), div(im, r), mul(im, r));
    Cplx general{re, im};
    // phi inf or NaN: rect(0, phi) == 0 (|r|, as CPython), rect(inf, phi) == inf + j phi.
    Cplx zero{fabs(r), c(0.0)};
    Cplx odd = sel(eq(r, 0.0), zero, sel(r_inf, Cplx{r, phi}, general));
    return sel(isfinite(phi), general, odd);
}

Cplx CmathIr::sqrt(Cplx z) {
    llvm::Value *a = z.re, *b0 = z.im;
    // Scale down where a + hypot(a, b) could overflow; the root scales back by 2.
    constexpr double kThres = kDblMax / (1.0 + std::numbers::sqrt2);
    llvm::Value* scale = either(ge(fabs(a), kThres), ge(fabs(b0), kThres));
    llvm::Value* as = sel(scale, mul(a, c(0.25)), a);
    llvm::Value* bs = sel(scale, mul(b0, c(0.25)), b0);
    llvm::Value* h = m(BuiltinId::MathHypot, as, bs);
    llvm::Value* t_pos = m(BuiltinId::MathSqrt, mul(add(as, h), c(0.5)));
    llvm::Value* t_neg = m(BuiltinId::MathSqrt, mul(add(neg(as), h), c(0.5)));
    Cplx pos{t_pos, div(bs, mul(c(2.0), t_pos))};
    Cplx negative{div(fabs(bs), mul(c(2.0), t_neg)), copysign(t_neg, bs)};
    Cplx root = sel(ge(as, 0.0), pos, negative);
    root = sel(scale, Cplx{mul(root.re, c(2.0)), mul(root.im, c(2.0))}, root);
    // The special values, in CPython's order of precedence.
    llvm::Value* bb = sub(b0, b0);  // NaN for an infinite or NaN b, else 0
    Cplx a_inf = sel(lt(a, 0.0), Cplx{fabs(bb), copysign(a, b0)}, Cplx{a, copysign(bb, b0)});
    Cplx r = sel(isinf(a), a_inf, root);
    r = sel(isnan(a), Cplx{a, a}, r);
    return sel(either(both(eq(a, 0.0), eq(b0, 0.0)), isinf(b0)), Cplx{fabs(b0), b0}, r);
}

Cplx CmathIr::cosh(Cplx z) {
    llvm::Value *x = z.re, *y = z.im;
    Cplx general{mul(m(BuiltinId::MathCos, y), m(BuiltinId::MathCosh, x)),
                 mul(m(BuiltinId::MathSin, y), m(BuiltinId::MathSinh, x))};
    // x infinite: inf + j y for a NaN or zero y, else inf * (cos y + j sin y) by signs.
    llvm::Value* keep = either(isnan(y), eq(y, 0.0));
    llvm::Value* re = sel(keep, fabs(x), copysign(x, m(BuiltinId::MathCos, y)));
    llvm::Value* im = sel(keep, y, copysign(x, m(BuiltinId::MathSin, y)));
    im = sel(lt(x, 0.0), neg(im), im);
    return sel(isinf(x), Cplx{re, im}, general);
}

Cplx CmathIr::sinh(Cplx z) {
    llvm::Value *x = z.re, *y = z.im;
    llvm::Value* cy = m(BuiltinId::MathCos, y);
    llvm::Value* sy = m(BuiltinId::MathSin, y);
    Cplx general{mul(cy, m(BuiltinId::MathSinh, x)), mul(sy, m(BuiltinId::MathCosh, x))};
    Cplx x_inf = sel(isnan(y), Cplx{x, y}, Cplx{scale_nonzero(cy, x), scale_nonzero(sy, fabs(x))});
    return sel(isinf(x), x_inf, general);
}

Cplx CmathIr::tanh(Cplx z) {
    llvm::Value *x = z.re, *y = z.im;
    // CPython's c_tanh for finite x.
    llvm::Value* tx = m(BuiltinId::MathTanh, x);
    llvm::Value* ty = m(BuiltinId::MathTan, y);
    llvm::Value* cx = div(c(1.0), m(BuiltinId::MathCosh, x));
    llvm::Value* txty = mul(tx, ty);
    llvm::Value* denom = add(c(1.0), mul(txty, txty));
    Cplx general{div(mul(tx, add(c(1.0), mul(ty, ty))), denom), mul(mul(div(ty, denom), cx), cx)};
    llvm::Value* im = sel(isinf(y), c(0.0), copysign(c(0.0), m(BuiltinId::MathSin, mul(c(2.0), y))));
    return sel(isinf(x), Cplx{copysign(c(1.0), x), im}, general);
}

Cplx CmathIr::acos(Cplx z) {
    llvm::Value *x = z.re, *y = z.im;
    llvm::Value* log_half = log_abs_large(z);
    Cplx big{m(BuiltinId::MathAtan2, fabs(y), x), copysign(log_half, neg(y))};
    Cplx s1 = sqrt({sub(c(1.0), x), neg(y)});
    Cplx s2 = sqrt({add(c(1.0), x), y});
    Cplx small{mul(c(2.0), m(BuiltinId::MathAtan2, s1.re, s2.re)),
               m(BuiltinId::MathAsinh, sub(mul(s2.re, s1.im), mul(s2.im, s1.re)))};
    return sel(is_large(z), big, small);
}

Cplx CmathIr::acosh(Cplx z) {
    llvm::Value *x = z.re, *y = z.im;
    llvm::Value* log_half = log_abs_large(z);
    Cplx big{log_half, m(BuiltinId::MathAtan2, y, x)};
    Cplx s1 = sqrt({sub(x, c(1.0)), y});
    Cplx s2 = sqrt({add(x, c(1.0)), y});
    Cplx small{m(BuiltinId::MathAsinh, add(mul(s1.re, s2.re), mul(s1.im, s2.im))),
               mul(c(2.0), m(BuiltinId::MathAtan2, s1.im, s2.re))};
    return sel(is_large(z), big, small);
}

Cplx CmathIr::asinh(Cplx z) {
    llvm::Value *x = z.re, *y = z.im;
    llvm::Value* log_half = log_abs_large(z);
    Cplx big{copysign(log_half, x), m(BuiltinId::MathAtan2, y, fabs(x))};
    Cplx s1 = sqrt({add(c(1.0), y), neg(x)});
    Cplx s2 = sqrt({sub(c(1.0), y), x});
    Cplx small{m(BuiltinId::MathAsinh, sub(mul(s1.re, s2.im), mul(s2.re, s1.im))),
               m(BuiltinId::MathAtan2, y, sub(mul(s1.re, s2.re), mul(s1.im, s2.im)))};
    return sel(is_large(z), big, small);
}

Cplx CmathIr::atanh(Cplx z0) {
    // atanh(z) = -atanh(-z): work with a non-negative real part.
    llvm::Value* negate = lt(z0.re, 0.0);
    llvm::Value* x = sel(negate, neg(z0.re), z0.re);
    llvm::Value* y = sel(negate, neg(z0.im), z0.im);
    const double large_thres = std::sqrt(kFltMax / 4), small_thres = std::sqrt(kFltMin);
    llvm::Value* ay = fabs(y);
    // Large or NaN: the limit of 1/z.
    llvm::Value* h = m(BuiltinId::MathHypot, mul(x, c(0.5)), mul(y, c(0.5)));
    llvm::Value* big_re = div(div(div(x, c(4.0)), h), h);
    big_re = sel(isinf(x), c(0.0), big_re);
    big_re = sel(isinf(y), copysign(c(0.0), x), big_re);
    Cplx big{big_re, neg(copysign(c(std::numbers::pi / 2), neg(y)))};
    // x == 1 and tiny y: C99's atanh(1 +- 0j) == inf +- 0j.
    llvm::Value* near_re = neg(m(BuiltinId::MathLog, div(m(BuiltinId::MathSqrt, ay),
                                                         m(BuiltinId::MathSqrt, m(BuiltinId::MathHypot, ay, c(2.0))))));
    Cplx near{near_re, copysign(div(m(BuiltinId::MathAtan2, c(2.0), neg(ay)), c(2.0)), y)};
    near = sel(eq(ay, 0.0), Cplx{c(kInf), y}, near);
    // The rest: CPython's formula.
    llvm::Value* sqay = mul(ay, ay);
    llvm::Value* zr1 = sub(c(1.0), x);
    Cplx general{mul(m(BuiltinId::MathLog1p, div(mul(c(4.0), x), add(mul(zr1, zr1), sqay))), c(0.25)),
                 mul(neg(m(BuiltinId::MathAtan2, mul(c(-2.0), y), sub(mul(zr1, add(c(1.0), x)), sqay))), c(0.5))};
    llvm::Value* is_big = either(either(isnan(x), gt(x, large_thres)), gt(ay, large_thres));
    llvm::Value* is_near = both(eq(x, 1.0), lt(ay, small_thres));
    Cplx r = sel(is_big, big, sel(is_near, near, general));
    r.im = sel(isnan(y), c(kNaN), r.im);
    return sel(negate, Cplx{neg(r.re), neg(r.im)}, r);
}

}  // namespace

llvm::Value* FunctionLowering::cmath_call(const Call* e, BuiltinId id) {
    std::vector<llvm::Value*> args;
    std::vector<const Type*> arg_types;
    call_operands(e, args, arg_types);
    return cmath_values(id, args, type_of(e), e->loc);
}

// The cmath function `id` of operands already converted to its operand types, its result of
// type `rt` (also np.sin(z), np.log(z), ... on complex numbers: NumPy's complex loops).
llvm::Value* FunctionLowering::cmath_values(BuiltinId id, const std::vector<llvm::Value*>& args, const Type* rt,
                                            SourceLoc loc) {
    const Type* f64 = types::float64();
    CmathIr ir(b, [&](BuiltinId fid, std::vector<llvm::Value*> ops) { return math(fid, std::move(ops), f64, loc); });
    auto widen = [&](llvm::Value* v) { return v->getType()->isDoubleTy() ? v : b.CreateFPExt(v, b.getDoubleTy()); };
    auto operand = [&](size_t i) {
        return Cplx{widen(b.CreateExtractValue(args[i], 0)), widen(b.CreateExtractValue(args[i], 1))};
    };
    // The result of type rt (complex, or the part type of phase) from float64 parts.
    auto narrow = [&](llvm::Value* v, const Type* ft) {
        return ft->bits() == 64 ? v : b.CreateFPTrunc(v, b.getFloatTy());
    };
    auto complex_result = [&](Cplx r) {
        const Type* ft = rt->dtype();
        llvm::Value* v = llvm::UndefValue::get(value_type(mod.ctx, rt));
        v = b.CreateInsertValue(v, narrow(r.re, ft), 0);
        return b.CreateInsertValue(v, narrow(r.im, ft), 1);
    };

    switch (id) {
    case BuiltinId::CmathRect: return complex_result(ir.rect(widen(args[0]), widen(args[1])));
    case BuiltinId::CmathIsnan: {
        Cplx z = operand(0);
        return ir.either(ir.isnan(z.re), ir.isnan(z.im));
    }
    case BuiltinId::CmathIsinf: {
        Cplx z = operand(0);
        return ir.either(ir.isinf(z.re), ir.isinf(z.im));
    }
    case BuiltinId::CmathIsfinite: {
        Cplx z = operand(0);
        return ir.both(ir.isfinite(z.re), ir.isfinite(z.im));
    }
    case BuiltinId::CmathPhase: return narrow(ir.phase(operand(0)), rt);
    case BuiltinId::CmathPolar: {
        Cplx z = operand(0);
        const Type* ft = rt->elements()[0];
        llvm::Value* r = narrow(ir.m(BuiltinId::MathHypot, z.re, z.im), ft);
        llvm::Value* tup = llvm::UndefValue::get(value_type(mod.ctx, rt));
        tup = b.CreateInsertValue(tup, r, 0);
        return b.CreateInsertValue(tup, narrow(ir.phase(z), ft), 1);
    }
    case BuiltinId::CmathLog:
        if (args.size() == 2) {  // log(z) / log(base), a complex division (Smith's, as Numba's) in float64
            const Type* c128 = types::complex(128);
            auto pack = [&](Cplx v) {
                llvm::Value* out = llvm::UndefValue::get(value_type(mod.ctx, c128));
                return b.CreateInsertValue(b.CreateInsertValue(out, v.re, 0), v.im, 1);
            };
            llvm::Value* q = complex_arith(BinOp::Div, pack(ir.log(operand(0))), pack(ir.log(operand(1))), c128, loc);
            return complex_result({b.CreateExtractValue(q, 0), b.CreateExtractValue(q, 1)});
        }
        return complex_result(ir.log(operand(0)));
    case BuiltinId::CmathExp: return complex_result(ir.exp(operand(0)));
    case BuiltinId::CmathLog10: return complex_result(ir.log10(operand(0)));
    case BuiltinId::CmathSqrt: return complex_result(ir.sqrt(operand(0)));
    case BuiltinId::CmathCosh: return complex_result(ir.cosh(operand(0)));
    case BuiltinId::CmathSinh: return complex_result(ir.sinh(operand(0)));
    case BuiltinId::CmathTanh: return complex_result(ir.tanh(operand(0)));
    case BuiltinId::CmathCos: return complex_result(ir.cosh(ir.times_j(operand(0))));
    case BuiltinId::CmathSin: return complex_result(ir.times_minus_j(ir.sinh(ir.times_j(operand(0)))));
    case BuiltinId::CmathTan: return complex_result(ir.times_minus_j(ir.tanh(ir.times_j(operand(0)))));
    case BuiltinId::CmathAcos: return complex_result(ir.acos(operand(0)));
    case BuiltinId::CmathAcosh: return complex_result(ir.acosh(operand(0)));
    case BuiltinId::CmathAsinh: return complex_result(ir.asinh(operand(0)));
    case BuiltinId::CmathAsin: return complex_result(ir.times_minus_j(ir.asinh(ir.times_j(operand(0)))));
    case BuiltinId::CmathAtanh: return complex_result(ir.atanh(operand(0)));
    case BuiltinId::CmathAtan: {
        Cplx z = operand(0);
        Cplx r = ir.atanh(ir.times_j(z));
        // Numba's (and CPython's) odd case: atan(inf + j nan) keeps the real part's sign.
        llvm::Value* odd = ir.both(ir.isinf(z.re), ir.isnan(z.im));
        return complex_result(ir.sel(odd, Cplx{r.im, r.re}, ir.times_minus_j(r)));
    }
    default: break;
    }
    syntax::internal_error(loc, fmt::format("{}() typed but not lowered", types::builtin_name(id)));
}

}  // namespace ujit::codegen
