#include "cpu/fiber.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <memory>
#include <new>

#if !defined(__x86_64__)
#include <ucontext.h>
#endif

#if defined(__SANITIZE_ADDRESS__)  // GCC
#define UJIT_ASAN_FIBERS 1
#elif defined(__has_feature)  // clang
#if __has_feature(address_sanitizer)
#define UJIT_ASAN_FIBERS 1
#endif
#endif
#if defined(UJIT_ASAN_FIBERS)
#include <sanitizer/common_interface_defs.h>
#endif

namespace ujit::cpu {

FiberStack::FiberStack(size_t bytes) {
    size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
    size_ = (bytes + page - 1) / page * page;
    map_size_ = size_ + page;
    void* p = mmap(nullptr, map_size_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
    map_ = static_cast<char*>(p);
    mprotect(map_, page, PROT_NONE);
    base_ = map_ + page;
}

FiberStack::~FiberStack() { munmap(map_, map_size_); }

std::vector<FiberStack*>& thread_fiber_stacks(size_t count, size_t frame_bytes) {
    // 64 KiB beyond the kernel's cuda.local.array bytes: its other locals and callees' frames
    // live here too; deep recursion is not CUDA's. Mapped NORESERVE: untouched pages cost
    // nothing. Stacks too small for this kernel are replaced.
    const size_t bytes = (frame_bytes + 64 * 1024 + 4095) / 4096 * 4096;
    struct Stacks {
        std::vector<std::unique_ptr<FiberStack>> owned;
        std::vector<FiberStack*> view;
        size_t bytes = 0;
    };
    thread_local Stacks stacks;
    if (stacks.bytes < bytes) {
        stacks.owned.clear();
        stacks.view.clear();
        stacks.bytes = bytes;
    }
    while (stacks.owned.size() < count) {
        stacks.owned.push_back(std::make_unique<FiberStack>(stacks.bytes));
        stacks.view.push_back(stacks.owned.back().get());
    }
    return stacks.view;
}

#if defined(__x86_64__)

// ujit_fiber_switch(save, to): saves the callee-saved registers (System V), MXCSR and the
// x87 control word on the current stack, stores the stack pointer in *save, and continues
// on stack `to` (saved the same way, or prepared by Fiber::start to "return" into
// ujit_fiber_start, which calls entry(arg) with r13 = entry, r12 = arg).
extern "C" void ujit_fiber_switch(void** save, void* to);
asm(R"(
    .text
    .p2align 4
    .type ujit_fiber_switch,@function
    .hidden ujit_fiber_switch
    .globl ujit_fiber_switch
ujit_fiber_switch:
    pushq %rbp
    pushq %rbx
    pushq %r12
    pushq %r13
    pushq %r14
    pushq %r15
    subq $8, %rsp
    stmxcsr (%rsp)
    fnstcw 4(%rsp)
    movq %rsp, (%rdi)
    movq %rsi, %rsp
    ldmxcsr (%rsp)
    fldcw 4(%rsp)
    addq $8, %rsp
    popq %r15
    popq %r14
    popq %r13
    popq %r12
    popq %rbx
    popq %rbp
    ret
    .size ujit_fiber_switch, .-ujit_fiber_switch

    .p2align 4
    .type ujit_fiber_start,@function
ujit_fiber_start:
    movq %r12, %rdi
    callq *%r13
    ud2
    .size ujit_fiber_start, .-ujit_fiber_start
)");
extern "C" void ujit_fiber_start();

void Fiber::start(FiberStack& stack, void (*entry)(void*), void* arg) {
    entry_ = entry;
    arg_ = arg;
    stack_bottom_ = stack.bottom();
    stack_size_ = size_t(stack.top() - stack.bottom());
    // The frame ujit_fiber_switch pops, from the top down: return address (into
    // ujit_fiber_start, at top - 8 so that its call sees a 16-byte aligned stack), rbp,
    // rbx, r12 (arg), r13 (entry), r14, r15, then MXCSR and the x87 control word, taken
    // from the current thread.
    auto top = reinterpret_cast<uintptr_t>(stack.top()) & ~uintptr_t(15);
    auto* slots = reinterpret_cast<uint64_t*>(top);
    slots[-1] = reinterpret_cast<uint64_t>(&ujit_fiber_start);
    slots[-2] = 0;                                   // rbp
    slots[-3] = 0;                                   // rbx
    slots[-4] = reinterpret_cast<uint64_t>(this);      // r12: run's argument
    slots[-5] = reinterpret_cast<uint64_t>(&Fiber::run);  // r13
    slots[-6] = 0;                                   // r14
    slots[-7] = 0;                                   // r15
    uint32_t mxcsr = 0;
    uint16_t fpucw = 0;
    asm volatile("stmxcsr %0" : "=m"(mxcsr));
    asm volatile("fnstcw %0" : "=m"(fpucw));
    auto* control = reinterpret_cast<uint32_t*>(&slots[-8]);
    control[0] = mxcsr;
    control[1] = fpucw;
    sp_ = &slots[-8];
}

void Fiber::resume() {
    before_switch(&caller_fake_stack_, stack_bottom_, stack_size_);
    ujit_fiber_switch(&caller_sp_, sp_);
    after_switch(caller_fake_stack_, nullptr, nullptr);
}

void Fiber::suspend() {
    before_switch(&fiber_fake_stack_, caller_bottom_, caller_size_);
    ujit_fiber_switch(&sp_, caller_sp_);
    after_switch(fiber_fake_stack_, &caller_bottom_, &caller_size_);
}

#else  // ucontext: portable, slower (a signal-mask system call per switch)

namespace {
struct UContexts {
    ucontext_t fiber, caller;
};
}  // namespace

void Fiber::start(FiberStack& stack, void (*entry)(void*), void* arg) {
    thread_local std::vector<std::unique_ptr<UContexts>> pool;  // leaked per thread by design: reused
    if (!impl_) {
        pool.push_back(std::make_unique<UContexts>());
        impl_ = pool.back().get();
    }
    auto* u = static_cast<UContexts*>(impl_);
    getcontext(&u->fiber);
    u->fiber.uc_stack.ss_sp = stack.bottom();
    u->fiber.uc_stack.ss_size = static_cast<size_t>(stack.top() - stack.bottom());
    u->fiber.uc_link = nullptr;
    // makecontext passes int arguments: the pointer goes over in two halves.
    auto p = reinterpret_cast<uintptr_t>(arg);
    auto e = reinterpret_cast<uintptr_t>(entry);
    makecontext(&u->fiber, reinterpret_cast<void (*)()>(+[](unsigned elo, unsigned ehi, unsigned lo, unsigned hi) {
        auto fn = reinterpret_cast<void (*)(void*)>((uintptr_t(ehi) << 32) | elo);
        fn(reinterpret_cast<void*>((uintptr_t(hi) << 32) | lo));
    }),
                4, unsigned(e), unsigned(e >> 32), unsigned(p), unsigned(p >> 32));
}

void Fiber::resume() {
    auto* u = static_cast<UContexts*>(impl_);
    swapcontext(&u->caller, &u->fiber);
}

void Fiber::suspend() {
    auto* u = static_cast<UContexts*>(impl_);
    swapcontext(&u->fiber, &u->caller);
}

#endif

void Fiber::run(void* self) {
    auto* f = static_cast<Fiber*>(self);
    after_switch(nullptr, &f->caller_bottom_, &f->caller_size_);  // first entry: no fake stack yet
    f->entry_(f->arg_);
}

#if defined(UJIT_ASAN_FIBERS)
void Fiber::before_switch(void** save_fake_stack, const void* to_bottom, size_t to_size) {
    __sanitizer_start_switch_fiber(save_fake_stack, to_bottom, to_size);
}
void Fiber::after_switch(void* fake_stack, const void** from_bottom, size_t* from_size) {
    __sanitizer_finish_switch_fiber(fake_stack, from_bottom, from_size);
}
#else
void Fiber::before_switch(void**, const void*, size_t) {}
void Fiber::after_switch(void*, const void**, size_t*) {}
#endif

}  // namespace ujit::cpu
