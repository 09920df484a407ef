// `ujit run` on the GPU: launch configurations (--launch GRID,BLOCK), @cuda.jit kernels
// launched over host arguments (--save DIR), and @vectorize ufuncs on CUDA, with the CPU
// fallback for ufuncs where no CUDA device is usable.
#pragma once

#include "args.hpp"
#include "run_values.hpp"

#include "ujit/cuda.hpp"
#include "ujit/ujit.hpp"

#include <span>
#include <string>
#include <vector>

namespace ujit::cli {

struct LaunchConfig {
    ujit::cuda::Dim3 grid, block;
};

// "256,128", "32x32,8x8", "4x4x2,8x8x4": GRID,BLOCK, each 1 to 3 dimensions joined by 'x',
// every dimension an integer from 1 to 2^32-1. UsageError naming the faulty part otherwise.
// (The device's own limits are checked by the launch.)
LaunchConfig parse_launch(const std::string& text);

// Launches the @cuda.jit kernel `f` with --launch (required), ARGs from the command line
// (host arrays copied to the device and back, scalars converted; --sig converts them to its
// argument types first) and writes each array argument to --save DIR as DIR/PARAM.npy.
// `on_cpu` (--target cpu), or no usable CUDA device (after a note on stderr): the kernel
// compiled for the CPU runs on the host arrays (ujit::cuda::launch_cpu).
// `words` are the ARGs; they are read after the command line is checked.
int run_kernel(const ujit::Function& f, std::span<const std::string> words, const ParsedArgs& args, bool on_cpu);

// Applies the @vectorize ufunc `f` on the GPU (ujit::cuda::vectorize), or, where no CUDA
// device is usable, on the CPU after a note on stderr. The result as the CPU path gives it.
ujit::Array apply_ufunc_cuda(const ujit::Function& f, const std::vector<ujit::Value>& inputs);

}  // namespace ujit::cli
