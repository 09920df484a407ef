// Random CUDA kernels for the differential fuzzer of the CPU kernel paths (kernel_paths.cpp).
//
// A small grammar of what the CPU's block-wide forms reason about: indexing, arithmetic on
// threadIdx/blockIdx/blockDim/gridDim and cuda.grid/gridsize, locals derived from them before
// a loop, grid-stride loops (in place or through locals, bounds that depend on the block,
// values carried between iterations), device functions that read the block, and barriers
// with shared memory (straight-line, in loops, syncthreads_count). Every kernel is race-free
// and deterministic on a GPU: a plain store goes only where one thread writes, everything
// else through integer cuda.atomic.add (order-independent), so any two correct ways to run
// it give the same arrays bit for bit.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace ujit::fuzz {

// One launch: out and acc are int64 arrays of `out_size`, x is int64 of `x_size`.
struct KernelLaunchShape {
    uint32_t grid[3] = {1, 1, 1};
    uint32_t block[3] = {1, 1, 1};
    int64_t out_size = 0;
    int64_t x_size = 0;
};

struct GeneratedKernel {
    std::string name;    // "kernel" + the suffix
    std::string source;  // the definitions (`@cuda.jit def NAME(out, acc, x)`, its device function), no imports
    std::vector<KernelLaunchShape> launches;  // a compile is dear, a launch cheap: several each
};

// The same seed gives the same kernel and launches. `suffix` goes on the names of its
// functions, so that many kernels can share one module (kernel_module_source).
GeneratedKernel generate_kernel(uint64_t seed, const std::string& suffix = "");

// A module defining every kernel (their suffixes must differ): a compile's fixed costs
// (a JIT session, the pass pipeline, the runtime library linked in) are paid once for all.
std::string kernel_module_source(const std::vector<GeneratedKernel>& kernels);

}  // namespace ujit::fuzz
