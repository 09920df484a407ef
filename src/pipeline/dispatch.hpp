// Numba's dispatcher rule for calls and launches: a declared signature that accepts the
// argument types wins (exact match first, then numeric conversions); without one, a
// function that declares signatures rejects the call, except @jit which specializes.
#pragma once

#include "pipeline/module_state.hpp"

#include <vector>

namespace ujit::pipeline {

// The declared signature to compile, or null to specialize for `arg_types` themselves.
// Throws ujit::Error(Argument) when the declared signatures exclude these arguments.
const types::Signature* choose_signature(const detail::ModuleState& m, const syntax::FunctionDef* def,
                                         const std::vector<const types::Type*>& arg_types);

}  // namespace ujit::pipeline
