#include "cudadrv/quick_load.hpp"

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <optional>

#include "cudadrv/background_task.hpp"
#include "cudadrv/device_context.hpp"
#include "cudadrv/driver_loader.hpp"
#include "cudadrv/jit_warmup.hpp"
#include "cudadrv/module_state.hpp"
#include "cudadrv/ptx_routines.hpp"
#include "cudalink/nvrtc_compile.hpp"
#include "ujit/ujit.hpp"

namespace ujit::cuda::detail {
namespace {

// The routines' relocatable cubin for one architecture.
struct Routines {
    enum class State { Unasked, Building, Ready, Failed };
    State state = State::Unasked;
    std::string cubin;
};

struct RoutinesByArch {
    std::mutex mutex;
    std::map<std::string, Routines> by_arch;
    int routable_loads = 0;  // quick loads that would have linked routines
};

RoutinesByArch& routines() {
    static RoutinesByArch* r = new RoutinesByArch;  // never destroyed: the worker may use it at exit
    return *r;
}

std::atomic<long> g_routed{0};

bool routing_enabled() {
    const char* v = std::getenv("UJIT_CUDA_QUICK_ROUTINES");
    return !(v && std::strcmp(v, "0") == 0);
}

// Whether the driver links at all (the test suite's fake driver does not): no NVRTC compile
// for a linker that would refuse its cubin.
bool driver_links() {
    const DriverApi& api = driver();
    CUlinkState state = nullptr;
    if (api.cuLinkCreate(0, nullptr, nullptr, &state) != CUDA_SUCCESS) return false;
    api.cuLinkDestroy(state);
    return true;
}

// NVRTC's cubin of the routines for `arch`, or nullopt when it cannot make one.
std::optional<std::string> compile_routines(const std::string& arch) {
    cudalink::CudaCompileOptions options;
    options.arch = arch;
    options.output = cudalink::CudaOutput::Cubin;
    options.relocatable = true;
    try {
        return cudalink::compile_cuda({ptx_routines_source(), "ujit_ptx_routines.cu"}, options);
    } catch (const Error&) {
        return std::nullopt;  // no NVRTC, or one that does not know the architecture
    }
}

void finish(const std::string& arch, std::optional<std::string> cubin) {
    std::lock_guard lock(routines().mutex);
    Routines& r = routines().by_arch[arch];
    r.state = cubin ? Routines::State::Ready : Routines::State::Failed;
    if (cubin) r.cubin = std::move(*cubin);
}

// The routines' cubin for `arch` when ready. Counts a routable load, and at the second one
// queues their compile on the worker thread.
std::optional<std::string> ready_routines(const std::string& arch) {
    RoutinesByArch& all = routines();
    std::unique_lock lock(all.mutex);
    Routines& r = all.by_arch[arch];
    if (r.state == Routines::State::Ready) return r.cubin;
    if (r.state != Routines::State::Unasked || ++all.routable_loads < 2) return std::nullopt;
    r.state = Routines::State::Building;
    lock.unlock();
    if (!driver_links()) {
        finish(arch, std::nullopt);
        return std::nullopt;
    }
    BackgroundTask::start(std::make_shared<BackgroundTask>([arch] { finish(arch, compile_routines(arch)); }));
    return std::nullopt;
}

// The driver's link of the routed PTX with the routines at -O0, loaded; nullptr when a step
// fails (the plain quick load follows and reports the PTX's errors).
CUmodule link_routed(const std::string& routed, const std::string& cubin) {
    wait_for_jit_warmup();
    const DriverApi& api = driver();
    CUjit_option options[] = {CU_JIT_OPTIMIZATION_LEVEL};
    void* values[] = {reinterpret_cast<void*>(uintptr_t(0))};
    CUlinkState state = nullptr;
    if (api.cuLinkCreate(1, options, values, &state) != CUDA_SUCCESS) return nullptr;
    CUmodule module = nullptr;
    void* image = nullptr;
    size_t size = 0;
    if (api.cuLinkAddData(state, CU_JIT_INPUT_PTX, const_cast<char*>(routed.c_str()), routed.size() + 1, "ujit.ptx", 0,
                          nullptr, nullptr) != CUDA_SUCCESS ||
        api.cuLinkAddData(state, CU_JIT_INPUT_CUBIN, const_cast<char*>(cubin.data()), cubin.size(),
                          "ujit_ptx_routines.cubin", 0, nullptr, nullptr) != CUDA_SUCCESS ||
        api.cuLinkComplete(state, &image, &size) != CUDA_SUCCESS ||
        api.cuModuleLoadData(&module, image) != CUDA_SUCCESS)
        module = nullptr;
    api.cuLinkDestroy(state);
    return module;
}

}  // namespace

CUmodule load_quick(const std::string& ptx, const DeviceContext& dc) {
    if (routing_enabled()) {
        if (std::optional<std::string> routed = route_expensive_instructions(ptx)) {
            if (std::optional<std::string> cubin = ready_routines(dc.info.arch())) {
                if (CUmodule module = link_routed(*routed, *cubin)) {
                    g_routed.fetch_add(1, std::memory_order_relaxed);
                    return module;
                }
            }
        }
    }
    return load_ptx(ptx, dc, 0);
}

long routed_quick_loads() { return g_routed.load(std::memory_order_relaxed); }

bool prepare_ptx_routines(const std::string& arch) {
    {
        std::lock_guard lock(routines().mutex);
        Routines& r = routines().by_arch[arch];
        if (r.state == Routines::State::Ready) return true;
        if (r.state == Routines::State::Failed) return false;
    }
    std::optional<std::string> cubin = compile_routines(arch);
    bool ok = cubin.has_value();
    finish(arch, std::move(cubin));
    return ok;
}

}  // namespace ujit::cuda::detail
