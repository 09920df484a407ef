// Internal compiler errors: faults of ujit itself, never of the user's program (Halide keeps
// user_error apart from internal_assert the same way). A user error is a CompileError with
// an `error:` diagnostic; an internal one says "internal compiler error", where in ujit's
// source the broken invariant was checked, and the user's location when it is known. The
// C++ API turns it into ujit::Error of Kind::Internal (the C API: UJIT_ERROR_INTERNAL).
//
//   UJIT_INTERNAL_ASSERT(t != nullptr, e->loc, "expression was not typed");
//   internal_error(loc, fmt::format("no LLVM value type for {}", t->str()));
//
// Never use it for what a user can write: unsupported constructs are user errors (fail()).
#pragma once

#include "syntax/diagnostics.hpp"

#include <source_location>
#include <string>

namespace ujit::syntax {

// A CompileError whose diagnostic has Severity::Internal, so every stage boundary that
// renders CompileErrors renders it with the user's file too.
class InternalError : public CompileError {
public:
    using CompileError::CompileError;
};

// "MESSAGE (in ujit at src/codegen/lower_expr.cpp:40)": `where` shortened to the path
// below the source tree.
std::string internal_message(const std::string& message, const std::source_location& where);

[[noreturn]] void internal_error(SourceLoc loc, const std::string& message,
                                 const std::source_location& where = std::source_location::current());

}  // namespace ujit::syntax

// Checks an invariant of the compiler; `loc` is the user's location (SourceLoc{} when none).
#define UJIT_INTERNAL_ASSERT(cond, loc, message)                                                                       \
    do {                                                                                                               \
        if (!(cond)) ::ujit::syntax::internal_error((loc), (message));                                                 \
    } while (false)
