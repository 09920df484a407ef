// Named tuples in compiled code (types/named_tuples.hpp), as Numba types them
// (numba/core/typing/collections.py): `Point(a, b)` or `Point(y=b, x=a)` binds its arguments
// to the fields as Python's signature of the class does and makes a NamedUniTuple or NamedTuple
// of their types; an omitted field takes the class's default. `p.x` is field x. Numba types
// no other attribute of an instance (`_fields`, `_replace`, `_asdict` are unknown to it).
#include "types/infer_impl.hpp"
#include "types/named_tuples.hpp"

#include <fmt/format.h>

namespace ujit::types {

using namespace syntax;

// fn_.bound_args[c] gets each field's argument (the expression, or the default), call operands
// the fields' types, which the lowering converts each argument to.
const Type* Inferrer::named_tuple_call(const Call* c, const Type* cls) {
    auto info = m_.named_tuple_classes.find(cls);
    const std::vector<ConstValue> none;
    const std::vector<ConstValue>& defaults = info == m_.named_tuple_classes.end() ? none : info->second.defaults;
    std::vector<const Expr*> exprs =
        bind_fields(*c, cls, defaults.size(), [this](SourceLoc at, const std::string& m) { error(at, m); });
    std::vector<BoundArg> bound(exprs.size());
    std::vector<const Type*> elems;
    bool unknown = false;
    for (size_t i = 0; i < exprs.size(); ++i) {
        bound[i].expr = exprs[i];
        if (!exprs[i]) {
            bound[i].value = defaults[i - (exprs.size() - defaults.size())];
            elems.push_back(bound[i].value.type);
            continue;
        }
        const Type* t = expr(exprs[i]);
        if (t && !t->is_value()) error(exprs[i]->loc, fmt::format("{} cannot be a field of a named tuple", t->str()));
        unknown = unknown || !t;
        elems.push_back(t);
    }
    if (unknown) return nullptr;
    const Type* type = instance_of(cls, elems);
    if (std::string why = mixed_tuple_error(type); !why.empty()) error(c->loc, why);
    fn_.bound_args[c->id] = std::move(bound);
    operands(c, std::move(elems));
    return type;
}

const Type* Inferrer::named_tuple_field(const Attribute* a, const Type* t) {
    int i = field_index(t, a->attr);
    if (i < 0) error(a->attr_loc, fmt::format("Unknown attribute '{}' of type {}", a->attr, t->str()));
    return t->elements()[static_cast<size_t>(i)];
}

}  // namespace ujit::types
