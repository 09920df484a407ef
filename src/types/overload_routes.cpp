#include "types/overload_routes.hpp"

#include "syntax/diagnostics.hpp"
#include "types/module_impl.hpp"

namespace ujit::types {

using namespace syntax;

namespace {

const StrLit& string_value(const Keyword& k) {
    auto* s = dyn_cast<StrLit>(k.value);
    if (!s) fail(k.value->loc, "'" + k.name + "=' takes a string");
    return *s;
}

}  // namespace

OverloadRoutes parse_overload_routes(const ModuleScope& m) {
    OverloadRoutes routes;
    for (const Stmt* s : m.module.body()) {
        auto* fn = dyn_cast<FunctionDef>(s);
        const Call* call = fn && !fn->decorators.empty() ? dyn_cast<Call>(fn->decorators[0]) : nullptr;
        if (!call) continue;
        const Keyword* of = nullptr;
        const Keyword* types = nullptr;
        for (const Keyword& k : call->keywords) {
            if (k.name == "_ujit_overload_of") of = &k;
            if (k.name == "_ujit_overload_types") types = &k;
        }
        if (!of || !types) continue;
        const std::string& name = string_value(*of).value;
        std::vector<const Expr*> spelled;
        if (auto* t = dyn_cast<Tuple>(types->value))
            spelled.assign(t->elts.begin(), t->elts.end());
        else
            spelled.push_back(types->value);
        for (const Expr* e : spelled) {
            auto* text = dyn_cast<StrLit>(e);
            if (!text) fail(e->loc, "'_ujit_overload_types=' takes argument-type strings such as '(int64, float64)'");
            // A spelling the signature parser cannot read routes nothing: such calls type the
            // probe, and the package, seeing the same types again, stops routing that function.
            try {
                routes[name].push_back({parse_signature(text->value, text->loc).args, fn});
            } catch (const CompileError&) {}
        }
    }
    return routes;
}

const FunctionDef* overload_route(const OverloadRoutes& routes, const std::string& name,
                                  const std::vector<const Type*>& args) {
    auto it = routes.find(name);
    if (it == routes.end()) return nullptr;
    for (const OverloadRoute& r : it->second)
        if (r.args == args) return r.impl;
    return nullptr;
}

}  // namespace ujit::types
