// Source text → AST. Hand-written lexer (Python's indentation rules) and a recursive-descent
// parser with Python's precedence. Rejects constructs outside ujit's subset by name.
#pragma once

#include "syntax/ast.hpp"
#include "syntax/diagnostics.hpp"

#include <memory>

namespace ujit::syntax {

// Parses a whole module. Throws CompileError (with location) on the first error.
//
// The parser is where nesting is bounded, once for every later stage: resolution, type
// inference, constant evaluation, lowering and the dumps walk the tree recursively, and
// they can because no tree deeper than these limits gets past the parser:
//  * kMaxNesting: brackets, blocks, and the parser's own recursion (unary operators, `**`,
//    `if`-expressions): "expression nested too deeply (limit 200)".
//  * kMaxExprHeight: the height of any expression tree, where a chain such as
//    `x + x + ... + x` (left-deep, built without recursion) counts one level per operator,
//    and so do `a.b.c`, `f()()` and `a[0][0]`. Past it, the error is at the operator that
//    crosses the limit.
// Measured on a release build (README, "Reliability"): a compile at these limits needs at
// most about 512 KB of the calling thread's stack (199 nested calls `abs(abs(...))`, or 800
// attribute levels under 99 brackets); glibc gives every thread 8 MB unless told otherwise.
// Past either limit is an error, never a stack overflow.
constexpr int kMaxNesting = 200;
constexpr int kMaxExprHeight = 1000;
// LLVM's optimizer takes time quadratic in a function's parameter count (10,000
// parameters: minutes in SCCP); 1,000 compile in about a second.
constexpr int kMaxParameters = 1000;
std::unique_ptr<Module> parse_module(SourceFilePtr file);

}  // namespace ujit::syntax
