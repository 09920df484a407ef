// {k: v for ...} and {x for ...}: Numba's dict and set comprehensions. The parser writes one
// as a dict or set display (a Tuple) holding a single item, the comprehension itself: a
// ListComp whose element is the pair (k, v) for a dict, or x for a set. No display written
// by hand has that shape (a dict's items come in pairs; the parser refuses a set holding a
// list, which is unhashable).
#pragma once

#include "syntax/ast.hpp"

namespace ujit::syntax {

inline const ListComp* comprehension_of(const Tuple* display) {
    if (display->display != Tuple::Display::Dict && display->display != Tuple::Display::Set) return nullptr;
    if (display->elts.size() != 1) return nullptr;
    return dyn_cast<ListComp>(display->elts[0]);
}

// A dict comprehension's key and value (its element, the pair).
inline const Expr* comprehension_key(const ListComp* c) { return cast<Tuple>(c->elt)->elts[0]; }
inline const Expr* comprehension_value(const ListComp* c) { return cast<Tuple>(c->elt)->elts[1]; }

}  // namespace ujit::syntax
