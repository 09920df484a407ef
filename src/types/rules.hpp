// Numba's typing rules as plain functions, shared by inference (which records result
// types) and codegen (which must convert operands to the same computation type).
// See ../shared/numba-notes.md for the facts these encode.
#pragma once

#include "syntax/ast.hpp"
#include "types/type.hpp"

namespace ujit::types {

// The type both operands are converted to before the operation, and the result type.
// e.g. int64 / int64 → {float64, float64}; float32 < int64 → {float64, bool};
// int32 + int32 → {int64, int64}. Null `result` means the operation is not defined
// for these types (the caller reports the error).
struct OpTypes {
    const Type* operand = nullptr;
    const Type* result = nullptr;
    // When set, the rhs is converted to this type instead of `operand`: float ** int keeps an
    // integer exponent (int64), like Numba.
    const Type* rhs_operand = nullptr;
};
OpTypes binary_op_types(syntax::BinOp op, const Type* lhs, const Type* rhs);
OpTypes compare_op_types(syntax::CmpOp op, const Type* lhs, const Type* rhs);
OpTypes unary_op_types(syntax::UnaryOp op, const Type* operand);
// The same where an operand is a str (str_rules.cpp): s + t, s * n and n * s (the count
// int64), comparisons and `in` of two strings, `not s`.
OpTypes str_binary_types(syntax::BinOp op, const Type* lhs, const Type* rhs);
OpTypes str_compare_types(syntax::CmpOp op, const Type* lhs, const Type* rhs);

// The same where an operand is a datetime64 or timedelta64 (datetime_rules.cpp).
OpTypes datetime_binary_types(syntax::BinOp op, const Type* lhs, const Type* rhs);
OpTypes datetime_compare_types(syntax::CmpOp op, const Type* lhs, const Type* rhs);
OpTypes datetime_unary_types(syntax::UnaryOp op, const Type* operand);

// NumPy/Numba promotion of two numeric types (the type both become in mixed arithmetic).
const Type* promote(const Type* a, const Type* b);
// Unification of a variable assigned `a` and `b` (numeric → promote; equal → same;
// tuples element-wise; else null).
const Type* unify(const Type* a, const Type* b);
// Whether a value of `from` may be implicitly converted to `to` when stored
// (assignment to a typed variable, array store, return): any numeric → numeric.
bool can_convert(const Type* from, const Type* to);

}  // namespace ujit::types
