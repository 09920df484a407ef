#include "cudadrv/driver_loader.hpp"

#include "cudadrv/driver_result.hpp"

#include <dlfcn.h>

#include <cstdlib>
#include <cstring>
#include <mutex>

#include "ujit/ujit.hpp"

// The versioned name cuda.h maps an API name to ("cuMemAlloc" → "cuMemAlloc_v2").
#define UJIT_CUDA_STRINGIFY_EXPANDED(x) UJIT_CUDA_STRINGIFY(x)
#define UJIT_CUDA_STRINGIFY(x) #x

namespace ujit::cuda {
namespace {

// cuGetProcAddress_v2's prototype (cuda.h only declares it through the macro).
using GetProcAddressFn = CUresult (*)(const char*, void**, int, cuuint64_t, CUdriverProcAddressQueryResult*);

bool disabled_by_env() {
    const char* v = std::getenv("UJIT_DISABLE_CUDA");
    return v && *v && std::strcmp(v, "0") != 0;
}

std::string result_text(const DriverApi& api, CUresult r) { return describe_result(api, r); }

DriverLoad fail(DriverLoad&& d, DriverState state, std::string reason) {
    d.state = state;
    d.reason = std::move(reason);
    if (d.handle) dlclose(d.handle);
    d.handle = nullptr;
    d.api = DriverApi{};
    return std::move(d);
}

template <class Fn> bool load_direct(void* handle, const char* symbol, Fn& slot) {
    slot = reinterpret_cast<Fn>(dlsym(handle, symbol));
    return slot != nullptr;
}

}  // namespace

const char* driver_state_name(DriverState s) {
    switch (s) {
    case DriverState::Available: return "available";
    case DriverState::Disabled: return "disabled";
    case DriverState::LibraryMissing: return "library missing";
    case DriverState::SymbolMissing: return "symbol missing";
    case DriverState::InitFailed: return "init failed";
    case DriverState::NoDevice: return "no device";
    }
    return "unknown";
}

DriverLoad load_driver(const std::string& library, bool honour_disable_env) {
    DriverLoad d;
    if (honour_disable_env && disabled_by_env())
        return fail(std::move(d), DriverState::Disabled, "CUDA is disabled by UJIT_DISABLE_CUDA=1");

    d.handle = dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!d.handle) {
        const char* why = dlerror();
        return fail(std::move(d), DriverState::LibraryMissing,
                    "the CUDA driver library " + library + " could not be loaded (" + (why ? why : "unknown reason") +
                        "); is the NVIDIA driver installed?");
    }

    // The few entry points needed before cuInit come straight from the library.
    GetProcAddressFn get_proc = nullptr;
    load_direct(d.handle, "cuGetProcAddress_v2", get_proc);
    if (!load_direct(d.handle, "cuGetErrorName", d.api.cuGetErrorName) ||
        !load_direct(d.handle, "cuGetErrorString", d.api.cuGetErrorString) ||
        !load_direct(d.handle, "cuInit", d.api.cuInit) ||
        !load_direct(d.handle, "cuDriverGetVersion", d.api.cuDriverGetVersion))
        return fail(std::move(d), DriverState::SymbolMissing,
                    library + " lacks cuInit/cuGetErrorName: not a CUDA driver library");

    if (CUresult r = d.api.cuInit(0); r != CUDA_SUCCESS) {
        DriverState state = r == CUDA_ERROR_NO_DEVICE ? DriverState::NoDevice : DriverState::InitFailed;
        return fail(std::move(d), state, "CUDA driver initialization failed: cuInit: " + result_text(d.api, r));
    }
    if (CUresult r = d.api.cuDriverGetVersion(&d.driver_version); r != CUDA_SUCCESS)
        return fail(std::move(d), DriverState::InitFailed, "cuDriverGetVersion: " + result_text(d.api, r));

    // Everything else by its versioned symbol (cuda.h's mapping, "cuMemAlloc_v2"): exactly the
    // ABI of the prototype in DriverApi. cuGetProcAddress is only the fallback, asked for the
    // oldest version that has the entry point: asked for CUDA_VERSION it returns the newest
    // ABI, which is not always the header's default (CUDA 13: cuCtxSynchronize resolves to
    // cuCtxSynchronize_v2(CUcontext), a different signature).
    std::string missing;
    auto resolve = [&](const char* api_name, const char* versioned, auto& slot) {
        if (slot) return;
        void* p = dlsym(d.handle, versioned);
        if (!p && get_proc && std::strcmp(api_name, versioned) == 0) {
            CUdriverProcAddressQueryResult status{};
            if (get_proc(api_name, &p, 3000, CU_GET_PROC_ADDRESS_LEGACY_STREAM, &status) != CUDA_SUCCESS) p = nullptr;
        }
        if (!p) missing += std::string(missing.empty() ? "" : ", ") + versioned;
        slot = reinterpret_cast<std::remove_reference_t<decltype(slot)>>(p);
    };
#define UJIT_CUDA_RESOLVE(name) resolve(#name, UJIT_CUDA_STRINGIFY_EXPANDED(name), d.api.name);
    UJIT_CUDA_DRIVER_FUNCTIONS(UJIT_CUDA_RESOLVE)
#undef UJIT_CUDA_RESOLVE
    if (!missing.empty())
        return fail(std::move(d), DriverState::SymbolMissing,
                    "the CUDA driver (version " + std::to_string(d.driver_version) +
                        ") lacks entry points ujit needs: " + missing + "; update the NVIDIA driver");

    if (CUresult r = d.api.cuDeviceGetCount(&d.device_count); r != CUDA_SUCCESS)
        return fail(std::move(d), DriverState::InitFailed, "cuDeviceGetCount: " + result_text(d.api, r));
    if (d.device_count == 0) return fail(std::move(d), DriverState::NoDevice, "the CUDA driver reports no device");
    d.state = DriverState::Available;
    return d;
}

const DriverLoad& driver_load() {
    static const DriverLoad* loaded = [] { return new DriverLoad(load_driver("libcuda.so.1")); }();
    return *loaded;  // never destroyed: kernels may still run while static destructors do
}

const DriverApi& driver() {
    const DriverLoad& d = driver_load();
    if (d.state != DriverState::Available) [[unlikely]]
        throw Error(Error::Kind::Runtime, "error: CUDA is not available: " + d.reason);
    return d.api;
}

}  // namespace ujit::cuda
