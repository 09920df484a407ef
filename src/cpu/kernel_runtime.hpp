// CUDA kernels compiled for the CPU (cpu/kernel_target.cpp) run here: one launch is a grid
// of blocks spread over the thread pool, each block's threads ("work-items") run on the
// pool thread that took the block.
//
// Generated code reaches its work-item's indices through ujit_rt_kernel_context(), whose
// result is fixed for the whole run of one work-item (so the code may treat the call as
// pure and hoist it), and meets the other work-items of its block in
// ujit_rt_kernel_barrier[_op]() (cuda.syncthreads and its _count/_and/_or forms).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>

namespace ujit::cpu {

// What generated code reads; the field offsets are part of the code's ABI
// (kernel_target.cpp: kCtx*).
struct KernelContext {
    uint32_t tid[3];
    uint32_t ctaid[3];
    uint32_t ntid[3];
    uint32_t nctaid[3];
    char* shared;          // the block's static shared arrays
    char* dynamic_shared;  // the block's dynamic shared memory (cuda.shared.array(0, ...))
    void* block;           // the block's barrier state; null when the block runs as a plain loop
    uint64_t dynamic_shared_bytes;  // the launch's sharedmem: the extent of dynamic_shared
};

// The global `<symbol>$cpu_kernel` of a kernel compiled for the CPU.
struct KernelInfo {
    int64_t static_shared_bytes;
    int64_t uses_barrier;  // 1 when the kernel or a callee calls syncthreads*
    // The whole block in one call (cpu/kernel_block.hpp), or null: then one call per work-item.
    void (*block)(void** args);
    int64_t local_array_bytes;  // its cuda.local.arrays, per work-item (sizes fiber stacks)
};

struct KernelLaunch {
    void (*packed)(void** args, void* result) = nullptr;  // codegen/abi.hpp
    const KernelInfo* info = nullptr;
    uint32_t grid[3] = {1, 1, 1};
    uint32_t block[3] = {1, 1, 1};
    size_t dynamic_shared = 0;
    void** args = nullptr;
    // Instead of packed(args, nullptr), when set: a work-item's call with another
    // signature (the CUDA ufunc loop kernel of pipeline/api_cuda_cpu.cpp).
    std::function<void()> body;
    std::string name;  // for messages
};

// Runs every block of the launch and returns when all have finished. Throws ujit::Error
// (Argument) for a launch shape CUDA would refuse (zero dimensions, more than 1024 threads
// per block), and ujit::Error (Runtime) "IndexError: ..." when a bounds-checked kernel
// indexed out of range (blocks not yet started then do not run; the arrays may hold the
// other blocks' partial results, as after a GPU fault), or a debug=True kernel's first
// raise once every block has run.
void run_kernel(const KernelLaunch& launch);

}  // namespace ujit::cpu

extern "C" {
ujit::cpu::KernelContext* ujit_rt_kernel_context();
// threadIdx.x/.y/.z (dim 0/1/2) of the running work-item.
uint32_t ujit_rt_kernel_thread_index(int32_t dim);
void ujit_rt_kernel_barrier();
// op: 0 count, 1 and, 2 or (of `predicate != 0` over the block's threads).
int32_t ujit_rt_kernel_barrier_op(int32_t predicate, int32_t op);
// A failed check (codegen/abi.hpp's code; `where` = "<function> at <file>:<line>:<col>"):
// records the error with the thread and block, and leaves the work-item for good.
[[noreturn]] void ujit_rt_kernel_raise(int32_t code, const char* where);
// A raise (codegen/kernel_raise.hpp): ends the work-item, as its return would, the others
// go on; with `where` (debug=True), first records the launch's first raise, which run_kernel
// then throws as numba-cuda's exception (runtime/kernel_raise_error.hpp).
[[noreturn]] void ujit_rt_kernel_exit(int32_t code, const char* where);
}
