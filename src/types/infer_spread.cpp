// Calls with a starred argument, f(a, *t): Numba's vararg call (fold_arg_vars in
// numba/core/typeinfer.py) passes the items of the tuple t as positional arguments. The call
// types as the parser's spread call of t's length (syntax::Starred), whatever the callee: a
// function of the module, a CUDA device function, a builtin or a function passed as a value.
#include "types/infer_impl.hpp"

#include "syntax/diagnostics.hpp"
#include "syntax/internal_error.hpp"

#include <fmt/format.h>

namespace ujit::types {

using namespace syntax;

const Type* Inferrer::spread_call(const Call* c, const Starred* star) {
    const Type* t = expr(star->value);
    if (!t) return nullptr;
    // Numba's message; Python would take any iterable, Numba only a tuple.
    if (!t->is_tuple()) error(star->loc, fmt::format("*args in function call should be a tuple, got {}", t->str()));
    const size_t n = t->elements().size();
    if (n >= star->spread.size())
        error(star->loc, fmt::format("ujit spreads a tuple of at most {} items into a call; this one has {}",
                                     star->spread.size() - 1, n));
    UJIT_INTERNAL_ASSERT(star->spread[n]->callee == c->callee, c->loc, "a spread call of another call");
    return expr(star->spread[n]);
}

const Type* Inferrer::star_item(const StarItem* e) {
    const Type* t = fn_.type_of(e->from->value);
    UJIT_INTERNAL_ASSERT(t && t->is_tuple() && e->index < t->elements().size(), e->loc,
                         "an item of a starred argument outside its tuple");
    return t->elements()[e->index];
}

}  // namespace ujit::types
