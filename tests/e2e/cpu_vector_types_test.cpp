// gpu_vector_types_test.cpp's cases on the CPU kernel path (launch_cpu), with the same
// kernels and expectations: vector types work in kernels without a GPU too.
#include "cpu_kernel_shim.hpp"

#include "gpu_vector_types_test.cpp"
