// The CUDA driver's start-up (cuInit, then device 0's primary context: ~100-300 ms on a GPU
// machine) begun on a thread of its own as soon as a module declares a CUDA function, so that
// it overlaps with what the caller does meanwhile (its own set-up before the first CUDA call). Nothing waits for it explicitly: the first driver call that needs the driver
// waits on driver_load()'s one-time initialization, and the first that needs device 0 on the
// device table's lock, which the warm-up holds while it retains the context.
// UJIT_CUDA_WARMUP=0 turns it off; with CUDA disabled or absent it costs one failed probe.
#pragma once

namespace ujit::cuda {

// Starts the warm-up once per process (later calls return at once; with UJIT_CUDA_WARMUP=0
// it does nothing, and a later call without it may still start it).
void start_cuda_warmup();
// Whether the warm-up was started in this process (tests).
bool cuda_warmup_started();

}  // namespace ujit::cuda
