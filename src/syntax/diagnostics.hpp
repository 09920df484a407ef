// Diagnostics are values: every stage reports errors as Diagnostic objects with a
// location; the library returns them, the CLI prints them clang style:
//
//   kernel.py:3:12: error: cannot unify float64 and UniTuple(int64 x 2) for 'x'
//       x = (1, 2)
//           ^
//   kernel.py:2:9: note: 'x' was first assigned float64 here
#pragma once

#include "syntax/source.hpp"

#include <stdexcept>
#include <string>
#include <vector>

namespace ujit::syntax {

// Internal: a fault of ujit, not of the program (syntax/internal_error.hpp); rendered as
// "internal compiler error".
enum class Severity { Error, Warning, Note, Internal };

struct Diagnostic {
    Severity severity = Severity::Error;
    SourceLoc loc;          // may be invalid (no location known)
    std::string message;
    std::vector<Diagnostic> notes;  // attached notes ("first defined here")
};

// Renders "FILE:LINE:COL: error: message" + source line + caret (+ notes the same way).
std::string render(const Diagnostic& d, const SourceFile* file);

// The exception used *inside* the compiler to abort a stage on the first hard error.
// It never crosses the public C API; the C++ API wraps it in ujit::Error.
class CompileError : public std::runtime_error {
public:
    explicit CompileError(Diagnostic d);
    const Diagnostic& diagnostic() const { return diag_; }

private:
    Diagnostic diag_;
};

// Convenience: throw a CompileError at `loc`.
[[noreturn]] void fail(SourceLoc loc, std::string message);
[[noreturn]] void fail(SourceLoc loc, std::string message, std::vector<Diagnostic> notes);

}  // namespace ujit::syntax
