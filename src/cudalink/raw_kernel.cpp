// ujit::cuda::RawKernel (CuPy's RawKernel): CUDA C++ compiled by NVRTC per device
// architecture, loaded as a PTX module and launched through the driver's launch path
// (detail::LaunchAccess: launch limits validated, faults reported like ujit's own kernels).
#include <algorithm>
#include <map>
#include <mutex>
#include <optional>

#include <fmt/format.h>

#include "cudadrv/module_state.hpp"
#include "cudalink/nvrtc_compile.hpp"
#include "ujit/cuda.hpp"

namespace ujit::cuda {

namespace {

constexpr const char* kHostArch = "sm_75";  // numba-cuda's default compute capability

}  // namespace

std::string compile_cuda_ptx(const std::string& source, const std::string& arch,
                             const std::vector<std::string>& options, const std::string& filename) {
    cudalink::CudaCompileOptions o;
    o.arch = arch;
    o.extra = options;
    return cudalink::compile_cuda({source, filename}, o);
}

struct RawKernel::State {
    std::string source, name, filename, first_arch;
    std::vector<std::string> options;
    struct PerArch {
        std::string ptx;
        std::optional<LoadedKernel> kernel;  // loaded at the first launch on such a device
    };
    std::mutex mutex;
    std::map<std::string, PerArch> archs;

    PerArch& compiled(const std::string& arch) {
        auto it = archs.find(arch);
        if (it != archs.end()) return it->second;
        PerArch p;
        p.ptx = compile_cuda_ptx(source, arch, options, filename);
        std::vector<std::string> entries = detail::ptx_entry_names(p.ptx);
        if (std::find(entries.begin(), entries.end(), name) == entries.end())
            throw Error(Error::Kind::Argument,
                        fmt::format("error: {} has no __global__ function named '{}' (its kernels: {}); a C++ "
                                    "kernel keeps its name only when declared extern \"C\"",
                                    filename, name,
                                    entries.empty() ? "none" : fmt::format("{}", fmt::join(entries, ", "))));
        return archs.emplace(arch, std::move(p)).first->second;
    }
};

RawKernel::RawKernel(std::string source, std::string name, std::vector<std::string> options, std::string filename)
    : s_(std::make_shared<State>()) {
    s_->source = std::move(source);
    s_->name = std::move(name);
    s_->options = std::move(options);
    s_->filename = filename.empty() ? "kernel.cu" : std::move(filename);
    s_->first_arch = is_available() ? current_device_info().arch() : kHostArch;
    s_->compiled(s_->first_arch);  // errors in the source surface here, not at the first launch
}

const std::string& RawKernel::name() const { return s_->name; }
const std::string& RawKernel::arch() const { return s_->first_arch; }

const std::string& RawKernel::ptx() const {
    std::lock_guard<std::mutex> lock(s_->mutex);
    return s_->archs.at(s_->first_arch).ptx;
}

void RawKernel::launch(Dim3 grid, Dim3 block, void** params, const LaunchOptions& options) const {
    if (!is_available())
        throw Error(Error::Kind::Runtime,
                    fmt::format("error: RawKernel '{}' is CUDA C++ compiled by NVRTC: it runs only on a CUDA device, "
                                "not on the CPU ({})",
                                s_->name, unavailable_reason()));
    const LoadedKernel* k = nullptr;
    {
        std::lock_guard<std::mutex> lock(s_->mutex);
        State::PerArch& p = s_->compiled(current_device_info().arch());
        if (!p.kernel) p.kernel = LoadedModule::from_ptx(p.ptx).kernel(s_->name, {});
        k = &*p.kernel;  // std::map nodes stay put
    }
    detail::LaunchAccess::launch_prepared(*k, grid, block, params, options);
}

}  // namespace ujit::cuda
