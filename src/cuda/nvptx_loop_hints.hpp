// Loop hints for the NVPTX optimizer: what LLVM should leave to ptxas.
//
// Runtime unrolling (a loop whose trip count is known only when it runs, such as a kernel's
// grid-stride loop) is ptxas's job, as it is in nvcc's pipeline: LLVM's NVPTX cost model
// unrolls such loops 8 ways and keeps a 64-bit address per copy alive across the loop, which
// took the grid-stride warp sum (tools/bench/bench_warp_reduce.py) from 24 to 40 registers per
// thread, too many for 2,048 threads on an SM: its 8-blocks-per-SM grid ran in two waves, 1.2x
// the CUDA C++ kernel on the H200, and 1.04x with the unrolling left to ptxas, which unrolls
// with the register budget in view. Loops with a constant trip count are still unrolled by LLVM.
#pragma once

#include <llvm/IR/Module.h>

namespace ujit::cuda {

// Marks every loop of every function defined in `m` `llvm.loop.unroll.runtime.disable`
// (inlining keeps the mark, so a device function's loops stay marked inside a kernel).
// Returns how many loops it marked.
int leave_runtime_unrolling_to_ptxas(llvm::Module& m);

}  // namespace ujit::cuda
