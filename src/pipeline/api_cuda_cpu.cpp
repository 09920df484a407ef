// @cuda.jit kernels on the CPU (include/ujit/cuda.hpp, "kernels on the CPU"): the same
// typing as on the GPU, compiled by the CPU pipeline with the kernel target
// (cpu/kernel_target.hpp), run by cpu/kernel_runtime.cpp on the host arrays in place.
//
// The specialization is the GPU's key with arch "cpu" (pipeline::kCudaOnCpuArch): cached
// per module like any other, never confused with the PTX build.
//
// The host device's CUDA ufuncs run the same loop kernel here, its gufuncs the CPU gufunc
// (pipeline/api_cuda_host.hpp).
#include "codegen/ufunc_vector.hpp"
#include "cpu/kernel_runtime.hpp"
#include "cudadrv/launch_params.hpp"
#include "pipeline/api_cuda_host.hpp"
#include "pipeline/dispatch.hpp"
#include "pipeline/marshal.hpp"
#include "pipeline/module_state.hpp"
#include "pipeline/record_values.hpp"
#include "pipeline/ufunc_types.hpp"
#include "runtime/broadcast.hpp"
#include "runtime/cast.hpp"
#include "runtime/scalar.hpp"
#include "runtime/shape.hpp"
#include "types/kernel_launch_options.hpp"
#include "types/typed_function.hpp"
#include "ujit/cuda.hpp"

#include <fmt/format.h>

#include <cstdio>
#include <mutex>

namespace ujit::cuda {

namespace {

using ujit::detail::FunctionAccess;

std::shared_ptr<ujit::detail::SpecState> cpu_kernel_spec(const Function& kernel, const std::vector<Value>& values,
                                                         const Options& compile, bool boundscheck = false,
                                                         bool reference = false) {
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
                              boundscheck ? pipeline::kCudaOnCpuCheckedArch
                              : reference ? pipeline::kCudaOnCpuReferenceArch
                                          : pipeline::kCudaOnCpuArch,
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
    // launch_bounds=: the most threads per block the kernel was compiled for, as the driver
    // limits a kernel with .maxntid
    if (auto bounds = types::launch_bounds(*c.typed->def))
        lim.max_threads_per_block = std::min(lim.max_threads_per_block, bounds->max_threads_per_block);
    return lim;
}

}  // namespace

// As the GPU launch of a LoadedKernel words it (cudadrv/launch_params.cpp).
void detail::check_argument_count(const Function& kernel, size_t given) {
    const syntax::FunctionDef* def = FunctionAccess::def(kernel);
    size_t n = def->params.size();
    if (given == n) return;
    std::string list;
    for (size_t i = 0; i < n; ++i) list += (i ? ", " : "") + def->params[i].name;
    throw Error(Error::Kind::Argument,
                fmt::format("error: cannot launch kernel '{}': it takes {} argument{} ({}), {} given", kernel.name(), n,
                            n == 1 ? "" : "s", list, given));
}

void launch_cpu(const Function& kernel, Dim3 grid, Dim3 block, const std::vector<KernelArg>& args,
                const LaunchOptions& options, const Options& compile) {
    std::vector<Value> values = detail::host_values(kernel.name(), args);
    if (kernel.is_cuda_kernel()) detail::check_argument_count(kernel, values.size());
    std::shared_ptr<ujit::detail::SpecState> spec =
        cpu_kernel_spec(kernel, values, compile, options.boundscheck, options.cpu_reference);
    const pipeline::Compiled& c = spec->compiled;
    validate_launch(cpu_limits(c), kernel.name(), grid, block, options.shared_mem);
    pipeline::PackedArgs packed(values.data(), values.size(), c.typed->arg_types);
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
    return FunctionAccess::specialization(cpu_kernel_spec(kernel, detail::host_values(kernel.name(), args), compile));
}

// A CUDA ufunc on the CPU: the GPU's grid-stride loop kernel (codegen/ufunc_loop.cpp), typed
// for CUDA, so device functions it calls compile too; over C-contiguous operands of the
// result's shape (scalars as one element, their bit set in `scalars`), like the GPU path.
namespace {

struct CpuUfuncPlan {
    std::shared_ptr<ujit::detail::SpecState> spec;
    std::vector<DType> inputs;
    DType output = DType::Float64;
    runtime::Shape shape;
};

// The loop is called through one fixed signature of 16 integer-class arguments: every
// parameter of the loop (pointers, n, the mask) is one, and on the System V and AAPCS64
// ABIs a callee ignores the trailing ones it does not declare.
constexpr size_t kMaxCpuUfuncInputs = 13;

CpuUfuncPlan plan_cpu_ufunc(const Function& ufunc, const std::vector<Value>& inputs) {
    ujit::detail::ModuleState& m = FunctionAccess::module(ufunc);
    const syntax::FunctionDef* def = FunctionAccess::def(ufunc);
    std::vector<runtime::UfuncOperand> operands;
    std::vector<runtime::Shape> shapes;
    for (const Value& v : inputs) {
        if (v.is_array()) {
            pipeline::refuse_records(v.array(), "a ufunc operand");
            operands.push_back({v.array().dtype, false});
            shapes.push_back(v.array().shape);
        } else if (v.is_scalar()) {
            operands.push_back({v.scalar().type, true});
            shapes.push_back({});
        } else {
            throw Error(Error::Kind::Argument, "error: ufunc operands must be arrays or scalars");
        }
    }
    if (operands.size() != def->params.size())
        throw Error(Error::Kind::Argument, fmt::format("error: ufunc '{}' takes {} inputs, got {}", def->name,
                                                       def->params.size(), operands.size()));
    if (operands.size() > kMaxCpuUfuncInputs)
        throw Error(Error::Kind::Argument, fmt::format("error: ufunc '{}': at most {} inputs on the CPU kernel path",
                                                       def->name, kMaxCpuUfuncInputs));
    pipeline::LoopTypes lt = pipeline::choose_loop_types(m, def, operands);
    ujit::detail::SpecKey key{
        def, lt.args, lt.ret, Target::CUDA, pipeline::kCudaOnCpuArch, 3, false, pipeline::Artifact::UfuncLoop};
    CpuUfuncPlan plan;
    plan.spec = m.get_or_compile(key, false);
    const types::TypedFunction& fn = *plan.spec->compiled.typed;
    if (!fn.return_type->is_number() && !fn.return_type->is_datetime_like())  // dt64: an int64 count
        throw Error(Error::Kind::Argument,
                    fmt::format("error: ufunc '{}' must return a scalar, not {}", def->name, fn.return_type->str()));
    for (const auto* t : fn.arg_types) plan.inputs.push_back(pipeline::dtype_of_type(t));
    plan.output = pipeline::dtype_of_type(fn.return_type);
    plan.shape = runtime::broadcast_shapes(shapes);
    return plan;
}

// Runs the plan's loop into `out`, C-contiguous of the plan's shape and output dtype.
void run_cpu_ufunc(const CpuUfuncPlan& plan, const std::vector<Value>& inputs, const ArrayRef& out) {
    std::vector<Array> held;
    uint64_t words[16] = {};
    int64_t scalars = 0;
    for (size_t i = 0; i < inputs.size(); ++i) {
        if (inputs[i].is_scalar()) {
            scalars |= int64_t(1) << i;
            held.push_back(detail::ufunc_scalar_buffer(inputs[i].scalar(), plan.inputs[i]));
            words[i] = reinterpret_cast<uint64_t>(held.back().data<char>());
        } else if (const ArrayRef& a = inputs[i].array();
                   a.dtype == plan.inputs[i] && a.shape == plan.shape && a.is_c_contiguous()) {
            words[i] = reinterpret_cast<uint64_t>(a.data);  // read in place, as the GPU path does
        } else {
            held.push_back(Array(plan.inputs[i], plan.shape));
            runtime::copy_cast(a, held.back().ref());
            words[i] = reinterpret_cast<uint64_t>(held.back().data<char>());
        }
    }
    const size_t k = inputs.size();
    words[k] = reinterpret_cast<uint64_t>(out.data);
    words[k + 1] = uint64_t(out.size());
    words[k + 2] = uint64_t(scalars);
    using Loop = void (*)(uint64_t, uint64_t, uint64_t, uint64_t, uint64_t, uint64_t, uint64_t, uint64_t, uint64_t,
                          uint64_t, uint64_t, uint64_t, uint64_t, uint64_t, uint64_t, uint64_t);
    auto loop = reinterpret_cast<Loop>(plan.spec->compiled.loop);
    // One work-item per pool thread, striding over the elements (the grid-stride loop).
    cpu::KernelInfo info{0, 0, nullptr, 0};
    cpu::KernelLaunch l;
    l.info = &info;
    l.grid[0] = uint32_t(std::max<int64_t>(1, std::min<int64_t>(out.size() / 4096, 64)));
    l.name = plan.spec->compiled.typed->def->name;
    l.body = [&] {
        loop(words[0], words[1], words[2], words[3], words[4], words[5], words[6], words[7], words[8], words[9],
             words[10], words[11], words[12], words[13], words[14], words[15]);
    };
    if (out.size() > 0) cpu::run_kernel(l);
}

}  // namespace

Array vectorize_cpu(const Function& ufunc, const std::vector<Value>& inputs) {
    CpuUfuncPlan plan = plan_cpu_ufunc(ufunc, inputs);
    Array out(plan.output, plan.shape);
    run_cpu_ufunc(plan, inputs, out.ref());
    return out;
}

namespace detail {

std::vector<Value> host_values(const std::string& callee, const std::vector<KernelArg>& args) {
    std::vector<Value> values;
    values.reserve(args.size());
    for (size_t i = 0; i < args.size(); ++i) {
        if (!args[i].is_device_array()) {
            values.push_back(args[i].value());
        } else if (args[i].device_array().on_host()) {
            values.emplace_back(args[i].device_array().ref());  // host memory: used in place
        } else {
            throw Error(Error::Kind::Argument,
                        fmt::format("error: argument {} of '{}' is an array in GPU memory; on the CPU it takes host "
                                    "arrays and the host device's arrays (copy it with copy_to_host())",
                                    i + 1, callee));
        }
    }
    return values;
}

DeviceArray vectorize_on_host(const Function& ufunc, const std::vector<KernelArg>& inputs) {
    note_cpu_fallback();
    std::vector<Value> values = host_values(ufunc.name(), inputs);
    CpuUfuncPlan plan = plan_cpu_ufunc(ufunc, values);
    DeviceArray out = device_array(plan.shape, plan.output);
    run_cpu_ufunc(plan, values, out.ref());
    return out;
}

void vectorize_on_host(const Function& ufunc, const std::vector<KernelArg>& inputs, const DeviceArray& out) {
    note_cpu_fallback();
    std::vector<Value> values = host_values(ufunc.name(), inputs);
    CpuUfuncPlan plan = plan_cpu_ufunc(ufunc, values);
    // The GPU path's rule (api_cuda.cpp, run_ufunc), so that code tried here ports.
    if (out.shape() != plan.shape || out.dtype() != plan.output || !out.is_c_contiguous() || !out.on_host())
        throw Error(Error::Kind::Argument,
                    fmt::format("error: ufunc output must be a C-contiguous {} device array of shape {}",
                                dtype_name(plan.output), runtime::format_shape(plan.shape)));
    run_cpu_ufunc(plan, values, out.ref());
}

void gufunc_on_host(const Function& f, const std::vector<KernelArg>& inputs, const std::vector<DeviceArray>& outputs) {
    note_cpu_fallback();
    std::vector<ArrayRef> outs;
    for (const DeviceArray& d : outputs) {
        if (!d.on_host())
            throw Error(Error::Kind::Argument,
                        fmt::format("error: gufunc '{}': an output is an array in GPU memory; on "
                                    "the CPU it takes the host device's arrays",
                                    f.name()));
        outs.push_back(d.ref());
    }
    f.gufunc_call(host_values(f.name(), inputs), outs);
}

Array ufunc_scalar_buffer(const Value::Scalar& s, DType t) {
    Array buffer(t, {std::max<int64_t>(1, codegen::kUfuncVectorBytes / itemsize(t))});
    runtime::copy_cast(runtime::scalar_array(s, t).ref(), buffer.ref());
    return buffer;
}

void note_cpu_fallback() {
    static std::once_flag once;
    std::call_once(once, [] {
        std::fprintf(stderr, "ujit: note: no CUDA device (%s); running kernels on the CPU\n",
                     unavailable_reason().c_str());
    });
}

}  // namespace detail

}  // namespace ujit::cuda
