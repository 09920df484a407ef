// np.cov and np.corrcoef for generated CPU code (nplib/lower_covariance.cpp): the variables
// already gathered, one per row, into a C-contiguous float64 or complex128 matrix, as
// Numba's np_cov_impl_inner computes them.
#pragma once

#include <cstdint>

extern "C" {
// x (rows x cols, C order; demeaned in place): out (rows x rows) = x conj(x)^T / max(cols - ddof,
// 0), NaN everywhere when x is empty (cols == 0). correlation 1: np.corrcoef's normalization
// by the standard deviations, clipped to [-1, 1] part by part; 2: a single variable's c / c. complex_values: x and out hold complex128, else float64.
void ujit_rt_covariance(void* x, int64_t rows, int64_t cols, double ddof, int32_t complex_values, int32_t correlation,
                        void* out);
}
