#include "types/declared_locals.hpp"

#include "syntax/diagnostics.hpp"
#include "syntax/split_variables.hpp"
#include "types/module_impl.hpp"

#include <fmt/format.h>

namespace ujit::types {

using namespace syntax;

namespace {

// A dict value's key, as Numba reads it: a variable's name.
std::string local_name(const Expr* key) {
    auto* s = dyn_cast<StrLit>(key);
    if (!s) fail(key->loc, "locals= maps variable names (strings) to types");
    return s->value;
}

const Type* local_type(const Expr* value, const ModuleScope& m) {
    if (auto* s = dyn_cast<StrLit>(value)) return parse_type(s->value, value->loc);
    const Type* t = type_object(value, m);
    if (t->is_none()) fail(value->loc, "locals= declares a variable's type: void is not one");
    return t;
}

}  // namespace

DeclaredLocals parse_declared_locals(const FunctionDef& fn, const ModuleScope& m) {
    DeclaredLocals out;
    const Call* call = fn.decorators.empty() ? nullptr : dyn_cast<Call>(fn.decorators[0]);
    if (!call) return out;
    for (const Keyword& k : call->keywords) {
        if (k.name != "locals") continue;
        const Expr* v = k.value;
        if (isa<NoneLit>(v)) continue;  // locals=None: Numba's default
        if (auto* t = dyn_cast<Tuple>(v); t && t->display == Tuple::Display::Dict) {
            for (size_t i = 0; i + 1 < t->elts.size(); i += 2)
                out[local_name(t->elts[i])] = local_type(t->elts[i + 1], m);
        } else if (auto* c = dyn_cast<Call>(v);
                   c && isa<Name>(c->callee) && cast<Name>(c->callee)->id == "dict" && c->args.empty()) {
            for (const Keyword& item : c->keywords) out[item.name] = local_type(item.value, m);
        } else {
            fail(v->loc, fmt::format("locals= expects a dict of variable names to types, not {}", describe_expr(v)));
        }
    }
    return out;
}

const Type* declared_local(const DeclaredLocals* locals, const std::string& name) {
    if (!locals || locals->empty()) return nullptr;
    auto it = locals->find(unversioned_name(name));
    return it == locals->end() ? nullptr : it->second;
}

}  // namespace ujit::types
