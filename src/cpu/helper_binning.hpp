// Binning for generated CPU code: np.histogram and np.digitize on float64 copies of the data
// and the edges, as NumPy's histograms.py / compiled_base.c compute them.
#pragma once

#include <cstdint>

namespace ujit::cpu {
// What ujit_rt_histogram_uniform / ujit_rt_histogram_edges report; codegen raises the ValueError.
constexpr int32_t kHistogramOk = 0;
constexpr int32_t kHistogramNotFinite = 1;    // the range (given or of the data) is not finite
constexpr int32_t kHistogramNotMonotonic = 2;  // an edges array that decreases (or holds NaN)
constexpr int32_t kDigitizeRight = 1;          // np.digitize(right=True)
}  // namespace ujit::cpu

extern "C" {
// Counts of data[0..n) in `bins` equal-width bins over [lo, hi] and their bins + 1 edges, as
// NumPy's: without a range (have_range 0) the data's extent, [0, 1] when empty; lo == hi widens
// to [lo - 0.5, hi + 0.5]; values outside the range (NaN too) are not counted, the last bin
// holds its right edge. counts must hold zeros.
int32_t ujit_rt_histogram_uniform(const double* data, int64_t n, int64_t bins, int32_t have_range, double lo, double hi,
                                  int64_t* counts, double* edges);
// Counts of data[0..n) in the bins between edges[0..m) (m >= 1), by bisection (the last bin
// holds its right edge); counts must hold m - 1 zeros.
int32_t ujit_rt_histogram_edges(const double* data, int64_t n, const double* edges, int64_t m, int64_t* counts);
// 1 if edges[0..n) never decrease, -1 if they never increase (not all equal), 0 otherwise
// (Numba's _monotonicity for np.digitize).
int32_t ujit_rt_monotonicity(const double* edges, int64_t n);
// np.digitize of one value: the index of its bin among bins[0..n) that are increasing
// (monotonicity 1) or decreasing (-1), NaN sorting last, flags kDigitizeRight or 0.
int64_t ujit_rt_digitize(double x, const double* bins, int64_t n, int32_t monotonicity, int32_t flags);
}
