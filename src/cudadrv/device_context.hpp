// Devices and their primary contexts. Each device's primary context is retained once, for
// the life of the process; each thread has a selected device (0 by default) and ujit makes
// that device's context current on the thread before it calls the driver (bind()).
//
// A kernel fault (a sticky error) poisons a context for good: the driver then fails every
// call in it. ujit resets the device's primary context and bumps the device's generation;
// objects made in an older generation (pool blocks, modules, streams, events) know their
// handles are gone and neither use nor free them, and modules reload from their PTX.
#pragma once

#include <atomic>
#include <cstdint>
#include <mutex>
#include <string>

#include "cudadrv/driver_api.hpp"
#include "ujit/cuda.hpp"

namespace ujit::cuda {

struct DeviceContext {
    int ordinal = 0;
    CUdevice device = 0;
    CUcontext context = nullptr;
    DeviceInfo info;
    std::atomic<uint64_t> generation{1};
    // The last kernel launched on this device (an interned, never-freed name), so that a
    // fault reported by a later call can say which kernel caused it.
    std::atomic<const char*> last_kernel{nullptr};
    std::mutex reset_mutex;
    // Set when a fault could not be recovered from (the driver documents sticky errors as
    // needing a new process): every later use of the device throws this message at once.
    std::atomic<bool> unusable{false};
    std::string unusable_message;
};

// The device's state, retaining its primary context on first use. Throws when CUDA is
// unavailable or `ordinal` is out of range.
DeviceContext& device_context(int ordinal);
// The calling thread's selected device, with its context made current on this thread.
DeviceContext& bind();
// Makes `dc`'s context current on this thread (for work on a device other than the
// selected one, e.g. freeing a block of another device).
void bind(DeviceContext& dc);
// Interns a kernel name for DeviceContext::last_kernel.
const char* intern_kernel_name(const std::string& name);

// Called on a sticky error (fault_check.hpp): resets the current thread's device context and
// returns a sentence for the error message naming the last kernel.
std::string recover_from_fault();

}  // namespace ujit::cuda
