// The C API of CUDA C++ through NVRTC (include/ujit/ujit.h's "CUDA C++ through NVRTC"):
// ujit::cuda::compile_cuda_ptx and ujit::cuda::RawKernel behind opaque handles.
#include "capi/handles.hpp"

#include <string>
#include <vector>

struct ujit_raw_kernel {
    ujit::cuda::RawKernel kernel;
};

namespace {

using ujit::capi::guarded;
using ujit::capi::require;

std::vector<std::string> option_list(const char* const* options, size_t n) {
    require(n == 0 || options, "null options with n_options > 0");
    std::vector<std::string> out;
    for (size_t i = 0; i < n; ++i) {
        require(options[i], "null option");
        out.emplace_back(options[i]);
    }
    return out;
}

}  // namespace

extern "C" {

ujit_status ujit_cuda_compile_ptx(const char* source, const char* filename, const char* arch,
                                  const char* const* options, size_t n_options, char** ptx) {
    return guarded([&] {
        require(ptx, "null output");
        *ptx = nullptr;
        require(source && arch, "null source or arch");
        *ptx = ujit::capi::copy_string(ujit::cuda::compile_cuda_ptx(source, arch, option_list(options, n_options),
                                                                    filename ? filename : "kernel.cu"));
    });
}

ujit_status ujit_raw_kernel_new(const char* source, const char* name, const char* filename, const char* const* options,
                                size_t n_options, ujit_raw_kernel** out) {
    return guarded([&] {
        require(out, "null output handle");
        *out = nullptr;
        require(source && name, "null source or kernel name");
        *out = new ujit_raw_kernel{
            ujit::cuda::RawKernel(source, name, option_list(options, n_options), filename ? filename : "kernel.cu")};
    });
}

void ujit_raw_kernel_free(ujit_raw_kernel* k) { delete k; }

const char* ujit_raw_kernel_ptx(const ujit_raw_kernel* k) { return k ? k->kernel.ptx().c_str() : nullptr; }

const char* ujit_raw_kernel_arch(const ujit_raw_kernel* k) { return k ? k->kernel.arch().c_str() : nullptr; }

ujit_status ujit_raw_kernel_launch(const ujit_raw_kernel* k, ujit_dim3 grid, ujit_dim3 block, void** params,
                                   ujit_stream* stream, size_t shared_mem) {
    return guarded([&] {
        require(k, "null kernel");
        require(grid.x && grid.y && grid.z && block.x && block.y && block.z, "grid and block dimensions must be >= 1");
        if (!ujit::cuda::is_available())
            throw ujit::capi::CudaUnavailable("RawKernel '" + k->kernel.name() +
                                              "' is CUDA C++ compiled by NVRTC, which runs only on a CUDA device, not "
                                              "on the CPU (" +
                                              ujit::cuda::unavailable_reason() + ")");
        ujit::cuda::LaunchOptions lo;
        lo.stream = ujit::capi::stream_of(stream);
        lo.shared_mem = shared_mem;
        k->kernel.launch(ujit::cuda::Dim3(grid.x, grid.y, grid.z), ujit::cuda::Dim3(block.x, block.y, block.z), params,
                         lo);
    });
}

}  // extern "C"
