// ujit::Function and ujit::Specialization: specialize (lazily or eagerly), call, dump.
#include "pipeline/call.hpp"
#include "pipeline/call_cache.hpp"
#include "pipeline/dispatch.hpp"
#include "pipeline/gufunc_types.hpp"
#include "pipeline/marshal.hpp"
#include "pipeline/module_state.hpp"
#include "runtime/dtype.hpp"
#include "syntax/diagnostics.hpp"

#include <fmt/format.h>

namespace ujit {

namespace {

const syntax::FunctionDef* def_of(const void* p) { return static_cast<const syntax::FunctionDef*>(p); }

const types::Decorator& decorator(const detail::ModuleState& m, const syntax::FunctionDef* def) {
    return m.typer->decorator_of(def);
}

// A CompileError thrown outside ModuleState::get_or_compile (signature parsing).
template <class F> auto with_compile_errors(const detail::ModuleState& m, F&& f) {
    try {
        return f();
    } catch (const syntax::CompileError&) {
        detail::rethrow_compile_error(m, std::current_exception());
    }
}

detail::SpecKey make_key(const syntax::FunctionDef* def, std::vector<const types::Type*> args, const types::Type* ret,
                         const Options& o, pipeline::Artifact artifact) {
    Target target = o.target == Target::Parallel ? Target::CPU : o.target;
    return detail::SpecKey{
        def,         std::move(args), ret,     target, target == Target::CUDA ? o.arch : std::string(),
        o.opt_level, o.fastmath,      artifact};
}

}  // namespace

const std::string& Function::name() const { return def_of(def_)->name; }

std::vector<std::string> Function::parameter_names() const {
    std::vector<std::string> out;
    for (const auto& p : def_of(def_)->params) out.push_back(p.name);
    return out;
}

bool Function::is_cuda_kernel() const {
    const auto& d = decorator(*m_, def_of(def_));
    return d.kind == types::Decorator::Kind::CudaJit && !d.device;
}

bool Function::is_ufunc() const { return decorator(*m_, def_of(def_)).kind == types::Decorator::Kind::Vectorize; }
bool Function::is_gufunc() const { return decorator(*m_, def_of(def_)).kind == types::Decorator::Kind::GuVectorize; }
std::string Function::gufunc_layout() const { return is_gufunc() ? decorator(*m_, def_of(def_)).gufunc.str() : ""; }
int Function::gufunc_inputs() const {
    return is_gufunc() ? static_cast<int>(decorator(*m_, def_of(def_)).gufunc.nin()) : 0;
}

Function::Kind Function::kind() const {
    const auto& d = decorator(*m_, def_of(def_));
    switch (d.kind) {
    case types::Decorator::Kind::None: return Kind::Plain;
    case types::Decorator::Kind::Jit: return Kind::Jit;
    case types::Decorator::Kind::Vectorize: return Kind::Vectorize;
    case types::Decorator::Kind::GuVectorize: return Kind::GuVectorize;
    case types::Decorator::Kind::CudaJit: return d.device ? Kind::CudaDevice : Kind::CudaKernel;
    }
    return Kind::Plain;
}

bool Function::declared_fastmath() const { return decorator(*m_, def_of(def_)).fastmath; }

Target Function::declared_target() const {
    const auto& d = decorator(*m_, def_of(def_));
    if (d.kind == types::Decorator::Kind::CudaJit || d.target == types::TargetKind::CUDA) return Target::CUDA;
    return d.parallel_target ? Target::Parallel : Target::CPU;
}

std::vector<std::string> Function::declared_signatures() const {
    std::vector<std::string> out;
    for (const auto& s : decorator(*m_, def_of(def_)).signatures) out.push_back(s.str());
    return out;
}

namespace {
// What compiling a function eagerly builds: its entry point, except for a ufunc on CUDA,
// whose scalar body is only a device function; there the GPU loop kernel is what runs
// (and what `ujit ptx` shows). A gufunc's core function only ever runs inside its loop.
pipeline::Artifact compiled_artifact(const Function& f, const Options& opts) {
    if (f.is_gufunc()) return pipeline::Artifact::GufuncLoop;
    return opts.target == Target::CUDA && f.is_ufunc() ? pipeline::Artifact::UfuncLoop : pipeline::Artifact::Entry;
}
}  // namespace

Specialization Function::compile(const std::string& signature, const Options& opts) const {
    const auto* def = def_of(def_);
    types::Signature sig = with_compile_errors(*m_, [&] { return types::parse_signature(signature, def->name_loc); });
    Specialization s;
    s.s_ = m_->get_or_compile(make_key(def, sig.args, sig.ret, opts, compiled_artifact(*this, opts)), false);
    return s;
}

Specialization pipeline::compile_gufunc_for_sizes(const Function& f, const std::string& signature,
                                                  const std::vector<std::pair<std::string, int64_t>>& core_sizes,
                                                  const Options& opts) {
    const syntax::FunctionDef* def = detail::FunctionAccess::def(f);
    detail::ModuleState& m = detail::FunctionAccess::module(f);
    if (!f.is_gufunc())
        throw Error(Error::Kind::Argument, fmt::format("error: '{}' is not a @guvectorize gufunc", def->name));
    types::Signature sig = with_compile_errors(m, [&] { return types::parse_signature(signature, def->name_loc); });
    detail::SpecKey key = make_key(def, sig.args, sig.ret, opts, pipeline::Artifact::GufuncLoop);
    key.gufunc_core = contiguous_core_table(def, decorator(m, def).gufunc, sig, core_sizes, key.target == Target::CUDA);
    return detail::FunctionAccess::specialization(m.get_or_compile(key, false));
}

std::vector<Specialization> Function::compile_declared(const Options& opts) const {
    std::vector<Specialization> out;
    for (const auto& sig : decorator(*m_, def_of(def_)).signatures) {
        Specialization s;
        s.s_ =
            m_->get_or_compile(make_key(def_of(def_), sig.args, sig.ret, opts, compiled_artifact(*this, opts)), false);
        out.push_back(std::move(s));
    }
    return out;
}

Value Function::call(const std::vector<Value>& args, const Options& opts) const {
    return call(args.data(), args.size(), opts);
}

Value Function::call(const Value* args, size_t n_args) const {
    if (const pipeline::CallEntry* e = pipeline::find_cached(*calls_, args, n_args))
        return pipeline::call_hit(*e, args, n_args);
    static const Options defaults;
    return call(args, n_args, defaults);
}

// operator()'s plain numbers. The common hit (every argument of its parameter's dtype) is
// called in this one frame: the generated code reads each parameter straight from its
// argument's 8 bytes, and the error guard's setjmp is written here rather than through
// guarded_call, which GCC never inlines (a call and a frame of its own: a sixth of this
// path). Generated code is nounwind, so no C++ exception passes the guard. The rest is
// out of line.
Value Function::call_scalars(uint64_t key, const ScalarArg* args, size_t n_args) const {
    const pipeline::CallEntry* e = calls_->find_scalar(key);
    if (!e || !e->args_in_place) [[unlikely]]
        return call_scalars_uncached(args, n_args);
    void* ptrs[pipeline::kMaxCachedArgs];
    for (size_t i = 0; i < n_args; ++i) ptrs[i] = const_cast<int64_t*>(&args[i].i);
    alignas(16) uint8_t out[16];
    cpu::ErrorGuardFrame frame;
    cpu::push_guard(frame);
    if (UJIT_GUARD_SETJMP(frame.env) != 0) [[unlikely]] {
        cpu::pop_guard_after_raise(frame);
        pipeline::throw_runtime_error(cpu::RuntimeErrorInfo{frame.code, frame.where ? frame.where : ""});
    }
    reinterpret_cast<pipeline::PackedFn>(e->packed)(ptrs, out);
    cpu::pop_guard(frame);
    return pipeline::scalar_result(e->result_dtype, out);
}

// 8 arguments, the first call with these types, or arguments to convert: the codes path,
// then the slow path.
[[gnu::noinline]] Value Function::call_scalars_uncached(const ScalarArg* args, size_t n_args) const {
    uint32_t codes[pipeline::kMaxCachedArgs];
    for (size_t i = 0; i < n_args; ++i) codes[i] = pipeline::scalar_code(args[i].type);
    const pipeline::CallEntry* e = calls_->find(codes, n_args, pipeline::CallOptions::defaults());
    if (e && e->scalar_params && e->scalar_result) return pipeline::call_hit_scalars(*e, args, n_args);
    Value values[pipeline::kMaxCachedArgs];
    for (size_t i = 0; i < n_args; ++i)
        values[i] = args[i].type == DType::Float64 ? Value(args[i].f)
                    : args[i].type == DType::Bool  ? Value(args[i].i != 0)
                                                   : Value(args[i].i);
    return call(values, n_args);
}

namespace {

// A parameter's default (ModuleTyper::default_argument) as the Value a caller would pass.
Value value_of_default(const types::ConstValue& c) {
    if (!c.type) return Value();  // None
    if (c.type->is_str()) return Value(c.s);
    if (c.type->is_tuple()) {
        Value::Tuple t;
        for (const types::ConstValue& e : c.elems) t.push_back(value_of_default(e));
        return Value(std::move(t));
    }
    DType d = pipeline::dtype_of_type(c.type);
    switch (runtime::dtype_kind(d)) {
    case runtime::DKind::Float: return Value(Value::Scalar{d, 0, c.f, {}});
    case runtime::DKind::Complex: return Value(Value::Scalar{d, 0, 0, c.c});
    default: return Value(Value::Scalar{d, c.i, 0, {}});
    }
}

// A call that leaves out trailing parameters with defaults (`def f(x, y=2.5)`, `f(3)`) gets
// them as Python would: the C++ and C APIs and the CLI call like the Python package does.
std::vector<Value> with_defaults(const types::ModuleTyper& typer, const syntax::FunctionDef* def, const Value* args,
                                 size_t n_args) {
    std::vector<Value> full(args, args + n_args);
    for (size_t i = n_args; i < def->params.size(); ++i) {
        std::optional<types::ConstValue> v = typer.default_argument(def, i);
        if (!v)
            throw Error(Error::Kind::Argument,
                        fmt::format("error: {}() missing required argument '{}' (it takes {}, {} given)", def->name,
                                    def->params[i].name, def->params.size(), n_args));
        full.push_back(value_of_default(*v));
    }
    return full;
}

}  // namespace

Value Function::call(const Value* args, size_t n_args, const Options& opts) const {
    if (n_args < def_of(def_)->params.size()) {
        std::vector<Value> full = with_defaults(*m_->typer, def_of(def_), args, n_args);
        return call(full.data(), full.size(), opts);
    }
    pipeline::CallOptions copts = pipeline::CallOptions::of(opts);
    uint32_t codes[pipeline::kMaxCachedArgs];
    bool cacheable = n_args <= pipeline::kMaxCachedArgs && copts.target == Target::CPU;
    for (size_t i = 0; i < n_args && cacheable; ++i) cacheable = (codes[i] = pipeline::arg_code(args[i])) != 0;
    if (cacheable)
        if (const pipeline::CallEntry* e = calls_->find(codes, n_args, copts))
            return pipeline::call_entry(*e, args, n_args);
    // The slow path: type the arguments, choose the signature, find or compile.
    const auto* def = def_of(def_);
    std::vector<const types::Type*> arg_types;
    for (size_t i = 0; i < n_args; ++i) arg_types.push_back(pipeline::type_of_value(args[i]));
    const types::Signature* chosen = pipeline::choose_signature(*m_, def, arg_types);
    auto spec = m_->get_or_compile(chosen ? make_key(def, chosen->args, chosen->ret, opts, pipeline::Artifact::Entry)
                                          : make_key(def, arg_types, nullptr, opts, pipeline::Artifact::Entry),
                                   false);
    if (!spec->compiled.packed)
        throw Error(Error::Kind::Argument,
                    fmt::format("error: '{}' was compiled for CUDA; launch it as a kernel", def->name));
    pipeline::CallEntry entry;
    pipeline::describe_call(entry, spec->compiled.packed, *spec->compiled.typed, spec->compiled.generator_next);
    if (cacheable && pipeline::converts_always(entry, codes, n_args)) {
        entry.n_args = uint32_t(n_args);
        std::copy(codes, codes + n_args, entry.codes.begin());
        entry.options = copts;
        calls_->insert(std::make_unique<pipeline::CallEntry>(entry));
    }
    return pipeline::call_entry(entry, args, n_args);
}

// ---------------------------------------------------------------- Specialization

const std::string& Specialization::signature() const { return s_->signature; }
void* Specialization::address() const { return s_->compiled.entry; }

Value Specialization::call(const std::vector<Value>& args) const {
    const types::TypedFunction& fn = *s_->compiled.typed;
    if (s_->request.artifact == pipeline::Artifact::GufuncLoop)
        throw Error(Error::Kind::Argument,
                    fmt::format("error: '{}' is a gufunc; apply it with gufunc_call", fn.def->name));
    if (!s_->compiled.packed)
        throw Error(Error::Kind::Argument,
                    fmt::format("error: '{}' was compiled for CUDA; launch it as a kernel", fn.def->name));
    pipeline::CallEntry entry;
    pipeline::describe_call(entry, s_->compiled.packed, fn, s_->compiled.generator_next);
    return pipeline::call_entry(entry, args.data(), args.size());
}

namespace {
// Dumps need the IR text, which the cached entry may not have kept: recompile with it.
const pipeline::Compiled& with_ir(std::shared_ptr<detail::SpecState>& s) {
    if (s->compiled.llvm_ir.empty()) {
        detail::SpecKey key{s->request.def,
                            s->request.args,
                            s->request.declared_return,
                            s->request.options.target,
                            s->request.options.arch,
                            s->request.options.opt_level,
                            s->request.options.fastmath,
                            s->request.artifact,
                            s->request.gufunc_core};
        s = s->module->get_or_compile(key, true);
    }
    return s->compiled;
}
}  // namespace

std::string Specialization::typed_ir() const { return s_->compiled.typed_ir; }

std::string Specialization::llvm_ir() const {
    auto s = s_;
    return with_ir(s).llvm_ir;
}

std::string Specialization::assembly() const {
    if (s_->request.options.target == Target::CUDA) return ptx();
    std::lock_guard lock(s_->module->typer_mutex);  // re-lowering reads the typer's tables
    return pipeline::cpu_assembly(s_->request);
}

std::string Specialization::ptx() const {
    if (s_->request.options.target != Target::CUDA)
        throw Error(Error::Kind::Argument, "error: PTX exists only for the CUDA target");
    return s_->compiled.assembly;
}

}  // namespace ujit
