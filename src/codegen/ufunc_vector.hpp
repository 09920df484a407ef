// The GPU ufunc loop's vector path (codegen/ufunc_loop.cpp): where every operand's pointer
// is aligned to a whole vector, each thread moves `width` consecutive elements of every
// operand with one 16-byte (or narrower) access (ld.global.v4.f32, v2.f64) instead of
// `width` scalar ones; the launch shape (pipeline/api_cuda.cpp) counts threads in vectors.
#pragma once

#include <algorithm>
#include <vector>

namespace ujit::codegen {

constexpr int kUfuncVectorBytes = 16;
constexpr int kUfuncMaxVectorWidth = 4;  // NVPTX's widest vector access: v4 (v2 for 64-bit)

// Elements per vector access for operands of these item sizes (inputs and output); 1 (no
// vector path) when an operand is not a plain integer or float (`plain` false: a complex
// is a pair, not a vector lane) or none fits twice in 16 bytes.
inline int ufunc_vector_width(const std::vector<int>& itemsizes, bool plain) {
    int widest = 1;
    for (int s : itemsizes) widest = std::max(widest, s);
    return plain ? std::clamp(kUfuncVectorBytes / widest, 1, kUfuncMaxVectorWidth) : 1;
}

}  // namespace ujit::codegen
