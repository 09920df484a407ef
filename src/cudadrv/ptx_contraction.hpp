// Whether ptxas's full optimization level may fuse a multiply and an add that a PTX text
// leaves apart (`mul.f32` then `add.f32`, no rounding modifier): ptxas -O0 never contracts
// (its .text is the same with --fmad=true and false), the full level does, so such PTX run
// once at -O0 and then at the full level could give a first launch that differs in the last
// bit from the next ones. A tiered load (module_state.hpp) is only for PTX where this cannot
// happen. LLVM writes the fusions it makes as fma.rn, so what is left is a product LLVM kept
// for other uses; ptxas (CUDA 13, sm_90) contracts a product whose every reader is an add or
// subtract, even several of them, and not one that something else also reads (a store, a
// compare, an fma.rn): checked against ptxas itself by tests/unit/cudadrv/ptx_contraction_test.cpp.
#pragma once

#include <string>

namespace ujit::cuda::detail {

// True when some plain floating-point multiply's result is read only by plain adds and
// subtracts (or negations): a contraction ptxas may make at its full level and not at -O0.
// A register written more than once (a loop's or a branch's value) that a multiply writes
// and an add reads counts as such: which reader reads the product is not known here.
bool ptx_may_contract(const std::string& ptx);

}  // namespace ujit::cuda::detail
