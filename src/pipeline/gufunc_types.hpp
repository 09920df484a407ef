// Which typed loop a gufunc call runs and how the runtime sees its layout: shared by the
// host (api_gufunc.cpp) and GPU (api_cuda_gufunc.cpp) paths so both dispatch alike.
#pragma once

#include "pipeline/module_state.hpp"
#include "runtime/gufunc_exec.hpp"

#include <string>
#include <utility>
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

// The specialization key's constant core table (codegen/lower.hpp) for C-contiguous operands
// with these core sizes (by name; a size the layout fixes may be left out); for CUDA with the
// facts of aligned, non-overlapping device arrays (codegen/gufunc_facts.hpp).
std::vector<int64_t> contiguous_core_table(const syntax::FunctionDef* def, const types::GufuncLayout& l,
                                           const types::Signature& sig,
                                           const std::vector<std::pair<std::string, int64_t>>& sizes, bool cuda);

// The loop that gufunc_call and cuda::gufunc run for such operands (small cores get one
// for exactly their sizes): what `ujit llvm|asm|ptx --core m=2,n=2,p=2` dumps.
Specialization compile_gufunc_for_sizes(const Function& f, const std::string& signature,
                                        const std::vector<std::pair<std::string, int64_t>>& core_sizes,
                                        const Options& opts);

}  // namespace ujit::pipeline
