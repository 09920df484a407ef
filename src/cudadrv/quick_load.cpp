#include "cudadrv/quick_load.hpp"

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string_view>

#include "cudadrv/device_context.hpp"
#include "cudadrv/driver_loader.hpp"
#include "cudadrv/jit_warmup.hpp"
#include "cudadrv/module_state.hpp"
#include "cudadrv/ptx_routines.hpp"

namespace ujit::cuda::detail {
namespace {

std::atomic<long> g_routed{0};
// Set when the driver's linker refused the routines themselves (not a module's PTX): later
// quick loads go straight to the plain JIT instead of failing the same way each time.
std::atomic<bool> g_routines_refused{false};

bool routing_enabled() {
    const char* v = std::getenv("UJIT_CUDA_QUICK_ROUTINES");
    return !(v && std::strcmp(v, "0") == 0);
}

// The driver's link of the routed PTX with the routines at -O0, loaded; nullptr when a step
// fails (the plain quick load follows and reports the PTX's errors).
CUmodule link_routed(const std::string& routed, std::string_view routines) {
    wait_for_jit_warmup();
    const DriverApi& api = driver();
    CUjit_option options[] = {CU_JIT_OPTIMIZATION_LEVEL};
    void* values[] = {reinterpret_cast<void*>(uintptr_t(0))};
    CUlinkState state = nullptr;
    if (api.cuLinkCreate(1, options, values, &state) != CUDA_SUCCESS) return nullptr;
    CUmodule module = nullptr;
    void* image = nullptr;
    size_t size = 0;
    if (api.cuLinkAddData(state, CU_JIT_INPUT_CUBIN, const_cast<char*>(routines.data()), routines.size(),
                          "ujit_ptx_routines.cubin", 0, nullptr, nullptr) != CUDA_SUCCESS) {
        g_routines_refused.store(true, std::memory_order_relaxed);
    } else if (api.cuLinkAddData(state, CU_JIT_INPUT_PTX, const_cast<char*>(routed.c_str()), routed.size() + 1,
                                 "ujit.ptx", 0, nullptr, nullptr) == CUDA_SUCCESS &&
               api.cuLinkComplete(state, &image, &size) == CUDA_SUCCESS &&
               api.cuModuleLoadData(&module, image) == CUDA_SUCCESS) {
        api.cuLinkDestroy(state);
        return module;
    }
    api.cuLinkDestroy(state);
    return nullptr;
}

}  // namespace

CUmodule load_quick(const std::string& ptx, const DeviceContext& dc) {
    if (routing_enabled() && !g_routines_refused.load(std::memory_order_relaxed)) {
        std::string_view routines = embedded_ptx_routines(dc.info.arch());
        std::optional<std::string> routed;
        if (!routines.empty()) routed = route_expensive_instructions(ptx);
        if (routed) {
            if (CUmodule module = link_routed(*routed, routines)) {
                g_routed.fetch_add(1, std::memory_order_relaxed);
                return module;
            }
        }
    }
    return load_ptx(ptx, dc, 0);
}

long routed_quick_loads() { return g_routed.load(std::memory_order_relaxed); }

}  // namespace ujit::cuda::detail
