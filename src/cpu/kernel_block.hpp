// A CUDA kernel compiled for the CPU, one whole block per call: `<symbol>$cpu_block(args)`.
//
// Calling the kernel once per work-item costs a call, the unpacking of every argument and
// all of the kernel's set-up per thread, and hides from LLVM that neighbouring threads touch
// neighbouring elements. The block function instead runs the block's work-items as loops
// (x fastest) inside one function, with the kernel inlined and threadIdx the loop counters,
// so the loop vectorizer sees `out[blockIdx.x * blockDim.x + x] = ...` over x.
//
// Barriers by loop fission (as POCL and MCUDA do): each cuda.syncthreads() the kernel
// reaches exactly once per thread (not in a loop, on every path from entry to exit) ends
// one loop over the block's threads and starts the next, so every thread finishes the code
// before the barrier before any starts the code after it. A value a thread computes before
// a barrier and uses after it lives in a per-thread slot (an array indexed by the thread's
// linear index); values every thread shares (arguments, the block's indices, shared-array
// addresses) are hoisted out of the loops instead. Kernels this does not fit (barriers in
// loops or branches, syncthreads_count/and/or, recursion, large per-thread state across a
// barrier) keep the per-work-item entry and run as fibers (cpu/kernel_runtime.cpp).
#pragma once

#include <llvm/IR/Module.h>

#include <string>

namespace ujit::cpu {

// Adds `<symbol>$cpu_block`, a `void(void** args)` running the calling thread's block
// (ujit_rt_kernel_context(): its blockIdx, sizes and shared memory) over all of its
// work-items, built from `<symbol>$packed`. Returns null, leaving the module as it was,
// where the kernel does not fit (see above). Call before optimizing the module.
llvm::Function* emit_block_function(llvm::Module& m, const std::string& symbol);

inline std::string block_symbol(const std::string& symbol) { return symbol + "$cpu_block"; }

}  // namespace ujit::cpu
