#include "codegen/lower_datetime.hpp"

#include "syntax/internal_error.hpp"
#include "types/datetime_units.hpp"

namespace ujit::codegen {

using syntax::BinOp;
using syntax::CmpOp;
using types::Type;

namespace {

llvm::Value* k64(llvm::IRBuilder<>& b, int64_t v) { return b.getInt64(static_cast<uint64_t>(v)); }
llvm::Value* nat(llvm::IRBuilder<>& b) { return k64(b, types::kNaT); }
llvm::Value* not_nat(llvm::IRBuilder<>& b, llvm::Value* v) { return b.CreateICmpNE(v, nat(b)); }

int64_t factor(int from, int to) {
    std::optional<int64_t> f = types::unit_conversion_factor(from, to);
    if (!f) syntax::internal_error({}, "no exact conversion between the time units typing let meet");
    return *f;
}

llvm::Value* scale(llvm::IRBuilder<>& b, llvm::Value* v, int from, int to) {
    int64_t f = factor(from, to);
    return f == 1 ? v : b.CreateMul(v, k64(b, f));
}

// Python's floor division by a positive constant.
llvm::Value* floor_div(llvm::IRBuilder<>& b, llvm::Value* v, int64_t d) {
    llvm::Value* q = b.CreateSDiv(v, k64(b, d));
    llvm::Value* adjust = b.CreateICmpSLT(b.CreateSRem(v, k64(b, d)), k64(b, 0));
    return b.CreateSub(q, b.CreateZExt(adjust, b.getInt64Ty()));
}

// Days from 1970-01-01 to January 1st of the year `year` (counted from 1970): NumPy's
// get_datetimestruct_days, as Numba's year_to_days computes it (truncating divisions).
llvm::Value* year_to_days(llvm::IRBuilder<>& b, llvm::Value* year) {
    llvm::Value* days = b.CreateMul(year, k64(b, 365));
    // at or after 1970: leap days since 1968, less the centuries since 1900, plus 400s since 1600
    llvm::Value* from_1968 = b.CreateAdd(year, k64(b, 1));
    llvm::Value* after = b.CreateAdd(days, b.CreateSDiv(from_1968, k64(b, 4)));
    after = b.CreateSub(after, b.CreateSDiv(b.CreateAdd(from_1968, k64(b, 68)), k64(b, 100)));
    after = b.CreateAdd(after, b.CreateSDiv(b.CreateAdd(from_1968, k64(b, 368)), k64(b, 400)));
    // before 1970: the same counted back from 1972 and 2000
    llvm::Value* from_1972 = b.CreateSub(year, k64(b, 2));
    llvm::Value* before = b.CreateAdd(days, b.CreateSDiv(from_1972, k64(b, 4)));
    llvm::Value* from_2000 = b.CreateSub(from_1972, k64(b, 28));
    before = b.CreateSub(before, b.CreateSDiv(from_2000, k64(b, 100)));
    before = b.CreateAdd(before, b.CreateSDiv(from_2000, k64(b, 400)));
    return b.CreateSelect(b.CreateICmpSLT(year, k64(b, 0)), before, after);
}

llvm::Value* is_leap_year(llvm::IRBuilder<>& b, llvm::Value* year) {
    llvm::Value* y = b.CreateAdd(year, k64(b, 1970));
    llvm::Value* by4 = b.CreateICmpEQ(b.CreateAnd(y, k64(b, 3)), k64(b, 0));
    llvm::Value* not_by100 = b.CreateICmpNE(b.CreateSRem(y, k64(b, 100)), k64(b, 0));
    llvm::Value* by400 = b.CreateICmpEQ(b.CreateSRem(y, k64(b, 400)), k64(b, 0));
    return b.CreateAnd(by4, b.CreateOr(not_by100, by400));
}

// Days before month `m` (0..11) of a year: a select chain rather than a table, so no global
// constant (the same IR on both targets).
llvm::Value* days_before_month(llvm::IRBuilder<>& b, llvm::Value* m, llvm::Value* leap) {
    static const int64_t normal[12] = {0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334};
    llvm::Value* days = k64(b, 0);
    for (int i = 1; i < 12; ++i) days = b.CreateSelect(b.CreateICmpEQ(m, k64(b, i)), k64(b, normal[i]), days);
    // a leap year's February 29th moves every later month by one day
    llvm::Value* after_feb = b.CreateAnd(leap, b.CreateICmpSGE(m, k64(b, 2)));
    return b.CreateAdd(days, b.CreateZExt(after_feb, b.getInt64Ty()));
}

// A datetime's count in `src` as a count in `dest` (Numba's convert_datetime_for_arith):
// years and months go through days (or weeks) first, as a calendar says.
llvm::Value* convert_datetime(llvm::IRBuilder<>& b, llvm::Value* v, int src, int dest) {
    if (dest >= 2 && dest != types::kGenericUnit && (src == 0 || src == 1)) {
        llvm::Value* days;
        if (src == 0) {
            days = year_to_days(b, v);
        } else {
            llvm::Value* year = floor_div(b, v, 12);
            llvm::Value* month = b.CreateSub(v, b.CreateMul(year, k64(b, 12)));
            days = b.CreateAdd(year_to_days(b, year), days_before_month(b, month, is_leap_year(b, year)));
        }
        if (dest == 2) return floor_div(b, days, 7);
        src = 4;
        v = days;
    }
    return scale(b, v, src, dest);
}

// A float's value as a timedelta count: NaN is NaT (fptosi of NaN is poison).
llvm::Value* float_to_timedelta(llvm::IRBuilder<>& b, llvm::Value* f) {
    llvm::Value* is_nan = b.CreateFCmpUNO(f, f);
    return b.CreateSelect(is_nan, nat(b), b.CreateFPToSI(f, b.getInt64Ty()));
}

// A number operand of timedelta * n or timedelta / n: ints as int64 (Numba's), floats kept.
llvm::Value* as_scale(llvm::IRBuilder<>& b, llvm::Value* v, const Type* t) {
    if (t->is_float()) return v;
    return t->is_signed() ? b.CreateSExt(v, b.getInt64Ty()) : b.CreateZExt(v, b.getInt64Ty());
}

// timedelta * n, timedelta / n and timedelta // n (both truncate, as Numba's sdiv does).
llvm::Value* timedelta_by_number(llvm::IRBuilder<>& b, bool multiply, llvm::Value* td, llvm::Value* n, const Type* nt) {
    n = as_scale(b, n, nt);
    llvm::Value* ok = not_nat(b, td);
    llvm::Value* v;
    if (nt->is_float()) {
        llvm::Value* x = b.CreateSIToFP(td, n->getType());
        if (!multiply)  // a zero or NaN divisor is NaT
            ok = b.CreateAnd(ok, b.CreateFCmpONE(n, llvm::ConstantFP::get(n->getType(), 0.0)));
        v = float_to_timedelta(b, multiply ? b.CreateFMul(x, n) : b.CreateFDiv(x, n));
    } else if (multiply) {
        v = b.CreateMul(td, n);
    } else {
        ok = b.CreateAnd(ok, b.CreateICmpNE(n, k64(b, 0)));
        // NaT / -1 would overflow (a trap on x86): such operands never reach the division
        v = b.CreateSDiv(b.CreateSelect(ok, td, k64(b, 0)), b.CreateSelect(ok, n, k64(b, 1)));
    }
    return b.CreateSelect(ok, v, nat(b));
}

// Two timedeltas as counts of one unit (Numba's normalize_timedeltas).
std::pair<llvm::Value*, llvm::Value*> normalize(llvm::IRBuilder<>& b, llvm::Value* l, int lu, llvm::Value* r, int ru) {
    if (types::unit_conversion_factor(lu, ru)) return {scale(b, l, lu, ru), r};
    return {l, scale(b, r, ru, lu)};
}

// td // td: NumPy's floor division; 0 where an operand is NaT or the divisor 0.
llvm::Value* timedelta_floor_div(llvm::IRBuilder<>& b, llvm::Value* l, llvm::Value* r) {
    llvm::Value* ok = b.CreateAnd(b.CreateAnd(not_nat(b, l), not_nat(b, r)), b.CreateICmpNE(r, k64(b, 0)));
    llvm::Value* x = b.CreateSelect(ok, l, k64(b, 0));
    llvm::Value* y = b.CreateSelect(ok, r, k64(b, 1));
    llvm::Value* q = b.CreateSDiv(x, y);
    llvm::Value* rem = b.CreateSRem(x, y);
    llvm::Value* adjust = b.CreateAnd(b.CreateICmpNE(rem, k64(b, 0)),
                                      b.CreateICmpNE(b.CreateICmpSLT(rem, k64(b, 0)), b.CreateICmpSLT(y, k64(b, 0))));
    return b.CreateSelect(ok, b.CreateSub(q, b.CreateZExt(adjust, b.getInt64Ty())), k64(b, 0));
}

}  // namespace

llvm::Value* datetime_binary(llvm::IRBuilder<>& b, BinOp op, llvm::Value* l, const Type* lt, llvm::Value* r,
                             const Type* rt, const Type* result) {
    if (op == BinOp::Mul)
        return lt->is_timedelta() ? timedelta_by_number(b, true, l, r, rt) : timedelta_by_number(b, true, r, l, lt);
    if ((op == BinOp::Div || op == BinOp::FloorDiv) && !rt->is_timedelta())
        return timedelta_by_number(b, false, l, r, rt);
    llvm::Value* both = b.CreateAnd(not_nat(b, l), not_nat(b, r));
    if (op == BinOp::Div || op == BinOp::FloorDiv) {
        auto [x, y] = normalize(b, l, lt->time_unit(), r, rt->time_unit());
        if (op == BinOp::FloorDiv) return timedelta_floor_div(b, x, y);
        llvm::Value* q = b.CreateFDiv(b.CreateSIToFP(x, b.getDoubleTy()), b.CreateSIToFP(y, b.getDoubleTy()));
        return b.CreateSelect(both, q, llvm::ConstantFP::getNaN(b.getDoubleTy()));
    }
    if (op != BinOp::Add && op != BinOp::Sub) syntax::internal_error({}, "datetime operator typing did not allow");
    const int unit = result->time_unit();
    // each operand in the result's unit: a datetime by the calendar, a timedelta by a factor
    auto in_unit = [&](llvm::Value* v, const Type* t) {
        return t->is_datetime() ? convert_datetime(b, v, t->time_unit(), unit) : scale(b, v, t->time_unit(), unit);
    };
    llvm::Value* x = in_unit(l, lt);
    llvm::Value* y = in_unit(r, rt);
    return b.CreateSelect(both, op == BinOp::Add ? b.CreateAdd(x, y) : b.CreateSub(x, y), nat(b));
}

llvm::Value* datetime_compare(llvm::IRBuilder<>& b, CmpOp op, llvm::Value* l, const Type* lt, llvm::Value* r,
                              const Type* rt) {
    llvm::Value *x, *y;
    if (lt->is_datetime()) {
        int unit = types::finer_unit(lt->time_unit(), rt->time_unit());
        x = convert_datetime(b, l, lt->time_unit(), unit);
        y = convert_datetime(b, r, rt->time_unit(), unit);
    } else {
        std::tie(x, y) = normalize(b, l, lt->time_unit(), r, rt->time_unit());
    }
    using P = llvm::CmpInst::Predicate;
    P p;
    switch (op) {
    case CmpOp::Lt: p = P::ICMP_SLT; break;
    case CmpOp::Le: p = P::ICMP_SLE; break;
    case CmpOp::Gt: p = P::ICMP_SGT; break;
    case CmpOp::Ge: p = P::ICMP_SGE; break;
    case CmpOp::Eq: p = P::ICMP_EQ; break;
    case CmpOp::Ne: p = P::ICMP_NE; break;
    default: syntax::internal_error({}, "datetime comparison typing did not allow");
    }
    llvm::Value* both = b.CreateAnd(not_nat(b, l), not_nat(b, r));
    return b.CreateSelect(both, b.CreateICmp(p, x, y), b.getInt1(op == CmpOp::Ne));
}

llvm::Value* datetime_unary(llvm::IRBuilder<>& b, syntax::UnaryOp op, llvm::Value* v) {
    return op == syntax::UnaryOp::Neg ? b.CreateNeg(v) : v;  // -NaT wraps to NaT
}

llvm::Value* timedelta_abs(llvm::IRBuilder<>& b, llvm::Value* v) {
    return b.CreateSelect(b.CreateICmpSLT(v, k64(b, 0)), b.CreateNeg(v), v);  // |NaT| wraps to NaT
}

llvm::Value* is_nat(llvm::IRBuilder<>& b, llvm::Value* v) { return b.CreateICmpEQ(v, nat(b)); }

llvm::Value* datetime_min_max(llvm::IRBuilder<>& b, bool is_max, llvm::Value* x, llvm::Value* y) {
    // Python's min/max keep the first unless the second is strictly better; with NaT no
    // comparison holds, so x stays.
    llvm::Value* better =
        b.CreateAnd(b.CreateAnd(not_nat(b, x), not_nat(b, y)), is_max ? b.CreateICmpSGT(y, x) : b.CreateICmpSLT(y, x));
    return b.CreateSelect(better, y, x);
}

}  // namespace ujit::codegen
