// Arithmetic with Python/Numba semantics: operands converted to the types of
// types::binary_op_types, `//` and `%` rounding toward −∞ (ints and floats), division by
// zero through Target::emit_error_check (and a defined result where the target does not
// raise, like Numba's CUDA error model), shifts defined for every count, complex
// arithmetic as CPython computes it.
#include "codegen/lower_context.hpp"

#include "codegen/abi.hpp"
#include "codegen/convert.hpp"
#include "codegen/decorator_keywords.hpp"
#include "codegen/intrinsics.hpp"
#include "codegen/llvm_types.hpp"
#include "codegen/lower_datetime.hpp"
#include "types/rules.hpp"

#include <fmt/format.h>

#include <algorithm>

#include <llvm/IR/Intrinsics.h>

namespace ujit::codegen {

using namespace syntax;
using types::Type;

namespace {

constexpr int kZeroDivision = static_cast<int>(RuntimeError::ZeroDivision);

}  // namespace

// `where` names the function and the source location; the message comes from the code
// (cpu/helper_errors: "ZeroDivisionError: division by zero (in f at f.py:3:12)").
void FunctionLowering::check_error(llvm::Value* cond, int code, SourceLoc loc) {
    std::string where = fmt::format("{} at {}", fn.def->name, mod.source.file().position(loc));
    leave_by_raise(cond, [&](llvm::Value* c) { mod.target.emit_error_check(b, c, code, where); });
}

void FunctionLowering::check_error_values(llvm::Value* cond, int code, SourceLoc loc,
                                          const std::vector<llvm::Value*>& values) {
    std::string where = fmt::format("{} at {}", fn.def->name, mod.source.file().position(loc));
    leave_by_raise(cond, [&](llvm::Value* c) { mod.target.emit_error_check_values(b, c, code, where, values); });
}

llvm::Value* FunctionLowering::binary(const Binary* e) {
    if (type_of(e)->is_list()) return list_binary(e);
    if (type_of(e)->is_set()) return set_binary(e);
    const Type* lt = type_of(e->lhs);
    llvm::Value* l = expr(e->lhs);
    const Type* rt = type_of(e->rhs);
    llvm::Value* r = expr(e->rhs);
    if (e->op == BinOp::MatMul) return dot_product({l, lt}, {r, rt}, {}, type_of(e), e->loc);  // typed as np.dot
    if (lt->is_tuple() && rt->is_tuple()) {  // t + t2: Numba's tuple_add, the items of both
        llvm::Value* out = llvm::UndefValue::get(value_type(mod.ctx, type_of(e)));
        const auto nl = static_cast<unsigned>(lt->elements().size());
        for (unsigned i = 0; i < nl; ++i) out = b.CreateInsertValue(out, b.CreateExtractValue(l, i), i);
        for (unsigned i = 0; i < rt->elements().size(); ++i)
            out = b.CreateInsertValue(out, b.CreateExtractValue(r, i), nl + i);
        return out;
    }
    TypedValue v = binary_values(e->op, l, lt, r, rt, e->rhs, e->loc);
    return convert_or_fail(v.v, v.t, type_of(e), e->loc);
}

TypedValue FunctionLowering::binary_values(BinOp op, llvm::Value* l, const Type* lt, llvm::Value* r, const Type* rt,
                                           const Expr* rhs_expr, SourceLoc loc) {
    types::OpTypes ot = types::binary_op_types(op, lt, rt);
    if (!ot.result || !ot.operand)
        unsupported(loc,
                    fmt::format("unsupported operand types for {}: {} and {}", spelling(op), lt->str(), rt->str()));
    if (lt->is_datetime_like() || rt->is_datetime_like())  // dt64: units converted there
        return {datetime_binary(b, op, l, lt, r, rt, ot.result), ot.result};
    const Type* t = ot.operand;
    const Type* rhs_t = ot.rhs_operand ? ot.rhs_operand : t;
    llvm::Value* a = convert_or_fail(l, lt, t, loc);
    llvm::Value* c = convert_or_fail(r, rt, rhs_t, loc);
    if (ot.result->is_str()) return {str_binary(op, a, t, c, loc), ot.result};
    llvm::Value* v = nullptr;
    if (op == BinOp::Pow)
        v = power(a, c, rhs_t, t, rhs_expr, loc);
    else if (t->is_complex())
        v = complex_arith(op, a, c, t, loc);
    else if (t->is_float())
        v = float_arith(op, a, c, t, loc);
    else if (t->is_int() || t->is_bool())
        v = int_arith(op, a, c, t, loc);
    if (!v)
        unsupported(loc,
                    fmt::format("unsupported operand types for {}: {} and {}", spelling(op), lt->str(), rt->str()));
    return {convert_or_fail(v, t, ot.result, loc), ot.result};
}

llvm::Value* FunctionLowering::int_arith(BinOp op, llvm::Value* l, llvm::Value* r, const Type* t, SourceLoc loc) {
    llvm::Type* ty = l->getType();
    unsigned bits = ty->getIntegerBitWidth();
    switch (op) {
    case BinOp::Add: return b.CreateAdd(l, r);
    case BinOp::Sub: return b.CreateSub(l, r);
    case BinOp::Mul: return b.CreateMul(l, r);
    case BinOp::FloorDiv:
    case BinOp::Mod:
        if (!numpy_error_model(*fn.def))  // (NumPy's: 0)
            check_error(b.CreateICmpEQ(r, llvm::ConstantInt::get(ty, 0)),
                        static_cast<int>(op == BinOp::FloorDiv ? RuntimeError::IntFloorDivByZero
                                                               : RuntimeError::IntModuloByZero),
                        loc);
        return int_divmod(op == BinOp::FloorDiv, l, r, t);
    case BinOp::LShift:
    case BinOp::RShift: {
        // LLVM leaves shifts by >= the width undefined; Python shifts everything out.
        llvm::Value* too_far = b.CreateICmpUGE(r, llvm::ConstantInt::get(ty, bits));
        llvm::Value* amount = b.CreateSelect(too_far, llvm::ConstantInt::get(ty, 0), r);
        if (op == BinOp::LShift) return b.CreateSelect(too_far, llvm::ConstantInt::get(ty, 0), b.CreateShl(l, amount));
        if (t->is_signed()) {
            llvm::Value* sign = b.CreateAShr(l, llvm::ConstantInt::get(ty, bits - 1));
            return b.CreateSelect(too_far, sign, b.CreateAShr(l, amount));
        }
        return b.CreateSelect(too_far, llvm::ConstantInt::get(ty, 0), b.CreateLShr(l, amount));
    }
    case BinOp::BitAnd: return b.CreateAnd(l, r);
    case BinOp::BitOr: return b.CreateOr(l, r);
    case BinOp::BitXor: return b.CreateXor(l, r);
    default: return nullptr;
    }
}

// Python's floor division / modulo. Where the target does not raise, x // 0 and x % 0 are
// 0, and MIN // -1 is 0 too (x86 would trap), as in Numba.
llvm::Value* FunctionLowering::int_divmod(bool want_div, llvm::Value* x, llvm::Value* y, const Type* t) {
    llvm::Type* ty = x->getType();
    auto k = [&](int64_t v) { return llvm::ConstantInt::get(ty, static_cast<uint64_t>(v), true); };
    llvm::Value* zero = k(0);
    llvm::Value* bad = b.CreateICmpEQ(y, zero);
    if (!t->is_signed() || t->is_bool()) {
        llvm::Value* ys = b.CreateSelect(bad, llvm::ConstantInt::get(ty, 1), y);
        llvm::Value* v = want_div ? b.CreateUDiv(x, ys) : b.CreateURem(x, ys);
        return b.CreateSelect(bad, zero, v);
    }
    unsigned bits = ty->getIntegerBitWidth();
    llvm::Value* min = llvm::ConstantInt::get(ty, llvm::APInt::getSignedMinValue(bits));
    bad = b.CreateOr(bad, b.CreateAnd(b.CreateICmpEQ(x, min), b.CreateICmpEQ(y, k(-1))));
    llvm::Value* ys = b.CreateSelect(bad, k(1), y);
    llvm::Value* q = b.CreateSDiv(x, ys);
    llvm::Value* r = b.CreateSRem(x, ys);
    // C truncates; Python floors: when the remainder's sign differs from the divisor's,
    // step the quotient down and the remainder over.
    llvm::Value* adjust = b.CreateAnd(b.CreateICmpNE(r, zero), b.CreateICmpSLT(b.CreateXor(r, ys), zero));
    llvm::Value* v =
        want_div ? b.CreateSelect(adjust, b.CreateSub(q, k(1)), q) : b.CreateSelect(adjust, b.CreateAdd(r, ys), r);
    return b.CreateSelect(bad, zero, v);
}

llvm::Value* FunctionLowering::float_arith(BinOp op, llvm::Value* l, llvm::Value* r, const Type* t, SourceLoc loc) {
    // error_model='numpy': no check; the division gives inf or nan, float_divmod NumPy's values.
    llvm::Value* is_zero =
        numpy_error_model(*fn.def) ? b.getFalse() : b.CreateFCmpOEQ(r, llvm::ConstantFP::get(r->getType(), 0.0));
    switch (op) {
    case BinOp::Add: return b.CreateFAdd(l, r);
    case BinOp::Sub: return b.CreateFSub(l, r);
    case BinOp::Mul: return b.CreateFMul(l, r);
    case BinOp::Div:
        // numba-cuda's float32 division under fastmath is libdevice's fast_fdividef, unchecked
        // even with debug=True (its maybe_fast_truediv); float64 stays checked.
        if (!(mod.target.kind() == types::TargetKind::CUDA && t->is_float() && t->itemsize() == 4 &&
              requests_fastmath(*fn.def)))
            check_error(is_zero, kZeroDivision, loc);
        return b.CreateFDiv(l, r);
    case BinOp::FloorDiv: check_error(is_zero, kZeroDivision, loc); return float_divmod(true, l, r, t);
    case BinOp::Mod:
        check_error(is_zero, static_cast<int>(RuntimeError::FloatModuloByZero), loc);
        return float_divmod(false, l, r, t);
    default: return nullptr;
    }
}

// CPython's float_divmod (Objects/floatobject.c), branch-free. A zero divisor gives
// vx / wx and fmod's NaN, as Numba's NumPy error model does on CUDA.
llvm::Value* FunctionLowering::float_divmod(bool want_div, llvm::Value* vx, llvm::Value* wx, const Type*) {
    llvm::Type* ty = vx->getType();
    auto c = [&](double v) { return llvm::ConstantFP::get(ty, v); };
    llvm::Value* mod = b.CreateFRem(vx, wx);
    llvm::Value* wx_neg = b.CreateFCmpOLT(wx, c(0.0));
    llvm::Value* mod_nonzero = b.CreateFCmpUNE(mod, c(0.0));
    llvm::Value* signs_differ = b.CreateXor(wx_neg, b.CreateFCmpOLT(mod, c(0.0)));
    llvm::Value* fix = b.CreateAnd(mod_nonzero, signs_differ);
    llvm::Value* zero_with_wx_sign = intrinsic(b, llvm::Intrinsic::copysign, {c(0.0), wx});
    llvm::Value* mod_out =
        b.CreateSelect(mod_nonzero, b.CreateSelect(fix, b.CreateFAdd(mod, wx), mod), zero_with_wx_sign);
    llvm::Value* is_zero_divisor = b.CreateFCmpOEQ(wx, c(0.0));
    if (!want_div) return b.CreateSelect(is_zero_divisor, mod, mod_out);

    llvm::Value* div = b.CreateFDiv(b.CreateFSub(vx, mod), wx);
    div = b.CreateSelect(fix, b.CreateFSub(div, c(1.0)), div);
    llvm::Value* floordiv = intrinsic(b, llvm::Intrinsic::floor, {div});
    floordiv =
        b.CreateSelect(b.CreateFCmpOGT(b.CreateFSub(div, floordiv), c(0.5)), b.CreateFAdd(floordiv, c(1.0)), floordiv);
    llvm::Value* true_quotient = b.CreateFDiv(vx, wx);
    llvm::Value* signed_zero = intrinsic(b, llvm::Intrinsic::copysign, {c(0.0), true_quotient});
    llvm::Value* out = b.CreateSelect(b.CreateFCmpUNE(div, c(0.0)), floordiv, signed_zero);
    return b.CreateSelect(is_zero_divisor, true_quotient, out);
}

llvm::Value* FunctionLowering::complex_arith(BinOp op, llvm::Value* l, llvm::Value* r, const Type* t, SourceLoc loc) {
    llvm::Value* a = b.CreateExtractValue(l, 0);
    llvm::Value* bi = b.CreateExtractValue(l, 1);
    llvm::Value* c = b.CreateExtractValue(r, 0);
    llvm::Value* d = b.CreateExtractValue(r, 1);
    llvm::Value* re = nullptr;
    llvm::Value* im = nullptr;
    switch (op) {
    case BinOp::Add:
        re = b.CreateFAdd(a, c);
        im = b.CreateFAdd(bi, d);
        break;
    case BinOp::Sub:
        re = b.CreateFSub(a, c);
        im = b.CreateFSub(bi, d);
        break;
    case BinOp::Mul:
        re = b.CreateFSub(b.CreateFMul(a, c), b.CreateFMul(bi, d));
        im = b.CreateFAdd(b.CreateFMul(a, d), b.CreateFMul(bi, c));
        break;
    case BinOp::Div: {
        // CPython's _Py_c_quot: scale by the larger part of the divisor.
        llvm::Type* ty = a->getType();
        llvm::Value* zero = llvm::ConstantFP::get(ty, 0.0);
        check_error(b.CreateAnd(b.CreateFCmpOEQ(c, zero), b.CreateFCmpOEQ(d, zero)),
                    static_cast<int>(RuntimeError::ComplexDivisionByZero), loc);
        llvm::Value* abs_c = intrinsic(b, llvm::Intrinsic::fabs, {c});
        llvm::Value* abs_d = intrinsic(b, llvm::Intrinsic::fabs, {d});
        llvm::Value* real_big = b.CreateFCmpOGE(abs_c, abs_d);
        // |c| >= |d|
        llvm::Value* ratio1 = b.CreateFDiv(d, c);
        llvm::Value* denom1 = b.CreateFAdd(c, b.CreateFMul(d, ratio1));
        llvm::Value* re1 = b.CreateFDiv(b.CreateFAdd(a, b.CreateFMul(bi, ratio1)), denom1);
        llvm::Value* im1 = b.CreateFDiv(b.CreateFSub(bi, b.CreateFMul(a, ratio1)), denom1);
        // |d| > |c|
        llvm::Value* ratio2 = b.CreateFDiv(c, d);
        llvm::Value* denom2 = b.CreateFAdd(b.CreateFMul(c, ratio2), d);
        llvm::Value* re2 = b.CreateFDiv(b.CreateFAdd(b.CreateFMul(a, ratio2), bi), denom2);
        llvm::Value* im2 = b.CreateFDiv(b.CreateFSub(b.CreateFMul(bi, ratio2), a), denom2);
        llvm::Value* imag_big = b.CreateFCmpOGE(abs_d, abs_c);
        llvm::Value* nan = llvm::ConstantFP::getNaN(ty);
        re = b.CreateSelect(real_big, re1, b.CreateSelect(imag_big, re2, nan));
        im = b.CreateSelect(real_big, im1, b.CreateSelect(imag_big, im2, nan));
        break;
    }
    default: return nullptr;
    }
    llvm::Value* out = llvm::UndefValue::get(value_type(mod.ctx, t));
    out = b.CreateInsertValue(out, re, 0);
    return b.CreateInsertValue(out, im, 1);
}

// Numba's int_power: exponentiation by squaring over the bits of |exp|; float bases with a
// negative exponent take the reciprocal; exponents above 2**16 go through pow().
llvm::Value* FunctionLowering::int_power_loop(llvm::Value* base, llvm::Value* exp, const Type* t) {
    llvm::Type* ty = base->getType();
    llvm::Type* ety = exp->getType();
    bool is_int = t->is_int();
    auto one = is_int ? llvm::ConstantInt::get(ty, 1) : llvm::ConstantFP::get(ty, 1.0);
    auto mul = [&](llvm::Value* x, llvm::Value* y) { return is_int ? b.CreateMul(x, y) : b.CreateFMul(x, y); };

    llvm::Value* negative = b.CreateICmpSLT(exp, llvm::ConstantInt::get(ety, 0));
    llvm::Value* magnitude = b.CreateSelect(negative, b.CreateNeg(exp), exp);

    llvm::BasicBlock* pre = b.GetInsertBlock();
    llvm::BasicBlock* loop = new_block("pow.loop");
    llvm::BasicBlock* done = new_block("pow.done");
    b.CreateCondBr(b.CreateICmpNE(magnitude, llvm::ConstantInt::get(ety, 0)), loop, done);
    b.SetInsertPoint(loop);
    llvm::PHINode* r = b.CreatePHI(ty, 2, "pow.r");
    llvm::PHINode* a = b.CreatePHI(ty, 2, "pow.a");
    llvm::PHINode* e = b.CreatePHI(ety, 2, "pow.e");
    r->addIncoming(one, pre);
    a->addIncoming(base, pre);
    e->addIncoming(magnitude, pre);
    llvm::Value* odd = b.CreateTrunc(e, b.getInt1Ty());
    llvm::Value* r2 = b.CreateSelect(odd, mul(r, a), r);
    llvm::Value* e2 = b.CreateLShr(e, llvm::ConstantInt::get(ety, 1));
    llvm::Value* a2 = mul(a, a);
    r->addIncoming(r2, loop);
    a->addIncoming(a2, loop);
    e->addIncoming(e2, loop);
    b.CreateCondBr(b.CreateICmpNE(e2, llvm::ConstantInt::get(ety, 0)), loop, done);
    b.SetInsertPoint(done);
    llvm::PHINode* result = b.CreatePHI(ty, 2, "pow");
    result->addIncoming(one, pre);
    result->addIncoming(r2, loop);
    if (is_int) return result;
    llvm::Value* inverted = b.CreateSelect(negative, b.CreateFDiv(one, result), result);
    llvm::Value* huge = b.CreateICmpUGT(magnitude, llvm::ConstantInt::get(ety, 0x10000));
    llvm::BasicBlock* squared = b.GetInsertBlock();
    llvm::BasicBlock* generic_bb = new_block("pow.generic");
    llvm::BasicBlock* join = new_block("pow.join");
    b.CreateCondBr(huge, generic_bb, join);
    b.SetInsertPoint(generic_bb);
    llvm::Value* generic = math(types::BuiltinId::MathPow, {base, b.CreateSIToFP(exp, ty)}, t, {});
    generic_bb = b.GetInsertBlock();
    b.CreateBr(join);
    b.SetInsertPoint(join);
    llvm::PHINode* out = b.CreatePHI(ty, 2, "pow.out");
    out->addIncoming(inverted, squared);
    out->addIncoming(generic, generic_bb);
    return out;
}

llvm::Value* FunctionLowering::power(llvm::Value* a, llvm::Value* c, const Type* rt, const Type* t,
                                     const Expr* rhs_expr, SourceLoc loc) {
    if (t->is_complex()) return rt == t ? complex_power(a, c, t, loc) : nullptr;
    std::optional<int64_t> k;
    if (rhs_expr) k = const_int(rhs_expr);
    if (rt->is_int() || rt->is_bool()) {
        bool is_int = t->is_int() || t->is_bool();
        if (is_int && t->is_bool()) return nullptr;
        llvm::Type* ty = a->getType();
        auto mul = [&](llvm::Value* x, llvm::Value* y) { return is_int ? b.CreateMul(x, y) : b.CreateFMul(x, y); };
        llvm::Value* one = is_int ? llvm::ConstantInt::get(ty, 1) : llvm::ConstantFP::get(ty, 1.0);
        llvm::Value* res = nullptr;
        bool invert = false;
        if (k && *k >= -0x10000 && *k <= 0x10000) {
            // A constant exponent: Numba's static_power, the squaring loop unrolled (so x ** 2
            // is one multiplication).
            invert = *k < 0;
            uint64_t e = static_cast<uint64_t>(invert ? -*k : *k);
            res = one;
            llvm::Value* val = a;
            bool first = true;
            while (e != 0) {
                if (e & 1) {
                    res = first ? val : mul(res, val);  // 1 * val is val, exactly
                    first = false;
                }
                e >>= 1;
                if (e != 0) val = mul(val, val);
            }
            if (!is_int) return invert ? b.CreateFDiv(one, res) : res;
        } else {
            if (!is_int) return int_power_loop(a, c, t);
            invert = true;  // decided at run time below
            res = int_power_loop(a, c, t);
        }
        if (!invert) return res;
        // Integer base, negative exponent (Numba): 0 raises ZeroDivisionError (INT_MIN where
        // the target does not raise), ±1 stays ±1, anything else is 0.
        llvm::Value* negative =
            k ? static_cast<llvm::Value*>(b.getTrue()) : b.CreateICmpSLT(c, llvm::ConstantInt::get(c->getType(), 0));
        llvm::Value* zero = llvm::ConstantInt::get(ty, 0);
        llvm::Value* base_zero = b.CreateICmpEQ(a, zero);
        check_error(b.CreateAnd(negative, base_zero), static_cast<int>(RuntimeError::ZeroToNegativePower), loc);
        llvm::Value* unit = b.CreateOr(b.CreateICmpEQ(a, one), b.CreateICmpEQ(a, llvm::ConstantInt::getSigned(ty, -1)));
        unsigned bits = ty->getIntegerBitWidth();
        llvm::Value* inv = b.CreateSelect(base_zero, llvm::ConstantInt::get(ty, llvm::APInt::getSignedMinValue(bits)),
                                          b.CreateSelect(unit, res, zero));
        return b.CreateSelect(negative, inv, res);
    }
    if (!t->is_float() || !rt->is_float()) return nullptr;
    if (auto* lit = rhs_expr ? dyn_cast<FloatLit>(rhs_expr) : nullptr; lit && lit->value == 0.5) {
        // pow(x, 0.5) == fabs(sqrt(x)) except pow(-inf, 0.5) == +inf (C99 Annex F).
        llvm::Value* s = intrinsic(b, llvm::Intrinsic::fabs, {math(types::BuiltinId::MathSqrt, {a}, t, loc)});
        llvm::Value* minus_inf = b.CreateFCmpOEQ(a, llvm::ConstantFP::getInfinity(a->getType(), true));
        return b.CreateSelect(minus_inf, llvm::ConstantFP::getInfinity(a->getType()), s);
    }
    return math(types::BuiltinId::MathPow, {a, c}, t, loc);
}

llvm::Value* FunctionLowering::unary(const Unary* e) {
    const Type* vt = type_of(e->operand);
    llvm::Value* x = expr(e->operand);
    if (vt->is_optional()) {  // `-x`, `not x` of its payload
        x = optional_payload(x, vt, e->loc);
        vt = vt->optional_of();
    }
    if (e->op == UnaryOp::Not) {
        llvm::Value* c = truth_of(x, vt);
        if (!c) unsupported(e->loc, "the truth value of " + vt->str() + " is not defined here");
        return convert_or_fail(b.CreateNot(c), types::boolean(), type_of(e), e->loc);
    }
    types::OpTypes ot = types::unary_op_types(e->op, vt);
    if (!ot.operand || !ot.result)
        unsupported(e->loc, fmt::format("bad operand type for unary {}: {}", spelling(e->op), vt->str()));
    if (vt->is_timedelta()) return datetime_unary(b, e->op, x);  // dt64
    const Type* t = ot.operand;
    llvm::Value* v = convert_or_fail(x, vt, t, e->loc);
    llvm::Value* out = nullptr;
    switch (e->op) {
    case UnaryOp::Pos: out = v; break;
    case UnaryOp::Neg:
        if (t->is_int() || t->is_bool())
            out = b.CreateNeg(v);
        else if (t->is_float())
            out = b.CreateFNeg(v);
        else if (t->is_complex()) {
            out = b.CreateInsertValue(v, b.CreateFNeg(b.CreateExtractValue(v, 0)), 0);
            out = b.CreateInsertValue(out, b.CreateFNeg(b.CreateExtractValue(v, 1)), 1);
        }
        break;
    case UnaryOp::Invert:
        if (t->is_int() || t->is_bool()) out = b.CreateNot(v);
        break;
    case UnaryOp::Not: break;
    }
    if (!out) unsupported(e->loc, fmt::format("bad operand type for unary {}: {}", spelling(e->op), vt->str()));
    return convert_or_fail(convert_or_fail(out, t, ot.result, e->loc), ot.result, type_of(e), e->loc);
}

llvm::Value* FunctionLowering::compare(const Compare* e) {
    const Type* lt = type_of(e->operands[0]);
    llvm::Value* left = expr(e->operands[0]);
    if (e->ops.size() == 1) {
        const Type* rt = type_of(e->operands[1]);
        return compare_values(e->ops[0], left, lt, expr(e->operands[1]), rt, e->loc);
    }
    // a < b < c: each middle operand once; stop at the first false link.
    llvm::AllocaInst* slot = entry_alloca(b.getInt1Ty(), "cmp.chain");
    llvm::BasicBlock* done = new_block("cmp.end");
    for (size_t i = 0; i < e->ops.size(); ++i) {
        const Type* rt = type_of(e->operands[i + 1]);
        llvm::Value* right = expr(e->operands[i + 1]);
        llvm::Value* c = compare_values(e->ops[i], left, lt, right, rt, e->op_locs.size() > i ? e->op_locs[i] : e->loc);
        b.CreateStore(c, slot);
        if (i + 1 == e->ops.size()) {
            b.CreateBr(done);
        } else {
            llvm::BasicBlock* next = new_block("cmp.next");
            b.CreateCondBr(c, next, done);
            b.SetInsertPoint(next);
        }
        left = right;
        lt = rt;
    }
    b.SetInsertPoint(done);
    return b.CreateLoad(b.getInt1Ty(), slot);
}

llvm::Value* FunctionLowering::compare_values(CmpOp op, llvm::Value* l, const Type* lt, llvm::Value* r, const Type* rt,
                                              SourceLoc loc) {
    if (lt->is_list() || rt->is_list()) return list_compare(op, l, lt, r, rt, loc);
    if (rt->is_dict() || rt->is_set()) return dict_compare(op, l, lt, r, rt, loc);
    if (lt->is_optional() || rt->is_optional()) return optional_compare(op, l, lt, r, rt, loc);
    if (rt->is_range()) {  // typing allowed only `in` / `not in` of an integer
        llvm::Value* in = range_contains(l, lt, r, rt);
        return op == CmpOp::In ? in : b.CreateNot(in);
    }
    if (lt->is_enum() || rt->is_enum()) {
        if (llvm::Value* c = enum_compare(op, l, r, types::compare_op_types(op, lt, rt).operand)) return c;
        lt = types::int_enums_as_ints(lt);  // IntEnum members compared as ints
        rt = types::int_enums_as_ints(rt);
    }
    if ((op == CmpOp::In || op == CmpOp::NotIn) && rt->is_tuple()) {  // x in (a, b, c): any item ==
        llvm::Value* in = b.getFalse();
        for (unsigned i = 0; i < rt->elements().size(); ++i)
            in = b.CreateOr(in, compare_values(CmpOp::Eq, l, lt, b.CreateExtractValue(r, i), rt->elements()[i], loc));
        return op == CmpOp::In ? in : b.CreateNot(in);
    }
    if (lt->is_tuple() && rt->is_tuple() && op != CmpOp::Is && op != CmpOp::IsNot)
        return tuple_compare(op, l, lt, r, rt, loc);
    if (op == CmpOp::Is || op == CmpOp::IsNot) {
        // Only `x is None` has a meaning here, and it is known from the types.
        if (lt->is_none() || rt->is_none()) {
            bool same = lt->is_none() && rt->is_none();
            return b.getInt1(op == CmpOp::Is ? same : !same);
        }
        types::OpTypes is = types::compare_op_types(op, lt, rt);  // numbers: `==` of one type
        if (!is.operand) unsupported(loc, "'is' is only supported with None and between numbers");
        if (is.operand->is_none()) return b.getInt1(op == CmpOp::IsNot);
        op = op == CmpOp::Is ? CmpOp::Eq : CmpOp::Ne;
    }
    types::OpTypes ot = types::compare_op_types(op, lt, rt);
    if (!ot.operand)
        unsupported(loc, fmt::format("'{}' is not supported between {} and {}", spelling(op), lt->str(), rt->str()));
    if (lt->is_datetime_like()) return datetime_compare(b, op, l, lt, r, rt);  // dt64
    const Type* t = ot.operand;
    llvm::Value* a = convert_or_fail(l, lt, t, loc);
    llvm::Value* c = convert_or_fail(r, rt, t, loc);
    if (t->is_str()) return str_compare(op, a, c, loc);
    using P = llvm::CmpInst::Predicate;
    if (t->is_int() || t->is_bool()) {
        bool s = t->is_int() && t->is_signed();
        P p;
        switch (op) {
        case CmpOp::Lt: p = s ? P::ICMP_SLT : P::ICMP_ULT; break;
        case CmpOp::Le: p = s ? P::ICMP_SLE : P::ICMP_ULE; break;
        case CmpOp::Gt: p = s ? P::ICMP_SGT : P::ICMP_UGT; break;
        case CmpOp::Ge: p = s ? P::ICMP_SGE : P::ICMP_UGE; break;
        case CmpOp::Eq: p = P::ICMP_EQ; break;
        case CmpOp::Ne: p = P::ICMP_NE; break;
        default: unsupported(loc, fmt::format("'{}' is not supported here", spelling(op)));
        }
        return b.CreateICmp(p, a, c);
    }
    if (t->is_float()) {
        P p;
        switch (op) {
        case CmpOp::Lt: p = P::FCMP_OLT; break;
        case CmpOp::Le: p = P::FCMP_OLE; break;
        case CmpOp::Gt: p = P::FCMP_OGT; break;
        case CmpOp::Ge: p = P::FCMP_OGE; break;
        case CmpOp::Eq: p = P::FCMP_OEQ; break;
        case CmpOp::Ne: p = P::FCMP_UNE; break;
        default: unsupported(loc, fmt::format("'{}' is not supported here", spelling(op)));
        }
        return b.CreateFCmp(p, a, c);
    }
    if (t->is_complex() && (op == CmpOp::Eq || op == CmpOp::Ne)) {
        llvm::Value* re = b.CreateFCmpOEQ(b.CreateExtractValue(a, 0), b.CreateExtractValue(c, 0));
        llvm::Value* im = b.CreateFCmpOEQ(b.CreateExtractValue(a, 1), b.CreateExtractValue(c, 1));
        llvm::Value* eq = b.CreateAnd(re, im);
        return op == CmpOp::Eq ? eq : b.CreateNot(eq);
    }
    unsupported(loc, fmt::format("'{}' is not supported between {} and {}", spelling(op), lt->str(), rt->str()));
}

// (a0, a1, ...) op (c0, c1, ...) as Python and Numba's tupleobj.py compare them: == holds when
// the lengths and every pair agree; an ordering is decided by the first unequal pair, and by
// the lengths when one tuple is a prefix of the other.
llvm::Value* FunctionLowering::tuple_compare(CmpOp op, llvm::Value* l, const Type* lt, llvm::Value* r, const Type* rt,
                                             SourceLoc loc) {
    const size_t nl = lt->elements().size(), nr = rt->elements().size();
    if (op == CmpOp::Eq || op == CmpOp::Ne) {
        llvm::Value* eq = nl == nr ? b.getTrue() : b.getFalse();
        for (unsigned i = 0; nl == nr && i < nl; ++i)
            eq = b.CreateAnd(eq, compare_values(CmpOp::Eq, b.CreateExtractValue(l, i), lt->elements()[i],
                                                b.CreateExtractValue(r, i), rt->elements()[i], loc));
        return op == CmpOp::Eq ? eq : b.CreateNot(eq);
    }
    bool by_length = false;  // the answer when the common prefix is equal
    switch (op) {
    case CmpOp::Lt: by_length = nl < nr; break;
    case CmpOp::Le: by_length = nl <= nr; break;
    case CmpOp::Gt: by_length = nl > nr; break;
    case CmpOp::Ge: by_length = nl >= nr; break;
    default: unsupported(loc, fmt::format("'{}' is not supported between tuples", spelling(op)));
    }
    // At the first unequal pair, Lt/Le ask x < y and Gt/Ge ask x > y; fold from the last pair.
    const CmpOp strict = op == CmpOp::Lt || op == CmpOp::Le ? CmpOp::Lt : CmpOp::Gt;
    llvm::Value* result = b.getInt1(by_length);
    for (size_t i = std::min(nl, nr); i-- > 0;) {
        llvm::Value* x = b.CreateExtractValue(l, unsigned(i));
        llvm::Value* y = b.CreateExtractValue(r, unsigned(i));
        const Type* xt = lt->elements()[i];
        const Type* yt = rt->elements()[i];
        llvm::Value* eq = compare_values(CmpOp::Eq, x, xt, y, yt, loc);
        result = b.CreateSelect(eq, result, compare_values(strict, x, xt, y, yt, loc));
    }
    return result;
}

}  // namespace ujit::codegen
