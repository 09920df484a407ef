// Typing `for x in literal_unroll(t)`: over a tuple it unrolls, the loop is typed as copies of
// its body, one per item of t (types/literal_unroll.hpp), made once per specialization.
#include "types/infer_impl.hpp"

#include "syntax/diagnostics.hpp"
#include "types/literal_unroll.hpp"

#include <fmt/format.h>

namespace ujit::types {

using namespace syntax;

// Whether the loop over `tuple` (the type of `call`) unrolls. Numba unrolls any tuple: a
// tuple whose items share one type and are not constants loops as ujit's own loop over it,
// which computes the same; Numba's errors for what it cannot unroll.
bool Inferrer::unrolls(const Call* call, const Type* tuple) {
    const Expr* arg = call->args[0];
    if (!tuple->is_tuple()) {
        const Variable* v = nullptr;
        if (auto* n = dyn_cast<Name>(arg)) v = variable(n->id);
        if (v && v->is_param)
            error(arg->loc, fmt::format("Invalid use of literal_unroll with a function argument, only tuples are "
                                        "supported as function arguments, found {}",
                                        tuple->str()));
        if (tuple->is_str())
            error(arg->loc, "Invalid use of literal_unroll, argument should be a tuple or a list of constant values. "
                            "Failure reason: found unknown problem");
        return false;  // an array or list: its own loop, as in Numba
    }
    if (!tuple->is_uniform_tuple()) return true;
    // A constant tuple of numbers: each copy sees its item's value (Numba's literal types).
    std::optional<ConstValue> v = constant_of(arg);
    if (!v || !v->type->is_tuple()) return false;
    for (const Type* item : v->type->elements())
        if (!item->is_number()) return false;
    return true;
}

bool Inferrer::unrolled_loop(const For* f) {
    auto* call = cast<Call>(f->iter);
    const Type* tuple = expr(call);
    if (!tuple) return true;  // typed in a later pass, once its argument is
    if (!unrolls(call, tuple)) {
        fn_.unrolled_loops.erase(f->id);
        return false;
    }
    const size_t items = tuple->elements().size();
    auto it = fn_.unrolled_loops.find(f->id);
    if (it == fn_.unrolled_loops.end() || it->second.copies.size() != items) {
        if (!fn_.cloned_nodes) fn_.cloned_nodes = std::make_shared<NodeArena>();
        const bool constant = constant_of(call->args[0]).has_value();
        UnrolledLoop u = unroll_loop(*f, *fn_.def, items, constant ? call->args[0] : nullptr, *fn_.cloned_nodes);
        auto* stored = cast<Name>(u.tuple_store->targets[0]);
        locals_.insert(stored->id);
        single_assignments_[stored->id] = u.tuple_store->value;
        for (const Block& copy : u.copies) collect_locals(copy);
        it = fn_.unrolled_loops.insert_or_assign(f->id, std::move(u)).first;
    }
    stmt(it->second.tuple_store);
    ++loop_depth_;
    ++unroll_depth_;
    for (const Block& copy : it->second.copies) block(copy);
    --unroll_depth_;
    --loop_depth_;
    block(f->orelse);
    return true;
}

// Whether `e` calls numba.literal_unroll, under any name it was imported as. Resolved without
// typing the callee: a loop's other callees (enumerate, zip) are names only iteration knows.
bool Inferrer::literal_unroll_call(const Expr* e) {
    auto* c = dyn_cast<Call>(e);
    if (!c) return false;
    auto is_it = [](const Type* t) { return t && t->kind() == Kind::Namespace && t->path() == "numba.literal_unroll"; };
    if (auto* n = dyn_cast<Name>(c->callee)) {
        if (locals_.count(n->id)) return false;
        std::optional<Member> m = m_.lookup(n->id);
        return m && is_it(m->type);
    }
    auto* a = dyn_cast<Attribute>(c->callee);
    return a && a->attr == "literal_unroll" && is_it(expr(a));
}

}  // namespace ujit::types
