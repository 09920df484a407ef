// Checking a driver call where no recovery is wanted: the loader and the device contexts
// themselves (below fault_check.hpp, which resets a faulted context). A failure becomes a
// ujit::Error (Runtime) with the failed operation, the driver's error name and description.
#pragma once

#include <string>

#include "cudadrv/driver_api.hpp"

namespace ujit::cuda {

[[noreturn]] void throw_plain_driver_error(CUresult r, const char* op, const std::string& detail);

// describe_result() with the process-wide driver's table.
std::string describe_result(CUresult r);

inline void check_plain(CUresult r, const char* op) {
    if (r != CUDA_SUCCESS) [[unlikely]]
        throw_plain_driver_error(r, op, {});
}

// `detail()` is evaluated only on failure (sizes, names: "(4096 bytes)").
template <class DetailFn> inline void check_plain(CUresult r, const char* op, DetailFn&& detail) {
    if (r != CUDA_SUCCESS) [[unlikely]]
        throw_plain_driver_error(r, op, detail());
}

}  // namespace ujit::cuda
