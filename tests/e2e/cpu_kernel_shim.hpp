// Runs a [gpu] test file's cases on the CPU kernel path (ujit::cuda::launch_cpu) with the
// same kernels and the same expectations: include this, then the test file. Device arrays
// become host arrays, launches become CPU launches, the GPU guard goes, and every case is
// renamed "cpu kernels: ..." and tagged [kernel-cpu] instead of [gpu] (so it runs in the
// GPU-less CI run). Only for test files whose checks are not about PTX or the device.
#pragma once

#include <cstring>

#include "gpu_check.hpp"
#include "gpu_sources.hpp"
#include "unit/cudadrv/gpu_support.hpp"

namespace ujit::gputest {

inline Array cpu_to_device(const ArrayRef& host) {
    REQUIRE(host.is_c_contiguous());
    Array a(host.dtype, host.shape);
    std::memcpy(a.data<char>(), host.data, size_t(host.size()) * size_t(itemsize(host.dtype)));
    return a;
}

inline Array cpu_device_array(std::vector<int64_t> shape, DType dtype) { return Array(dtype, std::move(shape)); }

template <class T> std::vector<T> cpu_from_device(const Array& a) { return to_vector<T>(a); }

inline void cpu_launch(const Function& k, cuda::Dim3 grid, cuda::Dim3 block, const std::vector<cuda::KernelArg>& args,
                       const cuda::LaunchOptions& options = {}) {
    cuda::launch_cpu(k, grid, block, args, options);
}

}  // namespace ujit::gputest

#define DeviceArray Array
#define to_device cpu_to_device
#define device_array cpu_device_array
#define from_device cpu_from_device
#define launch cpu_launch
#undef UJIT_REQUIRE_GPU
#define UJIT_REQUIRE_GPU() (void)0
#undef TEST_CASE
#define TEST_CASE(name, tags) INTERNAL_CATCH_TESTCASE("cpu kernels: " name, "[kernel-cpu]")
