// Numba's typing of the operators on unicode_type (numba/cpython/unicode.py): the rows of
// rules.hpp's binary_op_types and compare_op_types where an operand is a str.
#include "types/rules.hpp"

namespace ujit::types {

using syntax::BinOp;
using syntax::CmpOp;

OpTypes str_binary_types(BinOp op, const Type* lhs, const Type* rhs) {
    if (op == BinOp::Add && lhs->is_str() && rhs->is_str()) return {lhs, lhs};
    if (op == BinOp::Mul) {  // s * n and n * s: the count as int64 (bool counts too, as in Python)
        bool count_right = lhs->is_str() && (rhs->is_int() || rhs->is_bool());
        bool count_left = rhs->is_str() && (lhs->is_int() || lhs->is_bool());
        if (count_right) return {lhs, lhs, int64()};
        if (count_left) return {int64(), rhs, rhs};
    }
    return {};
}

OpTypes str_compare_types(CmpOp op, const Type* lhs, const Type* rhs) {
    if (!lhs->is_str() || !rhs->is_str() || op == CmpOp::Is || op == CmpOp::IsNot) return {};
    return {lhs, boolean()};
}

}  // namespace ujit::types
