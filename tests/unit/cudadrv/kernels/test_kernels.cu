// Kernels for the CUDA runtime's GPU tests, written against ujit's kernel ABI
// (src/codegen/abi.hpp): an array of ndim N arrives as data pointer, shape[N], strides[N]
// (bytes, int64); bool arrives as int8. test_kernels.ptx is generated from this file:
//   nvcc -ptx -arch=compute_80 -o test_kernels.ptx test_kernels.cu
// (checked in, so the tests need no nvcc; regenerate after editing).
#include <cstdint>

#define ARRAY1(T, name) T *name, int64_t name##_n, int64_t name##_s
#define AT1(name, i) (*(decltype(name))((char*)name + (i) * name##_s))

// out[i] = a[i] + b[i]  (float32, any strides)
extern "C" __global__ void add_f32(ARRAY1(float, a), ARRAY1(float, b), ARRAY1(float, out)) {
    int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (i < out_n) AT1(out, i) = AT1(a, i) + AT1(b, i);
}

// Every thread with index < n adds 1 to counter[0] and writes the old value to olds[i].
extern "C" __global__ void count_atomic(ARRAY1(unsigned, counter), ARRAY1(unsigned, olds), int64_t n) {
    int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (i < n) AT1(olds, i) = atomicAdd(&AT1(counter, 0), 1u);
}

// Scalars of every ABI kind land in out (float64[6]).
extern "C" __global__ void scalars(ARRAY1(double, out), float f, double d, int8_t flag, int32_t i32, uint64_t u64,
                                   int16_t i16) {
    if (threadIdx.x == 0 && blockIdx.x == 0) {
        AT1(out, 0) = f;
        AT1(out, 1) = d;
        AT1(out, 2) = flag;
        AT1(out, 3) = i32;
        AT1(out, 4) = double(u64);
        AT1(out, 5) = i16;
    }
}

// out[i, j] = 1000 * i + j over a 2D grid (any strides, so C and F order both work).
extern "C" __global__ void fill_2d(int32_t* out, int64_t n0, int64_t n1, int64_t s0, int64_t s1) {
    int64_t i = int64_t(blockIdx.y) * blockDim.y + threadIdx.y;
    int64_t j = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (i < n0 && j < n1) *(int32_t*)((char*)out + i * s0 + j * s1) = int32_t(1000 * i + j);
}

// Reverses each block's slice of a (int32) through dynamic shared memory.
extern "C" __global__ void reverse_blocks(ARRAY1(int32_t, a)) {
    extern __shared__ int32_t tile[];
    int64_t base = int64_t(blockIdx.x) * blockDim.x;
    tile[threadIdx.x] = AT1(a, base + threadIdx.x);
    __syncthreads();
    AT1(a, base + threadIdx.x) = tile[blockDim.x - 1 - threadIdx.x];
}

// Block sum through 48 KiB + static shared memory; used to check the static size query.
extern "C" __global__ void static_shared(ARRAY1(float, out)) {
    __shared__ float big[8192];  // 32 KiB
    big[threadIdx.x] = float(threadIdx.x);
    __syncthreads();
    if (threadIdx.x == 0) AT1(out, blockIdx.x) = big[blockDim.x - 1];
}

// Writes through an arbitrary address: an illegal address fault for the fault test.
extern "C" __global__ void store_to_address(uint64_t address) { *(volatile int*)address = 42; }

// Launch-bounds-limited kernel: max 128 threads per block.
extern "C" __global__ void __launch_bounds__(128) bounded(ARRAY1(int32_t, a)) {
    AT1(a, threadIdx.x) = int32_t(threadIdx.x);
}

// Nothing: for launch-overhead measurements.
extern "C" __global__ void empty() {}
