#include "cpu/helper_stats.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace {

// NumPy's _lerp (numpy/lib/function_base.py): a + (b - a) * t, computed from b's side past
// the middle so that t = 1 gives b exactly.
double lerp(double a, double b, double t) {
    double d = b - a;
    return t >= 0.5 ? b - d * (1.0 - t) : a + d * t;
}

}  // namespace

extern "C" double ujit_rt_quantile(double* data, int64_t n, double q, int32_t flags) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    double* end = data + n;
    if (flags & ujit::cpu::kQuantileSkipNan)
        end = std::remove_if(data, end, [](double x) { return std::isnan(x); });
    else if (std::any_of(data, end, [](double x) { return std::isnan(x); }))
        return nan;
    const int64_t m = end - data;
    if (m == 0) return nan;
    if (flags & ujit::cpu::kQuantileMedian) {  // NumPy: the mean of the middle one or two
        int64_t half = m / 2;
        std::nth_element(data, data + half, end);
        double hi = data[half];
        if (m % 2) return hi;
        double lo = *std::max_element(data, data + half);
        return (lo + hi) / 2.0;
    }
    double index = q * static_cast<double>(m - 1);
    int64_t below = std::min<int64_t>(static_cast<int64_t>(std::floor(index)), m - 1);
    std::nth_element(data, data + below, end);
    double a = data[below];
    if (below + 1 >= m) return a;
    double b = *std::min_element(data + below + 1, end);
    return lerp(a, b, index - static_cast<double>(below));
}

extern "C" double ujit_rt_interp(double x, const double* xp, const double* fp, int64_t n) {
    if (std::isnan(x)) return x;
    if (x < xp[0]) return fp[0];
    if (x > xp[n - 1]) return fp[n - 1];
    if (x == xp[n - 1]) return fp[n - 1];
    // j: the last sample with xp[j] <= x (x < xp[n - 1] here, so j + 1 exists).
    int64_t j = std::upper_bound(xp, xp + n, x) - xp - 1;
    if (xp[j] == x) return fp[j];
    double slope = (fp[j + 1] - fp[j]) / (xp[j + 1] - xp[j]);
    double r = slope * (x - xp[j]) + fp[j];
    if (std::isnan(r)) {  // NumPy's fallbacks for infinite samples
        r = slope * (x - xp[j + 1]) + fp[j + 1];
        if (std::isnan(r) && fp[j] == fp[j + 1]) r = fp[j];
    }
    return r;
}
