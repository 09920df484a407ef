// gpu_star_isinstance_test.cpp's kernels on the CPU kernel path, with the GPU cases' expectations.
#include "cpu_kernel_shim.hpp"

#include "gpu_star_isinstance_test.cpp"
