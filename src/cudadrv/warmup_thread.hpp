// Detached threads that warm the CUDA driver up (cuda_warmup.cpp: cuInit and the primary
// context; jit_warmup.cpp: the PTX JIT's set-up) beside what the caller does meanwhile.
// Detached, not background_task's worker: that worker is joined at exit by a destructor
// registered when it starts, which for a thread started before cuInit would run before
// anything the driver registers there.
#pragma once

#include <functional>

namespace ujit::cuda {

// Whether warm-ups may start: not with UJIT_CUDA_WARMUP=0 (read at each call).
bool warmups_enabled();

// Runs `work` on a detached thread (it must not throw). A fork waits until every such thread
// has ended: a child forked while one was inside the driver, or held one of ujit's locks,
// would hang at its first driver call instead of getting an error.
void start_warmup_thread(std::function<void()> work);

}  // namespace ujit::cuda
