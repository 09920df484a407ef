// The arguments of what a `raise` or `assert` raises, read the same way by typing
// (types/infer_raise.cpp) and lowering (codegen/lower_raise.cpp).
#pragma once

#include "syntax/ast.hpp"

#include <vector>

namespace ujit::types {

// `raise Cls(a, b)`: {a, b}; `assert c, msg`: {msg}; `raise Cls` and a bare assert: none.
inline std::vector<const syntax::Expr*> raise_arguments(const syntax::Raise* r) {
    if (r->assertion) return r->exc ? std::vector<const syntax::Expr*>{r->exc} : std::vector<const syntax::Expr*>{};
    if (auto* c = syntax::dyn_cast<syntax::Call>(r->exc)) return {c->args.begin(), c->args.end()};
    return {};
}

// Whether the message is formatted when the raise runs (Numba 0.57+'s dynamic exceptions): any
// arguments but one constant string, which is the message itself (its static exceptions).
inline bool raise_is_dynamic(const std::vector<const syntax::Expr*>& args) {
    return !args.empty() && !(args.size() == 1 && syntax::isa<syntax::StrLit>(args[0]));
}

}  // namespace ujit::types
