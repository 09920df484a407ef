// cuda::launch of a @cuda.jit kernel over borrowed arguments (cudadrv/launch_params.hpp's
// ArgRef): the C API's launch reads its ujit_values where they are instead of building a
// KernelArg (a copy of each array's shape and strides) per argument per launch. The same
// dispatch, checks and host-device fallback as cuda::launch.
#pragma once

#include <cstddef>

#include "cudadrv/launch_params.hpp"
#include "ujit/cuda.hpp"

namespace ujit::cuda::detail {

void launch_borrowed(const Function& kernel, Dim3 grid, Dim3 block, const ArgRef* args, size_t n,
                     const LaunchOptions& options, const Options& compile = {});

}  // namespace ujit::cuda::detail
