// cuda::launch of a @cuda.jit kernel over borrowed arguments (cudadrv/launch_params.hpp's
// ArgRef): the C API's launch reads its ujit_values where they are instead of building a
// KernelArg (a copy of each array's shape and strides) per argument per launch. The same
// dispatch and checks as cuda::launch on a CUDA device; on the host device it launches
// nothing and returns false: the CPU's launch takes KernelArgs (whose DeviceArrays tell GPU
// memory from the host device's, which an ArgRef does not).
#pragma once

#include <cstddef>

#include "cudadrv/launch_params.hpp"
#include "ujit/cuda.hpp"

namespace ujit::cuda::detail {

bool launch_borrowed(const Function& kernel, Dim3 grid, Dim3 block, const ArgRef* args, size_t n,
                     const LaunchOptions& options, const Options& compile = {});

}  // namespace ujit::cuda::detail
