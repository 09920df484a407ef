#include "cudadrv/jit_warmup.hpp"

#include <atomic>
#include <condition_variable>
#include <cstdlib>
#include <mutex>

#include "cudadrv/driver_loader.hpp"
#include "cudadrv/warmup_thread.hpp"

namespace ujit::cuda {

namespace {

enum class State { NotStarted, Running, Done };

// Never destroyed: the detached thread may still signal it while the process exits.
struct Warmup {
    std::mutex mutex;
    std::condition_variable finished;
    std::atomic<State> state{State::NotStarted};
};
Warmup& warmup() {
    static Warmup* w = new Warmup;
    return *w;
}

void compile_empty_kernel(CUcontext context, int cc) {
    const DriverApi& api = driver();
    if (api.cuCtxPushCurrent(context) != CUDA_SUCCESS) return;
    CUjit_option level = CU_JIT_OPTIMIZATION_LEVEL;
    void* zero = nullptr;  // -O0: the set-up is what is paid for, not the code
    CUmodule module = nullptr;
    if (api.cuModuleLoadDataEx(&module, jit_warmup_ptx(cc), 1, &level, &zero) == CUDA_SUCCESS)
        api.cuModuleUnload(module);
    CUcontext popped;
    api.cuCtxPopCurrent(&popped);
}

}  // namespace

// PTX is compiled forward to the device's own code, and CUDA 13's JIT takes no target below
// sm_75: one kernel serves every device ujit targets from sm_75 on.
const char* jit_warmup_ptx(int cc) {
    return cc >= 75
               ? ".version 6.3\n.target sm_75\n.address_size 64\n.visible .entry ujit_jit_warmup()\n{\n\tret;\n}\n"
               : ".version 5.0\n.target sm_60\n.address_size 64\n.visible .entry ujit_jit_warmup()\n{\n\tret;\n}\n";
}

void start_jit_warmup(CUcontext context, int cc) {
    Warmup& w = warmup();
    State expected = State::NotStarted;
    if (!warmups_enabled() || !w.state.compare_exchange_strong(expected, State::Running)) return;
    // A process that exits while the JIT runs would tear the driver down under it: exit waits
    // (registered after cuInit, this runs before the driver's own exit handlers).
    std::atexit(wait_for_jit_warmup);
    start_warmup_thread([context, cc] {
        compile_empty_kernel(context, cc);
        Warmup& w = warmup();
        std::lock_guard lock(w.mutex);
        w.state.store(State::Done);
        w.finished.notify_all();
    });
}

void wait_for_jit_warmup() {
    Warmup& w = warmup();
    if (w.state.load(std::memory_order_acquire) != State::Running) [[likely]]
        return;
    std::unique_lock lock(w.mutex);
    w.finished.wait(lock, [&] { return w.state.load() != State::Running; });
}

}  // namespace ujit::cuda
