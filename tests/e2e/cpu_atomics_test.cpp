// gpu_atomics_test.cpp's cases on the CPU: every cuda.atomic.* under contention from many
// blocks running in parallel on the thread pool, with the GPU cases' expectations.
#include "cpu_kernel_shim.hpp"

#include "gpu_atomics_test.cpp"
