// Walks over the syntax tree that codegen's analyses share (which loops may run block-wide,
// what a prange body reads and assigns): every expression inside an expression or a block.
#pragma once

#include "syntax/ast.hpp"

#include <functional>
#include <string>
#include <vector>

namespace ujit::codegen {

// Calls `visit` on `e` and every expression inside it; stops at the first true.
bool any_expr(const syntax::Expr* e, const std::function<bool(const syntax::Expr*)>& visit);
// The expressions a statement evaluates itself (not those of nested blocks).
std::vector<const syntax::Expr*> own_exprs(const syntax::Stmt* s);
std::vector<const syntax::Block*> nested_blocks(const syntax::Stmt* s);
// Calls `visit` on each statement's own expressions (whole trees), in nested blocks too.
bool any_statement_expr(const syntax::Block& block, const std::function<bool(const syntax::Expr*)>& visit);
// Calls `visit` on every expression of the block, subexpressions included.
bool any_expr_in_block(const syntax::Block& block, const std::function<bool(const syntax::Expr*)>& visit);
// Does the assignment target `target` (a name, or a tuple of targets) bind the variable `name`?
bool binds(const syntax::Expr* target, const std::string& name);
// Does `block` rebind the variable `name` (=, op=, a for target), in nested blocks too?
bool rebinds(const syntax::Block& block, const std::string& name);

}  // namespace ujit::codegen
