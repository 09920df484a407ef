// What a function's decorator says in its keywords (decorator_keywords.hpp).
#include "codegen/decorator_keywords.hpp"

namespace ujit::codegen {

using namespace syntax;

bool keyword_is(const Call& c, const char* name, bool value) {
    for (const Keyword& k : c.keywords)
        if (k.name == name)
            if (auto* v = dyn_cast<BoolLit>(k.value)) return v->value == value;
    return false;
}

bool requests_fastmath(const FunctionDef& def) {
    for (const Expr* d : def.decorators) {
        auto* c = dyn_cast<Call>(d);
        if (!c) continue;
        for (const Keyword& k : c->keywords) {
            if (k.name != "fastmath") continue;
            if (auto* b = dyn_cast<BoolLit>(k.value)) return b->value;
            if (auto* t = dyn_cast<Tuple>(k.value)) return !t->elts.empty();
        }
    }
    return false;
}

bool numpy_error_model(const FunctionDef& def) {
    for (const Expr* d : def.decorators)
        if (auto* c = dyn_cast<Call>(d))
            for (const Keyword& k : c->keywords)
                if (k.name == "error_model")
                    if (auto* s = dyn_cast<StrLit>(k.value)) return s->value == "numpy";
    return false;
}

}  // namespace ujit::codegen
