// S-expressions of the AST, for tests, debugging and `ujit ast`. One line per statement:
//   x = -2 ** 2        →  (= x (- (** 2 2)))
//   def f(a): return a →  (def f (params a) (body (return a)))
#pragma once

#include "syntax/ast.hpp"

#include <string>

namespace ujit::syntax {

std::string dump_expr(const Expr* e);
std::string dump_stmt(const Stmt* s);
std::string dump_ast(const Module& m);  // top-level statements, one per line
// The same S-expressions laid out for reading (`ujit ast`): every statement on its own line,
// indented by its depth; the parts of compound statements (body, else) on lines of their own.
std::string dump_ast_tree(const Module& m);

}  // namespace ujit::syntax
