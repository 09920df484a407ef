#include "cudadrv/warmup_thread.hpp"

#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <system_error>
#include <thread>

#include <pthread.h>

namespace ujit::cuda {

namespace {

// Never destroyed: a detached thread may still signal it while the process exits.
struct Running {
    std::mutex mutex;
    std::condition_variable finished;
    int threads = 0;
};
Running& running() {
    static Running* r = new Running;
    return *r;
}

void wait_for_warmup_threads() {
    Running& r = running();
    std::unique_lock lock(r.mutex);
    r.finished.wait(lock, [&] { return r.threads == 0; });
}

}  // namespace

bool warmups_enabled() {
    const char* v = std::getenv("UJIT_CUDA_WARMUP");
    return !(v && std::strcmp(v, "0") == 0);
}

void start_warmup_thread(std::function<void()> work) {
    static const int registered = pthread_atfork(wait_for_warmup_threads, nullptr, nullptr);
    (void)registered;
    {
        std::lock_guard lock(running().mutex);
        ++running().threads;
    }
    auto finished = [] {
        Running& r = running();
        std::lock_guard lock(r.mutex);
        --r.threads;
        r.finished.notify_all();
    };
    try {
        std::thread([work = std::move(work), finished] {
            work();
            finished();
        }).detach();
    } catch (const std::system_error&) {
        finished();  // no thread to be had: the warm-up is skipped, the first launch pays for it
    }
}

}  // namespace ujit::cuda
