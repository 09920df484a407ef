// Recursion budgets of the stages after the parser. The parser bounds the nesting inside one
// function (syntax/parser.hpp); calls between functions are typed and lowered recursively too
// (a call's callee before its caller), so a chain of functions each calling the next nests
// the compiler as deep as the chain is long (issue 24: 5,000 of them overflowed an 8 MB stack,
// 300 a thread's 256 KiB). Three guards, from the outside in:
//  * run_on_compile_stack: each compile runs on a stack of kCompileStackBytes, a thread of its
//    own where the caller's thread has less left (any thread may call ujit);
//  * kMaxCallDepth: calls nested deeper are an error at the call, "calls nested too deeply
//    (limit 10000)", as the parser reports expressions past its limits;
//  * check_stack: where a walk finds less than kStackReserve left all the same (a smaller
//    stack than promised, a much larger frame than measured), an error at its node instead of
//    a stack overflow.
#pragma once

#include "syntax/source.hpp"

#include <cstddef>
#include <functional>

namespace ujit::syntax {

// Measured on the release build: about 2 KiB of stack per level of a call chain, typing and
// lowering together (a 1,000-deep chain needs 1.8 MB); ASan's frames are several times larger.
constexpr int kMaxCallDepth = 10000;
constexpr size_t kCompileStackBytes = size_t(256) << 20;  // reserved address space, touched as used
constexpr size_t kStackReserve = size_t(128) << 10;       // left for LLVM, fmt and unwinding an error

// Bytes of the calling thread's stack below the current frame.
size_t stack_left();

// Throws CompileError at `loc`, "{what} nested too deeply: ...", when less than kStackReserve is left.
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

// Runs `work` with at least kCompileStackBytes of stack: here when this thread has that much
// left, else on a thread of that stack size, which the caller waits for (exceptions travel back).
void run_on_compile_stack(const std::function<void()>& work);

}  // namespace ujit::syntax
