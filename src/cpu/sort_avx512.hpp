// In-place sorts of contiguous rows with AVX-512 (x86-simd-sort's design, which NumPy uses
// for np.sort on such CPUs): a quicksort whose pivot is the median of a sorted sample of 4
// vectors, whose partition compares a whole vector with the pivot and compress-stores its two
// sides to the two ends of the row, sorting networks inside up to 32 registers for the last
// 256 (64-bit) or 512 (32-bit) keys, and a heapsort when the recursion runs too deep
// (introsort). sort_avx512_quicksort.hpp has the algorithm, sort_avx512_network.hpp the
// networks, sort_avx512_vec.hpp the vector types; sort_avx512_64.cpp and _32.cpp instantiate it.
// Unstable, as np.sort's default kind. The rows hold no NaNs (the caller moves them to the
// end first); -0.0 and 0.0 compare equal. Each returns false, and does nothing, unless
// avx512_sort_usable().
#pragma once

#include <cstddef>
#include <cstdint>

namespace ujit::cpu {

// The CPU has AVX-512 (F, DQ, VL), checked once, and UJIT_DISABLE_AVX512_SORT is unset (or 0):
// set, every sort takes the paths of CPUs without AVX-512 (radix and comparison sorts).
bool avx512_sort_usable();

bool avx512_sort(double* a, size_t n);
bool avx512_sort(float* a, size_t n);
bool avx512_sort(int64_t* a, size_t n);
bool avx512_sort(uint64_t* a, size_t n);
bool avx512_sort(int32_t* a, size_t n);
bool avx512_sort(uint32_t* a, size_t n);

// Sorts the n (key, index) pairs of key[] and index[] by key, then by index (the stable
// order when index[] holds distinct indices): argsort's core (sort_avx512_pairs.hpp). Keys as
// avx512_sort's; false, doing nothing, unless avx512_sort_usable().
bool avx512_argsort(double* key, int64_t* index, size_t n);
bool avx512_argsort(int64_t* key, int64_t* index, size_t n);
bool avx512_argsort(uint64_t* key, int64_t* index, size_t n);

}  // namespace ujit::cpu
