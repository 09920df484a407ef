// gpu_literal_unroll_test.cpp's kernel on the CPU kernel path, with the GPU case's expectations.
#include "cpu_kernel_shim.hpp"

#include "gpu_literal_unroll_test.cpp"
