// Compiled ujit functions on the GPU (include/ujit/cuda.hpp, last section):
//
//   argument types (+ the decorator's signatures) and the device's sm_XX
//     → pipeline::compile with the CUDA target (PTX, cached per specialization)
//     → loaded once per (specialization, device) → cuda::launch
//
// GPU ufuncs run the grid-stride loop kernel of codegen/ufunc_loop.cpp
// (`void <symbol>$loop(ptr in0, ..., ptr out, i64 n, i64 scalars)`) over contiguous operands
// of the result's shape: operands already in that form on the device are used in place,
// scalars go over as one element (their bit set in `scalars`), the rest are cast and
// broadcast on the host (runtime::copy_cast) and copied over.
//
// GPU gufuncs run the grid-stride kernel of codegen/gufunc_loop.cpp, one thread per loop
// iteration, over operands C-contiguous in the loop shape followed by their core shape (the
// loop is then one dimension with one step per operand); operands already so on the device
// are used in place, the rest are cast and broadcast on the host like ufunc operands.
//
// On the host device (no usable CUDA; cudadrv/host_device.hpp) every public entry point here
// hands its work to the CPU (pipeline/api_cuda_host.hpp) after the same argument checks.
#include "codegen/gufunc_facts.hpp"
#include "cudadrv/host_device.hpp"
#include "cudadrv/module_state.hpp"
#include "pipeline/api_cuda_host.hpp"
#include "pipeline/api_cuda_launch.hpp"
#include "pipeline/call_cache.hpp"
#include "pipeline/device_link_files.hpp"
#include "pipeline/dispatch.hpp"
#include "pipeline/gufunc_types.hpp"
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

#include <algorithm>
#include <cstdlib>

namespace ujit::cuda {

namespace {

using ujit::detail::FunctionAccess;

// The newest PTX target LLVM 19's NVPTX back end knows; newer devices JIT it forward.
constexpr int kNewestLlvmArch = 90;

std::string device_arch() {
    DeviceInfo d = current_device_info();
    return fmt::format("sm_{}", std::min(d.cc_major * 10 + d.cc_minor, kNewestLlvmArch));
}

const types::Type* type_of_arg(const ArgRef& a) {
    return pipeline::type_of_value(a.array ? Value(*a.array) : *a.scalar);
}

KernelParam param_of(const types::Type* t, const std::string& name) {
    if (t->is_record() || (t->is_array() && t->dtype()->is_record())) {
        char layout = !t->is_array() || t->layout() == types::Layout::A ? 'A'
                      : t->layout() == types::Layout::C                 ? 'C'
                                                                        : 'F';
        KernelParam p = KernelParam::array(DType::UInt8, t->is_array() ? t->ndim() : 0, layout, name);
        p.record = t->is_array() ? t->dtype()->str() : t->str();
        return p;
    }
    if (t->is_array()) {
        char layout = t->layout() == types::Layout::C ? 'C' : t->layout() == types::Layout::F ? 'F' : 'A';
        return KernelParam::array(pipeline::dtype_of_type(t->dtype()), t->ndim(), layout, name);
    }
    // datetime64 and timedelta64 travel as their int64 count, as in arrays.
    if (t->is_number() || t->is_datetime_like()) return KernelParam::scalar(pipeline::dtype_of_type(t), name);
    throw Error(
        Error::Kind::Argument,
        fmt::format("error: kernel parameter '{}' of type {} cannot be passed to a GPU kernel", name, t->str()));
}

std::shared_ptr<ujit::detail::SpecState> specialize(const Function& f, std::vector<const types::Type*> args,
                                                    const types::Type* ret, pipeline::Artifact artifact,
                                                    const Options& compile) {
    ujit::detail::ModuleState& m = FunctionAccess::module(f);
    ujit::detail::SpecKey key{FunctionAccess::def(f), std::move(args),  ret,     Target::CUDA, device_arch(),
                              compile.opt_level,      compile.fastmath, artifact};
    return m.get_or_compile(key, false);
}

std::string link_arch() {
    DeviceInfo d = current_device_info();
    return fmt::format("sm_{}{}", d.cc_major, d.cc_minor);
}

// The specialization's PTX, loaded into the current device's context once; with link=
// files, the cubin nvJitLink makes of it and them for this device's own architecture.
LoadedKernel loaded(ujit::detail::SpecState& spec, const std::string& symbol, const std::vector<KernelParam>& params) {
    int device = current_device();
    std::lock_guard lock(spec.gpu_mutex);
    auto& slot = spec.gpu_kernels[device];
    if (!slot) {
        const pipeline::Compiled& c = spec.compiled;
        std::string code = pipeline::needs_device_link(c) ? pipeline::link_device_code(c, link_arch()) : c.assembly;
        auto kernel = std::make_shared<LoadedKernel>(LoadedModule::from_ptx(code).kernel(symbol, params));
        if (std::optional<int> carveout = types::shared_memory_carveout(*c.typed->def))
            detail::LaunchAccess::prefer_shared_memory_carveout(*kernel, *carveout);
        if (c.cooperative) detail::LaunchAccess::launch_cooperatively(*kernel);  // coop: cuda.cg
        slot = kernel;
    }
    return *std::static_pointer_cast<LoadedKernel>(slot);
}

std::vector<const types::Type*> arg_types_of(const ArgRef* args, size_t n) {
    std::vector<const types::Type*> arg_types;
    arg_types.reserve(n);
    for (size_t i = 0; i < n; ++i) arg_types.push_back(type_of_arg(args[i]));
    return arg_types;
}

std::shared_ptr<ujit::detail::SpecState>
kernel_spec(const Function& kernel, const std::vector<const types::Type*>& arg_types, const Options& compile) {
    if (!kernel.is_cuda_kernel())
        throw Error(Error::Kind::Argument, fmt::format("error: '{}' is not a @cuda.jit kernel", kernel.name()));
    const types::Signature* sig =
        pipeline::choose_signature(FunctionAccess::module(kernel), FunctionAccess::def(kernel), arg_types);
    return sig ? specialize(kernel, sig->args, sig->ret, pipeline::Artifact::Entry, compile)
               : specialize(kernel, arg_types, nullptr, pipeline::Artifact::Entry, compile);
}

// ---------------------------------------------------------------- ufuncs

// A Python-like scalar operand (not an array, host or device).
bool is_scalar_operand(const KernelArg& a) { return !a.is_device_array() && a.value().is_scalar(); }

// Ufuncs and gufuncs compute on numbers: record arrays, host or device, are refused up front
// (a record device array's dtype() would otherwise read as its bytes).
void refuse_record_operands(const std::vector<KernelArg>& inputs) {
    for (const KernelArg& a : inputs) {
        if (a.is_device_array())
            pipeline::refuse_records(a.device_array().ref(), "a ufunc operand");
        else if (a.value().is_array())
            pipeline::refuse_records(a.value().array(), "a ufunc operand");
    }
}

runtime::UfuncOperand operand_of(const KernelArg& a) {
    if (a.is_device_array()) return {a.device_array().dtype(), false};
    const Value& v = a.value();
    if (v.is_array()) return {v.array().dtype, false};
    if (v.is_scalar()) return {v.scalar().type, true};
    throw Error(Error::Kind::Argument, "error: ufunc operands must be arrays or scalars");
}

std::vector<int64_t> shape_of(const KernelArg& a) {
    if (a.is_device_array()) return a.device_array().shape();
    return a.value().is_array() ? a.value().array().shape : std::vector<int64_t>{};
}

// `a` as a C-contiguous device array of `shape` and `dtype`, in place when it already is one.
DeviceArray device_operand(const KernelArg& a, const std::vector<int64_t>& shape, DType dtype, const Stream& stream) {
    if (a.is_device_array()) {
        const DeviceArray& d = a.device_array();
        if (d.dtype() == dtype && d.shape() == shape && d.is_c_contiguous()) return d;
    }
    if (is_scalar_operand(a)) {
        // A gufunc's scalar input is one element on the device, its core (a ufunc's is
        // scalar_operand's 16 bytes, which the ufunc loop may read as a vector).
        return to_device(runtime::scalar_array(a.value().scalar(), dtype).ref(), stream);
    }
    if (!a.is_device_array() && a.value().is_array()) {
        // A host array already in the loop's dtype, shape and C order is copied straight in:
        // staging it through a new host array first cost two more passes over its memory
        // (for 256 MB, 130 ms against the copy's 32 ms on an H200 machine).
        const ArrayRef& h = a.value().array();
        if (h.dtype == dtype && h.shape == shape && h.is_c_contiguous()) return to_device(h, stream);
    }
    Array host(dtype, shape);
    if (a.is_device_array()) {
        runtime::copy_cast(a.device_array().copy_to_host(stream).ref(), host.ref());
    } else if (a.value().is_scalar()) {
        runtime::copy_cast(runtime::scalar_array(a.value().scalar(), dtype).ref(), host.ref());
    } else {
        runtime::copy_cast(a.value().array(), host.ref());
    }
    return to_device(host.ref(), stream);
}

// A ufunc's scalar operand on the device (its bit in the loop kernel's `scalars` mask).
DeviceArray scalar_operand(const KernelArg& a, DType dtype, const Stream& stream) {
    return to_device(detail::ufunc_scalar_buffer(a.value().scalar(), dtype).ref(), stream);
}

// The first input before `i` that is the same host array as input i, read as the same dtype
// (`f(x, x)`): its device copy serves both. `i` when there is none.
size_t earlier_same_host_array(const std::vector<KernelArg>& inputs, size_t i, const std::vector<DType>& dtypes) {
    auto host_array = [&](size_t k) -> const ArrayRef* {
        return !inputs[k].is_device_array() && inputs[k].value().is_array() ? &inputs[k].value().array() : nullptr;
    };
    const ArrayRef* a = host_array(i);
    if (!a) return i;
    for (size_t k = 0; k < i; ++k) {
        const ArrayRef* b = host_array(k);
        if (b && b->data == a->data && b->dtype == a->dtype && b->shape == a->shape && b->strides == a->strides &&
            dtypes[k] == dtypes[i])
            return k;
    }
    return i;
}

// The loop kernel's launch shape: a grid-stride loop over n elements with enough blocks to
// fill every SM a few times over, no more.
constexpr int64_t kLoopBlock = 256;

uint32_t max_loop_blocks() { return uint32_t(current_device_info().sm_count) * 32; }

// (Where the loop moves vectors (codegen/ufunc_vector.hpp) a thread's share is up to four
// times larger at the same count; at 100M the cap holds either way, and below it the extra
// threads of a vector loop leave at once.)
uint32_t loop_blocks(int64_t n, uint32_t max_blocks) {
    return uint32_t(std::min<int64_t>((n + kLoopBlock - 1) / kLoopBlock, max_blocks));
}

struct UfuncPlan {
    std::shared_ptr<ujit::detail::SpecState> spec;
    std::vector<DType> inputs;
    DType output;
    std::vector<int64_t> shape;
};

UfuncPlan plan_ufunc(const Function& f, const std::vector<KernelArg>& inputs) {
    const syntax::FunctionDef* def = FunctionAccess::def(f);
    std::vector<runtime::UfuncOperand> operands;
    std::vector<runtime::Shape> shapes;
    for (const KernelArg& a : inputs) {
        operands.push_back(operand_of(a));
        shapes.push_back(shape_of(a));
    }
    if (operands.size() != def->params.size())
        throw Error(Error::Kind::Argument, fmt::format("error: ufunc '{}' takes {} inputs, got {}", def->name,
                                                       def->params.size(), operands.size()));
    pipeline::LoopTypes types = pipeline::choose_loop_types(FunctionAccess::module(f), def, operands);
    UfuncPlan plan;
    plan.spec = specialize(f, types.args, types.ret, pipeline::Artifact::UfuncLoop, {});
    const types::TypedFunction& fn = *plan.spec->compiled.typed;
    if (!fn.return_type->is_number() && !fn.return_type->is_datetime_like())  // dt64: an int64 count
        throw Error(Error::Kind::Argument,
                    fmt::format("error: ufunc '{}' must return a scalar, not {}", def->name, fn.return_type->str()));
    for (const auto* t : fn.arg_types) plan.inputs.push_back(pipeline::dtype_of_type(t));
    plan.output = pipeline::dtype_of_type(fn.return_type);
    plan.shape = runtime::broadcast_shapes(shapes);
    return plan;
}

// The plan's loop kernel (codegen/ufunc_loop.cpp: in0, ..., out as device pointers, then n
// and the scalar-input mask), loaded into the current device's context.
LoadedKernel loop_kernel(const UfuncPlan& plan) {
    std::vector<KernelParam> params;
    for (size_t i = 0; i < plan.inputs.size(); ++i)
        params.push_back(KernelParam::scalar(DType::UInt64, fmt::format("in{}", i)));
    params.push_back(KernelParam::scalar(DType::UInt64, "out"));
    params.push_back(KernelParam::scalar(DType::Int64, "n"));
    params.push_back(KernelParam::scalar(DType::Int64, "scalars"));
    return loaded(*plan.spec, plan.spec->compiled.typed->symbol + "$loop", params);
}

void run_ufunc(const UfuncPlan& plan, const std::vector<KernelArg>& inputs, const DeviceArray& out,
               const LaunchOptions& options) {
    if (out.shape() != plan.shape || out.dtype() != plan.output || !out.is_c_contiguous())
        throw Error(Error::Kind::Argument,
                    fmt::format("error: ufunc output must be a C-contiguous {} device array of shape {}",
                                dtype_name(plan.output), runtime::format_shape(plan.shape)));
    int64_t n = out.size();
    if (n == 0) return;
    // Temporary operands go back to the pool when this returns; on a user stream the pool
    // could hand their blocks to work on another stream before the kernel has read them,
    // so such a launch waits (the fast path, all operands already on the device, doesn't).
    std::vector<DeviceArray> operands;
    bool made_temporaries = false;
    std::vector<KernelArg> args;
    int64_t scalars = 0;
    for (size_t i = 0; i < inputs.size(); ++i) {
        if (is_scalar_operand(inputs[i])) scalars |= int64_t(1) << i;
        size_t twin = earlier_same_host_array(inputs, i, plan.inputs);
        operands.push_back(twin < i ? operands[twin]
                           : is_scalar_operand(inputs[i])
                               ? scalar_operand(inputs[i], plan.inputs[i], options.stream)
                               : device_operand(inputs[i], plan.shape, plan.inputs[i], options.stream));
        made_temporaries |= !inputs[i].is_device_array() ||
                            operands.back().device_pointer() != inputs[i].device_array().device_pointer();
        args.emplace_back(Value::of_int(DType::UInt64, int64_t(operands.back().device_pointer())));
    }
    args.emplace_back(Value::of_int(DType::UInt64, int64_t(out.device_pointer())));
    args.emplace_back(Value::of_int(DType::Int64, n));
    args.emplace_back(Value::of_int(DType::Int64, scalars));

    LoadedKernel k = loop_kernel(plan);
    launch(k, Dim3(loop_blocks(n, max_loop_blocks())), Dim3(uint32_t(kLoopBlock)), args, options);
    if (made_temporaries && !options.stream.is_default()) options.stream.synchronize();
}

// ---------------------------------------------------------------- the fast path
//
// The common call, every input already a C-contiguous device array of the output's shape
// in the loop's own dtypes, needs no casting, broadcasting or temporaries: what plan_ufunc
// and run_ufunc would decide is kept per (ufunc, input dtypes, device), and the loop kernel
// is launched with its parameters built in place (launch overhead: issue 3 asks for a 1K
// ufunc within 2x of a raw launch).

struct FastUfunc {
    bool usable = false;  // false: these dtypes need casting; the general path handles them
    LoadedKernel kernel;
    DType output = DType::Float64;
    uint32_t max_blocks = 0;
};

constexpr size_t kMaxFastInputs = 16;

std::shared_ptr<FastUfunc> fast_ufunc(const Function& f, const std::vector<KernelArg>& inputs,
                                      std::vector<DType> dtypes) {
    ujit::detail::ModuleState& m = FunctionAccess::module(f);
    ujit::detail::ModuleState::UfuncKey key{FunctionAccess::def(f), std::move(dtypes), current_device()};
    {
        std::lock_guard lock(m.launch_mutex);
        auto it = m.ufunc_cache.find(key);
        if (it != m.ufunc_cache.end()) return std::static_pointer_cast<FastUfunc>(it->second);
    }
    UfuncPlan plan = plan_ufunc(f, inputs);  // dispatch, compile; errors as on the general path
    auto e = std::make_shared<FastUfunc>();
    e->usable = plan.inputs == key.inputs;
    e->output = plan.output;
    if (e->usable) {
        e->kernel = loop_kernel(plan);
        e->max_blocks = max_loop_blocks();
    }
    std::lock_guard lock(m.launch_mutex);
    return std::static_pointer_cast<FastUfunc>(m.ufunc_cache.emplace(std::move(key), e).first->second);
}

// The fast path's entry when every input is a C-contiguous device array of `shape` in the
// loop's own dtypes; null when the general path must run.
std::shared_ptr<FastUfunc> fast_entry(const Function& f, const std::vector<KernelArg>& inputs,
                                      const std::vector<int64_t>& shape) {
    if (inputs.empty() || inputs.size() > kMaxFastInputs) return nullptr;
    // Found first by the input dtypes' codes (coded_launch_cache.hpp; 0x20000000 | dtype, a
    // pattern no launch code has, so a ufunc's entries never meet a kernel's) without
    // allocating; the dtype-keyed ufunc_cache decides on a miss.
    uint32_t codes[kMaxFastInputs];
    for (size_t i = 0; i < inputs.size(); ++i) {
        if (!inputs[i].is_device_array()) return nullptr;
        const DeviceArray& d = inputs[i].device_array();
        if (d.shape() != shape || !d.is_c_contiguous()) return nullptr;
        codes[i] = 0x20000000u | uint32_t(d.dtype());
    }
    ujit::detail::ModuleState& m = FunctionAccess::module(f);
    pipeline::LaunchCodeKey coded{FunctionAccess::def(f), current_device(), 0, false, codes, inputs.size()};
    std::shared_ptr<FastUfunc> e = std::static_pointer_cast<FastUfunc>(m.launch_by_codes.find(coded));
    if (!e) {
        std::vector<DType> dtypes;
        for (const KernelArg& a : inputs) dtypes.push_back(a.device_array().dtype());
        e = fast_ufunc(f, inputs, std::move(dtypes));
        m.launch_by_codes.insert(coded, e);
    }
    return e->usable ? e : nullptr;
}

void launch_fast(const FastUfunc& e, const std::vector<KernelArg>& inputs, const DeviceArray& out,
                 const LaunchOptions& options) {
    int64_t n = out.size();
    if (n == 0) return;
    const size_t k = inputs.size();
    uint64_t pointers[kMaxFastInputs + 1];
    int64_t scalars = 0;  // every input is an array here
    void* params[kMaxFastInputs + 3];
    for (size_t i = 0; i < k; ++i) {
        pointers[i] = inputs[i].device_array().device_pointer();
        params[i] = &pointers[i];
    }
    pointers[k] = out.device_pointer();
    params[k] = &pointers[k];
    params[k + 1] = &n;
    params[k + 2] = &scalars;
    detail::LaunchAccess::launch_prepared(e.kernel, Dim3(loop_blocks(n, e.max_blocks)), Dim3(uint32_t(kLoopBlock)),
                                          params, options);
}

// ---------------------------------------------------------------- gufuncs

struct GufuncPlan {
    pipeline::GufuncLoopChoice choice;
    runtime::GufuncBinding binding;
    // The kernel's loop steps and core table (codegen/lower.hpp) for operands laid out by
    // run_gufunc: C-contiguous loop + core shapes, except that an input without loop
    // dimensions (a scalar, or one matrix for a batch) is its core alone, read by every
    // thread (step 0), not copied once per iteration.
    std::vector<int64_t> steps, core;
    std::vector<bool> core_only;
    ujit::detail::ModuleState* module = nullptr;
    const syntax::FunctionDef* def = nullptr;
};

// Shapes only: device arrays are bound through their ArrayRef without touching their data.
ArrayRef shape_ref(const KernelArg& a, DType dtype) {
    if (a.is_device_array()) return a.device_array().ref();
    if (a.value().is_array()) return a.value().array();
    ArrayRef r;
    r.dtype = dtype;
    return r;
}

// Operand k's full shape: the loop shape, then its core sizes.
std::vector<int64_t> gufunc_operand_shape(const GufuncPlan& p, size_t k) {
    std::vector<int64_t> s = p.binding.loop;
    for (int d : p.choice.shape.core[k]) s.push_back(p.binding.sizes[size_t(d)]);
    return s;
}

void gufunc_tables(GufuncPlan& p, const std::vector<KernelArg>& inputs) {
    const runtime::GufuncShape& g = p.choice.shape;
    p.core = p.binding.sizes;
    for (size_t k = 0; k < g.nops(); ++k) {
        std::vector<int64_t> shape = gufunc_operand_shape(p, k);
        int64_t item = itemsize(p.choice.dtypes[k]), core_elems = 1;
        for (size_t j = p.binding.loop.size(); j < shape.size(); ++j) core_elems *= shape[j];
        p.core_only.push_back(k < inputs.size() && shape_of(inputs[k]).size() == g.core[k].size());
        p.steps.push_back(p.core_only.back() ? 0 : core_elems * item);
        if (g.array_ndim[k] == 0) continue;
        if (g.core[k].empty()) {
            p.core.push_back(item);  // an output '()' is a 1-element array
            continue;
        }
        runtime::Shape strides = runtime::c_strides(shape, item);
        p.core.insert(p.core.end(), strides.begin() + std::ptrdiff_t(p.binding.loop.size()), strides.end());
    }
}

GufuncPlan plan_gufunc(const Function& f, const std::vector<KernelArg>& inputs,
                       const std::vector<const ArrayRef*>& outputs) {
    if (!f.is_gufunc()) throw Error(Error::Kind::Argument, fmt::format("error: '{}' is not a gufunc", f.name()));
    refuse_record_operands(inputs);
    for (const ArrayRef* out : outputs)
        if (out) pipeline::refuse_records(*out, "a gufunc output");
    std::vector<Value> probes;  // what the dispatch reads: dtypes, and whether a scalar
    for (const KernelArg& a : inputs) probes.push_back(a.is_device_array() ? Value(a.device_array().ref()) : a.value());
    GufuncPlan plan;
    plan.choice = pipeline::choose_gufunc_loop(FunctionAccess::module(f), FunctionAccess::def(f), probes);
    std::vector<ArrayRef> shapes;
    for (size_t k = 0; k < inputs.size(); ++k) shapes.push_back(shape_ref(inputs[k], plan.choice.dtypes[k]));
    plan.binding = runtime::bind_gufunc(plan.choice.shape, shapes, outputs);
    gufunc_tables(plan, inputs);
    plan.module = &FunctionAccess::module(f);
    plan.def = FunctionAccess::def(f);
    return plan;
}

// What the launch guarantees of `operands` (codegen/gufunc_facts.hpp): the plan's steps,
// each address's alignment, and whether any two operands overlap.
codegen::GufuncKernelFacts kernel_facts(const GufuncPlan& p, const std::vector<DeviceArray>& operands) {
    codegen::GufuncKernelFacts facts;
    facts.steps = p.steps;
    facts.disjoint = true;
    for (size_t k = 0; k < operands.size(); ++k) {
        uint64_t at = operands[k].device_pointer(), end = at + operands[k].nbytes();
        int64_t align = 1;
        while (align < codegen::GufuncKernelFacts::kMaxAlign && at % uint64_t(2 * align) == 0) align *= 2;
        facts.align.push_back(align);
        for (size_t j = 0; j < k; ++j) {
            uint64_t at2 = operands[j].device_pointer(), end2 = at2 + operands[j].nbytes();
            facts.disjoint &= end <= at2 || end2 <= at;
        }
    }
    return facts;
}

// The kernel for this launch: small cores get one for exactly their sizes and the launch's
// facts, as on the CPU (api_gufunc.cpp); the operands here are always contiguous, so the
// sizes decide.
std::shared_ptr<ujit::detail::SpecState> kernel_spec(const GufuncPlan& p, const std::vector<DeviceArray>& operands) {
    const Options defaults;
    ujit::detail::SpecKey key{
        p.def,         p.choice.signature->args, p.choice.signature->ret, Target::CUDA,
        device_arch(), defaults.opt_level,       defaults.fastmath,       pipeline::Artifact::GufuncLoop};
    bool small = true;
    for (int64_t size : p.binding.sizes) small &= size >= 1 && size <= runtime::kMaxConstantCore;
    if (small) key.gufunc_core = codegen::with_kernel_facts(p.core, kernel_facts(p, operands));
    return p.module->get_or_compile(key, false);
}

void check_gufunc_outputs(const GufuncPlan& p, const std::vector<DeviceArray>& outputs) {
    const runtime::GufuncShape& g = p.choice.shape;
    for (size_t o = 0; o < outputs.size(); ++o) {
        size_t k = g.nin + o;
        if (outputs[o].dtype() != p.choice.dtypes[k] || !outputs[o].is_c_contiguous())
            throw Error(Error::Kind::Argument, fmt::format("error: gufunc '{}': output {} must be a C-contiguous {} "
                                                           "device array",
                                                           g.name, o, dtype_name(p.choice.dtypes[k])));
    }
}

void run_gufunc(const GufuncPlan& p, const std::vector<KernelArg>& inputs, const std::vector<DeviceArray>& outputs,
                const LaunchOptions& options) {
    int64_t n = runtime::checked_size(p.binding.loop);
    std::vector<DeviceArray> operands;
    bool made_temporaries = false;
    for (size_t k = 0; k < inputs.size(); ++k) {
        std::vector<int64_t> shape = gufunc_operand_shape(p, k);
        if (p.core_only[k]) shape.erase(shape.begin(), shape.begin() + std::ptrdiff_t(p.binding.loop.size()));
        operands.push_back(device_operand(inputs[k], shape, p.choice.dtypes[k], options.stream));
        made_temporaries |= !inputs[k].is_device_array() ||
                            operands.back().device_pointer() != inputs[k].device_array().device_pointer();
    }
    check_gufunc_outputs(p, outputs);
    operands.insert(operands.end(), outputs.begin(), outputs.end());
    if (n == 0) return;
    std::vector<KernelArg> args;
    std::vector<KernelParam> params;
    for (size_t k = 0; k < operands.size(); ++k) {
        args.emplace_back(Value::of_int(DType::UInt64, int64_t(operands[k].device_pointer())));
        params.push_back(KernelParam::scalar(DType::UInt64, fmt::format("op{}", k)));
    }
    args.emplace_back(Value::of_int(DType::Int64, n));
    params.push_back(KernelParam::scalar(DType::Int64, "n"));
    for (size_t k = 0; k < p.steps.size(); ++k) {
        args.emplace_back(Value::of_int(DType::Int64, p.steps[k]));
        params.push_back(KernelParam::scalar(DType::Int64, fmt::format("step{}", k)));
    }
    for (size_t k = 0; k < p.core.size(); ++k) {
        args.emplace_back(Value::of_int(DType::Int64, p.core[k]));
        params.push_back(KernelParam::scalar(DType::Int64, fmt::format("core{}", k)));
    }
    std::shared_ptr<ujit::detail::SpecState> spec = kernel_spec(p, operands);
    LoadedKernel kernel = loaded(*spec, spec->compiled.typed->symbol + "$gufunc", params);
    launch(kernel, Dim3(loop_blocks(n, max_loop_blocks())), Dim3(uint32_t(kLoopBlock)), args, options);
    if (made_temporaries && !options.stream.is_default()) options.stream.synchronize();
}

}  // namespace

std::vector<DeviceArray> gufunc_device(const Function& f, const std::vector<KernelArg>& inputs,
                                       const LaunchOptions& options) {
    const size_t nout = f.parameter_names().size() - size_t(f.gufunc_inputs());
    GufuncPlan p = plan_gufunc(f, inputs, std::vector<const ArrayRef*>(nout, nullptr));
    std::vector<DeviceArray> outputs;
    for (size_t o = 0; o < nout; ++o)
        outputs.push_back(
            device_array(gufunc_operand_shape(p, p.choice.shape.nin + o), p.choice.dtypes[p.choice.shape.nin + o]));
    if (uses_host_device())
        detail::gufunc_on_host(f, inputs, outputs);
    else
        run_gufunc(p, inputs, outputs, options);
    return outputs;
}

std::vector<Array> gufunc(const Function& f, const std::vector<KernelArg>& inputs, const LaunchOptions& options) {
    std::vector<Array> out;
    for (const DeviceArray& d : gufunc_device(f, inputs, options)) out.push_back(d.copy_to_host(options.stream));
    return out;
}

void gufunc_into(const Function& f, const std::vector<KernelArg>& inputs, const std::vector<DeviceArray>& outputs,
                 const LaunchOptions& options) {
    std::vector<ArrayRef> refs;
    for (const DeviceArray& d : outputs) refs.push_back(d.ref());
    std::vector<const ArrayRef*> given;
    for (const ArrayRef& r : refs) given.push_back(&r);
    const size_t nout = f.parameter_names().size() - size_t(f.gufunc_inputs());
    if (outputs.size() != nout)
        throw Error(Error::Kind::Argument,
                    fmt::format("error: gufunc '{}' has {} outputs, {} given", f.name(), nout, outputs.size()));
    GufuncPlan p = plan_gufunc(f, inputs, given);
    if (!uses_host_device()) return run_gufunc(p, inputs, outputs, options);
    check_gufunc_outputs(p, outputs);
    detail::gufunc_on_host(f, inputs, outputs);
}

static std::shared_ptr<LoadedKernel> loaded_for(const Function& kernel, const ArgRef* args, size_t n,
                                                const Options& compile);

void launch(const Function& kernel, Dim3 grid, Dim3 block, const std::vector<KernelArg>& args,
            const LaunchOptions& options, const Options& compile) {
    if (uses_host_device()) {
        // Numba would need its simulator here; the same kernel compiled for the CPU gives
        // the GPU's results for race-free kernels (api_cuda_cpu.cpp).
        detail::note_cpu_fallback();
        return launch_cpu(kernel, grid, block, args, options, compile);
    }
    ArgRefs refs(args);
    detail::LaunchAccess::launch(*loaded_for(kernel, refs.data(), refs.size(), compile), grid, block, refs.data(),
                                 refs.size(), options);
}

bool detail::launch_borrowed(const Function& kernel, Dim3 grid, Dim3 block, const ArgRef* args, size_t n,
                             const LaunchOptions& options, const Options& compile) {
    if (uses_host_device()) return false;
    LaunchAccess::launch(*loaded_for(kernel, args, n, compile), grid, block, args, n, options);
    return true;
}

// A kernel specialization's PTX loaded on the current device (once per device).
static std::shared_ptr<LoadedKernel> loaded_spec(ujit::detail::SpecState& spec) {
    const types::TypedFunction& fn = *spec.compiled.typed;
    std::vector<KernelParam> params;
    for (size_t i = 0; i < fn.arg_types.size(); ++i)
        params.push_back(param_of(fn.arg_types[i], fn.def->params[i].name));
    return std::make_shared<LoadedKernel>(loaded(spec, fn.symbol, params));
}

// An argument's launch code (coded_launch_cache.hpp): the dynamic call's code of it
// (call_cache.hpp: what type_of_value reads), or 0 where it reads more (records, more
// than 8 dimensions, other values: the typed path decides).
static uint32_t launch_code(const ArgRef& a) {
    return a.array ? pipeline::array_code(*a.array) : pipeline::arg_code(*a.scalar);
}

// The specialization a launch with `args` runs, loaded on the current device: compiled and
// loaded once per device, then found in the module's launch cache (by the arguments' codes
// first, without typing them).
static std::shared_ptr<LoadedKernel> loaded_for(const Function& kernel, const ArgRef* args, size_t n,
                                                const Options& compile) {
    ujit::detail::ModuleState& m = FunctionAccess::module(kernel);
    constexpr size_t kMaxCoded = 32;
    uint32_t codes[kMaxCoded];
    pipeline::LaunchCodeKey coded{
        FunctionAccess::def(kernel), current_device(), compile.opt_level, compile.fastmath, codes, n};
    bool codable = n <= kMaxCoded;
    for (size_t i = 0; codable && i < n; ++i) codable = (codes[i] = launch_code(args[i])) != 0;
    if (codable)
        if (std::shared_ptr<void> hit = m.launch_by_codes.find(coded))
            return std::static_pointer_cast<LoadedKernel>(hit);  // a kernel, given this many arguments before
    if (kernel.is_cuda_kernel()) detail::check_argument_count(kernel, n);
    ujit::detail::ModuleState::LaunchKey key{FunctionAccess::def(kernel), arg_types_of(args, n), current_device(),
                                             compile.opt_level, compile.fastmath};
    std::shared_ptr<void> cached;
    {
        std::lock_guard lock(m.launch_mutex);
        auto it = m.launch_cache.find(key);
        if (it != m.launch_cache.end()) cached = it->second;
    }
    if (!cached) {
        cached = loaded_spec(*kernel_spec(kernel, key.args, compile));
        std::lock_guard lock(m.launch_mutex);
        cached = m.launch_cache.emplace(std::move(key), cached).first->second;
    }
    if (codable) m.launch_by_codes.insert(coded, cached);
    return std::static_pointer_cast<LoadedKernel>(cached);
}

// The kernel's specialization for `signature` ("(float32[::1], int64)"), loaded on the current
// device, for a query of the driver about it (`what`: what the driver reports).
static std::shared_ptr<LoadedKernel> loaded_for_query(const Function& kernel, const std::string& signature,
                                                      const Options& compile, const char* what) {
    if (!kernel.is_cuda_kernel())
        throw Error(Error::Kind::Argument, fmt::format("error: '{}' is not a @cuda.jit kernel", kernel.name()));
    if (uses_host_device())
        throw Error(Error::Kind::Runtime,
                    fmt::format("error: {} of kernel '{}' come from a CUDA device, and there is none here: kernels "
                                "run compiled for the CPU",
                                what, kernel.name()));
    ujit::detail::ModuleState& m = FunctionAccess::module(kernel);
    types::Signature sig;
    try {
        sig = types::parse_signature(signature, FunctionAccess::def(kernel)->name_loc);
    } catch (...) {
        ujit::detail::rethrow_compile_error(m, std::current_exception());
    }
    return loaded_spec(*kernel_spec(kernel, sig.args, compile));
}

KernelAttributes kernel_attributes(const Function& kernel, const std::string& signature, const Options& compile) {
    return loaded_for_query(kernel, signature, compile, "the attributes (registers, local, constant and shared memory)")
        ->attributes();
}

int max_cooperative_grid_blocks(const Function& kernel, const std::string& signature, Dim3 block, size_t dynamic_shared,
                                const Options& compile) {
    return loaded_for_query(kernel, signature, compile, "the cooperative grid limits (max_cooperative_grid_blocks)")
        ->max_cooperative_grid_blocks(block, dynamic_shared);
}

Specialization kernel_specialization(const Function& kernel, const std::vector<KernelArg>& args,
                                     const Options& compile) {
    ArgRefs refs(args);
    return FunctionAccess::specialization(kernel_spec(kernel, arg_types_of(refs.data(), refs.size()), compile));
}

void vectorize_into(const Function& ufunc, const std::vector<KernelArg>& inputs, const DeviceArray& out,
                    const LaunchOptions& options) {
    refuse_record_operands(inputs);
    pipeline::refuse_records(out.ref(), "a ufunc output");
    if (uses_host_device()) return detail::vectorize_on_host(ufunc, inputs, out);
    if (out.is_c_contiguous())
        if (std::shared_ptr<FastUfunc> e = fast_entry(ufunc, inputs, out.shape()); e && out.dtype() == e->output)
            return launch_fast(*e, inputs, out, options);
    run_ufunc(plan_ufunc(ufunc, inputs), inputs, out, options);
}

DeviceArray vectorize_device(const Function& ufunc, const std::vector<KernelArg>& inputs,
                             const LaunchOptions& options) {
    refuse_record_operands(inputs);
    if (uses_host_device()) return detail::vectorize_on_host(ufunc, inputs);
    if (!inputs.empty() && inputs[0].is_device_array()) {
        const std::vector<int64_t>& shape = inputs[0].device_array().shape();
        if (std::shared_ptr<FastUfunc> e = fast_entry(ufunc, inputs, shape)) {
            DeviceArray out = device_array(shape, e->output);
            launch_fast(*e, inputs, out, options);
            return out;
        }
    }
    UfuncPlan plan = plan_ufunc(ufunc, inputs);
    DeviceArray out = device_array(plan.shape, plan.output);
    run_ufunc(plan, inputs, out, options);
    return out;
}

Array vectorize(const Function& ufunc, const std::vector<KernelArg>& inputs, const LaunchOptions& options) {
    refuse_record_operands(inputs);
    if (uses_host_device()) {
        detail::note_cpu_fallback();
        return vectorize_cpu(ufunc, detail::host_values(ufunc.name(), inputs));
    }
    return vectorize_device(ufunc, inputs, options).copy_to_host(options.stream);
}

}  // namespace ujit::cuda

namespace ujit {

std::string Specialization::linked_cubin(const std::string& arch) const {
    const pipeline::Compiled& c = s_->compiled;
    if (s_->request.options.target != Target::CUDA || !pipeline::needs_device_link(c))
        throw Error(Error::Kind::Argument, fmt::format("error: '{}' links no device code: a linked cubin exists for "
                                                       "CUDA code given link= files, calling cuda.declare_device "
                                                       "functions or synchronizing its grid (cuda.cg)",
                                                       c.typed->def->name));
    const std::string& made_for = s_->request.options.arch;
    auto number = [](const std::string& a) {
        size_t digit = a.find_first_of("0123456789");
        return digit == std::string::npos ? -1 : std::atoi(a.c_str() + digit);
    };
    if (!arch.empty() && number(arch) < number(made_for))
        throw Error(Error::Kind::Argument, fmt::format("error: '{}' was compiled to PTX for {}: it links for {} or a "
                                                       "newer architecture, not {}",
                                                       c.typed->def->name, made_for, made_for, arch));
    return pipeline::link_device_code(c, arch.empty() ? made_for : arch);
}

bool Specialization::cooperative() const { return s_->compiled.cooperative; }

}  // namespace ujit
