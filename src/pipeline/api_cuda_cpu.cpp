// @cuda.jit kernels on the CPU (include/ujit/cuda.hpp, "kernels on the CPU"): the same
// typing as on the GPU, compiled by the CPU pipeline with the kernel target
// (cpu/kernel_target.hpp), run by cpu/kernel_runtime.cpp on the host arrays in place.
//
// The specialization is the GPU's key with arch "cpu" (pipeline::kCudaOnCpuArch): cached
// per module like any other, never confused with the PTX build.
#include "cpu/kernel_runtime.hpp"
#include "cudadrv/launch_params.hpp"
#include "pipeline/dispatch.hpp"
#include "pipeline/marshal.hpp"
#include "pipeline/module_state.hpp"
#include "ujit/cuda.hpp"

#include <fmt/format.h>

#include <cstdio>
#include <mutex>

namespace ujit::cuda {

namespace {

using ujit::detail::FunctionAccess;

std::vector<Value> host_values(const Function& kernel, const std::vector<KernelArg>& args) {
    std::vector<Value> values;
    values.reserve(args.size());
    for (size_t i = 0; i < args.size(); ++i) {
        if (args[i].is_device_array())
            throw Error(Error::Kind::Argument,
                        fmt::format("error: argument {} of '{}' is a device array; a kernel run on the CPU takes "
                                    "host arrays (copy it with copy_to_host())",
                                    i + 1, kernel.name()));
        values.push_back(args[i].value());
    }
    return values;
}

std::shared_ptr<ujit::detail::SpecState> cpu_kernel_spec(const Function& kernel, const std::vector<Value>& values,
                                                         const Options& compile) {
    if (!kernel.is_cuda_kernel())
        throw Error(Error::Kind::Argument, fmt::format("error: '{}' is not a @cuda.jit kernel", kernel.name()));
    std::vector<const types::Type*> arg_types;
    for (const Value& v : values) arg_types.push_back(pipeline::type_of_value(v));
    ujit::detail::ModuleState& m = FunctionAccess::module(kernel);
    const syntax::FunctionDef* def = FunctionAccess::def(kernel);
    const types::Signature* sig = pipeline::choose_signature(m, def, arg_types);
    ujit::detail::SpecKey key{def,
                              sig ? sig->args : arg_types,
                              sig ? sig->ret : nullptr,
                              Target::CUDA,
                              pipeline::kCudaOnCpuArch,
                              compile.opt_level,
                              compile.fastmath,
                              pipeline::Artifact::Entry};
    return m.get_or_compile(key, false);
}

// CUDA's own limits (the same launches run on a GPU), so that a shape tried on the CPU
// ports; shared memory up to what the largest GPUs let a block opt into (227 KiB, H100).
LaunchLimits cpu_limits(const pipeline::Compiled& c) {
    LaunchLimits lim;
    lim.static_shared = size_t(static_cast<const cpu::KernelInfo*>(c.kernel_info)->static_shared_bytes);
    lim.shared_per_block = lim.shared_optin = 227 * 1024;
    lim.device_name = "the CPU";
    return lim;
}

// As the GPU launch words it (cudadrv/launch_params.cpp).
void check_argument_count(const Function& kernel, size_t given) {
    const syntax::FunctionDef* def = FunctionAccess::def(kernel);
    size_t n = def->params.size();
    if (given == n) return;
    std::string list;
    for (size_t i = 0; i < n; ++i) list += (i ? ", " : "") + def->params[i].name;
    throw Error(Error::Kind::Argument, fmt::format("error: cannot launch kernel '{}': it takes {} argument{} ({}), {} given",
                                                   kernel.name(), n, n == 1 ? "" : "s", list, given));
}

}  // namespace

void launch_cpu(const Function& kernel, Dim3 grid, Dim3 block, const std::vector<KernelArg>& args,
                const LaunchOptions& options, const Options& compile) {
    std::vector<Value> values = host_values(kernel, args);
    if (kernel.is_cuda_kernel()) check_argument_count(kernel, values.size());
    std::shared_ptr<ujit::detail::SpecState> spec = cpu_kernel_spec(kernel, values, compile);
    const pipeline::Compiled& c = spec->compiled;
    validate_launch(cpu_limits(c), kernel.name(), grid, block, options.shared_mem);
    pipeline::PackedArgs packed(values, c.typed->arg_types);
    cpu::KernelLaunch l;
    l.packed = reinterpret_cast<void (*)(void**, void*)>(c.packed);
    l.info = static_cast<const cpu::KernelInfo*>(c.kernel_info);
    l.grid[0] = grid.x;
    l.grid[1] = grid.y;
    l.grid[2] = grid.z;
    l.block[0] = block.x;
    l.block[1] = block.y;
    l.block[2] = block.z;
    l.dynamic_shared = options.shared_mem;
    l.args = packed.data();
    l.name = kernel.name();
    cpu::run_kernel(l);
}

Specialization kernel_specialization_cpu(const Function& kernel, const std::vector<KernelArg>& args,
                                         const Options& compile) {
    return FunctionAccess::specialization(cpu_kernel_spec(kernel, host_values(kernel, args), compile));
}

namespace detail {

void note_cpu_fallback() {
    static std::once_flag once;
    std::call_once(once, [] {
        std::fprintf(stderr, "ujit: note: no CUDA device (%s); running kernels on the CPU\n",
                     unavailable_reason().c_str());
    });
}

}  // namespace detail

}  // namespace ujit::cuda
