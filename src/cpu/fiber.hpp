// Stackful coroutines for the work-items of a CUDA block run on the CPU (kernel_runtime.cpp).
//
// Fibers are the fallback for the barriers loop fission (cpu/kernel_block.hpp) does not
// handle: a work-item that reaches cuda.syncthreads() simply gives its OS thread to the
// next work-item of the block and resumes after all have arrived, so barriers anywhere (in
// loops, in branches every thread takes, syncthreads_count/and/or) are correct with no
// analysis of the kernel. Fission is much faster where it applies (no switch per thread and
// barrier, and the threads' loops vectorize), so fibers only cost where it cannot. On x86-64 a switch is a few instructions (callee-saved registers, the
// stack pointer and the FP control words); glibc's swapcontext also saves the signal mask
// with a system call per switch, 100x slower, so it is only the fallback elsewhere.
#pragma once

#include <cstddef>
#include <vector>

namespace ujit::cpu {

// One fiber's stack: mmap'd with a guard page below it, so an overflow faults instead of
// overwriting a neighbour.
class FiberStack {
public:
    explicit FiberStack(size_t bytes);
    ~FiberStack();
    FiberStack(const FiberStack&) = delete;
    FiberStack& operator=(const FiberStack&) = delete;
    char* top() const { return base_ + size_; }
    char* bottom() const { return base_; }

private:
    char* map_ = nullptr;  // guard page first
    char* base_ = nullptr;
    size_t size_ = 0, map_size_ = 0;
};

// A coroutine on a FiberStack. start() prepares it to run entry(arg) on its first resume();
// inside, suspend() goes back to whoever resumed it. entry must never return: it ends by
// suspending for good (the scheduler does not resume a finished fiber).
class Fiber {
public:
    void start(FiberStack& stack, void (*entry)(void*), void* arg);
    void resume();  // from the scheduler: runs the fiber until it suspends
    void suspend();  // from inside the fiber

private:
    static void run(void* self);  // the fiber's first frame: entry_(arg_)
    // AddressSanitizer must be told of each stack switch (sanitizer/common_interface_defs.h),
    // or it takes the other stack's frames for overflows; no-ops in other builds.
    static void before_switch(void** save_fake_stack, const void* to_bottom, size_t to_size);
    static void after_switch(void* fake_stack, const void** from_bottom, size_t* from_size);

    void* sp_ = nullptr;  // the fiber's saved stack pointer while suspended
    void* caller_sp_ = nullptr;  // the scheduler's while the fiber runs
    void* impl_ = nullptr;  // the ucontext fallback's state
    void (*entry_)(void*) = nullptr;
    void* arg_ = nullptr;
    const void* stack_bottom_ = nullptr;  // this fiber's stack
    size_t stack_size_ = 0;
    const void* caller_bottom_ = nullptr;  // the scheduler's, learnt on each switch in
    size_t caller_size_ = 0;
    void* caller_fake_stack_ = nullptr;  // ASan's, kept while the other side runs
    void* fiber_fake_stack_ = nullptr;
};

// Stacks kept per OS thread for reuse across blocks (mmap per block would dominate), each
// with room for `frame_bytes` of cuda.local.array beyond the usual 64 KiB.
std::vector<FiberStack*>& thread_fiber_stacks(size_t count, size_t frame_bytes);

}  // namespace ujit::cpu
