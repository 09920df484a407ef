// The keywords of sorted(iterable, key=, reverse=) and l.sort(key=, reverse=), as Numba
// takes them (numba/cpython/listobj.py ol_list_sort): reverse a bool or an integer, key None
// or a function of one item (a ujit function, an inner def or a lambda, closures included,
// since the key is called here, where its captured variables are). The key is specialized
// for the item type and recorded as the callee of the keyword's value; what is compared
// (the key's results, or the items) must be ordered: numbers other than complex, strings,
// and tuples of those (compared item by item, as Python compares tuples).
#include "types/infer_impl.hpp"

#include "syntax/diagnostics.hpp"

#include <fmt/format.h>

namespace ujit::types {

using namespace syntax;

namespace {

bool orderable(const Type* t) {
    if (t->is_list()) return t->item() && orderable(t->item());  // lists compare item by item
    if (t->is_tuple()) {
        for (const Type* e : t->elements())
            if (!orderable(e)) return false;
        return true;
    }
    return (t->is_number() && !t->is_complex()) || t->is_str();
}

}  // namespace

void Inferrer::sort_keywords(const Call* c, const Type* item, const std::string& what) {
    const Type* compared = item;
    for (const Keyword& k : c->keywords) {
        if (k.name == "reverse") {
            const Type* r = expr(k.value);
            if (r && !r->is_bool() && !r->is_int())
                error(k.value->loc, fmt::format("{}'s reverse must be a bool, not {}", what, r->str()));
            continue;
        }
        if (k.name != "key") error(k.loc, fmt::format("{} got an unexpected keyword argument '{}'", what, k.name));
        const Type* kt = expr(k.value);
        if (!kt || kt->is_none()) continue;
        if (kt->kind() != Kind::UserFunc)
            error(k.value->loc, fmt::format("Key must be None or a Numba JIT compiled function, not {}", kt->str()));
        if (!item) continue;
        std::vector<const Type*> args{item};
        if (!capture_values(c, kt->function(), args)) {
            compared = nullptr;
            continue;
        }
        const TypedFunction& t =
            m_.specialize(kt->function(), args, fn_.target, nullptr, FunctionRole::Scalar, k.value->loc, {});
        fn_.callees[k.value->id] = &t;
        compared = t.return_type;
        if (compared && !orderable(compared))
            error(k.value->loc, fmt::format("{}: the key's results ({}) cannot be ordered by ujit (numbers, strings "
                                            "and tuples of them can)",
                                            what, compared->str()));
        compared = nullptr;  // checked
    }
    if (compared && !orderable(compared))
        error(c->args.empty() ? c->loc : c->args[0]->loc,
              fmt::format("{} of items of type {} is not supported (numbers, strings and tuples of them are)", what,
                          compared->str()));
}

}  // namespace ujit::types
