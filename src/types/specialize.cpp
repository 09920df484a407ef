// Specializations and the compile-time call stack. A call of a function being typed
// further up the stack, with the same argument types, is recursive: as in Numba, it
// returns the function's partial return type, the unification of its returns that do not
// depend on the recursive call (or its declared return type). Each later pass of the
// function's inference lends the recursive calls its returns so far, until they agree.
#include "types/module_impl.hpp"

#include "syntax/diagnostics.hpp"
#include "syntax/stack_budget.hpp"

#include <fmt/format.h>

namespace ujit::types {

using namespace syntax;

ModuleScope::Frame* ModuleScope::recursion_frame(const FunctionDef* fn, const std::vector<const Type*>& args,
                                                 TargetKind target, FunctionRole role) {
    for (Frame& f : in_progress)
        if (f.key.fn == fn && f.key.args == args && f.key.target == target && f.key.role == role) return &f;
    return nullptr;
}

namespace {

// The literal parameters as text, for the key and the symbol: "n_32.shape_4_8".
void append_literal(std::string& out, const ConstValue& v) {
    if (v.type->is_tuple()) {
        for (const ConstValue& e : v.elems) append_literal(out, e);
        return;
    }
    // A symbol has no '-': m5 is -5.
    out += v.i < 0 ? fmt::format("_m{}", uint64_t(-(v.i + 1)) + 1) : fmt::format("_{}", v.i);
}

std::string literal_params_key(const std::map<std::string, ConstValue>& literals) {
    std::string key;
    for (const auto& [name, value] : literals) {
        key += (key.empty() ? "" : ".") + name;
        append_literal(key, value);
    }
    return key;
}

}  // namespace

const TypedFunction& ModuleScope::specialize(const FunctionDef* fn, const std::vector<const Type*>& args,
                                             TargetKind target, const Type* declared_return, FunctionRole role,
                                             SourceLoc call_site,
                                             const std::map<std::string, ConstValue>& literal_params) {
    SpecKey key{fn, target, args, declared_return, role, literal_params_key(literal_params)};
    if (auto it = cache.find(key); it != cache.end()) return *it->second;
    auto inner = inner_functions.find(fn);
    const size_t n_captures = inner == inner_functions.end() ? 0 : inner->second.captures.size();
    if (args.size() != fn->params.size() + n_captures)
        fail(call_site, fmt::format("'{}' takes {} argument{} but {} {} given", fn->name, fn->params.size(),
                                    fn->params.size() == 1 ? "" : "s", args.size() - n_captures,
                                    args.size() - n_captures == 1 ? "was" : "were"));
    for (size_t i = 0; i < args.size(); ++i)
        if (!args[i] || !(args[i]->is_value() || args[i]->is_static_value()))
            fail(call_site,
                 fmt::format("argument '{}' of '{}' has type {}, which is not a value type",
                             i < fn->params.size() ? fn->params[i].name : inner->second.captures[i - fn->params.size()],
                             fn->name, args[i] ? args[i]->str() : "?"));
    auto typed = std::make_unique<TypedFunction>();
    typed->def = fn;
    typed->target = target;
    typed->role = role;
    typed->arg_types = args;
    typed->return_type = declared_return;
    typed->symbol = mangle_symbol(*fn, args, target, declared_return);
    typed->literal_params = literal_params;
    if (!key.literals.empty()) typed->symbol += "$L" + key.literals;
    if (role == FunctionRole::Device && target == TargetKind::CUDA) typed->symbol += "$dev";
    if (inner != inner_functions.end()) {  // unique beside module-level functions of its name
        typed->captures = inner->second.captures;
        typed->symbol = fmt::format("{}.{}.{}", inner->second.definer->name, fn->id, typed->symbol);
    }
    syntax::RecursionLevel level(call_depth, syntax::kMaxCallDepth, call_site, "calls");
    in_progress.push_back(Frame{key, typed.get()});
    const size_t cached_before = cache_order.size();
    try {
        infer_function(*this, *typed, in_progress.back());
    } catch (...) {
        in_progress.pop_back();
        // What was specialized meanwhile may point at this function, which dies here.
        while (cache_order.size() > cached_before) {
            cache.erase(cache_order.back());
            cache_order.pop_back();
        }
        throw;
    }
    in_progress.pop_back();
    cache_order.push_back(key);
    auto& slot = cache[key];
    slot = std::move(typed);
    return *slot;
}

}  // namespace ujit::types
