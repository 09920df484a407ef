// Cooperative launches (cuLaunchCooperativeKernel): every block of the grid resident on the
// device at once, the condition of a grid-wide barrier (numba.cuda.cg's g.sync()). The grid
// may have at most max_cooperative_blocks blocks; beyond, the driver refuses the launch with
// CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE, and the error says what the limit is.
#pragma once

#include "cudadrv/device_context.hpp"
#include "cudadrv/driver_api.hpp"
#include "ujit/cuda.hpp"

#include <string>

namespace ujit::cuda {

// cuOccupancyMaxActiveBlocksPerMultiprocessor × the device's multiprocessors, as Numba's
// max_cooperative_grid_blocks computes it (the block's threads counted in all dimensions).
int max_cooperative_blocks(const DeviceContext& dc, CUfunction f, Dim3 block, size_t dynamic_shared);

// cuLaunchCooperativeKernel on the bound context `dc`; `symbol` names the kernel in errors.
void launch_cooperative(const DeviceContext& dc, CUfunction f, const std::string& symbol, Dim3 grid, Dim3 block,
                        size_t shared_mem, CUstream stream, void** params);

}  // namespace ujit::cuda
