// The arguments of a str method call in parameter order, keywords put in their place:
// split/rsplit(sep, maxsplit) and splitlines(keepends) take keywords, as Numba's overloads
// do (`s.split(",", maxsplit=1)`). Typing (infer_str.cpp) and lowering (lower_str_split.cpp)
// read the call through this, so both see the same argument in each place.
#pragma once

#include "syntax/ast.hpp"
#include "types/builtins.hpp"

#include <string>
#include <vector>

namespace ujit::types {

bool str_method_takes_keywords(BuiltinId id);

// One entry per parameter of the method: the argument's expression, or null where it is left
// out. A keyword that names no parameter, or a parameter given twice, is `*error` at `*at`
// (the result is then empty).
std::vector<const syntax::Expr*> str_method_args(const syntax::Call* c, BuiltinId id, std::string* error,
                                                 syntax::SourceLoc* at);

}  // namespace ujit::types
