// The signals a launch on the host device answers, as the GPU would: a fault of the kernel's
// code (SIGSEGV, SIGBUS: a store out of range, a local array past its stack) becomes the
// launch's error and the process lives on, as after a GPU's illegal address; SIGINT stops the
// launch between blocks (a GPU kernel cannot be interrupted, but the host device is the CPU
// the user's Ctrl-C was meant for).
//
// Only faults of code the JIT compiled are taken, and only on a thread inside
// run_catching_faults: a fault anywhere else (ujit's own code, the C library, another thread)
// goes to whatever handled it before, the default action (a crash with a core) included.
// Handlers are installed while at least one launch runs (LaunchSignals) and the ones found
// are put back after the last: outside launches the process's signals are untouched.
// A SIGINT is passed on to the handler found too (Python's sets its flag and raises
// KeyboardInterrupt later), unless that is the default action, which would end the process.
#pragma once

#include <csetjmp>
#include <cstdint>

namespace ujit::cpu {

// One per launch, for its whole run.
class LaunchSignals {
public:
    LaunchSignals();
    ~LaunchSignals();
    LaunchSignals(const LaunchSignals&) = delete;
    LaunchSignals& operator=(const LaunchSignals&) = delete;
    bool interrupted() const;  // a SIGINT arrived since this launch began

private:
    uint64_t interrupts_at_start_;
};

struct KernelFault {
    int signal = 0;
    const void* address = nullptr;  // the address accessed
};

// Where a fault of JIT code on this thread leaves to: the innermost run_catching_faults.
struct FaultEscape {
    sigjmp_buf env;
    KernelFault fault;
    FaultEscape* prev = nullptr;
};
FaultEscape* current_fault_escape();
void set_fault_escape(FaultEscape* e);
// This thread's alternate signal stack (made once per thread): a fault from a stack overflow
// needs a stack to run its handler on.
void ensure_signal_stack();

// Runs run() and returns true; or, when JIT-compiled code faults on this thread meanwhile,
// returns false with `fault` filled, right after the fault. The frames skipped (run's, the
// kernel's) must hold nothing with a destructor, as for cpu/helper_errors.hpp's guard.
template <class F> bool run_catching_faults(F&& run, KernelFault& fault) {
    ensure_signal_stack();
    FaultEscape escape;
    escape.prev = current_fault_escape();
    // savemask = 0 (no system call per run): the handler unblocks its signal itself.
    if (sigsetjmp(escape.env, 0) == 0) {
        set_fault_escape(&escape);
        try {
            run();
        } catch (...) {
            set_fault_escape(escape.prev);
            throw;
        }
        set_fault_escape(escape.prev);
        return true;
    }
    set_fault_escape(escape.prev);
    fault = escape.fault;
    return false;
}

// "SIGSEGV", "SIGBUS".
const char* signal_name(int signal);

}  // namespace ujit::cpu
