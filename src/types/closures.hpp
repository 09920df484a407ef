// Inner functions (`def` inside a compiled function) and the locals they read from the
// function around them. Numba inlines such a closure where it is called, so it sees each
// captured variable's value at the call; ujit passes those values as hidden arguments after
// the explicit ones (one specialization per their types), which is the same as long as the
// closure does not escape, and Numba refuses escaping closures too.
#pragma once

#include "syntax/ast.hpp"

#include <string>
#include <vector>

namespace ujit::types {

// The names `def` reads that it does not bind itself (parameters, assignments, loop
// targets, its own inner defs), in order of first use; inner defs' free names count.
std::vector<std::string> free_names(const syntax::FunctionDef& def);

}  // namespace ujit::types
