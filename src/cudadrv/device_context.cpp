#include "cudadrv/device_context.hpp"

#include <deque>
#include <memory>
#include <set>
#include <string>

#include <fmt/format.h>

#include "cudadrv/driver_check.hpp"
#include "cudadrv/driver_loader.hpp"
#include "cudadrv/driver_result.hpp"
#include "cudadrv/jit_warmup.hpp"

namespace ujit::cuda {
namespace {

struct DeviceTable {
    std::mutex mutex;
    // Created on first use of each device; never destroyed (the driver may still reference
    // contexts while static destructors run).
    std::deque<std::unique_ptr<DeviceContext>> devices;
};

DeviceTable& table() {
    static DeviceTable* t = new DeviceTable;
    return *t;
}

thread_local int t_selected = 0;
// The selected device's state, cached so that the launch path takes no lock.
thread_local DeviceContext* t_selected_context = nullptr;
// The context this thread last made current, and the generation it had then.
thread_local CUcontext t_bound_context = nullptr;
thread_local uint64_t t_bound_generation = 0;

int attribute(const DriverApi& api, CUdevice dev, CUdevice_attribute a, const char* what) {
    int v = 0;
    check_plain(api.cuDeviceGetAttribute(&v, a, dev), "cuDeviceGetAttribute", [&] { return std::string(what); });
    return v;
}

DeviceInfo query_info(const DriverApi& api, int ordinal, CUdevice dev) {
    DeviceInfo info;
    info.ordinal = ordinal;
    char name[256] = {};
    check_plain(api.cuDeviceGetName(name, sizeof name - 1, dev), "cuDeviceGetName");
    info.name = name;
    info.cc_major = attribute(api, dev, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, "compute capability");
    info.cc_minor = attribute(api, dev, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, "compute capability");
    info.sm_count = attribute(api, dev, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, "SM count");
    info.warp_size = attribute(api, dev, CU_DEVICE_ATTRIBUTE_WARP_SIZE, "warp size");
    info.max_threads_per_block =
        attribute(api, dev, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK, "max threads per block");
    const CUdevice_attribute block[3] = {CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X, CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y,
                                         CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z};
    const CUdevice_attribute grid[3] = {CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X, CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y,
                                        CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z};
    for (int i = 0; i < 3; ++i) {
        info.max_block_dim[i] = attribute(api, dev, block[i], "max block dim");
        info.max_grid_dim[i] = attribute(api, dev, grid[i], "max grid dim");
    }
    info.shared_mem_per_block =
        size_t(attribute(api, dev, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK, "shared memory per block"));
    info.shared_mem_per_block_optin = size_t(
        attribute(api, dev, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, "opt-in shared memory per block"));
    check_plain(api.cuDeviceTotalMem(&info.total_memory, dev), "cuDeviceTotalMem");
    return info;
}

void check_ordinal(int ordinal) {
    int n = driver_load().device_count;
    if (ordinal < 0 || ordinal >= n)
        throw Error(Error::Kind::Argument, fmt::format("error: CUDA device {} does not exist ({} device{} present)",
                                                       ordinal, n, n == 1 ? "" : "s"));
}

[[noreturn]] void throw_unusable(const DeviceContext& dc) { throw Error(Error::Kind::Runtime, dc.unusable_message); }

}  // namespace

DeviceContext& device_context(int ordinal) {
    const DriverApi& api = driver();
    check_ordinal(ordinal);
    DeviceTable& t = table();
    std::lock_guard lock(t.mutex);
    while (int(t.devices.size()) <= ordinal) t.devices.push_back(nullptr);
    auto& slot = t.devices[size_t(ordinal)];
    if (!slot) {
        auto dc = std::make_unique<DeviceContext>();
        dc->ordinal = ordinal;
        check_plain(api.cuDeviceGet(&dc->device, ordinal), "cuDeviceGet");
        dc->info = query_info(api, ordinal, dc->device);
        check_plain(api.cuDevicePrimaryCtxRetain(&dc->context, dc->device), "cuDevicePrimaryCtxRetain",
                    [&] { return fmt::format("device {}", ordinal); });
        // The JIT's set-up begins beside whatever comes before this process's first PTX load.
        start_jit_warmup(dc->context, dc->info.cc_major * 10 + dc->info.cc_minor);
        slot = std::move(dc);
    }
    if (slot->unusable.load()) [[unlikely]]
        throw_unusable(*slot);
    return *slot;
}

void bind(DeviceContext& dc) {
    uint64_t gen = dc.generation.load(std::memory_order_acquire);
    if (t_bound_context == dc.context && t_bound_generation == gen) [[likely]]
        return;
    if (dc.unusable.load()) throw_unusable(dc);
    check_plain(driver().cuCtxSetCurrent(dc.context), "cuCtxSetCurrent",
                [&] { return fmt::format("device {}", dc.ordinal); });
    t_bound_context = dc.context;
    t_bound_generation = gen;
}

DeviceContext& bind() {
    DeviceContext* dc = t_selected_context;
    if (!dc || dc->ordinal != t_selected || dc->unusable.load(std::memory_order_relaxed)) [[unlikely]]
        t_selected_context = dc = &device_context(t_selected);
    bind(*dc);
    return *dc;
}

const char* intern_kernel_name(const std::string& name) {
    static std::mutex m;
    static auto* names = new std::set<std::string>;
    std::lock_guard lock(m);
    return names->insert(name).first->c_str();
}

std::string recover_from_fault() {
    // The context current on this thread is the one that reported the error.
    DeviceContext* dc = nullptr;
    {
        DeviceTable& t = table();
        std::lock_guard lock(t.mutex);
        for (auto& d : t.devices)
            if (d && d->context == t_bound_context) dc = d.get();
    }
    if (!dc) return "the CUDA context is unusable";
    const char* kernel = dc->last_kernel.load();
    std::string what =
        kernel ? fmt::format("kernel '{}' faulted (the last kernel launched on device {})", kernel, dc->ordinal)
               : fmt::format("a kernel faulted on device {}", dc->ordinal);
    std::lock_guard lock(dc->reset_mutex);
    const DriverApi& api = driver_load().api;
    // Everything of the old context is gone. Bumping the generation tells every object made
    // in it (pool blocks, modules, streams, events) not to use or free its handles; then the
    // primary context is reset and retained afresh.
    dc->generation.fetch_add(1, std::memory_order_acq_rel);
    // The faulted context must not stay current while it is reset. First the runtime API's
    // way (cudaDeviceReset: reset, keep ujit's reference), then dropping ujit's reference
    // too; the new context must pass a synchronize. Each step's result goes in the message.
    CUcontext ctx = nullptr;
    CUresult r = CUDA_SUCCESS;
    std::string steps;
    auto step = [&](const char* name, CUresult res) {
        steps += fmt::format("{}{} → {}", steps.empty() ? "" : ", ", name, describe_result(api, res));
        return res;
    };
    for (int attempt = 0; attempt < 2; ++attempt) {
        api.cuCtxSetCurrent(nullptr);
        if (attempt == 1) step("cuDevicePrimaryCtxRelease", api.cuDevicePrimaryCtxRelease(dc->device));
        step("cuDevicePrimaryCtxReset", api.cuDevicePrimaryCtxReset(dc->device));
        r = step("cuDevicePrimaryCtxRetain", api.cuDevicePrimaryCtxRetain(&ctx, dc->device));
        if (r == CUDA_SUCCESS) r = step("cuCtxSetCurrent", api.cuCtxSetCurrent(ctx));
        if (r == CUDA_SUCCESS) r = step("cuCtxSynchronize", api.cuCtxSynchronize());
        if (r == CUDA_SUCCESS) break;
    }
    if (r != CUDA_SUCCESS) {
        api.cuCtxSetCurrent(nullptr);
        t_bound_context = nullptr;
        dc->unusable_message =
            fmt::format("error: CUDA device {} is unusable: {}, and the driver refused a new context ({}); the driver "
                        "requires restarting the process after such a fault",
                        dc->ordinal, what, steps);
        dc->unusable.store(true);
        return what + "; device " + std::to_string(dc->ordinal) +
               " is unusable in this process from now on (the driver refused a new context)";
    }
    dc->context = ctx;
    t_bound_context = ctx;
    t_bound_generation = dc->generation.load();
    dc->last_kernel.store(nullptr);
    return what + "; the device's context was reset: device arrays, streams and events created "
                  "before are invalid";
}

// ------------------------------------------------------------------ public API

bool is_available() { return driver_load().state == DriverState::Available; }

std::string unavailable_reason() { return driver_load().reason; }

int device_count() { return is_available() ? driver_load().device_count : 0; }

int driver_version() {
    driver();
    return driver_load().driver_version;
}

std::string DeviceInfo::arch() const { return fmt::format("sm_{}{}", cc_major, cc_minor); }

DeviceInfo device_info(int ordinal) { return device_context(ordinal).info; }

DeviceInfo current_device_info() { return device_context(t_selected).info; }

void select_device(int ordinal) {
    DeviceContext& dc = device_context(ordinal);
    t_selected = ordinal;
    bind(dc);
}

int current_device() { return t_selected; }

}  // namespace ujit::cuda
