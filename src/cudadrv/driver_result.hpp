// What a CUresult means, as text: the driver's error name and description, with cuda.h's
// names for the codes the driver leaves unnamed. Pure functions over the function table:
// formatting an error never changes any state (recovery is fault_check.hpp's job).
#pragma once

#include <string>

#include "cudadrv/driver_api.hpp"

namespace ujit::cuda {

// "CUDA_ERROR_OUT_OF_MEMORY (out of memory)", also for codes the driver does not name (the
// toolkit's stub library names none): those get cuda.h's enumerator name from a table.
std::string describe_result(const DriverApi& api, CUresult r);

// True for the errors after which the context cannot be used any more.
bool is_sticky_error(CUresult r);

// "error: CUDA error: cuMemAlloc (4096 bytes) failed: CUDA_ERROR_OUT_OF_MEMORY (out of memory)".
std::string format_driver_error(const DriverApi& api, CUresult r, const char* op, const std::string& detail);

}  // namespace ujit::cuda
