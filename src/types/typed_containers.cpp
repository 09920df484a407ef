// Typing of numba.typed's containers made in compiled code (typed_containers.hpp).
#include "types/typed_containers.hpp"

#include "types/overload_rating.hpp"
#include "types/type_values.hpp"

#include <fmt/format.h>

namespace ujit::types {

using namespace syntax;

bool is_typed_container(const std::string& path) {
    return path == "numba.typed.List" || path == "numba.typed.List.empty_list" || path == "numba.typed.Dict" ||
           path == "numba.typed.Dict.empty" || is_type_constructor(path);
}

const Expr* bound_argument(const Call* c, size_t index, const char* name) {
    if (c->args.size() > index) return c->args[index];
    for (const auto& k : c->keywords)
        if (k.name == name) return k.value;
    return nullptr;
}

std::string unsafe_cast_error(const Type* from, const Type* to) {
    if (!from->is_number() || !to->is_number()) return "";
    Conversion c = conversion(from, to);
    if (c != Conversion::Unsafe && c != Conversion::None) return "";
    auto integer = [](const Type* t) { return t->is_int(); };
    bool same_domain = (integer(from) && (integer(to) || to->is_float())) || (from->is_float() && to->is_float()) ||
                       (from->is_complex() && to->is_complex());
    if (same_domain) return "";
    return fmt::format("cannot safely cast {} to {}. Please cast explicitly.", from->str(), to->str());
}

namespace {

// Checks the call's arguments against the parameters `names` (the first `required` of them
// needed), as Python binds them.
void check_arguments(const Call* c, const std::vector<const char*>& names, size_t required, const std::string& what,
                     const ContainerTyping& h) {
    if (c->args.size() > names.size())
        h.error(c->loc, fmt::format("{}() takes at most {} argument{} ({} given)", what, names.size(),
                                    names.size() == 1 ? "" : "s", c->args.size()));
    for (const auto& k : c->keywords) {
        size_t i = 0;
        while (i < names.size() && k.name != names[i]) ++i;
        if (i == names.size())
            h.error(k.loc, fmt::format("{}() got an unexpected keyword argument '{}'", what, k.name));
        if (i < c->args.size()) h.error(k.loc, fmt::format("{}() got multiple values for argument '{}'", what, k.name));
    }
    for (size_t i = 0; i < required; ++i)
        if (!bound_argument(c, i, names[i]))
            h.error(c->loc, fmt::format("{}() missing required argument '{}'", what, names[i]));
}

// The type an argument names: a type value (types.int64, types.float64[:], a global
// `float_array`); null while its type is unknown.
const Type* named_type(const Expr* e, const char* param, const std::string& what, const ContainerTyping& h) {
    const Type* t = h.expr(e);
    if (!t) return nullptr;
    const Type* r = referenced_type(t);
    if (!r || !r->is_value() || r->is_none())
        h.error(e->loc, fmt::format("{}(): '{}' must be a type, such as types.int64, types.float64[:] or "
                                    "types.unicode_type, not {}",
                                    what, param, t->str()));
    return r;
}

// allocated= / n_keys=: an integer.
bool size_hint(const Expr* e, const char* param, const std::string& what, const ContainerTyping& h) {
    if (!e) return true;
    const Type* t = h.expr(e);
    if (!t) return false;
    if (!t->is_int() && !t->is_bool())
        h.error(e->loc, fmt::format("{}(): '{}' must be an integer, not {}", what, param, t->str()));
    return true;
}

const Type* type_constructor(const Call* c, const std::string& path, const ContainerTyping& h) {
    const std::string what = path.substr(std::string("numba.").size());
    if (!c->keywords.empty())
        h.error(c->keywords[0].loc, fmt::format("{}() takes no keyword arguments in compiled code", what));
    std::vector<const Type*> args;
    int64_t count = -1;
    const std::vector<Expr*>* items = &c->args;
    if (path == "numba.types.Tuple") {
        auto* t = c->args.size() == 1 ? dyn_cast<syntax::Tuple>(c->args[0]) : nullptr;
        if (!t)
            h.error(c->loc,
                    "types.Tuple() takes one tuple or list of types: types.Tuple((types.int64, types.float64))");
        items = &t->elts;
    }
    for (size_t i = 0; i < items->size(); ++i) {
        const Expr* e = (*items)[i];
        if (path == "numba.types.UniTuple" && i == 1) {
            auto n = h.constant(e);
            if (!n || !n->type->is_int()) h.error(e->loc, "types.UniTuple()'s count must be a constant integer");
            count = n->i;
            continue;
        }
        const Type* t = named_type(e, "type", what, h);
        if (!t) return nullptr;
        args.push_back(t);
    }
    if (path == "numba.types.UniTuple" && items->size() != 2)
        h.error(c->loc, fmt::format("types.UniTuple() takes a type and a count ({} given)", items->size()));
    std::string why;
    const Type* t = construct_type(path, args, count, &why);
    if (!t) h.error(c->loc, why);
    return dtype_obj(t);
}

}  // namespace

const Type* typed_container_call(const Call* c, const std::string& path, const ContainerTyping& h,
                                 std::vector<const Type*>* operands) {
    if (is_type_constructor(path)) return type_constructor(c, path, h);
    const std::string what = path.substr(std::string("numba.typed.").size());  // "List.empty_list"
    if (h.cuda)
        h.error(c->loc,
                fmt::format("{}() is not supported in CUDA code (numba.typed's containers live on the CPU)", what));
    if (path == "numba.typed.List") {
        check_arguments(c, {"iterable"}, 0, what, h);
        const Expr* it = bound_argument(c, 0, "iterable");
        if (!it) return list_of(nullptr, Type::ListFlavor::Typed);
        const Type* item = h.iterable_item(it);
        if (!item) return nullptr;
        operands->push_back(h.expr(it));
        return list_of(item, Type::ListFlavor::Typed);
    }
    if (path == "numba.typed.List.empty_list") {
        check_arguments(c, {"item_type", "allocated"}, 1, what, h);
        const Type* item = named_type(bound_argument(c, 0, "item_type"), "item_type", what, h);
        if (!item || !size_hint(bound_argument(c, 1, "allocated"), "allocated", what, h)) return nullptr;
        return list_of(item, Type::ListFlavor::Typed);
    }
    if (path == "numba.typed.Dict") {
        if (!c->args.empty() || !c->keywords.empty())
            h.error(c->loc, "Dict() takes no arguments in compiled code: use Dict.empty(key_type, value_type), or "
                            "Dict() and store items into it");
        return dict_of(nullptr, nullptr);
    }
    check_arguments(c, {"key_type", "value_type", "n_keys"}, 2, what, h);  // Dict.empty
    const Expr* k = bound_argument(c, 0, "key_type");
    const Type* key = named_type(k, "key_type", what, h);
    const Type* value = named_type(bound_argument(c, 1, "value_type"), "value_type", what, h);
    if (!key || !value || !size_hint(bound_argument(c, 2, "n_keys"), "n_keys", what, h)) return nullptr;
    h.check_key(k, key);
    return dict_of(key, value);
}

}  // namespace ujit::types
