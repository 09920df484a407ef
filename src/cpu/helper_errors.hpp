// Run-time errors raised by generated CPU code (ZeroDivisionError, ...).
//
// Generated code calls `ujit_rt_raise(code, where)`, which never returns: it longjmps to
// the innermost guarded_call on the calling thread. Why longjmp is safe here: the frames
// it skips are (1) JIT-compiled frames, which are C-like (no destructors, no cleanups,
// marked nounwind, no locks held; the arrays they own are in the allocation log, which
// the guard's landing releases: src/nrt/alloc_log.hpp) and (2) the call operator of
// the callable passed to guarded_call, which must therefore be a thin forwarding lambda
// that only calls generated code (e.g. `[&] { fn(args, result); }`) and owns nothing with
// a destructor. Never put C++ objects with non-trivial destructors between the guard and
// the generated code, and never call back from generated code into C++ that does.
#pragma once

#include <csetjmp>
#include <cstdint>
#include <string>
#include <utility>

#include "nrt/alloc_log.hpp"

extern "C" [[noreturn]] void ujit_rt_raise(int code, const char* where);
// The same, with run-time values the message names (codegen::RuntimeError says which).
extern "C" [[noreturn]] void ujit_rt_raise_values(int code, const char* where, int64_t n, const int64_t* values);

// try/except in compiled code (codegen/lower_try.cpp). A try block's frame is an
// ErrorGuardFrame in the compiled function's stack, pushed by try_enter with its code set to
// kCompiledTryFrame; its `env` starts with the five-word buffer of the llvm.eh.sjlj.setjmp
// that the function runs right after (the format of GCC's __builtin_setjmp): a raise inside
// the block, in this function or in any it calls, jumps there. (The guards of C++ callers
// are unchanged: a raise tells the two apart by the code, which their frames start at 0.) try_leave pops it when the block ends normally (or a return,
// break or continue leaves it); try_caught, on the landing, frees what was allocated
// since the push (the frames the jump skipped never ran their decrefs) and pops it;
// try_reraise raises the exception a frame caught again, to the next guard (try/finally).
extern "C" void ujit_rt_try_enter(void* frame);
extern "C" void ujit_rt_try_leave(void* frame);
extern "C" void ujit_rt_try_caught(void* frame);
extern "C" [[noreturn]] void ujit_rt_try_reraise(void* frame);

namespace ujit::cpu {

// Plain data, so that a call that does not raise (the dynamic call's fast path) builds
// and destroys nothing here.
struct RuntimeErrorInfo {
    int code = 0;
    // "hypot at hypot.py:3:12": the string codegen passed, a constant of the raising
    // code's module (valid while that code is loaded; str() right away to keep it).
    const char* where = "";
    // "ZeroDivisionError: division by zero (in hypot at hypot.py:3:12)"
    std::string str() const;
    // Python's class and message alone: {"ZeroDivisionError", "division by zero"}.
    std::pair<std::string, std::string> exception() const;
};

// Python's exception name and message for a codegen::RuntimeError code.
std::string runtime_error_message(int code);

// The guard's jump. GCC's and Clang's __builtin_setjmp/__builtin_longjmp keep five words
// (frame and stack pointer, landing address) and are inlined; the C library's setjmp is
// a call that also saves every callee-saved register and the signal-mask flag, about a
// seventh of a dynamic call's instructions. (Its caller keeps no value in a register across
// it; the callee-saved registers are saved by the asm below.)
// Sanitizers intercept the C library's longjmp to unwind their own state: there, keep it.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define UJIT_GUARD_LIBC_SETJMP 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define UJIT_GUARD_LIBC_SETJMP 1
#endif
#endif
#ifdef UJIT_GUARD_LIBC_SETJMP
using GuardJumpBuffer = std::jmp_buf;
#define UJIT_GUARD_SETJMP(buffer) setjmp(buffer)
#define UJIT_GUARD_LONGJMP(buffer) std::longjmp(buffer, 1)
#elif defined(__x86_64__)
using GuardJumpBuffer = void* [5];
// __builtin_longjmp restores only the frame and stack pointers, and GCC does not make the
// function holding the __builtin_setjmp save rbx and r12-r15 (call_scalars pushed only rbp):
// generated code that changed them and then raised returned its values to that function's
// caller. The empty asm that clobbers them makes the function save them in its prologue and
// restore them on return, after a landing too.
#define UJIT_GUARD_SETJMP(buffer)                                                                                      \
    ({                                                                                                                 \
        asm volatile("" ::: "rbx", "r12", "r13", "r14", "r15");                                                        \
        __builtin_setjmp(buffer);                                                                                      \
    })
#define UJIT_GUARD_LONGJMP(buffer) __builtin_longjmp(buffer, 1)
#else
using GuardJumpBuffer = std::jmp_buf;
#define UJIT_GUARD_SETJMP(buffer) setjmp(buffer)
#define UJIT_GUARD_LONGJMP(buffer) std::longjmp(buffer, 1)
#endif

// One guard on this thread's stack of guards; lives in guarded_call's frame.
struct ErrorGuardFrame {
    GuardJumpBuffer env;
    int code = 0;
    const char* where = nullptr;
    ErrorGuardFrame* prev = nullptr;
    uint64_t alloc_mark = 0;  // the allocation log's mark at push: a raise frees what is newer
    uint64_t unwind_mark = 0;  // nrt::t_unwind_refs.size at push: a raise releases what is newer
};
// The code of a compiled try block's frame until a raise reaches it.
constexpr int kCompiledTryFrame = -1;
static_assert(sizeof(GuardJumpBuffer) >= 5 * sizeof(void*), "a compiled try block's setjmp buffer is 5 words");

// The innermost guard of the calling thread (null when none). constinit: read without
// a call to a TLS wrapper. (Not initial-exec: that would put all of libujit.so's TLS, LLVM's
// included, in the static block, which a dlopen from Python cannot always get.)
extern constinit thread_local ErrorGuardFrame* t_error_guard_top;
inline ErrorGuardFrame*& current_error_guard() { return t_error_guard_top; }

// The guard's bookkeeping around a setjmp: push before it, pop on both of its returns.
// guarded_call below is the general form. A hot path may instead write the setjmp in its
// own body between these two (Function::call_scalars does): GCC never inlines a function
// that calls setjmp, so guarded_call always costs a call and a frame of its own.
inline void push_guard(ErrorGuardFrame& frame) {
    ErrorGuardFrame*& top = current_error_guard();
    frame.prev = top;
    frame.alloc_mark = nrt::log_enter();
    frame.unwind_mark = nrt::t_unwind_refs.size;
    top = &frame;
}
inline void pop_guard(const ErrorGuardFrame& frame) {
    current_error_guard() = frame.prev;
    nrt::log_leave();
}
// The landing of a raise: frees what the frames the longjmp skipped allocated (they never
// ran their decrefs), then pops. Here, in a normal frame, not in ujit_rt_raise: a call
// there keeps values in callee-saved registers across it, and the longjmp never restores
// them (the guard's frame saves none: found when one did, and its caller crashed).
inline void pop_guard_after_raise(const ErrorGuardFrame& frame) {
    // The skipped frames' references first: what they held that was made since the push
    // goes with the log's release below, older memory only loses their counts.
    nrt::release_unwind_since(frame.unwind_mark);
    nrt::release_since(frame.alloc_mark);
    pop_guard(frame);
}

// Runs f(); returns true if it returned, false (with `err` filled) if generated code
// raised. C++ exceptions from f propagate after the guard is popped. Guards nest: a raise
// reaches the innermost one only.
template <class F> inline bool guarded_call(F&& f, RuntimeErrorInfo& err) {
    ErrorGuardFrame frame;
    push_guard(frame);
    // `frame` is only written through memory by ujit_rt_raise before the longjmp, and
    // nothing else local changes after setjmp, so no variable needs `volatile`.
    if (UJIT_GUARD_SETJMP(frame.env) == 0) {
        try {
            f();
        } catch (...) {
            pop_guard(frame);
            throw;
        }
        pop_guard(frame);
        return true;
    }
    pop_guard_after_raise(frame);
    err.code = frame.code;
    err.where = frame.where ? frame.where : "";
    return false;
}

}  // namespace ujit::cpu
