#include "cpu/helper_linalg.hpp"

#include "cpu/blas_loader.hpp"
#include "runtime/dtype.hpp"

#include <cfloat>
#include <climits>
#include <cmath>
#include <complex>
#include <cstring>
#include <limits>
#include <type_traits>

namespace ujit::cpu {
namespace {

template <class T> T load(const char* p) {
    T v;
    std::memcpy(&v, p, sizeof v);
    return v;
}

template <class T> struct IsComplex : std::false_type {};
template <class F> struct IsComplex<std::complex<F>> : std::true_type {};

// ---- dot products

// A BLAS increment for a byte stride, and the base address BLAS wants for it (the lowest
// one when the increment is negative); false when BLAS cannot take it.
bool blas_vector(const void* p, int64_t n, int64_t stride, size_t itemsize, const void** base, int* inc) {
    if (n > INT_MAX || stride % static_cast<int64_t>(itemsize) != 0) return false;
    int64_t step = stride / static_cast<int64_t>(itemsize);
    if (step == 0 || step > INT_MAX || step < -INT_MAX) return false;
    *inc = static_cast<int>(step);
    *base = step < 0 ? static_cast<const char*>(p) + (n - 1) * stride : p;
    return true;
}

template <class T> bool dot_blas(int64_t n, const void* x, int64_t sx, const void* y, int64_t sy, bool conj, T* out) {
    const BlasApi* api = blas();
    const void *bx, *by;
    int ix, iy;
    if (!api || !blas_vector(x, n, sx, sizeof(T), &bx, &ix) || !blas_vector(y, n, sy, sizeof(T), &by, &iy))
        return false;
    int k = static_cast<int>(n);
    if constexpr (std::is_same_v<T, float>)
        *out = api->sdot(k, static_cast<const float*>(bx), ix, static_cast<const float*>(by), iy);
    else if constexpr (std::is_same_v<T, double>)
        *out = api->ddot(k, static_cast<const double*>(bx), ix, static_cast<const double*>(by), iy);
    else if constexpr (std::is_same_v<T, std::complex<float>>)
        (conj ? api->cdotc_sub : api->cdotu_sub)(k, bx, ix, by, iy, out);
    else
        (conj ? api->zdotc_sub : api->zdotu_sub)(k, bx, ix, by, iy, out);
    return true;
}

// Without BLAS: eight independent partial sums, so that the loop pipelines; float32 and
// complex64 accumulate in double.
template <class T> T dot_loop(int64_t n, const char* x, int64_t sx, const char* y, int64_t sy, bool conj) {
    using Acc = std::conditional_t<IsComplex<T>::value, std::complex<double>, double>;
    Acc part[8] = {};
    int64_t i = 0;
    for (; i + 8 <= n; i += 8)
        for (int j = 0; j < 8; ++j) {
            Acc a = Acc(load<T>(x + (i + j) * sx));
            if constexpr (IsComplex<T>::value)
                if (conj) a = std::conj(a);
            part[j] += a * Acc(load<T>(y + (i + j) * sy));
        }
    for (; i < n; ++i) {
        Acc a = Acc(load<T>(x + i * sx));
        if constexpr (IsComplex<T>::value)
            if (conj) a = std::conj(a);
        part[0] += a * Acc(load<T>(y + i * sy));
    }
    Acc total = ((part[0] + part[1]) + (part[2] + part[3])) + ((part[4] + part[5]) + (part[6] + part[7]));
    return T(total);
}

// ---- norms (numba/np/linalg.py, _get_norm_impl)

template <class T> double magnitude(T v) {
    if constexpr (IsComplex<T>::value)
        return std::abs(std::complex<double>(v));
    else
        return std::fabs(static_cast<double>(v));
}

template <class T> double squared(T v) {
    if constexpr (IsComplex<T>::value) {
        double re = v.real(), im = v.imag();
        return re * re + im * im;
    } else {
        return static_cast<double>(v) * static_cast<double>(v);
    }
}

// Calls f(element) for every element of a 1-D or 2-D array, in C order.
template <class T, class F> void each(const char* data, int ndim, const int64_t* shape, const int64_t* strides, F f) {
    int64_t rows = ndim == 2 ? shape[0] : 1;
    int64_t cols = ndim == 2 ? shape[1] : shape[0];
    int64_t srow = ndim == 2 ? strides[0] : 0;
    int64_t scol = ndim == 2 ? strides[1] : strides[0];
    for (int64_t r = 0; r < rows; ++r)
        for (int64_t c = 0; c < cols; ++c) f(load<T>(data + r * srow + c * scol));
}

// The 2-norm (Frobenius for a matrix) as BLAS's nrm2 computes it, never overflowing or
// underflowing in the squares: the plain sum of squares where it is safe, else scaled by
// the largest magnitude.
template <class T> double two_norm(const char* data, int ndim, const int64_t* shape, const int64_t* strides) {
    double part[4] = {};
    int k = 0;
    each<T>(data, ndim, shape, strides, [&](T v) { part[k++ & 3] += squared(v); });
    double ss = (part[0] + part[1]) + (part[2] + part[3]);
    if (std::isfinite(ss) && (ss == 0 || ss > DBL_MIN / DBL_EPSILON)) return std::sqrt(ss);
    double scale = 0;
    bool nan = false;
    each<T>(data, ndim, shape, strides, [&](T v) {
        double m = magnitude(v);
        nan |= std::isnan(m);
        scale = m > scale ? m : scale;
    });
    if (nan) return std::numeric_limits<double>::quiet_NaN();
    if (scale == 0 || std::isinf(scale)) return scale;
    double sum = 0;
    each<T>(data, ndim, shape, strides, [&](T v) {
        double m = magnitude(v) / scale;
        sum += m * m;
    });
    return scale * std::sqrt(sum);
}

template <class T> double vector_norm(const char* data, int64_t n, int64_t stride, double ord) {
    if (n == 0) return 0.0;
    auto at = [&](int64_t k) { return magnitude(load<T>(data + k * stride)); };
    if (ord == 2) return two_norm<T>(data, 1, &n, &stride);
    double ret = 0.0;
    if (std::isinf(ord)) {  // max(abs(x)) / min(abs(x)), comparisons as Numba's loop makes them
        ret = at(0);
        for (int64_t k = 1; k < n; ++k) {
            double v = at(k);
            if (ord > 0 ? v > ret : v < ret) ret = v;
        }
        return ret;
    }
    if (ord == 0) {
        for (int64_t k = 0; k < n; ++k) ret += load<T>(data + k * stride) != T(0) ? 1.0 : 0.0;
        return ret;
    }
    if (ord == 1) {
        for (int64_t k = 0; k < n; ++k) ret += at(k);
        return ret;
    }
    for (int64_t k = 0; k < n; ++k) ret += std::pow(at(k), ord);
    return std::pow(ret, 1.0 / ord);
}

// ord = ±inf: the largest / smallest row sum of magnitudes; ord = ±1: of column sums.
template <class T>
double matrix_norm(const char* data, const int64_t* shape, const int64_t* strides, double ord, int32_t* status) {
    int64_t m = shape[0], n = shape[1];
    if (m * n == 0) return 0.0;
    bool rows = std::isinf(ord);
    if (!rows && ord != 1 && ord != -1) {
        *status = ord == 2 || ord == -2 ? kNormNeedsSvd : kNormInvalidMatrixOrder;
        return 0.0;
    }
    bool largest = ord > 0;
    // Numba starts the smallest at the dtype's largest finite value.
    double best = largest ? 0.0 : (sizeof(T) == 4 || (sizeof(T) == 8 && IsComplex<T>::value) ? FLT_MAX : DBL_MAX);
    int64_t outer = rows ? m : n, inner = rows ? n : m;
    int64_t so = rows ? strides[0] : strides[1], si = rows ? strides[1] : strides[0];
    for (int64_t i = 0; i < outer; ++i) {
        double sum = 0.0;
        for (int64_t j = 0; j < inner; ++j) sum += magnitude(load<T>(data + i * so + j * si));
        if (largest ? sum > best : sum < best) best = sum;
    }
    return best;
}

}  // namespace
}  // namespace ujit::cpu

extern "C" {

void ujit_rt_dot(int32_t dtype, int64_t n, const void* x, int64_t x_stride, const void* y, int64_t y_stride,
                 int32_t conjugate, void* out) {
    using namespace ujit::cpu;
    auto run = [&](auto tag) {
        using T = typename decltype(tag)::type;
        T r{};
        if (n > 0 && !dot_blas<T>(n, x, x_stride, y, y_stride, conjugate != 0, &r))
            r = dot_loop<T>(n, static_cast<const char*>(x), x_stride, static_cast<const char*>(y), y_stride,
                            conjugate != 0);
        std::memcpy(out, &r, sizeof r);
    };
    switch (static_cast<ujit::DType>(dtype)) {
    case ujit::DType::Float32: return run(ujit::runtime::TypeTag<float>{});
    case ujit::DType::Float64: return run(ujit::runtime::TypeTag<double>{});
    case ujit::DType::Complex64: return run(ujit::runtime::TypeTag<std::complex<float>>{});
    case ujit::DType::Complex128: return run(ujit::runtime::TypeTag<std::complex<double>>{});
    default: return;  // typing admits only these (Numba: float and complex arrays)
    }
}

double ujit_rt_norm(const void* data, int32_t dtype, int32_t ndim, const int64_t* shape, const int64_t* strides,
                    int32_t has_ord, double ord, int32_t* status) {
    using namespace ujit::cpu;
    *status = 0;
    auto run = [&](auto tag) -> double {
        using T = typename decltype(tag)::type;
        const char* p = static_cast<const char*>(data);
        if (ndim == 1) return vector_norm<T>(p, shape[0], strides[0], has_ord ? ord : 2.0);
        if (!has_ord) return two_norm<T>(p, 2, shape, strides);
        return matrix_norm<T>(p, shape, strides, ord, status);
    };
    switch (static_cast<ujit::DType>(dtype)) {
    case ujit::DType::Float32: return run(ujit::runtime::TypeTag<float>{});
    case ujit::DType::Float64: return run(ujit::runtime::TypeTag<double>{});
    case ujit::DType::Complex64: return run(ujit::runtime::TypeTag<std::complex<float>>{});
    case ujit::DType::Complex128: return run(ujit::runtime::TypeTag<std::complex<double>>{});
    default: return 0.0;
    }
}
}
