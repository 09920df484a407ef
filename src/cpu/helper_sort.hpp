// Sorting for generated CPU code: a.sort(), np.sort, np.argsort and np.unique call these.
// The order is NumPy's: NaNs last (for complex numbers NumPy's lexicographic order with NaNs
// last, numpy/_core/src/npysort/npysort_common.h), -0.0 and 0.0 equal. Where the CPU has
// AVX-512, sort (not argsort) of float64/32 and (u)int64/32 rows runs the vector quicksort of
// cpu/sort_avx512.hpp. Other keys of up to 64 bits (bool, integers, floats) are sorted by an LSD radix sort, stable and O(n) per pass, which
// skips the passes whose digit is the same in every key (small integer ranges take one or
// two); complex numbers by std::stable_sort with NumPy's comparison. Short rows use an
// insertion sort. argsort is stable for every kind, which NumPy's quicksort permits (ties
// unspecified) and kind='stable' requires; with AVX-512, argsort of 32-bit keys sorts 64-bit
// words (the key's order above the index: distinct words, so stable) by the vector sort, and
// of 64-bit keys sorts (key, index) pairs by key then index (cpu/sort_avx512_pairs.hpp).
//
// Rows are given as a pointer, a length and a stride in bytes (any sign): a strided row is
// gathered into a buffer and scattered back. Working buffers come from malloc and are freed
// before returning; when malloc fails, sort works in place (Shell's sort) and argsort by
// std::stable_sort of the indices (an in-place merge without memory), so neither fails.
#pragma once

#include <cstdint>

extern "C" {
// Sorts the row in place. `dtype` is a ujit::DType.
void ujit_rt_sort(void* data, int64_t n, int64_t stride, int32_t dtype);
// Writes to out[0..n) (int64, contiguous) the indices that sort the row, stably.
void ujit_rt_argsort(const void* data, int64_t n, int64_t stride, int32_t dtype, int64_t* out);
// np.unique's core: sorts n contiguous elements in place and moves the distinct ones (every
// NaN counted as one value, as NumPy and Numba) to the front; returns their number.
int64_t ujit_rt_unique(void* data, int64_t n, int32_t dtype);
}
