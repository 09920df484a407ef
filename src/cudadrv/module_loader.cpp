#include <atomic>
#include <cstdlib>
#include <cstring>
#include <optional>

#include <fmt/format.h>

#include "cache/disk_cache.hpp"
#include "cache/hash.hpp"
#include "codegen/kernel_raise.hpp"
#include "cudadrv/driver_loader.hpp"
#include "cudadrv/fault_check.hpp"
#include "cudadrv/jit_warmup.hpp"
#include "cudadrv/module_state.hpp"
#include "cudadrv/ptx_contraction.hpp"
#include "cudadrv/quick_load.hpp"

namespace ujit::cuda {
namespace detail {

std::vector<std::string> ptx_entry_names(const std::string& ptx) {
    std::vector<std::string> names;
    for (size_t pos = ptx.find(".entry"); pos != std::string::npos; pos = ptx.find(".entry", pos + 6)) {
        size_t b = ptx.find_first_not_of(" \t", pos + 6);
        if (b == std::string::npos) break;
        size_t e = ptx.find_first_of(" \t\r\n(", b);
        names.push_back(ptx.substr(b, e == std::string::npos ? std::string::npos : e - b));
    }
    return names;
}

namespace {

// The device code the driver's JIT makes of `ptx` (cuLink*), or nullopt if it fails (the
// plain load below then reports the JIT's log).
std::optional<std::string> link_cubin(const std::string& ptx) {
    wait_for_jit_warmup();
    const DriverApi& api = driver();
    CUlinkState state = nullptr;
    if (api.cuLinkCreate(0, nullptr, nullptr, &state) != CUDA_SUCCESS) return std::nullopt;
    std::optional<std::string> image;
    void* cubin = nullptr;
    size_t size = 0;
    if (api.cuLinkAddData(state, CU_JIT_INPUT_PTX, const_cast<char*>(ptx.c_str()), ptx.size() + 1, "ujit.ptx", 0,
                          nullptr, nullptr) == CUDA_SUCCESS &&
        api.cuLinkComplete(state, &cubin, &size) == CUDA_SUCCESS)
        image.emplace(static_cast<const char*>(cubin), size);  // owned by `state`: copy first
    api.cuLinkDestroy(state);
    return image;
}

// The disk cache's key of the cubin for `ptx` on `dc`: the PTX itself, the device's
// architecture and the driver (whose JIT made the code).
std::string cubin_key(const std::string& ptx, const DeviceContext& dc) {
    return fmt::format("kind=cubin\nptx={}\narch={}\ndriver={}\n", cache::hex64(cache::fnv1a64(ptx)), dc.info.arch(),
                       driver_version());
}

bool is_cubin(const std::string& code) { return !code.empty() && code[0] == '\x7f' && code.compare(1, 3, "ELF") == 0; }

// The disk-cached cubin of `ptx`, loaded; nullptr when there is none (or the driver refuses it).
CUmodule load_cached_cubin(const std::string& ptx, const DeviceContext& dc, const cache::DiskCache& disk) {
    std::optional<std::string> image = disk.load(cubin_key(ptx, dc));
    CUmodule module = nullptr;
    if (image && driver().cuModuleLoadData(&module, image->data()) == CUDA_SUCCESS) return module;
    return nullptr;
}

std::atomic<long> g_quick_loads{0};

}  // namespace

long quick_module_loads() { return g_quick_loads.load(std::memory_order_relaxed); }

bool tiered_jit_enabled() {
    const char* v = std::getenv("UJIT_CUDA_TIERED_JIT");
    return !(v && std::strcmp(v, "0") == 0);
}

// With the disk cache on, the cubin the driver's JIT makes is kept there: a later process
// loads it (cuModuleLoadData, ~0.1 ms) instead of JIT-compiling the PTX again (tens of ms,
// unless the driver's own cache has it). A cubin (an ELF image: a kernel linked with its
// link= files, pipeline/device_link_files.hpp) is loaded as it is.
CUmodule load_module(const std::string& ptx, const DeviceContext& dc) {
    if (is_cubin(ptx)) {
        CUmodule module = nullptr;
        check(driver().cuModuleLoadData(&module, ptx.data()), "cuModuleLoadData",
              [&] { return fmt::format("a linked cubin for {} on device {}", dc.info.arch(), dc.ordinal); });
        return module;
    }
    std::optional<cache::DiskCache> disk = cache::DiskCache::from_env();
    if (disk) {
        if (CUmodule module = load_cached_cubin(ptx, dc, *disk)) return module;
        std::optional<std::string> image = link_cubin(ptx);
        if (image) disk->store(cubin_key(ptx, dc), *image);
        // A cubin the driver refuses falls through to the PTX (and the JIT's log).
        CUmodule module = nullptr;
        if (image && driver().cuModuleLoadData(&module, image->data()) == CUDA_SUCCESS) return module;
    }
    return load_ptx(ptx, dc);
}

CUmodule load_ptx(const std::string& ptx, const DeviceContext& dc, int ptxas_level) {
    // The JIT writes its diagnostics into these buffers; their sizes go in by value.
    static constexpr size_t kLogSize = 16 * 1024;
    wait_for_jit_warmup();
    std::string error_log(kLogSize, '\0'), info_log(kLogSize, '\0');
    CUjit_option options[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES, CU_JIT_INFO_LOG_BUFFER,
                              CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES, CU_JIT_OPTIMIZATION_LEVEL};
    void* values[] = {error_log.data(), reinterpret_cast<void*>(kLogSize), info_log.data(),
                      reinterpret_cast<void*>(kLogSize),
                      reinterpret_cast<void*>(uintptr_t(ptxas_level < 0 ? 0 : ptxas_level))};
    CUmodule module = nullptr;
    CUresult r = driver().cuModuleLoadDataEx(&module, ptx.c_str(), ptxas_level < 0 ? 4 : 5, options, values);
    if (r == CUDA_SUCCESS) return module;
    error_log.resize(std::strlen(error_log.c_str()));
    std::string detail = fmt::format("PTX for {} on device {}", dc.info.arch(), dc.ordinal);
    if (!error_log.empty()) detail += "; JIT log:\n" + error_log;
    throw_driver_error(r, "cuModuleLoadDataEx", detail);
}

ModuleState::~ModuleState() {
    if (!is_available()) return;
    for (size_t i = 0; i < devices.size(); ++i) {
        if (!devices[i].module) continue;
        DeviceContext* pdc = nullptr;
        try {
            pdc = &device_context(int(i));
        } catch (const Error&) {
            continue;  // the device became unusable: nothing to unload
        }
        DeviceContext& dc = *pdc;
        if (dc.generation.load() != devices[i].generation) continue;  // gone with its context
        const DriverApi& api = driver();
        if (api.cuCtxPushCurrent(dc.context) != CUDA_SUCCESS) continue;
        api.cuModuleUnload(devices[i].module);
        for (CUmodule quick : devices[i].replaced) api.cuModuleUnload(quick);
        CUcontext popped;
        api.cuCtxPopCurrent(&popped);
    }
}

ModuleState::Current ModuleState::module_for(DeviceContext& dc) {
    std::lock_guard lock(mutex);
    if (devices.size() <= size_t(dc.ordinal)) devices.resize(size_t(dc.ordinal) + 1);
    PerDevice& pd = devices[size_t(dc.ordinal)];
    uint64_t gen = dc.generation.load();
    if (pd.module && pd.generation == gen) return {pd.module, pd.upgrade};
    pd = PerDevice{};  // a reset context took its modules with it
    pd.generation = gen;
    std::optional<cache::DiskCache> disk = is_cubin(ptx) ? std::nullopt : cache::DiskCache::from_env();
    if (disk) pd.module = load_cached_cubin(ptx, dc, *disk);
    // Not where ptxas's full level may fuse a multiply-add the PTX leaves apart, which -O0
    // never does: the first launch would not compute the bits of the next ones.
    if (!pd.module && !is_cubin(ptx) && tiered_jit_enabled() && !ptx_may_contract(ptx)) {
        try {
            pd.module = load_quick(ptx, dc);
        } catch (const Error&) {
            pd.module = nullptr;  // what -O0 cannot take, the full level may: it reports the error
        }
        if (pd.module) {
            g_quick_loads.fetch_add(1, std::memory_order_relaxed);
            std::shared_ptr<ModuleState> self = shared_from_this();
            DeviceContext* pdc = &dc;
            pd.upgrade = std::make_shared<BackgroundTask>(
                [self, pdc, gen, disk = std::move(disk)] { self->install_full_level(*pdc, gen, disk); });
            BackgroundTask::start(pd.upgrade);
            return {pd.module, pd.upgrade};
        }
    }
    if (!pd.module) pd.module = load_module(ptx, dc);
    return {pd.module, nullptr};
}

void ModuleState::install_full_level(DeviceContext& dc, uint64_t generation,
                                     const std::optional<cache::DiskCache>& disk) {
    CUmodule full = nullptr;
    const DriverApi& api = driver();
    if (dc.generation.load() == generation && api.cuCtxPushCurrent(dc.context) == CUDA_SUCCESS) {
        if (std::optional<std::string> image = link_cubin(ptx)) {
            if (disk) disk->store(cubin_key(ptx, dc), *image);
            if (api.cuModuleLoadData(&full, image->data()) != CUDA_SUCCESS) full = nullptr;
        }
        CUcontext popped;
        api.cuCtxPopCurrent(&popped);
    }
    std::lock_guard lock(mutex);
    PerDevice& pd = devices[size_t(dc.ordinal)];
    if (pd.generation != generation) return;  // the context was reset: `full` went with it
    if (full) {
        pd.replaced.push_back(pd.module);
        pd.module = full;
    }
    pd.upgrade = nullptr;  // done; without `full` (the JIT failed) the quick code stays
}

uint64_t KernelState::next_id() {
    static std::atomic<uint64_t> next{1};
    return next.fetch_add(1, std::memory_order_relaxed);
}

namespace {
// The function a thread launched last: repeated launches of one kernel (the common case,
// and what launch overhead is measured on) skip the kernel's mutex.
struct LastFunction {
    uint64_t kernel_id = 0;
    const DeviceContext* dc = nullptr;
    uint64_t generation = 0;
    KernelState::PerDevice pd;
};
thread_local LastFunction t_last_function;
}  // namespace

KernelState::PerDevice KernelState::function_for(DeviceContext& dc, Use use) {
    uint64_t gen = dc.generation.load(std::memory_order_acquire);
    LastFunction& last = t_last_function;
    if (last.kernel_id == id && last.dc == &dc && last.generation == gen) [[likely]]
        return last.pd;  // only full-level functions are remembered here
    std::lock_guard lock(mutex);
    if (devices.size() <= size_t(dc.ordinal)) devices.resize(size_t(dc.ordinal) + 1);
    PerDevice& pd = devices[size_t(dc.ordinal)];
    ModuleState::Current current = module->module_for(dc);
    if (current.upgrade && (use == Use::Full || (use == Use::Launch && pd.quick_launches > 0))) {
        current.upgrade->wait();  // the full level, compiled here if the worker has not started it
        current = module->module_for(dc);
    }
    if (!(pd.function && pd.generation == gen && pd.module == current.module)) {
        const DriverApi& api = driver();
        CUfunction f = nullptr;
        CUresult r = api.cuModuleGetFunction(&f, current.module, symbol.c_str());
        if (r == CUDA_ERROR_NOT_FOUND) {
            std::string entries;
            for (auto& n : ptx_entry_names(module->ptx)) entries += (entries.empty() ? "" : ", ") + n;
            throw Error(Error::Kind::Argument,
                        fmt::format("error: kernel '{}' is not in the PTX module (its kernels: {})", symbol,
                                    entries.empty() ? "none" : entries));
        }
        check(r, "cuModuleGetFunction", [&] { return symbol; });
        if (carveout != kNoCarveout)
            check(api.cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT, carveout),
                  "cuFuncSetAttribute",
                  [&] { return fmt::format("kernel '{}', shared memory carveout {}", symbol, carveout); });
        int threads = 0, shared = 0;
        check(api.cuFuncGetAttribute(&threads, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, f), "cuFuncGetAttribute");
        check(api.cuFuncGetAttribute(&shared, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, f), "cuFuncGetAttribute");
        pd = PerDevice{f,
                       gen,
                       threads,
                       size_t(shared),
                       0,
                       current.module,
                       current.upgrade != nullptr,
                       pd.generation == gen ? pd.quick_launches : 0};
    }
    pd.quick = current.upgrade != nullptr;  // a failed full-level compile leaves the quick code for good
    if (use == Use::Launch && pd.quick) ++pd.quick_launches;
    if (!pd.quick) last = {id, &dc, gen, pd};
    return pd;
}

void LaunchAccess::prefer_shared_memory_carveout(const LoadedKernel& k, int percent) {
    std::lock_guard lock(k.s_->mutex);
    k.s_->carveout = percent;  // before the kernel's first launch: every load sets it
}

void KernelState::allow_dynamic_shared(DeviceContext& dc, size_t bytes) {
    PerDevice f = function_for(dc);
    std::lock_guard lock(mutex);
    PerDevice& pd = devices[size_t(dc.ordinal)];
    if (bytes <= pd.dynamic_shared_allowed) return;
    check(driver().cuFuncSetAttribute(f.function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, int(bytes)),
          "cuFuncSetAttribute",
          [&] { return fmt::format("kernel '{}', {} bytes of dynamic shared memory", symbol, bytes); });
    pd.dynamic_shared_allowed = bytes;
}

}  // namespace detail

// ------------------------------------------------------------------ public API

KernelParam KernelParam::scalar(DType t, std::string name) {
    KernelParam p;
    p.kind = Kind::Scalar;
    p.dtype = t;
    p.name = std::move(name);
    return p;
}

KernelParam KernelParam::array(DType t, int ndim, char layout, std::string name) {
    if (ndim < 0 || ndim > 32)
        throw Error(Error::Kind::Argument, fmt::format("error: array ndim {} out of range", ndim));
    if (layout != 'A' && layout != 'C' && layout != 'F')
        throw Error(Error::Kind::Argument, fmt::format("error: array layout '{}' is not one of A, C, F", layout));
    KernelParam p;
    p.kind = Kind::Array;
    p.dtype = t;
    p.ndim = ndim;
    p.layout = layout;
    p.name = std::move(name);
    return p;
}

LoadedModule LoadedModule::from_ptx(const std::string& ptx) {
    DeviceContext& dc = bind();
    LoadedModule m;
    m.s_ = std::make_shared<detail::ModuleState>();
    m.s_->ptx = ptx;
    m.s_->module_for(dc);  // load now: PTX errors surface here, not at the first launch
    return m;
}

LoadedKernel LoadedModule::kernel(const std::string& symbol, std::vector<KernelParam> params) const {
    if (!s_) throw Error(Error::Kind::Argument, "error: LoadedModule is empty");
    LoadedKernel k;
    k.s_ = std::make_shared<detail::KernelState>();
    k.s_->module = s_;
    k.s_->symbol = symbol;
    k.s_->interned_name = intern_kernel_name(symbol);
    k.s_->params = std::move(params);
    k.s_->records_raises = s_->ptx.find(codegen::kRaisedSymbol) != std::string::npos;
    k.s_->function_for(bind(), detail::KernelState::Use::Resolve);  // resolve now: a wrong name fails here
    return k;
}

const std::string& LoadedKernel::name() const { return s_->symbol; }

const std::vector<KernelParam>& LoadedKernel::params() const { return s_->params; }

int LoadedKernel::max_threads_per_block() const { return s_->function_for(bind()).max_threads_per_block; }

int LoadedKernel::static_shared_bytes() const { return int(s_->function_for(bind()).static_shared); }

KernelAttributes LoadedKernel::attributes() const {
    CUfunction f = s_->function_for(bind()).function;
    const DriverApi& api = driver();
    KernelAttributes a;
    auto get = [&](int& out, CUfunction_attribute what) {
        check(api.cuFuncGetAttribute(&out, what, f), "cuFuncGetAttribute", [&] { return s_->symbol; });
    };
    get(a.regs_per_thread, CU_FUNC_ATTRIBUTE_NUM_REGS);
    get(a.local_bytes_per_thread, CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES);
    get(a.const_bytes, CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES);
    get(a.shared_bytes_per_block, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES);
    get(a.max_threads_per_block, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK);
    return a;
}

}  // namespace ujit::cuda
