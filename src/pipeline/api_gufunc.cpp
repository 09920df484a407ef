// Function::gufunc_call: NumPy-style application of a generalized ufunc on the host.
//
//   choose the declared signature (input dtypes) → cast inputs → bind core dimensions and
//   broadcast the loop dimensions → allocate or check the outputs → run the compiled
//   gufunc loop (one thread, or split across the pool for target 'parallel').
#include "cpu/helper_errors.hpp"
#include "pipeline/call.hpp"
#include "pipeline/gufunc_types.hpp"
#include "pipeline/module_state.hpp"
#include "runtime/cast.hpp"
#include "runtime/shape.hpp"

#include <fmt/format.h>

namespace ujit {

namespace {

void check_target(const Options& opts) {
    if (opts.target == Target::CUDA)
        throw Error(Error::Kind::Argument,
                    "error: gufunc_call runs on the CPU targets ('cpu', 'parallel'); see ujit::cuda::gufunc");
}

// The loop for these operands: with small contiguous cores, one compiled for exactly those
// core sizes (a JIT's advantage: a 2x2 matmul unrolls completely); else the general one.
runtime::GufuncLoopFn compile_loop(detail::ModuleState& m, const syntax::FunctionDef* def,
                                   const pipeline::GufuncLoopChoice& c, const runtime::GufuncBinding& b,
                                   const std::vector<ArrayRef>& operands, const Options& opts) {
    detail::SpecKey key{def,           c.signature->args, c.signature->ret, Target::CPU,
                        std::string(), opts.opt_level,    opts.fastmath,    pipeline::Artifact::GufuncLoop};
    if (runtime::gufunc_core_is_constant_worthy(c.shape, b, operands))
        key.gufunc_core = runtime::gufunc_core_table(c.shape, b, operands);
    return reinterpret_cast<runtime::GufuncLoopFn>(m.get_or_compile(key, false)->compiled.loop);
}

void run(detail::ModuleState& m, const syntax::FunctionDef* def, const pipeline::GufuncLoopChoice& c,
         const runtime::GufuncBinding& b, const std::vector<ArrayRef>& operands, const Options& opts) {
    runtime::GufuncLoopFn loop = compile_loop(m, def, c, b, operands, opts);
    // Each chunk runs under its own thread's error guard.
    runtime::GufuncInvoker invoke = [](runtime::GufuncLoopFn fn, char** p, int64_t n, const int64_t* steps,
                                       const int64_t* core) {
        cpu::RuntimeErrorInfo err;
        if (!cpu::guarded_call([&] { fn(p, n, steps, core); }, err)) pipeline::throw_runtime_error(err);
    };
    runtime::execute_gufunc(loop, c.shape, b, operands, invoke, opts.target == Target::Parallel);
}

// Whether an output can be written in place: the loop's dtype, and C-contiguous cores
// where the signature declares '::1'.
bool writable_in_place(const pipeline::GufuncLoopChoice& c, size_t k, const ArrayRef& out) {
    if (out.dtype != c.dtypes[k]) return false;
    const types::Type* t = c.signature->args[k];
    if (!t->is_array() || t->layout() != types::Layout::C || out.strides.empty()) return true;
    return out.is_c_contiguous();
}

}  // namespace

std::vector<Array> Function::gufunc_call(const std::vector<Value>& inputs, const Options& opts) const {
    auto* def = static_cast<const syntax::FunctionDef*>(def_);
    if (!is_gufunc())
        throw Error(Error::Kind::Argument, fmt::format("error: '{}' is not a @guvectorize gufunc", def->name));
    check_target(opts);
    pipeline::GufuncLoopChoice c = pipeline::choose_gufunc_loop(*m_, def, inputs);
    std::vector<Array> keep;
    std::vector<ArrayRef> operands = pipeline::gufunc_inputs(c, inputs, keep);
    std::vector<const ArrayRef*> none(c.shape.nops() - c.shape.nin, nullptr);
    runtime::GufuncBinding b = runtime::bind_gufunc(c.shape, operands, none);
    std::vector<Array> outputs;
    for (size_t o = 0; o < none.size(); ++o) {
        outputs.emplace_back(c.dtypes[c.shape.nin + o], runtime::gufunc_output_shape(c.shape, b, o));
        operands.push_back(outputs.back().ref());
    }
    run(*m_, def, c, b, operands, opts);
    return outputs;
}

void Function::gufunc_call(const std::vector<Value>& inputs, const std::vector<ArrayRef>& outputs,
                           const Options& opts) const {
    auto* def = static_cast<const syntax::FunctionDef*>(def_);
    if (!is_gufunc())
        throw Error(Error::Kind::Argument, fmt::format("error: '{}' is not a @guvectorize gufunc", def->name));
    pipeline::GufuncLoopChoice c = pipeline::choose_gufunc_loop(*m_, def, inputs);
    size_t nout = c.shape.nops() - c.shape.nin;
    if (outputs.size() != nout)
        throw Error(Error::Kind::Argument, fmt::format("error: gufunc '{}' has {} output{}, {} given", def->name, nout,
                                                       nout == 1 ? "" : "s", outputs.size()));
    check_target(opts);
    std::vector<Array> keep;
    std::vector<ArrayRef> operands = pipeline::gufunc_inputs(c, inputs, keep);
    std::vector<const ArrayRef*> given;
    for (const ArrayRef& o : outputs) {
        runtime::require_writable(o);
        given.push_back(&o);
    }
    runtime::GufuncBinding b = runtime::bind_gufunc(c.shape, operands, given);
    // Outputs of another dtype (or not contiguous where '::1' is declared) are computed
    // into a temporary and copied back, as NumPy's casting of `out` does.
    std::vector<std::pair<Array, ArrayRef>> copy_back;
    for (size_t o = 0; o < nout; ++o) {
        size_t k = c.shape.nin + o;
        if (writable_in_place(c, k, outputs[o])) {
            operands.push_back(outputs[o]);
            continue;
        }
        copy_back.emplace_back(Array(c.dtypes[k], outputs[o].shape), outputs[o]);
        operands.push_back(copy_back.back().first.ref());
    }
    run(*m_, def, c, b, operands, opts);
    for (const auto& [tmp, out] : copy_back) runtime::copy_cast(tmp.ref(), out, opts.target == Target::Parallel);
}

}  // namespace ujit
