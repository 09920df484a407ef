// A tiered load's quick module (module_state.hpp): the PTX JIT-compiled at -O0 for a kernel's
// first launch while the full level compiles on the worker thread. Where the PTX holds
// instructions ptxas expands at length (ptx_routines.hpp) and the build embedded their
// routines for the device's architecture, the quick module is the PTX, those instructions
// made calls, linked with the routines by the driver's linker at -O0: gaussian_pdf's quick
// load 10.3-10.7 ms instead of 16.8-18.4 (H200). Where the linker refuses the routines (a
// driver older than the build's ptxas) or the link fails, the quick module is the plain -O0
// JIT, as it is with UJIT_CUDA_QUICK_ROUTINES=0.
#pragma once

#include <string>

#include "cudadrv/driver_api.hpp"

namespace ujit::cuda {
struct DeviceContext;
}

namespace ujit::cuda::detail {

// The quick module of `ptx` on `dc` (whose context is current). Throws ujit::Error as
// load_ptx does when the PTX does not compile.
CUmodule load_quick(const std::string& ptx, const DeviceContext& dc);

// How many quick loads linked the routines (tests: whether a load was routed).
long routed_quick_loads();

}  // namespace ujit::cuda::detail
