// PTX instructions that ptxas expands into long code wherever they appear: IEEE division,
// square root and reciprocal (a fast path and a slow one each) and 64-bit integer division.
// In a small kernel they are most of what a -O0 JIT costs (gaussian_pdf's two divisions:
// 17.7 of its JIT's ms against 9.0 without them, H200). A tiered load's quick module
// (quick_load.hpp) calls instead one routine per instruction kind, compiled beforehand for
// the device from the library this file writes, so ptxas sees a call. Each routine is the very
// instruction, written as inline assembly: the quick code computes the bits the full level,
// which keeps the instruction inline, computes.
#pragma once

#include <optional>
#include <string>

namespace ujit::cuda::detail {

// `ptx` with every unpredicated routable instruction a call of its routine (declared
// .extern), or nullopt when the instructions it has would save less JIT time than the link
// costs (none, or a single cheap one), or it carries debug sections.
std::optional<std::string> route_expensive_instructions(const std::string& ptx);

// The CUDA C++ source that defines every routine (extern "C" __device__ __noinline__), for
// NVRTC with -rdc: a relocatable cubin the quick module links with.
const std::string& ptx_routines_source();

}  // namespace ujit::cuda::detail
