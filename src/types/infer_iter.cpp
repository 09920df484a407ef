// The iteration helpers of a for loop: enumerate, zip and reversed over ranges, 1-D arrays
// and each other (`for i, (x, y) in enumerate(zip(a, b))`). They exist only as a loop's
// iterable (Numba's iterators, never stored): a helper call's recorded type is the type of
// one item, which codegen/lower_iter.cpp builds at each index.
#include "types/infer_impl.hpp"

#include "nplib/array_typing.hpp"
#include "syntax/diagnostics.hpp"
#include "types/rules.hpp"
#include "types/vector_types.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace ujit::types {

using namespace syntax;

// "enumerate", "zip" or "reversed" when `e` calls Python's own (not a name the function or
// module rebinds), else "".
std::string Inferrer::iteration_helper(const Expr* e) const {
    auto* c = dyn_cast<Call>(e);
    auto* n = c ? dyn_cast<Name>(c->callee) : nullptr;
    if (!n || (n->id != "enumerate" && n->id != "zip" && n->id != "reversed")) return "";
    if (locals_.count(n->id) || m_.find_global(n->id) || m_.host_only.count(n->id)) return "";
    return n->id;
}

const Type* Inferrer::iteration_item(const Expr* e) {
    // A loop reads its iterator's call itself (range's bounds, enumerate's operand), not a
    // spread call (types/infer_spread.cpp).
    if (auto* c = dyn_cast<Call>(e))
        if (const Starred* star = starred_arg(c))
            error(star->loc, "a starred argument in the call a loop iterates over is not supported by ujit");
    bool nd_iterator = false;  // np.ndindex / ndenumerate / nditer (infer_nditer.cpp)
    const Type* nd_item = nd_iteration_item(e, &nd_iterator);
    if (nd_iterator) return nd_item;
    std::string helper = iteration_helper(e);
    if (helper.empty()) {
        const Type* it = expr(e);
        if (!it) return nullptr;
        if (it->is_range()) return it->range_item();
        if (it->is_generator()) return it->yield_type();
        if (it->is_str()) return it;  // its characters, each a str of length 1
        if (it->is_array() && it->ndim() == 0) error(e->loc, "iteration over a 0-d array");
        if (it->is_list()) {
            if (!it->item() && final_)
                error(e->loc,
                      fmt::format("Cannot infer the type of {}, have imprecise type: {}", describe_expr(e), it->str()));
            return it->item();
        }
        if (it->is_dict() || it->is_set() || it->kind() == Kind::DictView) return container_item(e, it);
        if (it->kind() == Kind::FlatIter) {  // every item of the array, in C order
            if (it->flat_array()->dtype()->is_record())
                error(e->loc,
                      fmt::format("ujit iterates a.flat of number arrays only, not of {}", it->flat_array()->str()));
            return it->flat_array()->dtype();
        }
        if (std::string m = vector_not_tuple(it, "iteration"); !m.empty()) error(e->loc, m);
        if (it->is_tuple() && it->is_uniform_tuple()) return it->elements()[0];  // Numba's UniTuple iterator
        if (it->is_tuple())
            error(e->loc, fmt::format("cannot iterate over {} of type {}: Numba iterates over tuples whose items "
                                      "all have one type",
                                      describe_expr(e), it->str()));
        if (it->is_array()) {
            std::string unused;  // an element of a 1-D array, a row (a[i]) of an N-D one
            return nplib::basic_index_type(it, {nplib::IndexItem::Integer}, &unused);
        }
        error(e->loc, fmt::format("cannot iterate over {} of type {} (ujit iterates over range(...), arrays, and "
                                  "enumerate, zip and reversed of them)",
                                  describe_expr(e), it->str()));
    }
    auto* c = cast<Call>(e);
    if (!c->keywords.empty())
        error(c->keywords.front().loc, fmt::format("ujit's {}() takes no keyword arguments", helper));
    std::vector<const Type*> items;
    if (helper == "zip") {
        if (c->args.empty()) error(c->loc, "zip() needs at least one iterable in ujit");
        for (const Expr* a : c->args) items.push_back(iteration_item(a));
    } else {
        size_t most = helper == "enumerate" ? 2 : 1;
        if (c->args.empty() || c->args.size() > most)
            error(c->loc, fmt::format("{}() takes {} argument{} ({} given)", helper, most == 2 ? "1 or 2" : "exactly 1",
                                      most == 2 ? "s" : "", c->args.size()));
        const Type* inner = iteration_item(c->args[0]);
        refuse_generator_in(c, helper);
        if (helper == "reversed") return set(c, inner);
        items = {int64(), inner};
        if (c->args.size() == 2) {
            const Type* start = expr(c->args[1]);
            if (start && !start->is_int() && !start->is_bool())
                error(c->args[1]->loc, fmt::format("enumerate()'s start must be an integer, not {}", start->str()));
        }
    }
    for (const Type* t : items)
        if (!t) return nullptr;
    refuse_generator_in(c, helper);
    return set(c, tuple(std::move(items)));
}

// gen: enumerate/zip/reversed count their items (codegen/lower_iter.cpp), which a generator
// cannot tell before it runs.
void Inferrer::refuse_generator_in(const Call* c, const std::string& helper) {
    for (const Expr* a : c->args)
        if (const Type* t = fn_.type_of(a); t && t->is_generator())
            error(a->loc, fmt::format("{}() of a generator is not supported by ujit (iterate the generator with a for "
                                      "loop, or make a list of it first: list(g))",
                                      helper));
}

// sum(iterable[, start]), min(iterable), max(iterable) over a tuple of numbers, a range, a
// 1-D array, a list, a dict (its keys), a set or a dict view, as Numba's overloads (which
// take any iterable): min/max unify the items (an empty tuple is Numba's
// error); sum starts from `start` (int64 0) and adds each item, its type the unification
// of the start and every partial sum (sum of a float32 array is float64, as in Numba).
const Type* Inferrer::iterable_reduction(const Call* c, BuiltinId id, const std::vector<const Type*>& args) {
    const std::string what = builtin_name(id);
    const Type* it = args[0];
    std::vector<const Type*> items;
    if (it->is_tuple()) {
        items = it->elements();
    } else if (it->kind() == Kind::Range || (it->is_array() && it->ndim() == 1) || it->is_list() || it->is_dict() ||
               it->is_set() || it->kind() == Kind::DictView || (it->is_generator() && id == BuiltinId::Sum)) {
        items.push_back(iteration_item(c->args[0]));
    } else {
        error(c->args[0]->loc, fmt::format("{}() of {} is not supported by ujit (it takes a tuple of numbers, a "
                                           "range, a 1-D array, a list, a dict, a set or a dict's keys(), values() "
                                           "or items()){}",
                                           what, it->str(), it->is_generator() ? " (a generator: sum() only)" : ""));
    }
    // min/max of a list of strings, or of tuples of numbers and strings, order them as `<`
    // does (Numba's do_minmax takes any items `>`/`<` compare; the result is borrowed from the
    // list as l[i] is).
    auto scalar = [](const Type* e) { return e->is_number() || e->is_str(); };
    auto orderable = [&](const Type* t) {
        return scalar(t) || (t->is_tuple() && std::all_of(t->elements().begin(), t->elements().end(), scalar));
    };
    for (const Type* t : items)
        if (!t->is_number() && !(id != BuiltinId::Sum && it->is_list() && orderable(t)))
            error(c->args[0]->loc, fmt::format("{}() of items of type {} is not supported", what, t->str()));
    if (id != BuiltinId::Sum) {
        if (items.empty()) error(c->loc, fmt::format("{}() argument is an empty tuple", what));
        const Type* t = nullptr;
        for (const Type* e : items) t = t ? promote(t, e) : e;
        return t;
    }
    const Type* t = int64();
    if (args.size() == 2) {
        t = args[1];
        if (!t->is_number()) error(c->args[1]->loc, fmt::format("sum()'s start must be a number, not {}", t->str()));
    }
    for (bool changed = true; changed;) {
        changed = false;
        for (const Type* e : items) {
            const Type* u = unify(t, binary_op_types(BinOp::Add, t, e).result);
            if (!u) error(c->loc, fmt::format("sum() cannot add {} to {}", e->str(), t->str()));
            changed = changed || u != t;
            t = u;
        }
    }
    return t;
}

}  // namespace ujit::types
