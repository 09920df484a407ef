// Which typed loop a gufunc call runs and how the runtime sees its layout: shared by the
// host (api_gufunc.cpp) and GPU (api_cuda_gufunc.cpp) paths so both dispatch alike.
#pragma once

#include "pipeline/module_state.hpp"
#include "runtime/gufunc_exec.hpp"

#include <vector>

namespace ujit::pipeline {

struct GufuncLoopChoice {
    const types::Signature* signature = nullptr;  // the declared signature chosen
    std::vector<DType> dtypes;                    // per operand (inputs..., outputs...): element dtype
    runtime::GufuncShape shape;
};

// Among the decorator's signatures by the input dtypes (exact match first, then the first
// to which every input casts safely; Python scalars are weaker than arrays).
GufuncLoopChoice choose_gufunc_loop(const detail::ModuleState& m, const syntax::FunctionDef* def,
                                    const std::vector<Value>& inputs);

// Inputs as arrays of the loop's dtypes: scalars become 0-d arrays, other dtypes are cast,
// an input the signature declares C-contiguous ('::1') is copied when it is not.
std::vector<ArrayRef> gufunc_inputs(const GufuncLoopChoice& c, const std::vector<Value>& inputs,
                                    std::vector<Array>& keep);

}  // namespace ujit::pipeline
