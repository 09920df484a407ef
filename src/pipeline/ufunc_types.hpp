// Which typed loop a ufunc call runs: shared by the CPU (api_ufunc.cpp) and GPU
// (api_cuda.cpp) ufunc paths so both dispatch exactly alike.
#pragma once

#include "pipeline/module_state.hpp"
#include "runtime/ufunc_dispatch.hpp"

#include <vector>

namespace ujit::pipeline {

struct LoopTypes {
    std::vector<const types::Type*> args;
    const types::Type* ret = nullptr;  // null: inferred
};

// Among the decorator's signatures by Numba's casting rules (Python scalars weaker than
// arrays), or the operands' own dtypes when the function declares none.
LoopTypes choose_loop_types(const detail::ModuleState& m, const syntax::FunctionDef* def,
                            const std::vector<runtime::UfuncOperand>& operands);

}  // namespace ujit::pipeline
