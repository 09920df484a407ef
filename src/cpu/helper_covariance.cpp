#include "cpu/helper_covariance.hpp"

#include <algorithm>
#include <cmath>
#include <complex>
#include <limits>
#include <type_traits>
#include <vector>

namespace {

template <class T> T conj_of(T v) {
    if constexpr (std::is_same_v<T, double>)
        return v;
    else
        return std::conj(v);
}

// np.where(np.fabs(v) > 1, np.sign(v), v), NaN kept
double clipped(double v) { return std::fabs(v) > 1 ? (v > 0 ? 1.0 : -1.0) : v; }
double clip_part(double v) { return clipped(v); }
std::complex<double> clip_part(std::complex<double> v) { return {clipped(v.real()), clipped(v.imag())}; }

template <class T> void covariance(T* x, int64_t rows, int64_t cols, double ddof, int32_t correlation, T* out) {
    if (cols == 0) {
        std::fill(out, out + rows * rows, T(std::numeric_limits<double>::quiet_NaN()));
        return;
    }
    for (int64_t i = 0; i < rows; ++i) {  // de-mean each variable
        T* r = x + i * cols;
        T sum{};
        for (int64_t k = 0; k < cols; ++k) sum += r[k];
        T mean = sum / static_cast<double>(cols);
        for (int64_t k = 0; k < cols; ++k) r[k] -= mean;
    }
    const double scale = 1.0 / std::max(static_cast<double>(cols) - ddof, 0.0);  // NumPy floors the factor at 0
    for (int64_t i = 0; i < rows; ++i)
        for (int64_t j = 0; j < rows; ++j) {
            T acc{};
            for (int64_t k = 0; k < cols; ++k) acc += x[i * cols + k] * conj_of(x[j * cols + k]);
            out[i * rows + j] = acc * scale;
        }
    if (correlation == 0) return;
    if (correlation == 2) {  // Numba's single-variable corrcoef: c / c
        out[0] = out[0] / out[0];
        return;
    }
    std::vector<double> stddev(static_cast<size_t>(rows));
    for (int64_t i = 0; i < rows; ++i) stddev[static_cast<size_t>(i)] = std::sqrt(std::real(out[i * rows + i]));
    for (int64_t i = 0; i < rows; ++i)
        for (int64_t j = 0; j < rows; ++j) {
            T& c = out[i * rows + j];
            c = clip_part(c / stddev[static_cast<size_t>(j)] / stddev[static_cast<size_t>(i)]);
        }
}

}  // namespace

extern "C" void ujit_rt_covariance(void* x, int64_t rows, int64_t cols, double ddof, int32_t complex_values,
                                   int32_t correlation, void* out) {
    if (complex_values)
        covariance(static_cast<std::complex<double>*>(x), rows, cols, ddof, correlation,
                   static_cast<std::complex<double>*>(out));
    else
        covariance(static_cast<double*>(x), rows, cols, ddof, correlation, static_cast<double*>(out));
}
