// Checking a driver call made in a device context: the check every file above the device
// contexts uses (memory, modules, launches, streams). A sticky error (a kernel fault, which
// any later call may be the first to report) first resets the context (recover_from_fault
// in device_context.hpp) and then says in the message what happened to the device.
#pragma once

#include <string>

#include "cudadrv/driver_api.hpp"

namespace ujit::cuda {

[[noreturn]] void throw_driver_error(CUresult r, const char* op, const std::string& detail);

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
