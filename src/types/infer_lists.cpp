// Lists, typed as Numba types them (numba/core/typing/listdecl.py): a display `[a, b]` is
// list(unified item type); `[]` and `list()` are list(undefined) until an append (or
// extend) refines the variable that holds them, and a list whose item type is never
// decided is Numba's "Cannot infer the type of variable" error. Methods are the
// "list.NAME" rows of builtins.def; codegen/lower_lists.cpp lowers what this records.
#include "types/infer_impl.hpp"

#include "syntax/diagnostics.hpp"
#include "types/rules.hpp"
#include "types/typed_containers.hpp"
#include "types/typing_warnings.hpp"

#include <fmt/format.h>

namespace ujit::types {

using namespace syntax;

const Type* Inferrer::list_display(const Tuple* t) {
    if (cuda()) error(t->loc, "lists are not supported in CUDA code");
    const Type* item = nullptr;
    for (const Expr* e : t->elts) {
        const Type* et = expr(e);
        if (!et) return nullptr;
        if (!et->is_value() || et->is_none()) error(e->loc, fmt::format("{} cannot be an item of a list", et->str()));
        const Type* u = unify(item, et);
        if (!u) error(e->loc, fmt::format("Cannot unify {} and {} for a list's items", item->str(), et->str()));
        item = u;
    }
    return list_of(item);
}

// `l = []`, `l = [1]` where appends made l a list of a wider type: the display is built as
// the variable's list (Numba refines the display's type variable the same way).
const Type* Inferrer::refined_list_value(const Expr* value, const Type* vt, const Expr* target) {
    auto* n = dyn_cast<Name>(target);
    auto* display = dyn_cast<Tuple>(value);
    bool fresh = (display && display->from_list()) || (vt && vt->is_list() && !vt->item() && isa<Call>(value));
    if (!n || !vt || !vt->is_list() || !fresh || !locals_.count(n->id)) return vt;
    Variable* v = variable(n->id);
    if (!v || !v->type || !v->type->is_list() || !v->type->item()) return vt;
    if (vt->item() && unify(vt->item(), v->type->item()) != v->type->item()) return vt;
    return set(value, v->type);
}

// An append or extend on a list whose item type is not decided yet (or narrower): the
// variable holding it becomes a list of the unified type.
void Inferrer::refine_list(const Expr* receiver, const Type* list, const Type* item, SourceLoc at) {
    // A decided ListType keeps its item type: what is stored is cast to it (Numba's typed
    // list casts in append/insert/extend, where a reflected list's type would widen).
    if (list->flavor() == Type::ListFlavor::Typed && list->item()) {
        if (!can_convert(item, list->item()))
            error(at, fmt::format("cannot store {} into an item of {}", item->str(), list->str()));
        if (std::string why = container_cast(m_.module, item, list->item(), at, final_); !why.empty()) error(at, why);
        return;
    }
    const Type* u = unify(list->item(), item);
    if (!u) error(at, fmt::format("Invalid use of list.append for {} with parameters ({})", list->str(), item->str()));
    if (u == list->item()) return;
    auto* n = dyn_cast<Name>(receiver);
    if (n && locals_.count(n->id)) return bind(n, list_of(u, list->flavor()), at);
    if (!list->item())
        error(at, fmt::format("Cannot infer the type of {}, have imprecise type: {}", describe_expr(receiver),
                              list->str()));
    if (!can_convert(item, list->item()))
        error(at, fmt::format("cannot store {} into an item of {}", item->str(), list->str()));
}

// The item type of what list(), extend and += take: an iterable, or a tuple of items
// that unify.
const Type* Inferrer::iterable_item(const Expr* e) {
    const Type* t = expr(e);
    if (!t || !t->is_tuple()) return iteration_item(e);
    const Type* item = nullptr;
    for (const Type* x : t->elements()) {
        const Type* u = unify(item, x);
        if (!u) error(e->loc, fmt::format("cannot make a list of the items of {} (types that do not unify)", t->str()));
        item = u;
    }
    if (!item) error(e->loc, "cannot infer the item type of an empty tuple");
    return item;
}

const Type* Inferrer::list_attribute(const Attribute* a, const Type* list) {
    const std::string spelling = "list." + a->attr;
    for (int i = 0; i < static_cast<int>(BuiltinId::Count_); ++i)
        if (auto id = static_cast<BuiltinId>(i); is_list_method(id) && spelling == builtin_name(id))
            return builtin_func(id);
    error(a->attr_loc, fmt::format("Unknown attribute '{}' of type {}", a->attr, list->str()));
}

// The item type of a list argument `what` of a method, checked to convert to the list's.
void Inferrer::list_item_argument(const Call* c, size_t i, const Type* list, const Type* t) {
    if (!list->item() || can_convert(t, list->item())) return;
    error(c->args[i]->loc, fmt::format("Invalid use of {} for {} with parameters ({})",
                                       builtin_name(fn_.type_of(c->callee)->builtin()), list->str(), t->str()));
}

const Type* Inferrer::list_method(const Call* c, BuiltinId id, std::vector<const Type*> args) {
    const Expr* receiver = cast<Attribute>(c->callee)->value;
    const Type* list = fn_.type_of(receiver);
    const BuiltinInfo& info = builtin_info(id);
    if (args.size() < info.min_args || args.size() > info.max_args)
        error(c->loc,
              fmt::format("{}() takes {} argument{} ({} given)", builtin_name(id),
                          info.min_args == info.max_args ? fmt::format("exactly {}", info.min_args)
                                                         : fmt::format("{} to {}", info.min_args, info.max_args),
                          info.max_args == 1 ? "" : "s", args.size()));
    auto integer = [&](size_t i) {
        if (!args[i]->is_int() && !args[i]->is_bool())
            error(c->args[i]->loc, fmt::format("list indices must be integers, not {}", args[i]->str()));
    };
    std::vector<const Type*> ops{list};
    const Type* result = none();
    switch (id) {
    case BuiltinId::ListAppend:
        refine_list(receiver, list, args[0], c->args[0]->loc);
        ops.push_back(args[0]);
        break;
    case BuiltinId::ListExtend: {
        const Type* item = iterable_item(c->args[0]);
        if (!item) return nullptr;
        refine_list(receiver, list, item, c->args[0]->loc);
        ops.push_back(args[0]);
        break;
    }
    case BuiltinId::ListInsert:
        integer(0);
        refine_list(receiver, list, args[1], c->args[1]->loc);
        ops.push_back(int64());
        ops.push_back(args[1]);
        break;
    case BuiltinId::ListPop:
        if (!args.empty()) {
            integer(0);
            ops.push_back(int64());
        }
        result = list->item();
        break;
    case BuiltinId::ListRemove:
    case BuiltinId::ListIndex:
    case BuiltinId::ListCount:
        if (list->item() && !compare_op_types(CmpOp::Eq, list->item(), args[0]).result && list->item() != args[0])
            error(c->args[0]->loc, fmt::format("Invalid use of {} for {} with parameters ({})", builtin_name(id),
                                               list->str(), args[0]->str()));
        ops.push_back(args[0]);
        result = id == BuiltinId::ListRemove ? none() : int64();
        break;
    case BuiltinId::ListCopy: result = list_of(list->item()); break;
    case BuiltinId::ListClear:
    case BuiltinId::ListReverse: break;
    case BuiltinId::ListSort: break;  // keywords: see list_sort_keywords
    default: error(c->loc, fmt::format("{} is not supported by ujit", builtin_name(id)));
    }
    operands(c, std::move(ops));
    return result;
}

// list(), list(iterable), sorted(iterable): a new list of the iterable's items.
const Type* Inferrer::list_builtin(const Call* c, BuiltinId id) {
    if (cuda()) error(c->loc, fmt::format("{}() is not supported in CUDA code", builtin_name(id)));
    if (id != BuiltinId::Sorted && !c->keywords.empty())
        error(c->keywords[0].loc,
              fmt::format("{}() got an unexpected keyword argument '{}'", builtin_name(id), c->keywords[0].name));
    if (c->args.size() > 1 || (id == BuiltinId::Sorted && c->args.empty()))
        error(c->loc, fmt::format("{}() takes {} argument ({} given)", builtin_name(id),
                                  id == BuiltinId::Sorted ? "exactly one" : "at most one", c->args.size()));
    if (c->args.empty()) return list_of(nullptr);
    const Type* item = iterable_item(c->args[0]);
    if (!item) return nullptr;
    operands(c, {fn_.type_of(c->args[0])});
    if (id == BuiltinId::Sorted) sort_keywords(c, item, "sorted()");
    return list_of(item);
}

const Type* Inferrer::list_subscript(const Subscript* s, const Type* list) {
    if (auto* sl = dyn_cast<Slice>(s->index)) {
        for (const Expr* part : {sl->lower, sl->upper, sl->step}) {
            if (!part) continue;
            const Type* t = expr(part);
            if (t && !t->is_int() && !t->is_bool() && !t->is_none())
                error(part->loc, fmt::format("slice indices must be integers or None, not {}", t->str()));
        }
        set(sl, none());
        return list_of(list->item());
    }
    const Type* index = expr(s->index);
    if (!index) return nullptr;
    if (!index->is_int() && !index->is_bool())
        error(s->index->loc, fmt::format("list indices must be integers or slices, not {}", index->str()));
    if (!list->item() && final_)  // (before: an append later in the loop may decide it, as in Numba)
        error(s->value->loc, fmt::format("Cannot infer the type of {}, have imprecise type: {}",
                                         describe_expr(s->value), list->str()));
    return list->item();
}

// l + l2, l * n, n * l: new lists (Numba's list concatenation and repetition).
const Type* Inferrer::list_binary(const Binary* b, const Type* l, const Type* r) {
    if (b->op == BinOp::Add && l->is_list() && r->is_list()) {
        const Type* u = l->item() && r->item() ? unify(l->item(), r->item()) : (l->item() ? l->item() : r->item());
        if (l->item() && r->item() && l->item() != r->item())
            error(b->loc, fmt::format("unsupported operand types for +: {} and {}", l->str(), r->str()));
        return list_of(u);
    }
    if (b->op == BinOp::Mul) {
        const Type* list = l->is_list() ? l : r;
        const Type* n = l->is_list() ? r : l;
        if (n->is_int() || n->is_bool()) return list_of(list->item());
    }
    error(b->loc, fmt::format("unsupported operand types for {}: {} and {}", spelling(b->op), l->str(), r->str()));
}

// `x in l`, `l == l2`, `l != l2`: bool, the items comparable.
bool Inferrer::list_compare(CmpOp op, const Type* l, const Type* r, SourceLoc at) {
    if ((op == CmpOp::In || op == CmpOp::NotIn) && r->is_list()) {
        if (r->item() && r->item() != l && !(l->is_tuple() && r->item()->is_tuple()) &&
            !compare_op_types(CmpOp::Eq, l, r->item()).result)
            error(at, fmt::format("unsupported comparison: {} in {}", l->str(), r->str()));
        return true;
    }
    if (!l->is_list() && !r->is_list()) return false;
    const bool ordering = op == CmpOp::Lt || op == CmpOp::Le || op == CmpOp::Gt || op == CmpOp::Ge;
    if (ordering && l->is_list() && r->is_list()) {  // Numba's list_lt & co.: the first unequal pair, else lengths
        const Type *a = l->item(), *c = r->item();
        if (a && c && !compare_op_types(op, a, c).result && !(a->is_list() && c->is_list()))
            error(at, fmt::format("unsupported comparison: {} {} {}", l->str(), spelling(op), r->str()));
        return true;
    }
    if ((op == CmpOp::Eq || op == CmpOp::Ne) && l->is_list() && r->is_list()) {
        if (l->item() && r->item() && l->item() != r->item() &&
            !compare_op_types(CmpOp::Eq, l->item(), r->item()).result)
            error(at, fmt::format("unsupported comparison: {} {} {}", l->str(), spelling(op), r->str()));
        return true;
    }
    error(at, fmt::format("unsupported comparison: {} {} {}", l->str(), spelling(op), r->str()));
}

// [elt for x in it if c ...]: its targets are variables of their own (the parser renamed
// them), typed like a for loop's; the list holds the element's type.
const Type* Inferrer::list_comprehension(const ListComp* c) {
    if (cuda()) error(c->loc, "list comprehensions are not supported in CUDA code");
    comprehension_generators(c);
    const Type* elt = expr(c->elt);
    if (!elt) return nullptr;
    if (!elt->is_value() || elt->is_none())
        error(c->elt->loc, fmt::format("{} cannot be an item of a list", elt->str()));
    return list_of(elt);
}

void Inferrer::comprehension_generators(const ListComp* c) {
    for (const ListComp::Generator& g : c->generators) {
        collect_target(g.target);
        const Type* item = iteration_item(g.iter);
        assign_target(g.target, item, g.target->loc);
        for (const Expr* cond : g.ifs) truth_test(cond);
    }
}

// After the final pass: a list variable whose item type was never decided.
void Inferrer::check_precise_lists() {
    for (size_t i = 0; i < fn_.variables.size(); ++i) {
        const Variable& v = fn_.variables[i];
        if (v.type && v.type->is_list() && !v.type->item())
            error(v.first_assigned,
                  fmt::format("Cannot infer the type of variable '{}', have imprecise type: {}. For Numba to "
                              "be able to compile a list, the list must have a known and precise type that can "
                              "be inferred from the other variables (append an item, or use "
                              "numba.typed.List.empty_list(item_type))",
                              v.name, v.type->str()));
    }
}

}  // namespace ujit::types
