// Partitioning for generated CPU code: np.partition and np.argpartition call these, one row
// (along the last axis) at a time. The order is NumPy's sort order (cpu/numpy_order.hpp: NaNs
// last). After the call each kth position holds the item a full sort would put there, no
// item before it is greater and none after it is smaller; the order within the parts is
// unspecified, as NumPy's. Each kth is selected by std::nth_element within the part the
// previous (smaller) kth left, so k positions cost O(n) each at most.
//
// Rows are a pointer, a length and a stride in bytes (any sign); they are gathered into a
// buffer from malloc and scattered back. kth holds k positions (negative ones count from the
// end). Returns 0, 1 when a kth is out of bounds (|kth| >= n: Numba's ValueError "kth out of
// bounds", nothing written), 2 when malloc fails (MemoryError).
#pragma once

#include <cstdint>

extern "C" {
int32_t ujit_rt_partition(void* data, int64_t n, int64_t stride, int32_t dtype, const int64_t* kth, int64_t k);
// Writes to out[0..n) (int64, contiguous) the indices that partition the row.
int32_t ujit_rt_argpartition(const void* data, int64_t n, int64_t stride, int32_t dtype, const int64_t* kth, int64_t k,
                             int64_t* out);
}
