// The NumPy functions and array methods that make new arrays (np.empty, np.arange, a.copy(),
// a.astype(...), ...): which builtins they are, and how a call's arguments bind to their
// parameters (positional, then keywords, as Python binds them). Typing is
// types/infer_alloc.cpp, lowering nplib/lower_constructors.cpp; both bind through here.
#pragma once

#include "syntax/ast.hpp"
#include "types/type.hpp"

#include <string>
#include <vector>

namespace ujit::nplib {

// Is `id` a function or method that returns a new array (of the constructors above)?
bool is_array_constructor(types::BuiltinId id);

// The parameters of constructor `id`, as NumPy names them ("shape", "dtype").
const std::vector<std::string>& constructor_params(types::BuiltinId id);

// The argument bound to each parameter (null where left out). *error is set for an unknown
// or repeated keyword or too many arguments (with *where its location).
std::vector<const syntax::Expr*> bind_arguments(const syntax::Call* c, const std::vector<std::string>& params,
                                                std::string* error, syntax::SourceLoc* where);

// The default dtype of constructor `id` when dtype= is left out: float64 for empty, zeros,
// ones, eye, identity; null where it comes from the arguments (full, *_like, arange, array).
const types::Type* default_dtype(types::BuiltinId id);

// The error for allocation in CUDA code (`what`: "np.zeros()", "this array expression").
std::string cuda_allocation_error(const std::string& what);

}  // namespace ujit::nplib
