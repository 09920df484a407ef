// Turning a CUresult into ujit::Error: the failed operation, the driver's error name and its
// description. One check per driver call; the success path is one compare.
#pragma once

#include <string>

#include "cudadrv/driver_api.hpp"

namespace ujit::cuda {

// "CUDA error: cuMemAlloc (4096 bytes) failed: CUDA_ERROR_OUT_OF_MEMORY (out of memory)".
// A sticky error (a kernel fault) also names the last kernel launched on the device and
// resets the device's context so that ujit stays usable (see device_context.hpp).
[[noreturn]] void throw_driver_error(CUresult r, const char* op, const std::string& detail);

// "CUDA_ERROR_OUT_OF_MEMORY (out of memory)", also for codes the driver does not name (the
// toolkit's stub library names none): those get cuda.h's enumerator name from a table.
std::string describe_result(CUresult r);
std::string describe_result(const DriverApi& api, CUresult r);

// True for the errors after which the context cannot be used any more.
bool is_sticky_error(CUresult r);

inline void check(CUresult r, const char* op) {
    if (r != CUDA_SUCCESS) [[unlikely]]
        throw_driver_error(r, op, {});
}

// `detail()` is evaluated only on failure (sizes, names: "(4096 bytes)").
template <class DetailFn> inline void check(CUresult r, const char* op, DetailFn&& detail) {
    if (r != CUDA_SUCCESS) [[unlikely]]
        throw_driver_error(r, op, detail());
}

}  // namespace ujit::cuda
