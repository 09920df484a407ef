// Recursion budgets of the stages after the parser. The parser bounds the nesting inside one
// function (syntax/parser.hpp); calls between functions are typed and lowered recursively too
// (a call's callee before its caller), so a chain of functions each calling the next nests
// the compiler as deep as the chain is long (issue 24: 5,000 of them overflowed an 8 MB stack,
// 300 a thread's 256 KiB). Three guards, from the outside in:
//  * run_on_compile_stack: a compile whose thread's stack runs short (or is small to begin
//    with) runs on a stack of kCompileStackBytes, a thread of its own (any thread may call
//    ujit; most compiles need little, and keep the caller's thread and its per-thread caches);
//  * kMaxCallDepth: calls nested deeper are an error at the call, "calls nested too deeply
//    (limit 10000)", as the parser reports expressions past its limits;
//  * check_stack: where a walk finds less than kStackReserve left all the same (a smaller
//    stack than promised, a much larger frame than measured), an error at its node instead of
//    a stack overflow.
#pragma once

#include "syntax/diagnostics.hpp"
#include "syntax/source.hpp"

#include <cstddef>
#include <functional>

namespace ujit::syntax {

// Measured on the release build: about 2 KiB of stack per level of a call chain, typing and
// lowering together (a 1,000-deep chain needs 1.8 MB); ASan's frames are several times larger.
constexpr int kMaxCallDepth = 10000;
constexpr size_t kCompileStackBytes = size_t(256) << 20;  // reserved address space, touched as used
constexpr size_t kStackReserve = size_t(128) << 10;       // left for fmt and unwinding an error
constexpr size_t kCompileOnCallerBytes = size_t(4) << 20;  // a compile's first try needs this much left (LLVM's passes)

// Bytes of the calling thread's stack below the current frame.
size_t stack_left();

// What check_stack throws: a located CompileError, which run_on_compile_stack retries on a
// larger stack.
class StackExhausted : public CompileError {
public:
    using CompileError::CompileError;
};

// Throws StackExhausted at `loc`, "{what} nested too deeply: ...", when less than
// kStackReserve is left.
void check_stack(SourceLoc loc, const char* what);

// One level of a recursive walk: counts `depth` up for its lifetime, and fails at `loc` with
// "{what} nested too deeply (limit {limit})" past `limit`, or when the stack runs short.
class RecursionLevel {
public:
    RecursionLevel(int& depth, int limit, SourceLoc loc, const char* what);
    ~RecursionLevel() { --depth_; }
    RecursionLevel(const RecursionLevel&) = delete;
    RecursionLevel& operator=(const RecursionLevel&) = delete;

private:
    int& depth_;
};

// Runs `work` on this thread when it has kCompileOnCallerBytes left; if it runs out of stack
// (StackExhausted), or the thread has less to begin with, runs it on a thread with
// kCompileStackBytes of stack, which the caller waits for (exceptions travel
// back). `work` must be safe to repeat after a StackExhausted: a compile is (typing caches only
// finished specializations, and the stack runs short only while typing or lowering, before
// anything is stored or loaded).
void run_on_compile_stack(const std::function<void()>& work);

}  // namespace ujit::syntax
