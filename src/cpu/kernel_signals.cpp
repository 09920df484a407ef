#include "cpu/kernel_signals.hpp"

#include <dlfcn.h>
#include <pthread.h>
#include <signal.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

#include <atomic>
#include <mutex>

namespace ujit::cpu {

namespace {

constexpr int kFaultSignals[] = {SIGSEGV, SIGBUS};

// pthread_getspecific, not thread_local, in the handler: a thread's first access to a
// dlopen'ed library's thread_local may allocate, which a signal handler must not.
pthread_key_t escape_key() {
    static pthread_key_t key = [] {
        pthread_key_t k;
        pthread_key_create(&k, nullptr);
        return k;
    }();
    return key;
}

std::atomic<uint64_t> interrupts{0};

struct Installed {
    std::mutex mu;
    int launches = 0;
    struct sigaction previous_fault[2] = {};
    struct sigaction previous_interrupt = {};
    bool interrupt_installed = false;
};
Installed& installed() {
    static Installed i;
    return i;
}

const void* faulting_pc(void* context) {
    auto* uc = static_cast<ucontext_t*>(context);
#if defined(__x86_64__)
    return reinterpret_cast<const void*>(uc->uc_mcontext.gregs[REG_RIP]);
#elif defined(__aarch64__)
    return reinterpret_cast<const void*>(uc->uc_mcontext.pc);
#else
    (void)uc;
    return nullptr;
#endif
}

// Code the JIT compiled lies in memory it mapped itself: no loaded object holds the address.
bool in_jit_code(const void* pc) {
    Dl_info info;
    return pc && dladdr(pc, &info) == 0;
}

// Not ours: as if our handler were not there. The default action is restored and the
// faulting instruction runs again (a synchronous fault repeats), now with that action.
void pass_on(const struct sigaction& prev, int sig, siginfo_t* info, void* context) {
    if (prev.sa_flags & SA_SIGINFO) {
        if (prev.sa_sigaction) prev.sa_sigaction(sig, info, context);
        return;
    }
    if (prev.sa_handler == SIG_IGN) return;
    if (prev.sa_handler == SIG_DFL) {
        signal(sig, SIG_DFL);
        return;
    }
    prev.sa_handler(sig);
}

void on_fault(int sig, siginfo_t* info, void* context) {
    auto* escape = static_cast<FaultEscape*>(pthread_getspecific(escape_key()));
    if (escape && in_jit_code(faulting_pc(context))) {
        escape->fault.signal = sig;
        escape->fault.address = info->si_addr;
        pthread_setspecific(escape_key(), escape->prev);
        sigset_t unblock;
        sigemptyset(&unblock);
        sigaddset(&unblock, sig);
        pthread_sigmask(SIG_UNBLOCK, &unblock, nullptr);  // the handler ran with it blocked
        siglongjmp(escape->env, 1);
    }
    pass_on(installed().previous_fault[sig == SIGSEGV ? 0 : 1], sig, info, context);
}

void on_interrupt(int sig, siginfo_t* info, void* context) {
    interrupts.fetch_add(1, std::memory_order_relaxed);
    const struct sigaction& prev = installed().previous_interrupt;
    if (!(prev.sa_flags & SA_SIGINFO) && prev.sa_handler == SIG_DFL) return;  // ours to report
    pass_on(prev, sig, info, context);
}

void install(Installed& in) {
    struct sigaction sa = {};
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sa.sa_sigaction = &on_fault;
    for (int k = 0; k < 2; ++k) sigaction(kFaultSignals[k], &sa, &in.previous_fault[k]);
    struct sigaction current = {};
    sigaction(SIGINT, nullptr, &current);
    in.interrupt_installed = (current.sa_flags & SA_SIGINFO) || current.sa_handler != SIG_IGN;
    if (in.interrupt_installed) {
        sa.sa_sigaction = &on_interrupt;
        sa.sa_flags = SA_SIGINFO | SA_RESTART;
        sigaction(SIGINT, &sa, &in.previous_interrupt);
    }
}

void restore(Installed& in) {
    for (int k = 0; k < 2; ++k) sigaction(kFaultSignals[k], &in.previous_fault[k], nullptr);
    if (in.interrupt_installed) sigaction(SIGINT, &in.previous_interrupt, nullptr);
}

// This thread's alternate signal stack, unless it has one already (Python's faulthandler
// makes one).
struct SignalStack {
    void* map = nullptr;
    size_t size = 0;
    SignalStack() {
        stack_t old = {};
        if (sigaltstack(nullptr, &old) == 0 && !(old.ss_flags & SS_DISABLE)) return;
        size_t page = size_t(sysconf(_SC_PAGESIZE));
        size = 64 * 1024 + page;
        void* p = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED) return;
        mprotect(p, page, PROT_NONE);  // a guard below it
        stack_t ss = {};
        ss.ss_sp = static_cast<char*>(p) + page;
        ss.ss_size = size - page;
        if (sigaltstack(&ss, nullptr) != 0) {
            munmap(p, size);
            return;
        }
        map = p;
    }
    ~SignalStack() {
        if (!map) return;
        stack_t off = {};
        off.ss_flags = SS_DISABLE;
        sigaltstack(&off, nullptr);
        munmap(map, size);
    }
};

}  // namespace

LaunchSignals::LaunchSignals() : interrupts_at_start_(interrupts.load()) {
    Installed& in = installed();
    std::lock_guard lock(in.mu);
    if (in.launches++ == 0) install(in);
}

LaunchSignals::~LaunchSignals() {
    Installed& in = installed();
    std::lock_guard lock(in.mu);
    if (--in.launches == 0) restore(in);
}

bool LaunchSignals::interrupted() const { return interrupts.load(std::memory_order_relaxed) != interrupts_at_start_; }

FaultEscape* current_fault_escape() { return static_cast<FaultEscape*>(pthread_getspecific(escape_key())); }
void set_fault_escape(FaultEscape* e) { pthread_setspecific(escape_key(), e); }

void ensure_signal_stack() { thread_local SignalStack stack; }

const char* signal_name(int signal) {
    switch (signal) {
    case SIGSEGV: return "SIGSEGV";
    case SIGBUS: return "SIGBUS";
    case SIGINT: return "SIGINT";
    default: return "a signal";
    }
}

}  // namespace ujit::cpu
