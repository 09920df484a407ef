// Numba's typing of datetime64 / timedelta64 operators (numba/np/types/datetime.py): which
// unit a result has, and which operand units may meet at all. The operand type of the
// result is a placeholder: codegen/lower_datetime.cpp converts units itself.
#include "types/datetime_units.hpp"
#include "types/rules.hpp"

namespace ujit::types {

using syntax::BinOp;
using syntax::CmpOp;
using syntax::UnaryOp;

namespace {

// The unit two timedeltas meet at (the finer one, into which the other converts exactly).
std::optional<int> common_timedelta_unit(const Type* a, const Type* b) {
    if (can_cast_timedelta_units(a->time_unit(), b->time_unit())) return b->time_unit();
    if (can_cast_timedelta_units(b->time_unit(), a->time_unit())) return a->time_unit();
    return std::nullopt;
}

OpTypes same(const Type* t) { return {t, t}; }

// timedelta * number, number * timedelta; timedelta / number, timedelta // number.
bool is_scale(const Type* t) { return t->is_int() || t->is_float(); }

}  // namespace

OpTypes datetime_binary_types(BinOp op, const Type* lhs, const Type* rhs) {
    const bool tds = lhs->is_timedelta() && rhs->is_timedelta();
    switch (op) {
    case BinOp::Add:
    case BinOp::Sub: {
        if (tds) {
            std::optional<int> u = common_timedelta_unit(lhs, rhs);
            return u ? same(timedelta64(*u)) : OpTypes{};
        }
        const Type* dt = lhs->is_datetime() ? lhs : rhs;
        const Type* other = lhs->is_datetime() ? rhs : lhs;
        if (op == BinOp::Sub && lhs->is_datetime() && rhs->is_datetime())
            return same(timedelta64(finer_unit(lhs->time_unit(), rhs->time_unit())));
        // datetime ± timedelta, and timedelta + datetime
        if (!dt->is_datetime() || !other->is_timedelta() || (op == BinOp::Sub && !lhs->is_datetime())) return {};
        std::optional<int> u = combine_datetime_timedelta_units(dt->time_unit(), other->time_unit());
        return u ? same(datetime64(*u)) : OpTypes{};
    }
    case BinOp::Mul:
        if (lhs->is_timedelta() && is_scale(rhs)) return same(lhs);
        if (rhs->is_timedelta() && is_scale(lhs)) return same(rhs);
        return {};
    case BinOp::Div:
    case BinOp::FloorDiv:
        if (!lhs->is_timedelta()) return {};
        if (is_scale(rhs)) return same(lhs);
        if (!rhs->is_timedelta() || !common_timedelta_unit(lhs, rhs)) return {};
        // td / td is a float64; td // td NumPy's int64 (Numba types it float64 and then fails
        // to lower it: docs/differences.md)
        return {lhs, op == BinOp::Div ? float64() : int64()};
    default: return {};
    }
}

OpTypes datetime_compare_types(CmpOp op, const Type* lhs, const Type* rhs) {
    if (op == CmpOp::In || op == CmpOp::NotIn || op == CmpOp::Is || op == CmpOp::IsNot) return {};
    if (lhs->is_datetime() && rhs->is_datetime()) return {lhs, boolean()};  // every unit compares
    // timedeltas: units that convert (NumPy >= 1.25 refuses `==` of years and days too)
    if (lhs->is_timedelta() && rhs->is_timedelta() && common_timedelta_unit(lhs, rhs)) return {lhs, boolean()};
    return {};
}

OpTypes datetime_unary_types(UnaryOp op, const Type* operand) {
    if (operand->is_timedelta() && (op == UnaryOp::Neg || op == UnaryOp::Pos)) return same(operand);
    return {};
}

}  // namespace ujit::types
