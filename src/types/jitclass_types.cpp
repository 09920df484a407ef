// The type of each `@jitclass` class of a module (numba/experimental/jitclass/decorators.py and
// base.py): its members are the spec's (name, type) pairs, in order, then the class's annotations
// that the spec does not name. Each type is a Numba type as written (`float64`, `int64[:]`,
// `types.ListType(types.float64)`), or another jitclass of the module. The class's name is bound
// to its JitClassType; its methods compile as @njit functions whose first parameter is the instance.
#include "types/module_impl.hpp"

#include "syntax/diagnostics.hpp"
#include "types/type_values.hpp"

#include <fmt/format.h>

#include <set>

namespace ujit::types {

using namespace syntax;

namespace {

[[noreturn]] void spec_fail(SourceLoc loc, std::string message) {
    throw CompileError(Diagnostic{Severity::Error, loc, std::move(message), {}});
}

// The (name, type expression) pairs of a spec display: `[("x", float64), ...]` or `{"x": float64}`.
std::vector<std::pair<const StrLit*, const Expr*>> spec_pairs(const Expr* spec) {
    std::vector<std::pair<const StrLit*, const Expr*>> out;
    auto* t = dyn_cast<Tuple>(spec);
    if (!t)
        spec_fail(spec->loc, "ujit takes a jitclass spec written in the decorator: a list of (name, type) pairs or "
                             "a dict of name: type");
    auto key = [](const Expr* k) {
        auto* s = dyn_cast<StrLit>(k);
        if (!s) spec_fail(k->loc, "spec keys should be strings");
        return s;
    };
    if (t->display == Tuple::Display::Dict) {
        for (size_t i = 0; i + 1 < t->elts.size(); i += 2) out.emplace_back(key(t->elts[i]), t->elts[i + 1]);
        return out;
    }
    for (const Expr* e : t->elts) {
        auto* pair = dyn_cast<Tuple>(e);
        if (!pair || pair->elts.size() != 2) spec_fail(e->loc, "a jitclass spec entry is a (name, type) pair");
        out.emplace_back(key(pair->elts[0]), pair->elts[1]);
    }
    return out;
}

}  // namespace

const Type* ModuleScope::member_type(const Expr* e) const {
    if (auto* n = dyn_cast<Name>(e))  // another jitclass of the module, an instance of it
        if (const Global* g = find_global(n->id); g && g->member.type && g->member.type->kind() == Kind::JitClassType)
            return g->member.type->instance();
    std::optional<Member> m = eval_type_value(e, constant_lookup());
    const Type* t = m ? referenced_type(m->type) : nullptr;
    if (!t && m && m->type->kind() == Kind::DTypeObj) t = m->type->scalar();
    if (!t || !t->is_value()) spec_fail(e->loc, "spec values should be Numba type instances");
    return t;
}

void ModuleScope::add_jitclasses() {
    for (const auto& def : module.jitclasses()) {
        std::vector<Type::Field> fields;
        std::set<std::string> named;
        auto add = [&](const std::string& name, SourceLoc loc, const Type* t) {
            if (!named.insert(name).second) return;  // the spec wins over an annotation
            if (def->method(name) || def->method(name, true))
                spec_fail(loc, fmt::format("name shadowing: {}", name));  // Numba's NameError
            fields.push_back({name, t, 0, {}});
        };
        if (def->spec)
            for (auto [name, type] : spec_pairs(def->spec)) add(name->value, name->loc, member_type(type));
        for (const JitClassMember& a : def->annotations) add(a.name, a.loc, member_type(a.type));
        const Type* instance = jitclass_instance(def.get(), def->name, std::move(fields));
        bind(def->name, Global{make_member(Member::What::Namespace, jitclass_type(instance)), nullptr, def->loc});
        for (const FunctionDef* m : def->methods) {
            Decorator d;
            d.kind = Decorator::Kind::Jit;
            decorators[m] = d;
        }
    }
}

}  // namespace ujit::types
