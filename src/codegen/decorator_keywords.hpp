// What a function's decorator says in its keywords, for the lowering decisions that depend on
// it per function, as Numba's do (types/decorators.cpp has already checked each keyword).
#pragma once

#include "syntax/ast.hpp"

namespace ujit::codegen {

// Whether keyword `name` of decorator call `c` is the literal `value`.
bool keyword_is(const syntax::Call& c, const char* name, bool value);

// Whether the decorator of `def` turns fastmath on: True, or a non-empty set or dict of flags
// (numba-cuda tests the option's truth: fastmath={'nnan'} counts).
bool requests_fastmath(const syntax::FunctionDef& def);

// Whether the decorator of `def` says error_model='numpy': a zero divisor gives NumPy's inf,
// nan or 0 instead of Python's ZeroDivisionError (Numba's error models).
bool numpy_error_model(const syntax::FunctionDef& def);

}  // namespace ujit::codegen
