// The CUDA API on the host device (cudadrv/host_device.hpp): where no CUDA device is usable,
// api_cuda.cpp's entry points hand their work here, and it runs compiled for the CPU on host
// arrays and the host device's arrays, in place (api_cuda_cpu.cpp).
#pragma once

#include <string>
#include <vector>

#include "ujit/cuda.hpp"

namespace ujit::cuda::detail {

// A launch given the wrong number of arguments: an Argument error naming the parameters,
// before anything is typed, on the GPU and on the CPU alike.
void check_argument_count(const Function& kernel, size_t given);

// The arguments as host values: host arrays and scalars as they are, the host device's
// arrays as views of their memory; an array in GPU memory is an error naming `callee`.
std::vector<Value> host_values(const std::string& callee, const std::vector<KernelArg>& args);

// A CUDA ufunc's loop kernel on the CPU into a new array of the host device, or into `out`
// (which must be what the GPU path takes: C-contiguous, the result's shape and loop dtype).
DeviceArray vectorize_on_host(const Function& ufunc, const std::vector<KernelArg>& inputs);
void vectorize_on_host(const Function& ufunc, const std::vector<KernelArg>& inputs, const DeviceArray& out);
// A ufunc's scalar operand as the loop kernel (codegen/ufunc_loop.cpp) reads it: its value
// repeated over 16 bytes, read at index 0 for every element as one element or as one vector
// (codegen/ufunc_vector.hpp), on the GPU and on the CPU alike.
Array ufunc_scalar_buffer(const Value::Scalar& s, DType t);

// A CUDA gufunc's CPU loops (Function::gufunc_call) into `outputs`, which the caller has
// shaped and checked by the GPU path's rules.
void gufunc_on_host(const Function& f, const std::vector<KernelArg>& inputs, const std::vector<DeviceArray>& outputs);

}  // namespace ujit::cuda::detail
