// Filling a device array with one value on the device: what broadcasting a scalar operand
// of a GPU ufunc needs, without building (and copying) a host array of the full size.
#pragma once

#include <cstddef>

#include "ujit/cuda.hpp"

namespace ujit::cuda {

// Every element of the compact device array `dst` becomes the `elem_size` bytes at `element`
// (dst's dtype). One element goes over from the host, then device-to-device copies double
// the filled prefix: log2(n) copies at device bandwidth, queued on `stream`.
void fill_device(const DeviceArray& dst, const void* element, size_t elem_size, const Stream& stream = {});

}  // namespace ujit::cuda
