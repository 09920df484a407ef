// In-place sorts of contiguous rows with AVX-512 (x86-simd-sort's design, which NumPy uses
// for np.sort on such CPUs): a quicksort whose pivot is the median of a sorted sample of 2
// vectors, whose partition compares a whole vector with the pivot and compresses its two
// sides to the two ends of the row, bitonic networks inside up to 32 registers for the last
// 256 (64-bit) or 512 (32-bit) elements, and a heapsort when the recursion runs too deep
// (introsort).
// Unstable, as np.sort's default kind. The rows hold no NaNs (the caller moves them to the
// end first); -0.0 and 0.0 compare equal. Each returns false, and does nothing, where the
// CPU lacks AVX-512 (checked once).
#pragma once

#include <cstddef>
#include <cstdint>

namespace ujit::cpu {

bool avx512_sort(double* a, size_t n);
bool avx512_sort(float* a, size_t n);
bool avx512_sort(int64_t* a, size_t n);
bool avx512_sort(uint64_t* a, size_t n);
bool avx512_sort(int32_t* a, size_t n);
bool avx512_sort(uint32_t* a, size_t n);

}  // namespace ujit::cpu
