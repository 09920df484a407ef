// Module-level checking: imports, folded constants and function definitions. Anything
// else at module level is host code, left to Python (host_code.cpp).
#include "types/const_array.hpp"
#include "types/const_eval.hpp"
#include "types/exceptions.hpp"
#include "types/module_impl.hpp"
#include "types/type_values.hpp"

#include "syntax/diagnostics.hpp"
#include "syntax/stack_budget.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

namespace ujit::types {

using namespace syntax;

std::optional<Member> ModuleScope::lookup(const std::string& name) const {
    if (const Global* g = find_global(name)) return g->member;
    return resolve_python_builtin(name);
}

void ModuleScope::check() {
    if (checked) return;
    add_host_globals();
    add_enum_classes();  // before the constants: `RED = Color.red` is one
    for (const Stmt* s : module.body()) {
        switch (s->kind) {
        case StmtKind::Import: add_import(*cast<Import>(s)); break;
        case StmtKind::ImportFrom: add_import_from(*cast<ImportFrom>(s)); break;
        case StmtKind::Assign: add_constant(*cast<Assign>(s)); break;
        case StmtKind::FunctionDef: add_function(*cast<FunctionDef>(s)); break;
        case StmtKind::Pass: break;
        case StmtKind::ExprStmt:
            if (isa<StrLit>(cast<ExprStmt>(s)->value)) break;  // a string used as a comment
            [[fallthrough]];
        default: skip_host_statement(*s);
        }
    }
    for (const syntax::Module::SkippedStatement& s : module.skipped()) {
        skipped.push_back({s.loc, s.reason});
        if (!s.binds.empty()) bind_host_only(s.binds, s.loc, s.reason);
        for (const std::string& base : s.bases)
            if (is_builtin_exception(base) || exception_classes.count(base)) exception_classes[s.binds] = s.loc;
    }
    add_host_function_aliases();
    add_jitclasses();  // once the names its spec uses are bound
    // Decorators are parsed once every name is known (a decorator may name a later import).
    for (const Stmt* s : module.body())
        if (auto* fn = dyn_cast<FunctionDef>(s)) {
            decorators[fn] = parse_decorators(*fn, *this);
            if (DeclaredLocals l = parse_declared_locals(*fn, *this); !l.empty()) declared_locals[fn] = std::move(l);
        }
    overload_routes = parse_overload_routes(*this);
    checked = true;
}

// Host globals have no location in the source: they are the host's, like builtins.
void ModuleScope::add_host_globals() {
    for (const HostGlobal& g : host_globals) {
        if (g.kind == HostGlobal::Kind::Constant) {
            Member m = make_member(Member::What::Constant, g.constant.type);
            m.constant = g.constant;
            globals[g.name] = Global{std::move(m), nullptr, {}};
        } else if (g.kind == HostGlobal::Kind::Namespace) {
            globals[g.name] =
                Global{make_member(Member::What::Namespace, namespace_(module_namespace(g.target))), nullptr, {}};
        } else if (g.kind == HostGlobal::Kind::Member) {
            globals[g.name] = Global{*resolve_member(module_namespace(g.target), g.member), nullptr, {}};
        }
    }
}

// An alias names a def of this module, so it is bound once the defs are; the module's
// own binding of the same name wins.
void ModuleScope::add_host_function_aliases() {
    for (const HostGlobal& g : host_globals) {
        if (g.kind != HostGlobal::Kind::FunctionAlias) continue;
        const Global* fn = find_global(g.target);
        if (!fn || !fn->fn) continue;  // the def's name was rebound: nothing to alias
        if (const Global* own = find_global(g.name); own && own->loc.valid()) continue;
        globals[g.name] = Global{fn->member, fn->fn, {}};
    }
}

void ModuleScope::add_import(const Import& s) {
    for (const ImportAlias& a : s.names) {
        std::string space = module_namespace(a.name);
        // `import numba.cuda` binds `numba`; `import math` binds `math`.
        std::string bound = a.asname.empty() ? a.name.substr(0, a.name.find('.')) : a.asname;
        if (a.asname.empty()) space = module_namespace(bound);
        if (space.empty()) {
            skipped.push_back({a.loc, fmt::format("'import {}' is left to Python", a.name)});
            bind_host_only(
                bound, a.loc,
                fmt::format("it names module '{}', which compiled code cannot use ({})", a.name, kSupportedModules));
            continue;
        }
        bind(bound, Global{make_member(Member::What::Namespace, namespace_(space)), nullptr, a.loc});
    }
}

void ModuleScope::add_import_from(const ImportFrom& s) {
    std::string space = module_namespace(s.module);
    for (const ImportAlias& a : s.names) {
        if (a.name == "*") {
            skip_host_statement(s, fmt::format("'from {} import *' is left to Python: ujit does not know the names "
                                               "it binds",
                                               s.module));
            continue;
        }
        std::string bound = a.asname.empty() ? a.name : a.asname;
        if (space.empty()) {
            skipped.push_back({a.loc, fmt::format("'from {} import {}' is left to Python", s.module, a.name)});
            bind_host_only(bound, a.loc,
                           fmt::format("it comes from module '{}', which compiled code cannot use ({})", s.module,
                                       kSupportedModules));
            continue;
        }
        auto m = resolve_member(space, a.name);
        if (!m && space == "cuda.random" && a.name.ends_with("xoroshiro128p_states"))
            bind_host_only(
                bound, a.loc,
                fmt::format("'{}' is host code: it makes the states array that compiled code takes", a.name));
        else if (!m && space == "cuda.random" && a.name.starts_with("xoroshiro128p_"))
            bind_host_only(bound, a.loc,
                           fmt::format("'{}.{}' is not supported by ujit: ujit has no record dtypes, and its "
                                       "states are a uint64 array of shape (n, 2)",
                                       s.module, a.name));
        else if (!m)
            bind_host_only(bound, a.loc, fmt::format("'{}.{}' is not supported by ujit", s.module, a.name));
        else
            bind(bound, Global{*m, nullptr, a.loc});
    }
}

// `NAME = constant expression` is a compile-time constant, folded into the code that uses
// it (as Numba freezes globals). Any other assignment is host code: the names it binds
// are unusable in compiled code, and say why if used.
void ModuleScope::add_constant(const Assign& s) {
    if (s.targets.size() != 1 || !isa<Name>(s.targets[0])) {
        skip_host_statement(s, "only 'NAME = constant' assignments are compile-time constants");
        return;
    }
    if (add_declared_device(s)) return;
    if (add_named_tuple_global(s)) return;
    const auto* target = cast<Name>(s.targets[0]);
    const std::string context = fmt::format("module-level variable '{}'", target->id);
    if (std::optional<Member> t = eval_type_value(s.value, constant_lookup())) {  // float_array = types.float64[:]
        return bind(target->id, Global{std::move(*t), nullptr, target->loc});
    }
    if (std::optional<ConstValue> member = enum_member_constant(s.value)) {  // RED = Color.red
        Member m = make_member(Member::What::Constant, member->type);
        m.constant = std::move(*member);
        return bind(target->id, Global{std::move(m), nullptr, target->loc});
    }
    try {
        auto frozen = eval_const_array(s.value, constant_lookup(), context.c_str());
        ConstValue v = frozen ? std::move(*frozen)
                              : eval_const(s.value, constant_lookup(), context.c_str(), ConstStrings::Allowed);
        Member m = make_member(Member::What::Constant, v.type);
        m.constant = std::move(v);
        bind(target->id, Global{std::move(m), nullptr, target->loc});
    } catch (const CompileError& e) {
        // "module-level variable 'x' must be a constant expression: WHY": the note keeps it
        // whole, the error of a use says WHY after its own "not a compile-time constant".
        std::string why = e.diagnostic().message;
        skipped.push_back({s.loc, why});
        if (std::string prefix = context + " must be a constant expression: "; why.starts_with(prefix))
            why.erase(0, prefix.size());
        bind_host_only(target->id, target->loc, std::move(why));
    }
}

// A second `def` of a name rebinds it, as in Python (notebooks redefine a function to fix
// it): compiled callers and the host see the later one. The earlier one is reachable only
// from host code run before the redefinition, so it is left to Python and noted.
void ModuleScope::add_function(const FunctionDef& fn) {
    if (const Global* g = find_global(fn.name); g && g->fn)
        skipped.push_back({g->fn->loc, fmt::format("function '{}' is redefined at line {}: the later definition "
                                                   "replaces it, as in Python",
                                                   fn.name, fn.name_loc.line)});
    Member m = make_member(Member::What::Function, user_func(&fn));
    bind(fn.name, Global{std::move(m), &fn, fn.name_loc});
}

// ---------------------------------------------------------------- ModuleTyper

ModuleTyper::ModuleTyper(const Module& module) : impl_(std::make_unique<Impl>(module)) {}

ModuleTyper::ModuleTyper(const Module& module, std::vector<HostGlobal> host_globals)
    : impl_(std::make_unique<Impl>(module)) {
    for (const HostGlobal& g : host_globals) {
        if ((g.kind == HostGlobal::Kind::Namespace || g.kind == HostGlobal::Kind::Member) &&
            module_namespace(g.target).empty())
            throw std::invalid_argument(fmt::format("global '{}': module '{}' is not supported by ujit (supported: "
                                                    "math, numpy, numba, numba.cuda, numba.cuda.random, random)",
                                                    g.name, g.target));
        if (g.kind == HostGlobal::Kind::Member && !resolve_member(module_namespace(g.target), g.member))
            throw std::invalid_argument(fmt::format("global '{}': cannot import name '{}' from '{}' (not supported by "
                                                    "ujit)",
                                                    g.name, g.member, g.target));
        if (g.kind == HostGlobal::Kind::FunctionAlias && !module.find_function(g.target))
            throw std::invalid_argument(
                fmt::format("global '{}': the module defines no function '{}'", g.name, g.target));
    }
    impl_->host_globals = std::move(host_globals);
}
ModuleTyper::~ModuleTyper() = default;

void ModuleTyper::check_module() {
    std::lock_guard<std::recursive_mutex> lock(impl_->mutex);
    impl_->check();
}

std::vector<SkippedStatement> ModuleTyper::skipped_statements() const {
    std::lock_guard<std::recursive_mutex> lock(impl_->mutex);
    impl_->check();
    std::vector<SkippedStatement> out = impl_->skipped;
    std::sort(out.begin(), out.end(), [](const SkippedStatement& a, const SkippedStatement& b) {
        return std::pair(a.loc.line, a.loc.col) < std::pair(b.loc.line, b.loc.col);
    });
    return out;
}

const Decorator& ModuleTyper::decorator_of(const FunctionDef* fn) const {
    std::lock_guard<std::recursive_mutex> lock(impl_->mutex);
    impl_->check();
    static const Decorator none_decorator;
    auto it = impl_->decorators.find(fn);
    return it == impl_->decorators.end() ? none_decorator : it->second;
}

std::optional<ConstValue> ModuleTyper::default_argument(const syntax::FunctionDef* fn, size_t param) const {
    std::lock_guard<std::recursive_mutex> lock(impl_->mutex);
    impl_->check();
    if (param >= fn->params.size() || !fn->params[param].default_value) return std::nullopt;
    const syntax::Expr* e = fn->params[param].default_value;
    if (syntax::isa<syntax::NoneLit>(e)) return ConstValue{};
    return eval_const(e, impl_->constant_lookup(), "a parameter's default value", ConstStrings::Allowed);
}

const ConstValue* ModuleTyper::global_constant(const std::string& name) const {
    std::lock_guard<std::recursive_mutex> lock(impl_->mutex);
    impl_->check();
    const Global* g = impl_->find_global(name);
    return g && g->member.what == Member::What::Constant ? &g->member.constant : nullptr;
}

const TypedFunction& ModuleTyper::specialize(const FunctionDef* fn, const std::vector<const Type*>& args,
                                             TargetKind target, const Type* declared_return) {
    std::lock_guard<std::recursive_mutex> lock(impl_->mutex);
    impl_->check();
    const Decorator& d = impl_->decorators[fn];
    FunctionRole role = FunctionRole::Scalar;
    if (d.kind == Decorator::Kind::CudaJit) {
        if (target != TargetKind::CUDA)
            fail(fn->name_loc,
                 fmt::format("'{}' is a CUDA function (@cuda.jit) and can only be compiled for CUDA", fn->name));
        role = d.device ? FunctionRole::Device : FunctionRole::Kernel;
    }
    return impl_->specialize(fn, args, target, declared_return, role, fn->name_loc);
}

}  // namespace ujit::types
