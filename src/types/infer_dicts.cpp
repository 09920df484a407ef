// Dicts and sets, typed as Numba types them (numba/typed/dictobject.py, numba/core/typing/
// setdecl.py): `{k: v}` is DictType[k,v], `{a, b}` set(a); `{}`, dict() and set() are
// undecided until a store (d[k] = v, setdefault, update, s.add) decides the variable that
// holds them, and one never decided is Numba's "Cannot infer the type of variable" error.
// Methods are the "dict.NAME"/"set.NAME" rows of builtins.def; codegen/lower_dicts.cpp and
// lower_dict_methods.cpp lower what this records.
#include "types/infer_impl.hpp"

#include "syntax/comprehension.hpp"
#include "syntax/diagnostics.hpp"
#include "types/const_eval.hpp"
#include "types/rules.hpp"
#include "types/typing_warnings.hpp"

#include <fmt/format.h>

namespace ujit::types {

using namespace syntax;

namespace {

bool hashable(const Type* t) {
    if (t->is_bool() || t->is_int() || t->is_float() || t->is_str()) return true;
    if (!t->is_tuple() || t->elements().empty()) return false;
    for (const Type* e : t->elements())
        if (!e->is_bool() && !e->is_int() && !e->is_float() && !e->is_str()) return false;
    return true;
}

const Type* part(const Type* container, int which) {
    if (container->is_set()) return container->set_item();
    return which == 0 ? container->dict_key() : container->dict_value();
}

}  // namespace

void Inferrer::check_key(const Expr* e, const Type* t) {
    if (t && !hashable(t))
        error(e->loc, fmt::format("unhashable type: {} (ujit's dict keys and set items are numbers, "
                                  "str or tuples of them)",
                                  t->str()));
}

const Type* Inferrer::dict_display(const Tuple* t) {
    if (cuda()) error(t->loc, "dicts and sets are not supported in CUDA code");
    if (const ListComp* c = comprehension_of(t)) return dict_comprehension(t, c);
    bool dict = t->display == Tuple::Display::Dict;
    const Type* key = nullptr;
    const Type* value = nullptr;
    for (size_t i = 0; i < t->elts.size(); ++i) {
        const Expr* e = t->elts[i];
        const Type* et = expr(e);
        if (!et) return nullptr;
        bool is_value = dict && i % 2 == 1;
        if (!is_value) check_key(e, et);
        if (is_value && (!et->is_value() || et->is_none()))
            error(e->loc, fmt::format("{} cannot be a value of a dict", et->str()));
        const Type*& slot = is_value ? value : key;
        const Type* u = unify(slot, et);
        if (!u)
            error(e->loc,
                  fmt::format("Cannot unify {} and {} for a {}'s {}", slot->str(), et->str(), dict ? "dict" : "set",
                              is_value ? "values"
                              : dict   ? "keys"
                                       : "items"));
        slot = u;
    }
    return dict ? dict_of(key, value) : set_of(key);
}

// {k: v for ...} / {x for ...}: the generators as a list comprehension's; the container
// holds the key's (and the value's) type, as Numba's MAP_ADD / SET_ADD into an empty one.
const Type* Inferrer::dict_comprehension(const Tuple* t, const ListComp* c) {
    comprehension_generators(c);
    bool dict = t->display == Tuple::Display::Dict;
    const Expr* key = dict ? comprehension_key(c) : c->elt;
    const Type* kt = expr(key);
    const Type* vt = dict ? expr(comprehension_value(c)) : nullptr;
    if (!kt || (dict && !vt)) return nullptr;
    check_key(key, kt);
    if (dict && (!vt->is_value() || vt->is_none()))
        error(comprehension_value(c)->loc, fmt::format("{} cannot be a value of a dict", vt->str()));
    return dict ? dict_of(kt, vt) : set_of(kt);
}

// A store decides the container's undecided types: the variable holding it takes them. A
// decided type stays, and what is stored is cast to it as Numba's typed dict casts
// (container_cast: an error across domains, NumbaTypeSafetyWarning for an unsafe cast).
void Inferrer::refine_container(const Expr* receiver, const Type* c, const Type* key, const Type* value, SourceLoc at) {
    const Type* k = key ? unify(part(c, 0), key) : part(c, 0);
    const Type* v = c->is_dict() && value ? unify(c->dict_value(), value) : c->is_dict() ? c->dict_value() : nullptr;
    if (key && part(c, 0) && k && can_convert(key, part(c, 0))) {
        if (std::string why = container_cast(m_.module, key, part(c, 0), at, final_); !why.empty()) error(at, why);
        k = part(c, 0);
    }
    if (value && c->is_dict() && c->dict_value() && v && can_convert(value, c->dict_value())) {
        if (std::string why = container_cast(m_.module, value, c->dict_value(), at, final_); !why.empty())
            error(at, why);
        v = c->dict_value();
    }
    if ((key && !k) || (c->is_dict() && value && !v))
        error(at, fmt::format("cannot store {} into {}",
                              c->is_dict() ? fmt::format("({}, {})", key ? key->str() : "?", value ? value->str() : "?")
                                           : key->str(),
                              c->str()));
    const Type* refined = c->is_dict() ? dict_of(k, v) : set_of(k);
    if (refined == c) return;
    if (auto* n = dyn_cast<Name>(receiver); n && locals_.count(n->id)) return bind(n, refined, at);
    if (!c->is_decided())
        error(at,
              fmt::format("Cannot infer the type of {}, have imprecise type: {}", describe_expr(receiver), c->str()));
    if ((key && !can_convert(key, part(c, 0))) || (value && !can_convert(value, c->dict_value())))
        error(at, fmt::format("cannot store into {}: the types differ", c->str()));
}

void Inferrer::require_decided(const Expr* e, const Type* c) {
    if (final_ && !c->is_decided())
        error(e->loc, fmt::format("Cannot infer the type of {}, have imprecise type: {}", describe_expr(e), c->str()));
}

const Type* Inferrer::dict_subscript(const Subscript* s, const Type* d) {
    if (isa<Slice>(s->index)) error(s->index->loc, "a dict cannot be sliced");
    const Type* k = expr(s->index);
    if (!k) return nullptr;
    check_key(s->index, k);
    if (d->is_set()) error(s->loc, "'set' object is not subscriptable");
    if (!d->is_decided()) {
        if (mask_target_) return nullptr;  // d[k] = v decides it (assign_target)
        require_decided(s->value, d);
        return nullptr;
    }
    if (!can_convert(k, d->dict_key()))
        error(s->index->loc,
              fmt::format("No implementation of getitem for {} with a key of type {}", d->str(), k->str()));
    if (std::string why = container_cast(m_.module, k, d->dict_key(), s->index->loc, final_); !why.empty())
        error(s->index->loc, why);
    return d->dict_value();
}

// d[k] = v: decides an undecided dict.
void Inferrer::dict_store(const Subscript* s, const Type* d, const Type* value, SourceLoc where) {
    if (d->is_set()) error(s->loc, "'set' object does not support item assignment");
    const Type* k = expr(s->index);
    if (!k || !value) return;
    check_key(s->index, k);
    if (!value->is_value() || value->is_none())
        error(where, fmt::format("{} cannot be a value of a dict", value->str()));
    refine_container(s->value, d, k, value, where);
    set(s, value);
}

const Type* Inferrer::dict_attribute(const Attribute* a, const Type* c) {
    const std::string spelling = (c->is_dict() ? "dict." : "set.") + a->attr;
    for (int i = 0; i < static_cast<int>(BuiltinId::Count_); ++i)
        if (auto id = static_cast<BuiltinId>(i); is_dict_method(id) && spelling == builtin_name(id))
            return builtin_func(id);
    error(a->attr_loc, fmt::format("Unknown attribute '{}' of type {}", a->attr, c->str()));
}

const Type* Inferrer::dict_method(const Call* c, BuiltinId id, std::vector<const Type*> args) {
    const Expr* receiver = cast<Attribute>(c->callee)->value;
    const Type* d = fn_.type_of(receiver);
    const BuiltinInfo& info = builtin_info(id);
    if (args.size() < info.min_args || args.size() > info.max_args)
        error(c->loc,
              fmt::format("{}() takes {} argument{} ({} given)", builtin_name(id),
                          info.min_args == info.max_args ? fmt::format("exactly {}", info.min_args)
                                                         : fmt::format("{} to {}", info.min_args, info.max_args),
                          info.max_args == 1 ? "" : "s", args.size()));
    std::vector<const Type*> ops{d};
    auto key_arg = [&] {
        check_key(c->args[0], args[0]);
        if (d->is_decided() && !can_convert(args[0], part(d, 0)))
            error(c->args[0]->loc, fmt::format("Invalid use of {} for {} with parameters ({})", builtin_name(id),
                                               d->str(), args[0]->str()));
        if (d->is_decided())
            if (std::string why = container_cast(m_.module, args[0], part(d, 0), c->args[0]->loc, final_); !why.empty())
                error(c->args[0]->loc, why);
        ops.push_back(args[0]);
    };
    auto with_default = [&](const Type* value) -> const Type* {
        if (args.size() < 2) return value;
        ops.push_back(args[1]);
        if (!value) return args[1];  // undecided yet: a store after this decides (d[k] = d.get(k, 0) + 1)
        const Type* u = unify(value, args[1]);
        if (!u)
            error(c->args[1]->loc, fmt::format("the default ({}) of {} does not unify with the values ({})",
                                               args[1]->str(), builtin_name(id), value->str()));
        return u;
    };
    const Type* result = none();
    switch (id) {
    case BuiltinId::DictGet:
        require_decided(receiver, d);
        key_arg();
        // d.get(key): the value or None, Numba's Optional(value) (a value that is itself a
        // container or None has no Optional in ujit).
        if (args.size() == 1) {
            const Type* value = d->dict_value();
            const bool has_optional =
                value && (value->is_number() || value->is_str() || value->is_tuple() || value->is_array());
            if (value && !has_optional)
                error(c->loc, fmt::format("d.get(key) of a dict of {} returns an optional value ujit does not "
                                          "support: give a default, d.get(key, default)",
                                          value->str()));
            result = value ? optional(value) : nullptr;
        } else {
            result = with_default(d->dict_value());
        }
        break;
    case BuiltinId::DictSetDefault:
        if (args.size() == 1) error(c->loc, "d.setdefault(key) stores None, which a typed dict cannot hold");
        refine_container(receiver, d, args[0], args[1], c->loc);
        check_key(c->args[0], args[0]);
        ops.push_back(args[0]);
        ops.push_back(args[1]);
        result = d->is_decided() ? d->dict_value() : nullptr;
        break;
    case BuiltinId::DictPop:
        require_decided(receiver, d);
        key_arg();
        result = with_default(d->dict_value());
        break;
    case BuiltinId::DictPopItem:
        require_decided(receiver, d);
        result = d->is_decided() ? tuple({d->dict_key(), d->dict_value()}) : nullptr;
        break;
    case BuiltinId::DictCopy:
    case BuiltinId::SetCopy: result = d; break;
    case BuiltinId::DictUpdate:
        if (!args[0]->is_dict())
            error(c->args[0]->loc, fmt::format("dict.update() takes a dict, not {}", args[0]->str()));
        if (args[0]->is_decided()) refine_container(receiver, d, args[0]->dict_key(), args[0]->dict_value(), c->loc);
        if (final_ && args[0] != d)
            error(c->args[0]->loc, fmt::format("ujit's dict.update() takes a dict of the same type ({}), not {}",
                                               d->str(), args[0]->str()));
        ops.push_back(args[0]);
        break;
    case BuiltinId::DictKeys: result = dict_view(d, 0); break;
    case BuiltinId::DictValues: result = dict_view(d, 1); break;
    case BuiltinId::DictItems: result = dict_view(d, 2); break;
    case BuiltinId::SetAdd:
        check_key(c->args[0], args[0]);
        refine_container(receiver, d, args[0], nullptr, c->loc);
        ops.push_back(args[0]);
        break;
    case BuiltinId::SetDiscard:
    case BuiltinId::SetRemove: key_arg(); break;
    case BuiltinId::SetPop:
        require_decided(receiver, d);
        result = d->set_item();
        break;
    case BuiltinId::SetUpdate: {
        const Type* item = args[0]->is_set() ? args[0]->set_item() : iteration_item(c->args[0]);
        if (item) {
            check_key(c->args[0], item);
            refine_container(receiver, d, item, nullptr, c->loc);
        }
        ops.push_back(args[0]);
        break;
    }
    default: break;  // clear
    }
    operands(c, std::move(ops));
    return result;
}

// dict() and set(), set(iterable): a new container.
const Type* Inferrer::dict_builtin(const Call* c, BuiltinId id) {
    if (cuda()) error(c->loc, "dicts and sets are not supported in CUDA code");
    if (!c->keywords.empty())
        error(c->keywords[0].loc, fmt::format("{}() takes no keyword arguments", builtin_name(id)));
    if (id == BuiltinId::Dict) {
        if (!c->args.empty()) error(c->loc, "dict() takes no arguments in ujit (as Numba's typed dict)");
        operands(c, {});
        return dict_of(nullptr, nullptr);
    }
    if (c->args.size() > 1) error(c->loc, fmt::format("set expected at most 1 argument, got {}", c->args.size()));
    if (c->args.empty()) {
        operands(c, {});
        return set_of(nullptr);
    }
    const Type* it = expr(c->args[0]);
    if (!it) return nullptr;
    const Type* item = it->is_set() ? it->set_item() : iteration_item(c->args[0]);
    if (!item) return nullptr;
    check_key(c->args[0], item);
    operands(c, {it});
    return set_of(item);
}

// `x in d`, `x not in s`, `d == e`: true when one of these (recorded for lowering).
bool Inferrer::dict_compare(CmpOp op, const Type* l, const Type* r, SourceLoc at) {
    if ((op == CmpOp::In || op == CmpOp::NotIn) && (r->is_dict() || r->is_set())) {
        if (!hashable(l)) error(at, fmt::format("unhashable type: {}", l->str()));
        return true;
    }
    if ((op == CmpOp::Eq || op == CmpOp::Ne) && (l->is_dict() || l->is_set() || r->is_dict() || r->is_set())) {
        if (l != r) error(at, fmt::format("cannot compare {} and {}", l->str(), r->str()));
        if (l->is_dict() && l->dict_value() && !l->dict_value()->is_number())
            error(at, fmt::format("== of dicts compares their values: {} is not a number", l->dict_value()->str()));
        return true;
    }
    return false;
}

// s | t, s & t, s - t, s ^ t: a new set.
const Type* Inferrer::set_binary(BinOp op, SourceLoc loc, const Type* l, const Type* r) {
    bool ok = l->is_set() && r->is_set() &&
              (op == BinOp::BitOr || op == BinOp::BitAnd || op == BinOp::Sub || op == BinOp::BitXor);
    if (!ok) error(loc, fmt::format("unsupported operand types for {}: {} and {}", spelling(op), l->str(), r->str()));
    if (l != r) error(loc, fmt::format("set operands must have the same item type: {} and {}", l->str(), r->str()));
    return l;
}

// What iterating over a dict, set or view gives.
const Type* Inferrer::container_item(const Expr* e, const Type* t) {
    const Type* c = t->kind() == Kind::DictView ? t->view_dict() : t;
    require_decided(e, c);
    if (!c->is_decided()) return nullptr;
    if (c->is_set()) return c->set_item();
    int which = t->kind() == Kind::DictView ? t->view_part() : 0;
    if (which == 2) return tuple({c->dict_key(), c->dict_value()});
    return which == 0 ? c->dict_key() : c->dict_value();
}

// `d = {}`, `s = set()` where later stores decided the variable: the new container is made
// with the variable's types (Numba refines the display's type variable the same way).
const Type* Inferrer::decided_container_value(const Expr* value, const Type* vt, const Expr* target) {
    auto* n = dyn_cast<Name>(target);
    if (!n || !vt || !(vt->is_dict() || vt->is_set()) || vt->is_decided() || !locals_.count(n->id)) return vt;
    Variable* v = variable(n->id);
    if (!v || !v->type || v->type->kind() != vt->kind() || !v->type->is_decided()) return vt;
    return set(value, v->type);
}

}  // namespace ujit::types
