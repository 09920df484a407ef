#include "syntax/stack_budget.hpp"

#include "syntax/diagnostics.hpp"

#include <fmt/format.h>
#include <pthread.h>

#include <exception>
#include <stdexcept>

namespace ujit::syntax {

namespace {

// The lowest address of this thread's stack, looked up once per thread (glibc reports the
// main thread's from its rlimit and /proc/self/maps).
const char* stack_low() {
    thread_local const char* low = [] {
        pthread_attr_t attr;
        void* addr = nullptr;
        size_t size = 0;
        if (pthread_getattr_np(pthread_self(), &attr) != 0) return static_cast<const char*>(nullptr);
        pthread_attr_getstack(&attr, &addr, &size);
        pthread_attr_destroy(&attr);
        return static_cast<const char*>(addr);
    }();
    return low;
}

// Whether this thread is one run_on_compile_stack started (a StackExhausted there is final).
thread_local bool t_on_compile_stack = false;

}  // namespace

size_t stack_left() {
    // The frame's own address, not a local's: ASan may keep locals on a heap "fake stack".
    const char* here = static_cast<const char*>(__builtin_frame_address(0));
    const char* low = stack_low();
    if (!low || here <= low) return 0;
    return static_cast<size_t>(here - low);
}

void check_stack(SourceLoc loc, const char* what) {
    if (stack_left() < kStackReserve)
        throw StackExhausted(Diagnostic{
            Severity::Error, loc, fmt::format("{} nested too deeply: the compiler's stack is exhausted", what), {}});
}

RecursionLevel::RecursionLevel(int& depth, int limit, SourceLoc loc, const char* what) : depth_(depth) {
    if (depth_ >= limit) fail(loc, fmt::format("{} nested too deeply (limit {})", what, limit));
    check_stack(loc, what);
    ++depth_;
}

void run_on_compile_stack(const std::function<void()>& work) {
    std::exception_ptr short_stack;
    if (t_on_compile_stack || stack_left() >= kCompileOnCallerBytes) {
        try {
            work();
            return;
        } catch (const StackExhausted&) {
            if (t_on_compile_stack) throw;
            short_stack = std::current_exception();
        }
    }
    struct Job {
        const std::function<void()>* work;
        std::exception_ptr error;
    } job{&work, nullptr};
    auto run = [](void* p) -> void* {
        auto* j = static_cast<Job*>(p);
        try {
            t_on_compile_stack = true;
            (*j->work)();
        } catch (...) {
            j->error = std::current_exception();
        }
        return nullptr;
    };
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, kCompileStackBytes);
    pthread_t thread;
    int rc = pthread_create(&thread, &attr, run, &job);
    pthread_attr_destroy(&attr);
    if (rc != 0 && short_stack) std::rethrow_exception(short_stack);  // no thread to be had: the located error
    if (rc != 0) {  // nor a first try yet: this thread, whose guards end a deep compile with an error
        work();
        return;
    }
    pthread_join(thread, nullptr);
    if (job.error) std::rethrow_exception(job.error);
}

}  // namespace ujit::syntax
