// Numba's variable versions: a name assigned in several places is several variables when its
// assignments never meet at a use.
//
// Numba rewrites a function into SSA form before typing it, so `a = a.reshape(6)` then
// `a = a.reshape(3, 2)` gives two variables `a.1` and `a.2` of their own types (1-D, 2-D), and
// `x = 1; print(x); x = 2.5` prints `1`. Without versions every assignment of a name is one
// variable of one unified type: the first is a typing error and the second prints `1.0`.
//
// split_variables groups a name's definitions into webs: definitions that reach one use are
// one web (they must share a variable there), and the rest is apart. Each web is a variable;
// the one holding the parameter (or else the first in the source) keeps the name, the others
// are `name.1`, `name.2`... as Numba spells its versions. It works on the syntax tree before
// any typing: the renaming never changes what the function computes, only how finely its
// variables can be typed.
//
// Left whole (never split), where a name's flow is not plain to see from the tree: names an
// inner def or lambda mentions (a closure reads the enclosing variable by name), names bound
// inside a try statement (the handler can start from any point of the body), names bound by
// import or def, and comprehension variables (already the comprehension's own).
#pragma once

#include "syntax/ast.hpp"

#include <string>

namespace ujit::syntax {

// Renames the Name nodes of `def`'s body in place. Nested defs are split on their own (the
// parser calls this for each def as it is finished, the innermost first).
void split_variables(FunctionDef& def);

// The name a variable is a version of: `x` for `x.2` (and for `x`).
std::string unversioned_name(const std::string& variable);

}  // namespace ujit::syntax
