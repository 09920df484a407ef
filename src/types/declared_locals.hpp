// Numba's locals= (`@njit(locals={'acc': float32})`): variables whose type the decorator
// declares. Every assignment to such a variable converts the value to that type (float64 ->
// float32, float -> int32 truncating, number -> bool), as Numba's locked type variables do;
// a value that cannot convert (a tuple into a float32, complex into a float, an array of
// another dtype) is Numba's TypingError "No conversion from X to Y for 'x'". All versions of
// the name (syntax/split_variables.hpp: x, x.1, x.2) and a parameter of that name take the
// type; a name the function never binds is ignored, as in Numba.
//
// Values are type objects (float32, numba.float32, types.int64, float32[:, ::1]) in a dict
// display or dict(x=...); a string ('float32') is also taken, where Numba fails with a bare
// AssertionError (docs/language.md), since the Python package spells the types that way.
#pragma once

#include <map>
#include <string>

namespace ujit::syntax {
struct FunctionDef;
}

namespace ujit::types {

class Type;
struct ModuleScope;

using DeclaredLocals = std::map<std::string, const Type*>;

// The locals= of `fn`'s @jit/@njit decorator; empty without one. Throws CompileError for a
// value that is not a dict of names to types.
DeclaredLocals parse_declared_locals(const syntax::FunctionDef& fn, const ModuleScope& m);

// The declared type of variable `name` (or of the name it is a version of), or null.
const Type* declared_local(const DeclaredLocals* locals, const std::string& name);

}  // namespace ujit::types
