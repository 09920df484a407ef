// Source text → AST. Hand-written lexer (Python's indentation rules) and a recursive-descent
// parser with Python's precedence. Rejects constructs outside ujit's subset by name.
#pragma once

#include "syntax/ast.hpp"
#include "syntax/diagnostics.hpp"

#include <memory>

namespace ujit::syntax {

// Parses a whole module. Throws CompileError (with location) on the first error.
// Nesting deeper than kMaxNesting (brackets, blocks or expression depth) is an error,
// never a stack overflow.
constexpr int kMaxNesting = 200;
std::unique_ptr<Module> parse_module(SourceFilePtr file);

}  // namespace ujit::syntax
