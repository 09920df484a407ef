// The driver's PTX JIT pays a set-up of its own at its first use in a process (loading and
// initializing its compiler), on top of the PTX it compiles. start_jit_warmup pays it on a
// detached thread (warmup_thread.hpp) as soon as the process's first context exists, by
// JIT-compiling an empty kernel, so that it overlaps with the parsing, typing and LLVM that
// come before a module's first load; a process exiting meanwhile waits for it. Off with
// UJIT_CUDA_WARMUP=0, as the driver's warm-up.
#pragma once

#include "cudadrv/driver_api.hpp"

namespace ujit::cuda {

// Starts the JIT's warm-up in `context` (a device of compute capability `cc`, 90 for 9.0)
// once per process; later calls return at once.
void start_jit_warmup(CUcontext context, int cc);
// Returns once the warm-up has ended (at once when none runs). Every JIT waits for it first:
// the driver calls a process makes after its first PTX load are then its own (what the
// fake driver's call counts rely on), and a load of a cubin, which needs no JIT, never waits.
void wait_for_jit_warmup();

// The empty kernel the warm-up compiles for a device of compute capability `cc` (tests).
const char* jit_warmup_ptx(int cc);

}  // namespace ujit::cuda
