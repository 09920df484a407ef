// Numba freezes the constants a closure captures: a local of the enclosing def assigned once, to
// a literal (`k = 3`, `s = 'x'`, `c = -1.5`), is that literal inside the inner defs and lambdas
// that read it (Numba's make_function with constant free variables). Such a closure captures
// nothing more, so it may escape: be passed to another compiled function and called there, as
// Numba allows; a capture of anything else stays a variable passed at each call, and escaping
// with it is Numba's error (types/infer_closures.cpp).
//
// Run on a def when the parser finishes it, before split_variables (the literal no longer
// mentions the name, so the enclosing def's variable may then split).
#pragma once

#include "syntax/ast.hpp"

#include <string>

namespace ujit::syntax {

// Replaces, in the inner defs and lambdas of `def` (at any depth, where no inner scope binds
// the name again), each read of a constant local of `def` by a copy of its literal, made in
// `module`.
void freeze_constant_captures(FunctionDef& def, Module& module);

// How many times `def` binds `name` in its own scope (parameters, assignment and loop targets,
// defs, imports): a captured name bound more than once is no constant, as Numba says.
int bindings_of(const FunctionDef& def, const std::string& name);

}  // namespace ujit::syntax
