// Function::vectorize_call: NumPy-style application of a scalar function.
//
//   choose the loop (declared signatures by Numba's casting rules, or specialize lazily)
//   → cast inputs whose dtype differs from the loop's → broadcast → run the compiled
//   inner loop over the output (one thread, or the shared pool for target 'parallel').
#include "cpu/helper_errors.hpp"
#include "pipeline/call.hpp"
#include "pipeline/marshal.hpp"
#include "pipeline/module_state.hpp"
#include "pipeline/record_values.hpp"
#include "pipeline/ufunc_types.hpp"
#include "runtime/broadcast.hpp"
#include "runtime/cast.hpp"
#include "runtime/scalar.hpp"
#include "runtime/shape.hpp"
#include "runtime/ufunc_dispatch.hpp"
#include "runtime/ufunc_exec.hpp"

#include <fmt/format.h>

namespace ujit {

namespace {

struct Loop {
    runtime::LoopFn fn = nullptr;
    std::vector<DType> inputs;
    DType output = DType::Float64;
};

runtime::UfuncOperand operand_of(const Value& v) {
    if (v.is_array()) pipeline::refuse_records(v.array(), "a ufunc operand");
    if (v.is_array()) return {v.array().dtype, false};
    if (v.is_scalar()) return {v.scalar().type, true};
    throw Error(Error::Kind::Argument, "error: ufunc operands must be arrays or scalars");
}

Loop choose_loop(detail::ModuleState& m, const syntax::FunctionDef* def, const std::vector<Value>& inputs,
                 const Options& opts) {
    std::vector<runtime::UfuncOperand> operands;
    for (const Value& v : inputs) operands.push_back(operand_of(v));
    pipeline::LoopTypes types = pipeline::choose_loop_types(m, def, operands);
    Target target = opts.target == Target::Parallel ? Target::CPU : opts.target;
    if (target != Target::CPU)
        throw Error(Error::Kind::Argument, "error: vectorize_call runs on the CPU targets ('cpu', 'parallel')");
    detail::SpecKey key{def,           types.args,     types.ret,     Target::CPU,
                        std::string(), opts.opt_level, opts.fastmath, pipeline::Artifact::UfuncLoop};
    auto spec = m.get_or_compile(key, false);
    const types::TypedFunction& fn = *spec->compiled.typed;
    if (!fn.return_type->is_number() && !fn.return_type->is_datetime_like())  // dt64: an int64 count
        throw Error(Error::Kind::Argument,
                    fmt::format("error: ufunc '{}' must return a scalar, not {}", def->name, fn.return_type->str()));
    Loop loop;
    loop.fn = reinterpret_cast<runtime::LoopFn>(spec->compiled.loop);
    for (const auto* t : fn.arg_types) loop.inputs.push_back(pipeline::dtype_of_type(t));
    loop.output = pipeline::dtype_of_type(fn.return_type);
    return loop;
}

// Inputs as arrays of the loop's dtypes: scalars become 0-d arrays, other dtypes are cast.
std::vector<ArrayRef> loop_inputs(const std::vector<Value>& inputs, const Loop& loop, std::vector<Array>& keep) {
    std::vector<ArrayRef> refs;
    for (size_t i = 0; i < inputs.size(); ++i) {
        const Value& v = inputs[i];
        if (v.is_scalar()) {
            keep.push_back(runtime::scalar_array(v.scalar(), loop.inputs[i]));
            refs.push_back(keep.back().ref());
        } else if (v.array().dtype != loop.inputs[i]) {
            keep.push_back(runtime::astype(v.array(), loop.inputs[i]));
            refs.push_back(keep.back().ref());
        } else {
            refs.push_back(v.array());
        }
    }
    return refs;
}

void run(const Loop& loop, const std::vector<ArrayRef>& in, const ArrayRef& out, const Options& opts) {
    // Each chunk of work runs under the caller thread's or worker's own error guard.
    runtime::LoopInvoker invoke = [](runtime::LoopFn fn, char** p, int64_t n, const int64_t* s) {
        cpu::RuntimeErrorInfo err;
        if (!cpu::guarded_call([&] { fn(p, n, s); }, err)) pipeline::throw_runtime_error(err);
    };
    if (opts.target == Target::Parallel)
        runtime::execute_ufunc_parallel(loop.fn, in, out, invoke);
    else
        runtime::execute_ufunc(loop.fn, in, out, invoke);
}

runtime::Shape result_shape(const std::vector<ArrayRef>& in) {
    std::vector<runtime::Shape> shapes;
    for (const auto& a : in) shapes.push_back(a.shape);
    return runtime::broadcast_shapes(shapes);
}

}  // namespace

Array Function::vectorize_call(const std::vector<Value>& inputs, const Options& opts) const {
    auto* def = static_cast<const syntax::FunctionDef*>(def_);
    Loop loop = choose_loop(*m_, def, inputs, opts);
    std::vector<Array> keep;
    std::vector<ArrayRef> in = loop_inputs(inputs, loop, keep);
    Array out(loop.output, result_shape(in));
    run(loop, in, out.ref(), opts);
    return out;
}

void Function::vectorize_call(const std::vector<Value>& inputs, const ArrayRef& out, const Options& opts) const {
    runtime::require_writable(out);
    auto* def = static_cast<const syntax::FunctionDef*>(def_);
    Loop loop = choose_loop(*m_, def, inputs, opts);
    std::vector<Array> keep;
    std::vector<ArrayRef> in = loop_inputs(inputs, loop, keep);
    runtime::Shape shape = result_shape(in);
    if (runtime::broadcast_shapes({shape, out.shape}) != out.shape)
        throw Error(Error::Kind::Argument, fmt::format("error: output array has shape {}, the inputs broadcast to {}",
                                                       runtime::format_shape(out.shape), runtime::format_shape(shape)));
    if (out.dtype == loop.output) {
        run(loop, in, out, opts);
        return;
    }
    Array tmp(loop.output, out.shape);  // loop into the loop's dtype, then cast into `out`
    run(loop, in, tmp.ref(), opts);
    runtime::copy_cast(tmp.ref(), out, opts.target == Target::Parallel);
}

}  // namespace ujit
