// Inner functions: a `def` inside a compiled function binds its name to the function (a
// static value, like a module-level function), and each call passes the values of the
// variables it captures from the function around it (types/closures.hpp).
#include "types/infer_impl.hpp"

#include "syntax/constant_captures.hpp"
#include "syntax/diagnostics.hpp"
#include "types/closures.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace ujit::types {

using namespace syntax;

void Inferrer::inner_def(const FunctionDef* def) {
    if (!def->decorators.empty())
        error(def->decorators.front()->loc, "decorators on inner functions are not supported by ujit");
    register_inner(def);
    bind(def->name, def->name_loc, user_func(def), def->loc);
}

// The locals of this function that `def` reads (its captures, passed at each call), and
// those of the sibling inner functions it calls: `def g(y): return f(y)` passes f's captures
// on to f (Numba inlines both, so g sees them as f does).
void Inferrer::register_inner(const FunctionDef* def) {
    ModuleScope::InnerFunction& inner = m_.inner_functions[def];
    inner.definer = fn_.def;
    std::vector<std::string> captures;
    auto add = [&](const std::string& name) {
        if (std::find(captures.begin(), captures.end(), name) == captures.end()) captures.push_back(name);
    };
    for (const std::string& name : free_names(*def)) {
        if (!locals_.count(name)) continue;
        add(name);
        const Variable* v = variable(name);  // (none yet: bound after this, e.g. the def itself)
        const Type* t = v ? v->type : nullptr;
        if (!t || t->kind() != Kind::UserFunc || t->function() == def) continue;
        auto sibling = m_.inner_functions.find(t->function());
        if (sibling != m_.inner_functions.end() && sibling->second.definer == fn_.def)
            for (const std::string& c : sibling->second.captures) add(c);
    }
    inner.captures = std::move(captures);
}

// `lambda x: ...`: an inner function without a name, the value of the expression.
const Type* Inferrer::lambda_value(const Lambda* e) {
    register_inner(e->def);
    return user_func(e->def);
}

bool Inferrer::capture_values(const Call* c, const FunctionDef* callee, std::vector<const Type*>& args) {
    auto it = m_.inner_functions.find(callee);
    if (it == m_.inner_functions.end()) return true;
    const ModuleScope::InnerFunction& inner = it->second;
    for (const std::string& name : inner.captures) {
        Variable* v = locals_.count(name) ? variable(name) : nullptr;
        if (!locals_.count(name)) {  // the closure escaped: Numba freezes constants only (syntax/constant_captures)
            const std::string why =
                bindings_of(*inner.definer, name) > 1
                    ? fmt::format("Cannot capture a constant value for variable '{}' as there are multiple "
                                  "definitions present",
                                  name)
                    : fmt::format("Cannot capture the non-constant value associated with variable '{}' in a "
                                  "function that may escape",
                                  name);
            error(c->loc, fmt::format("{}: inner function '{}' reads '{}' of '{}' and is called outside it", why,
                                      callee->name, name, inner.definer->name));
        }
        if (!v || !v->type) {
            if (final_)
                error(c->loc, fmt::format("inner function '{}' reads '{}', which is not assigned before this call",
                                          callee->name, name));
            return false;
        }
        args.push_back(v->type);
    }
    return true;
}

}  // namespace ujit::types
