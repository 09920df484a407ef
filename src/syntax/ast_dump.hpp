// A one-line S-expression per statement, for tests and debugging:
//   x = -2 ** 2        →  (= x (- (** 2 2)))
//   def f(a): return a →  (def f (params a) (body (return a)))
#pragma once

#include "syntax/ast.hpp"

#include <string>

namespace ujit::syntax {

std::string dump_expr(const Expr* e);
std::string dump_stmt(const Stmt* s);
std::string dump_ast(const Module& m);  // top-level statements, one per line

}  // namespace ujit::syntax
