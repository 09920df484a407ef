// Device memory from an external allocator (ujit::cuda::set_device_allocator: Numba's EMM
// plugins, RMM): while one is set, device_array() asks it instead of the caching pool.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "ujit/cuda.hpp"

namespace ujit::cuda {

// The allocator set now for `device`, or nullptr (the pool serves).
std::shared_ptr<const DeviceAllocator> external_allocator(int device);

// `bytes` from `allocator` on `device`; the owner releases them to that same allocator when
// the last copy goes. `*ptr` receives the address (0 for 0 bytes, which asks for nothing).
std::shared_ptr<void> allocate_external(std::shared_ptr<const DeviceAllocator> allocator, int device, size_t bytes,
                                        uint64_t* ptr);

}  // namespace ujit::cuda
