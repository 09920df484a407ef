// Numba's dispatcher rule for calls and launches: of the declared signatures the argument
// types convert to, the one needing the fewest unsafe, then safe, then promoting conversions
// (types/overload_rating.hpp; two such are an ambiguity error); without one, a function
// that declares signatures rejects the call, except @jit which specializes.
#pragma once

#include "pipeline/module_state.hpp"

#include <vector>

namespace ujit::pipeline {

// The declared signature to compile, or null to specialize for `arg_types` themselves.
// Throws ujit::Error(Argument) when the declared signatures exclude these arguments.
const types::Signature* choose_signature(const detail::ModuleState& m, const syntax::FunctionDef* def,
                                         const std::vector<const types::Type*>& arg_types);

}  // namespace ujit::pipeline
