#include "cudadrv/cuda_warmup.hpp"

#include <atomic>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <thread>

#include <pthread.h>

#include "cudadrv/device_context.hpp"
#include "ujit/cuda.hpp"
#include "ujit/ujit.hpp"

namespace ujit::cuda {

namespace {
std::atomic<bool> g_started{false};

// A fork while the warm-up is inside cuInit or holds the device table's lock would leave the
// child waiting for a thread it does not have (at its first driver call: a hang where it
// would have had an error). fork waits for the warm-up to end first.
// Never destroyed: the detached thread may still signal it while the process exits.
struct Running {
    std::mutex mutex;
    std::condition_variable finished;
    bool running = false;
};
Running& running() {
    static Running* r = new Running;
    return *r;
}

void wait_for_warmup() {
    Running& r = running();
    std::unique_lock lock(r.mutex);
    r.finished.wait(lock, [&] { return !r.running; });
}
}  // namespace

bool cuda_warmup_started() { return g_started.load(std::memory_order_relaxed); }

void start_cuda_warmup() {
    if (g_started.load(std::memory_order_relaxed)) return;
    const char* v = std::getenv("UJIT_CUDA_WARMUP");
    if ((v && std::strcmp(v, "0") == 0) || g_started.exchange(true)) return;
    // A thread of its own, not background_task's worker: that worker is joined at exit by a
    // destructor registered when it starts, and started after cuInit it is joined before
    // anything the driver registered at cuInit runs.
    {
        std::lock_guard lock(running().mutex);
        running().running = true;
    }
    static const int registered = pthread_atfork(wait_for_warmup, nullptr, nullptr);
    (void)registered;
    std::thread([] {
        try {
            if (is_available()) device_context(0);
        } catch (const Error&) {
            // Whoever needs device 0 asks again and reports why it is unusable.
        }
        Running& r = running();
        std::lock_guard lock(r.mutex);
        r.running = false;
        r.finished.notify_all();
    }).detach();
}

}  // namespace ujit::cuda
