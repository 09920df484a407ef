// The codegen::Target for CUDA kernels compiled for the CPU ("cuda on cpu"): typed exactly
// as for the GPU (types::TargetKind::CUDA: threadIdx.x is int32, cuda.grid(1) int64, ...),
// lowered to host code. What it emits, besides the CPU target's math and print:
//   - block indices and sizes: loads from the work-item's KernelContext
//     (cpu/kernel_runtime.hpp), reached through ujit_rt_kernel_context(); thread indices:
//     ujit_rt_kernel_thread_index(d), which the block function turns into loop counters;
//   - cuda.syncthreads*: calls into the fiber barrier of cpu/kernel_runtime.cpp;
//   - cuda.shared.array: offsets into the block's shared buffer (static arrays laid out
//     at compile time, 16-byte aligned; dynamic ones at KernelContext::dynamic_shared);
//     cuda.local.array: an alloca (per work-item, on its stack or fiber stack);
//   - atomics: LLVM atomicrmw/cmpxchg, seq_cst, as the GPU lowering (cuda/cuda_atomics);
//   - no error checks: CUDA's error model (x // 0 is 0), so results match the GPU's;
//     but array indices are checked when asked (make_kernel_target(true)), and a `raise`
//     ends its work-item (ujit_rt_kernel_exit; with debug=True, Python's error model's
//     checks too, the first recorded for the host: codegen/kernel_raise.hpp).
// Each kernel entry also gets the global `<symbol>$cpu_kernel` (cpu::KernelInfo): its
// static shared bytes, whether any barrier was emitted, and the block function when there is
// one (set_block_function); without it a kernel with barriers runs as fibers.
#pragma once

#include "codegen/target.hpp"

#include <memory>
#include <string>

namespace ujit::cpu {

// `boundscheck`: every array index is checked; one out of range ends the launch with
// "IndexError: index out of bounds" naming the kernel, the thread, the block and the line
// (ujit_rt_kernel_raise, cpu/kernel_runtime.hpp).
// block_wide: grid-stride loops may run block-wide (codegen/grid_stride.hpp); off for the
// reference path (LaunchOptions::cpu_reference). debug: @cuda.jit(debug=True).
std::unique_ptr<codegen::Target> make_kernel_target(bool boundscheck, bool block_wide = true, bool debug = false);

// What a work-item calls to end itself (a raise): a module that declares it has no block
// function (cpu/kernel_block.hpp), whose loops could not go on past the raising work-item.
inline constexpr const char* kKernelExitSymbol = "ujit_rt_kernel_exit";

// Records `<symbol>$cpu_block` (cpu/kernel_block.hpp) in the kernel's KernelInfo.
void set_block_function(llvm::Module& m, const std::string& symbol, llvm::Function* block);

// Every function of the module touches its stack frame page by page as it grows it (LLVM's
// inline stack probes, GCC's -fstack-clash-protection): a frame larger than the room left
// (cuda.local.arrays on a thread's stack) meets the guard page below the stack and faults,
// which the launch reports (cpu/kernel_signals.hpp), instead of jumping past the guard
// into whatever memory lies below.
void probe_stack_frames(llvm::Module& m);

inline std::string kernel_info_symbol(const std::string& symbol) { return symbol + "$cpu_kernel"; }

}  // namespace ujit::cpu
