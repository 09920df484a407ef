// Finding and initializing the CUDA driver: dlopen(libcuda.so.1) on first use, the function
// table filled through cuGetProcAddress, cuInit, a device count. The outcome is a state that
// the rest of the library queries (is_available, unavailable_reason) instead of crashing.
#pragma once

#include <string>

#include "cudadrv/driver_api.hpp"

namespace ujit::cuda {

enum class DriverState {
    Available,
    Disabled,        // UJIT_DISABLE_CUDA=1
    LibraryMissing,  // dlopen failed
    SymbolMissing,   // the library lacks an entry point ujit needs (driver too old)
    InitFailed,      // cuInit (or a query right after it) failed
    NoDevice,        // the driver works but reports no device
};
const char* driver_state_name(DriverState s);

struct DriverLoad {
    DriverState state = DriverState::LibraryMissing;
    std::string reason;  // empty when Available
    DriverApi api;       // complete when Available (partially filled otherwise)
    void* handle = nullptr;
    int driver_version = 0;
    int device_count = 0;
};

// Loads `library` and initializes the driver. Never throws. `honour_disable_env` lets tests
// check a library while UJIT_DISABLE_CUDA is set. A failed load closes the library again.
DriverLoad load_driver(const std::string& library, bool honour_disable_env = true);

// The process-wide driver: load_driver("libcuda.so.1") once, on first use, thread-safe.
const DriverLoad& driver_load();
// The function table of the process-wide driver; throws ujit::Error (Runtime) with the
// reason when the driver is unavailable.
const DriverApi& driver();

}  // namespace ujit::cuda
