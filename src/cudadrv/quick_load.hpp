// A tiered load's quick module (module_state.hpp): the PTX JIT-compiled at -O0 for a kernel's
// first launch while the full level compiles on the worker thread. Where the PTX holds
// instructions ptxas expands at length (ptx_routines.hpp) and their routines are compiled for
// the device, the quick module is the PTX, those instructions made calls, linked with the
// routines by the driver's linker at -O0: gaussian_pdf's quick load 10.7 ms instead of 17.7
// (H200). The routines are compiled by NVRTC (-rdc, kept in the disk cache) on the worker
// thread once per architecture, from the second quick load that would use them on: a process
// that loads one kernel never pays NVRTC, nor waits for it at exit. Until they are ready, and
// wherever NVRTC or the linker is missing or fails, the quick module is the plain -O0 JIT.
// UJIT_CUDA_QUICK_ROUTINES=0 turns the routing off.
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

// Compiles the routines for `arch` now, on this thread, unless they are ready or failed
// before (tests, benchmarks). True when they are ready.
bool prepare_ptx_routines(const std::string& arch);

}  // namespace ujit::cuda::detail
