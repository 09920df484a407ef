// The host device: what ujit's CUDA runtime stands on where CUDA is unavailable (no driver,
// no GPU, or UJIT_DISABLE_CUDA=1). Kernels and CUDA ufuncs then run compiled for the CPU
// (pipeline/api_cuda_cpu.cpp), and what surrounds them lives on the host, so that CUDA host
// code runs unchanged:
//   - device arrays are host memory from a caching pool of their own (the device pools' size
//     classes, cuMemAlloc's 256-byte alignment, contents undefined as on a GPU); copies in,
//     out and between them are memcpy;
//   - streams and events are synchronous: work is done when it is enqueued, so synchronize()
//     and query() succeed at once; an event records the host clock (elapsed times are real).
//
// uses_host_device() is the one place that decides between the host device and a CUDA
// device. Objects made on the host device remember it (DeviceArray::on_host(), the stream
// and event states) and never ask the driver.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "ujit/cuda.hpp"

namespace ujit::cuda {

// True when CUDA is unavailable in this process (fixed once the driver has been probed).
bool uses_host_device();

// Host memory of `bytes` for a device array from the host device's pool; `*ptr` receives
// its address (0 for 0 bytes). The block goes back to the pool with the last owner.
std::shared_ptr<void> allocate_host_device(size_t bytes, uint64_t* ptr);
PoolStats host_pool_stats();
void free_host_pool();
void set_host_pool_enabled(bool enabled);

// Milliseconds on a monotonic host clock (what host events record).
double host_clock_ms();

}  // namespace ujit::cuda
