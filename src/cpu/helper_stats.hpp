// Statistics for generated CPU code: np.median, np.percentile and np.quantile (and their nan*
// forms) on a float64 scratch copy of the array, which they reorder; np.interp.
#pragma once

#include <cstdint>

namespace ujit::cpu {
constexpr int32_t kQuantileSkipNan = 1;  // np.nan*: NaNs are left out (all NaN or empty: NaN)
constexpr int32_t kQuantileMedian = 2;   // np.median: the mean of the two middle items
}  // namespace ujit::cpu

extern "C" {
// The q-quantile (0 <= q <= 1) of data[0..n) with NumPy's default ('linear') method; NaN for
// an empty array or, without kQuantileSkipNan, for one holding a NaN (NumPy's and Numba's).
double ujit_rt_quantile(double* data, int64_t n, double q, int32_t flags);
// np.interp at x of the n (>= 1) samples (xp, fp), xp increasing, as NumPy's compiled loop
// (numpy/_core/src/multiarray/compiled_base.c, arr_interp).
double ujit_rt_interp(double x, const double* xp, const double* fp, int64_t n);
}
