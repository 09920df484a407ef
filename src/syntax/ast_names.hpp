// Every name a piece of a function mentions, read or bound: what literal_unroll's copies of a
// loop body may rename without changing the code around them (types/literal_unroll.cpp).
#pragma once

#include "syntax/ast.hpp"

#include <set>
#include <string>

namespace ujit::syntax {

// The If an `elif` made: the one statement of `s`'s else part when that is an If (the parser
// nests `if a: ... elif b: ...` so), or null. Walks of the tree follow a chain of them in a
// loop, not a recursion: a chain may be thousands long.
inline const If* elif_of(const If* s) { return s->orelse.size() == 1 ? dyn_cast<If>(s->orelse[0]) : nullptr; }
inline If* elif_of(If* s) { return s->orelse.size() == 1 ? dyn_cast<If>(s->orelse[0]) : nullptr; }

// Adds to `out` every identifier that `b` reads or binds, inner defs and lambdas included;
// the body and target of the loop `skip` (when not null) are left out, its iterable and else
// block are not.
void names_in(const Block& b, std::set<std::string>& out, const For* skip = nullptr);
void names_in(const Expr* e, std::set<std::string>& out);

// The names that `b` binds: assignment, augmented assignment and loop targets, comprehension
// variables and defs, in nested blocks too.
void names_bound(const Block& b, std::set<std::string>& out);
void names_bound_by(const Expr* target, std::set<std::string>& out);

}  // namespace ujit::syntax
