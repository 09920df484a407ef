// numba.literal_unroll: the call's type and the unrolled copies of a loop (types/literal_unroll.hpp).
#include "types/literal_unroll.hpp"

#include "syntax/ast.hpp"
#include "syntax/ast_names.hpp"
#include "syntax/diagnostics.hpp"

#include <fmt/format.h>

namespace ujit::types {

using namespace syntax;

const Type* literal_unroll_type(const Call* c, const ContainerTyping& h, std::vector<const Type*>* operands) {
    if (!c->keywords.empty())
        h.error(c->keywords[0].loc, "keyword arguments are not supported in calls to 'literal_unroll'");
    if (c->args.size() != 1)  // Numba's UnsupportedError
        h.error(c->loc, fmt::format("literal_unroll takes one argument, found {}", c->args.size()));
    const Type* t = h.expr(c->args[0]);
    if (!t) return nullptr;
    *operands = {t};
    return t;
}

namespace {

// The names the copies rename: bound by the loop's target or body and mentioned nowhere else
// in the function.
std::set<std::string> body_locals(const For& loop, const FunctionDef& def) {
    std::set<std::string> bound, outside;
    names_bound_by(loop.target, bound);
    names_bound(loop.body, bound);
    for (const Param& p : def.params) outside.insert(p.name);
    names_in(def.body, outside, &loop);
    std::set<std::string> own;
    for (const std::string& n : bound)
        if (!outside.count(n)) own.insert(n);
    return own;
}

}  // namespace

UnrolledLoop unroll_loop(const For& loop, const FunctionDef& def, size_t items, const Expr* constant_tuple,
                         NodeArena& arena) {
    const std::set<std::string> own = body_locals(loop, def);
    const std::string tuple_name = fmt::format("$unroll{}", loop.id);
    UnrolledLoop out;
    auto* store = arena.make<Assign>(loop.iter->loc);
    auto* stored = arena.make<Name>(loop.iter->loc);
    stored->id = tuple_name;
    store->targets = {stored};
    store->value = loop.iter;
    out.tuple_store = store;
    const std::map<std::string, std::string> none;
    for (size_t k = 0; k < items; ++k) {
        std::map<std::string, std::string> renames;
        for (const std::string& n : own) renames[n] = fmt::format("{}$u{}_{}", n, loop.id, k);
        Cloner copy(arena, renames);
        auto* item = arena.make<Subscript>(loop.target->loc);
        if (constant_tuple) {
            item->value = Cloner(arena, none).expr(constant_tuple);
        } else {
            auto* t = arena.make<Name>(loop.iter->loc);
            t->id = tuple_name;
            item->value = t;
        }
        auto* index = arena.make<IntLit>(loop.target->loc);
        index->value = k;
        item->index = index;
        auto* bind = arena.make<Assign>(loop.target->loc);
        bind->targets = {copy.expr(loop.target)};
        bind->value = item;
        Block body{bind};
        for (Stmt* s : copy.block(loop.body)) body.push_back(s);
        out.copies.push_back(std::move(body));
    }
    return out;
}

}  // namespace ujit::types
