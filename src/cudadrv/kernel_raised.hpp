// The host's half of a debug=True kernel's raise on a GPU (codegen/kernel_raise.hpp): the
// record zeroed before the launch, read after it (which waits for the kernel, as numba-cuda's
// dispatcher does for debug kernels), its first raise thrown as numba-cuda's exception.
#pragma once

#include "cudadrv/driver_api.hpp"

#include <string>

namespace ujit::cuda {

// The module's raise record, its site zeroed on `stream` ahead of the launch; 0 when the
// module has none.
CUdeviceptr arm_raise_record(CUmodule module, CUstream stream);

// After the launch on `stream`: waits for it and throws ujit::Error (Runtime, with the
// raised class and message: runtime/kernel_raise_error.hpp) when a thread raised.
void throw_recorded_raise(CUmodule module, CUdeviceptr record, CUstream stream);

}  // namespace ujit::cuda
