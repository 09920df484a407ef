// Run-time errors raised by generated CPU code (ZeroDivisionError, ...).
//
// Generated code calls `ujit_rt_raise(code, where)`, which never returns: it longjmps to
// the innermost guarded_call on the calling thread. Why longjmp is safe here: the frames
// it skips are (1) JIT-compiled frames, which are C-like (no destructors, no cleanups,
// marked nounwind, no locks held; they own no heap memory) and (2) the call operator of
// the callable passed to guarded_call, which must therefore be a thin forwarding lambda
// that only calls generated code (e.g. `[&] { fn(args, result); }`) and owns nothing with
// a destructor. Never put C++ objects with non-trivial destructors between the guard and
// the generated code, and never call back from generated code into C++ that does.
#pragma once

#include <csetjmp>
#include <string>

extern "C" [[noreturn]] void ujit_rt_raise(int code, const char* where);

namespace ujit::cpu {

struct RuntimeErrorInfo {
    int code = 0;
    std::string where;  // "hypot at hypot.py:3:12" (the string codegen passed)
    // "ZeroDivisionError: division by zero (in hypot at hypot.py:3:12)"
    std::string str() const;
};

// Python's exception name and message for a codegen::RuntimeError code.
std::string runtime_error_message(int code);

// One guard on this thread's stack of guards; lives in guarded_call's frame.
struct ErrorGuardFrame {
    std::jmp_buf env;
    int code = 0;
    const char* where = nullptr;
    ErrorGuardFrame* prev = nullptr;
};

// The innermost guard of the calling thread (null when none).
ErrorGuardFrame*& current_error_guard();

// Runs f(); returns true if it returned, false (with `err` filled) if generated code
// raised. C++ exceptions from f propagate after the guard is popped. Guards nest: a raise
// reaches the innermost one only.
template <class F> bool guarded_call(F&& f, RuntimeErrorInfo& err) {
    ErrorGuardFrame frame;
    ErrorGuardFrame*& top = current_error_guard();
    frame.prev = top;
    top = &frame;
    // `frame` is only written through memory by ujit_rt_raise before the longjmp, and
    // nothing else local changes after setjmp, so no variable needs `volatile`.
    if (setjmp(frame.env) == 0) {
        try {
            f();
        } catch (...) {
            current_error_guard() = frame.prev;
            throw;
        }
        current_error_guard() = frame.prev;
        return true;
    }
    current_error_guard() = frame.prev;
    err.code = frame.code;
    err.where = frame.where ? frame.where : "";
    return false;
}

}  // namespace ujit::cpu
