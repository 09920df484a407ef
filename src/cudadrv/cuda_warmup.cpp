#include "cudadrv/cuda_warmup.hpp"

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <thread>

#include "cudadrv/device_context.hpp"
#include "ujit/cuda.hpp"
#include "ujit/ujit.hpp"

namespace ujit::cuda {

namespace {
std::atomic<bool> g_started{false};
}  // namespace

bool cuda_warmup_started() { return g_started.load(std::memory_order_relaxed); }

void start_cuda_warmup() {
    if (g_started.load(std::memory_order_relaxed)) return;
    const char* v = std::getenv("UJIT_CUDA_WARMUP");
    if ((v && std::strcmp(v, "0") == 0) || g_started.exchange(true)) return;
    // A thread of its own, not background_task's worker: that worker is joined at exit by a
    // destructor registered when it starts, and started after cuInit it is joined before
    // anything the driver registered at cuInit runs.
    std::thread([] {
        try {
            if (is_available()) device_context(0);
        } catch (const Error&) {
            // Whoever needs device 0 asks again and reports why it is unusable.
        }
    }).detach();
}

}  // namespace ujit::cuda
