// What LoadedModule and LoadedKernel hold: the PTX text and, per device, the loaded module
// and function with the context generation they were loaded in. A handle of an older
// generation (the context was reset after a fault) is reloaded from the PTX on next use.
//
// Tiered loading (the cold compile, issue 22): PTX whose cubin is not in the disk cache is
// first loaded through the driver's JIT at ptxas -O0, which takes about half the time of the
// full level, while the worker thread (background_task.hpp) compiles the full level; that
// module replaces the quick one. Only a kernel's first launch may run the quick code: its
// second launch, and any attribute query, waits for the full module (or compiles it in place
// if the worker has not started it), so what a benchmark times after a warm-up call is always
// the fully optimized code. PTX where ptxas's full level would fuse a multiply-add that -O0
// leaves apart (ptx_contraction.hpp) loads at the full level at once, as it does with
// UJIT_CUDA_TIERED_JIT=0.
#pragma once

#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "cache/disk_cache.hpp"
#include "cudadrv/background_task.hpp"
#include "cudadrv/device_context.hpp"
#include "cudadrv/driver_api.hpp"
#include "ujit/cuda.hpp"

namespace ujit::cuda {
struct ArgRef;  // cudadrv/launch_params.hpp
}

namespace ujit::cuda::detail {

struct ModuleState : std::enable_shared_from_this<ModuleState> {
    std::string ptx;
    struct PerDevice {
        CUmodule module = nullptr;
        uint64_t generation = 0;
        // While `module` is the quick (-O0) one: the full-level compile that replaces it.
        std::shared_ptr<BackgroundTask> upgrade;
        std::vector<CUmodule> replaced;  // quick modules, unloaded with the state (kernels may still run)
    };
    std::mutex mutex;
    std::vector<PerDevice> devices;
    ~ModuleState();
    struct Current {
        CUmodule module = nullptr;
        std::shared_ptr<BackgroundTask> upgrade;  // set while `module` is the quick one
    };
    // The module loaded in `dc`'s current context (loading it if needed). Locks `mutex`.
    Current module_for(DeviceContext& dc);

private:
    // The worker's part of a tiered load: the full-level cubin (kept in the disk cache when
    // there is one), loaded and put in place of the quick module if the context is the same.
    void install_full_level(DeviceContext& dc, uint64_t generation, const std::optional<cache::DiskCache>& disk);
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
        CUmodule module = nullptr;          // the module `function` is from
        bool quick = false;                 // from the quick (-O0) module of a tiered load
        int quick_launches = 0;
    };
    // What the function is wanted for (tiered loading, see above): Resolve (a LoadedKernel
    // made) takes the quick code; Launch takes it for the first launch only; Full always
    // waits for the full level (attribute queries, a launch the quick code cannot take).
    enum class Use { Resolve, Launch, Full };
    // Unique per KernelState for the process's life (a freed kernel's address may be reused;
    // its id never is): the key of the per-thread fast path in function_for.
    const uint64_t id = next_id();
    std::mutex mutex;
    std::vector<PerDevice> devices;
    // @cuda.jit(shared_memory_carveout=): CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT,
    // set on the function each time it is loaded; kNoCarveout: left to the driver.
    static constexpr int kNoCarveout = -2;
    int carveout = kNoCarveout;
    // coop: every launch is cooperative (cuLaunchCooperativeKernel): the kernel synchronizes
    // its grid (cuda.cg.this_grid().sync()), which only such a launch makes possible.
    bool cooperative = false;
    // A debug=True kernel's module records its raises (codegen/kernel_raise.hpp): each launch
    // arms the record and reads it after the kernel (cudadrv/kernel_raised.hpp).
    bool records_raises = false;
    // The function in `dc`'s current context with its attributes (loading if needed).
    PerDevice function_for(DeviceContext& dc, Use use = Use::Full);
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
    // cuda::launch over borrowed arguments (cudadrv/launch_params.hpp), the same checks.
    static void launch(const LoadedKernel& k, Dim3 grid, Dim3 block, const ArgRef* args, size_t n,
                       const LaunchOptions& options);
    static void launch_prepared(const LoadedKernel& k, Dim3 grid, Dim3 block, void** params,
                                const LaunchOptions& options);
    // Sets the kernel's shared memory carveout (-1..100), before its first launch.
    static void prefer_shared_memory_carveout(const LoadedKernel& k, int percent);
    // Makes every launch of the kernel cooperative (KernelState::cooperative), before its first.
    static void launch_cooperatively(const LoadedKernel& k);
};

// Loads PTX into the current context: its cubin from the disk cache when there is one
// (made and stored otherwise), else the PTX itself through load_ptx.
CUmodule load_module(const std::string& ptx, const DeviceContext& dc);
// Loads PTX into the current context, the JIT's error log in the error on failure;
// ptxas_level 0-4 sets CU_JIT_OPTIMIZATION_LEVEL (-1: the driver's default, the highest).
CUmodule load_ptx(const std::string& ptx, const DeviceContext& dc, int ptxas_level = -1);
// Whether tiered loading is on (UJIT_CUDA_TIERED_JIT, default 1; read on each load).
bool tiered_jit_enabled();
// How many quick (-O0) loads this process made (tests: whether a load was tiered).
long quick_module_loads();
// The .entry names of a PTX text (for "kernel not found" messages).
std::vector<std::string> ptx_entry_names(const std::string& ptx);

}  // namespace ujit::cuda::detail
