// What LoadedModule and LoadedKernel hold: the PTX text and, per device, the loaded module
// and function with the context generation they were loaded in. A handle of an older
// generation (the context was reset after a fault) is reloaded from the PTX on next use.
#pragma once

#include <mutex>
#include <string>
#include <vector>

#include "cudadrv/device_context.hpp"
#include "cudadrv/driver_api.hpp"
#include "ujit/cuda.hpp"

namespace ujit::cuda::detail {

struct ModuleState {
    std::string ptx;
    struct PerDevice {
        CUmodule module = nullptr;
        uint64_t generation = 0;
    };
    std::mutex mutex;
    std::vector<PerDevice> devices;
    // @cuda.jit(shared_memory_carveout=): CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT,
    // set on the function each time it is loaded; kNoCarveout: left to the driver.
    static constexpr int kNoCarveout = -2;
    int carveout = kNoCarveout;  // indexed by ordinal
    ~ModuleState();
    // The module loaded in `dc`'s current context (loading it if needed). Locks `mutex`.
    CUmodule module_for(DeviceContext& dc);
};

struct KernelState {
    std::shared_ptr<ModuleState> module;
    std::string symbol;
    const char* interned_name = nullptr;  // for DeviceContext::last_kernel
    std::vector<KernelParam> params;
    struct PerDevice {
        CUfunction function = nullptr;
        uint64_t generation = 0;
        int max_threads_per_block = 0;
        size_t static_shared = 0;
        size_t dynamic_shared_allowed = 0;  // CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES set so far
    };
    // Unique per KernelState for the process's life (a freed kernel's address may be reused;
    // its id never is): the key of the per-thread fast path in function_for.
    const uint64_t id = next_id();
    std::mutex mutex;
    std::vector<PerDevice> devices;
    // @cuda.jit(shared_memory_carveout=): CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT,
    // set on the function each time it is loaded; kNoCarveout: left to the driver.
    static constexpr int kNoCarveout = -2;
    int carveout = kNoCarveout;
    // The function in `dc`'s current context with its attributes (loading if needed).
    PerDevice function_for(DeviceContext& dc);
    // Lets the function use `bytes` of dynamic shared memory beyond the default 48 KiB
    // (CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES), once per size increase.
    void allow_dynamic_shared(DeviceContext& dc, size_t bytes);

private:
    static uint64_t next_id();
};

// Launches with a ready kernelParams array (one pointer per PTX parameter) that the
// caller vouches matches the kernel: ujit's own launches whose parameters it built itself
// (GPU ufunc loops), without KernelArg conversion. Launch limits are still validated.
struct LaunchAccess {
    static void launch_prepared(const LoadedKernel& k, Dim3 grid, Dim3 block, void** params,
                                const LaunchOptions& options);
    // Sets the kernel's shared memory carveout (-1..100), before its first launch.
    static void prefer_shared_memory_carveout(const LoadedKernel& k, int percent);
};

// Loads PTX into the current context: its cubin from the disk cache when there is one
// (made and stored otherwise), else the PTX itself through load_ptx.
CUmodule load_module(const std::string& ptx, const DeviceContext& dc);
// Loads PTX into the current context, the JIT's error log in the error on failure.
CUmodule load_ptx(const std::string& ptx, const DeviceContext& dc);
// The .entry names of a PTX text (for "kernel not found" messages).
std::vector<std::string> ptx_entry_names(const std::string& ptx);

}  // namespace ujit::cuda::detail
