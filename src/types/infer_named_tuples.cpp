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
    const std::vector<std::string> fields = field_names(cls);
    const std::string in = fmt::format("In '{}': ", tuple_class(cls));
    if (c->args.size() > fields.size())
        error(c->args[fields.size()]->loc,
              fmt::format("{}too many positional arguments ({} takes {})", in, tuple_class(cls), fields.size()));
    std::vector<BoundArg> bound(fields.size());
    for (size_t i = 0; i < c->args.size(); ++i) bound[i].expr = c->args[i];
    for (const Keyword& k : c->keywords) {
        int i = field_index(cls, k.name);
        if (i < 0) error(k.loc, fmt::format("{}got an unexpected keyword argument '{}'", in, k.name));
        if (bound[i].expr) error(k.loc, fmt::format("{}multiple values for argument '{}'", in, k.name));
        bound[i].expr = k.value;
    }
    auto info = m_.named_tuple_classes.find(cls);
    const std::vector<ConstValue> none;
    const std::vector<ConstValue>& defaults = info == m_.named_tuple_classes.end() ? none : info->second.defaults;
    std::vector<const Type*> elems;
    bool unknown = false;
    for (size_t i = 0; i < fields.size(); ++i) {
        if (!bound[i].expr) {
            size_t first_default = fields.size() - defaults.size();
            if (i < first_default) error(c->loc, fmt::format("{}missing a required argument: '{}'", in, fields[i]));
            bound[i].value = defaults[i - first_default];
            elems.push_back(bound[i].value.type);
            continue;
        }
        const Type* t = expr(bound[i].expr);
        if (t && !t->is_value())
            error(bound[i].expr->loc, fmt::format("{} cannot be a field of a named tuple", t->str()));
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
