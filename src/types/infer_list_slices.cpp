// Slice assignment and deletion on lists, as Numba's setitem(list, slice, iterable) and
// delitem(list, slice) (numba/cpython/listobj.py) with CPython's results: `l[a:b] = x`
// replaces the slice by x's items (any length when the step is 1, the same length
// otherwise), `del l[a:b:c]` removes the slice. codegen/lower_list_slices.cpp lowers them.
#include "types/infer_impl.hpp"

#include "syntax/diagnostics.hpp"
#include "types/rules.hpp"

#include <fmt/format.h>

namespace ujit::types {

using namespace syntax;

void Inferrer::list_slice_store(const Subscript* s, const Type* list, const Expr* value) {
    const Type* vt = expr(value);
    set(s, list_subscript(s, list));  // types the slice's parts
    if (!vt) return;
    if (!list->item())
        error(s->value->loc, fmt::format("Cannot infer the type of {}, have imprecise type: {}",
                                         describe_expr(s->value), list->str()));
    if (vt->is_list() && !vt->item()) {  // l[a:b] = []: an empty list of l's type
        set(value, list_of(list->item()));
        return;
    }
    const Type* item = iterable_item(value);
    if (item && !can_convert(item, list->item()))
        error(value->loc, fmt::format("cannot store items of {} into a slice of {}", vt->str(), list->str()));
}

// `del c[a:b]`: the parser's Assign with `deletes` (its value, an empty display, is typed as
// the list but never evaluated).
void Inferrer::slice_delete(const Assign* a) {
    auto* s = cast<Subscript>(a->targets[0]);
    const Type* c = expr(s->value);
    if (!c) return;
    if (!c->is_list())
        error(s->loc, fmt::format("'del' of a slice of {} is not supported (only of a list's)", c->str()));
    set(s, list_subscript(s, c));
    set(a->value, c);
}

}  // namespace ujit::types
