#include "cpu/helper_binning.hpp"

#include <cmath>

namespace {

// NumPy's sort order: NaN after every number.
bool before(double a, double b) { return a < b || (b != b && a == a); }

// np.searchsorted(a[0..n), x, side): the first index whose item is not before x ('left') or
// that x is before ('right').
int64_t search(const double* a, int64_t n, double x, bool right) {
    int64_t lo = 0, hi = n;
    while (lo < hi) {
        int64_t mid = lo + (hi - lo) / 2;
        bool go_right = right ? !before(x, a[mid]) : before(a[mid], x);
        if (go_right)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

}  // namespace

extern "C" int32_t ujit_rt_histogram_uniform(const double* data, int64_t n, int64_t bins, int32_t have_range, double lo,
                                             double hi, int64_t* counts, double* edges) {
    using namespace ujit::cpu;
    if (!have_range) {
        lo = 0.0;
        hi = 1.0;
        if (n > 0) {
            lo = hi = data[0];
            for (int64_t i = 1; i < n; ++i) {
                if (std::isnan(data[i])) return kHistogramNotFinite;
                lo = data[i] < lo ? data[i] : lo;
                hi = data[i] > hi ? data[i] : hi;
            }
        }
    }
    if (!std::isfinite(lo) || !std::isfinite(hi)) return kHistogramNotFinite;
    if (lo == hi) {
        lo -= 0.5;
        hi += 0.5;
    }
    // np.linspace(lo, hi, bins + 1): i * step + lo, the last edge hi exactly.
    const double step = (hi - lo) / static_cast<double>(bins);
    for (int64_t i = 0; i < bins; ++i) edges[i] = static_cast<double>(i) * step + lo;
    edges[bins] = hi;
    const double norm = static_cast<double>(bins) / (hi - lo);
    for (int64_t k = 0; k < n; ++k) {
        const double x = data[k];
        if (!(x >= lo && x <= hi)) continue;
        // NumPy's index from the scaled value, corrected by the edges where rounding misplaced it.
        auto i = static_cast<int64_t>((x - lo) * norm);
        if (i == bins) i -= 1;
        if (x < edges[i])
            i -= 1;
        else if (i != bins - 1 && x >= edges[i + 1])
            i += 1;
        counts[i] += 1;
    }
    return kHistogramOk;
}

extern "C" int32_t ujit_rt_histogram_edges(const double* data, int64_t n, const double* edges, int64_t m,
                                           int64_t* counts) {
    using namespace ujit::cpu;
    for (int64_t i = 0; i + 1 < m; ++i)
        if (!(edges[i] <= edges[i + 1])) return kHistogramNotMonotonic;  // NaN too
    const int64_t nbins = m - 1;
    if (nbins == 0) return kHistogramOk;
    for (int64_t k = 0; k < n; ++k) {
        const double x = data[k];
        if (!(edges[0] <= x && x <= edges[nbins])) continue;
        // Numba's bisection over the left edges.
        int64_t lo = 0, hi = nbins - 1;
        while (lo < hi) {
            int64_t mid = (lo + hi + 1) >> 1;
            if (x < edges[mid])
                hi = mid - 1;
            else
                lo = mid;
        }
        counts[lo] += 1;
    }
    return kHistogramOk;
}

extern "C" int32_t ujit_rt_monotonicity(const double* edges, int64_t n) {
    if (n == 0) return 1;
    int64_t i = 1;
    while (i < n && edges[i] == edges[0]) ++i;
    if (i == n) return 1;
    const bool increasing = edges[i - 1] < edges[i];
    for (++i; i < n; ++i) {
        if (increasing ? edges[i - 1] > edges[i] : edges[i - 1] < edges[i]) return 0;
    }
    return increasing ? 1 : -1;
}

extern "C" int64_t ujit_rt_digitize(double x, const double* bins, int64_t n, int32_t monotonicity, int32_t flags) {
    const bool right = (flags & ujit::cpu::kDigitizeRight) != 0;
    // NumPy's: searchsorted with the sides swapped; decreasing bins searched reversed.
    if (monotonicity >= 0) return search(bins, n, x, !right);
    int64_t lo = 0, hi = n;  // over bins[n - 1 - j], j in [0, n)
    while (lo < hi) {
        int64_t mid = lo + (hi - lo) / 2;
        double item = bins[n - 1 - mid];
        bool go_right = right ? before(item, x) : !before(x, item);
        if (go_right)
            lo = mid + 1;
        else
            hi = mid;
    }
    return n - lo;
}
