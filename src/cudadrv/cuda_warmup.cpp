#include "cudadrv/cuda_warmup.hpp"

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <memory>

#include "cudadrv/background_task.hpp"
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
    BackgroundTask::start(std::make_shared<BackgroundTask>([] {
        try {
            if (is_available()) device_context(0);
        } catch (const Error&) {
            // Whoever needs device 0 asks again and reports why it is unusable.
        }
    }));
}

}  // namespace ujit::cuda
