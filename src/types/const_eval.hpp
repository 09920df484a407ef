// Compile-time evaluation of constant expressions with Numba's types: module constants
// (`SQRT_2PI = np.float32((2 * math.pi) ** 0.5)`, `TILE_DIM_PADDED = TILE_DIM + 1`),
// shared-array shapes and constant tuple indices.
#pragma once

#include "types/resolve.hpp"

#include <functional>
#include <optional>

namespace ujit::types {

// Resolves a bare name to what it denotes at module level (constant, namespace, dtype...).
using NameLookup = std::function<std::optional<Member>(const syntax::Name&)>;

// Whether a string literal is a constant. Numba freezes a module's global string and a
// parameter's default string (`G = 'abc'`, `def f(x, mode='valid')`) as it freezes numbers;
// a string a function binds to a local stays a value of its own (strings are not folded).
enum class ConstStrings { Refused, Allowed };

// Evaluates `e`; throws CompileError naming the construct when it is not constant.
// `context` says where the constant was needed ("a module-level constant").
ConstValue eval_const(const syntax::Expr* e, const NameLookup& lookup, const char* context,
                      ConstStrings strings = ConstStrings::Refused);

// Like eval_const, but returns nothing instead of throwing when `e` is not constant.
std::optional<ConstValue> try_eval_const(const syntax::Expr* e, const NameLookup& lookup,
                                         ConstStrings strings = ConstStrings::Refused);

// Converts a constant to another scalar type with Numba's (C's) semantics.
ConstValue convert_const(const ConstValue& v, const Type* to);

// What kind of expression `e` is, for messages: "a function call", "a list", ...
std::string describe_expr(const syntax::Expr* e);

}  // namespace ujit::types
