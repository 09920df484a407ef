#include "cudadrv/cuda_warmup.hpp"

#include <atomic>

#include "cudadrv/device_context.hpp"
#include "cudadrv/warmup_thread.hpp"
#include "ujit/cuda.hpp"
#include "ujit/ujit.hpp"

namespace ujit::cuda {

namespace {
std::atomic<bool> g_started{false};
}  // namespace

bool cuda_warmup_started() { return g_started.load(std::memory_order_relaxed); }

void start_cuda_warmup() {
    if (g_started.load(std::memory_order_relaxed)) return;
    if (!warmups_enabled() || g_started.exchange(true)) return;
    start_warmup_thread([] {
        try {
            if (is_available()) device_context(0);
        } catch (const Error&) {
            // Whoever needs device 0 asks again and reports why it is unusable.
        }
    });
}

}  // namespace ujit::cuda
