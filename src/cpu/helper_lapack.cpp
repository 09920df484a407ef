#include "cpu/helper_lapack.hpp"

#include "cpu/blas_loader.hpp"

#include <dlfcn.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <complex>
#include <cstring>
#include <limits>
#include <mutex>
#include <string>
#include <type_traits>
#include <vector>

namespace ujit::cpu {
namespace {

// The Fortran entry points, with `Int` LAPACK's integer (int, or int64_t for ILP64).
template <class Int> struct Lapack {
    using Getrf = void (*)(const Int* m, const Int* n, void* a, const Int* lda, Int* ipiv, Int* info);
    using Getri = void (*)(const Int* n, void* a, const Int* lda, const Int* ipiv, void* work, const Int* lwork,
                           Int* info);
    using Gesv = void (*)(const Int* n, const Int* nrhs, void* a, const Int* lda, Int* ipiv, void* b, const Int* ldb,
                          Int* info);
    Getrf getrf[4] = {};
    Getri getri[4] = {};
    Gesv gesv[4] = {};

    bool load(void* h, const std::string& prefix, const std::string& suffix) {
        const char* kinds = "sdcz";
        for (int k = 0; k < 4; ++k) {
            auto at = [&](const char* name) { return dlsym(h, (prefix + kinds[k] + name + suffix).c_str()); };
            getrf[k] = reinterpret_cast<Getrf>(at("getrf"));
            getri[k] = reinterpret_cast<Getri>(at("getri"));
            gesv[k] = reinterpret_cast<Gesv>(at("gesv"));
            if (!getrf[k] || !getri[k] || !gesv[k]) return false;
        }
        return true;
    }
};

struct LapackLoad {
    Lapack<int> lp64;
    Lapack<int64_t> ilp64;
    bool wide = false;
    bool available = false;
};

const LapackLoad& lapack() {
    static LapackLoad l;
    static std::once_flag once;
    std::call_once(once, [] {
        const BlasLoad& blas = blas_load();
        if (void* h = blas.handle) {
            if (blas.ilp64) {
                l.wide = l.available = l.ilp64.load(h, "scipy_", "_64_");
            } else {
                l.available = l.lp64.load(h, "", "_") || l.lp64.load(h, "scipy_", "_");
            }
        }
        if (!l.available && !l.wide)
            if (void* h = dlopen("liblapack.so.3", RTLD_NOW | RTLD_LOCAL)) l.available = l.lp64.load(h, "", "_");
    });
    return l;
}

template <class T> bool finite(T v) {
    if constexpr (std::is_floating_point_v<T>)
        return std::isfinite(v);
    else
        return std::isfinite(v.real()) && std::isfinite(v.imag());
}

// a (strided) into a column-major copy; false if an element is not finite.
template <class T>
bool column_major(const char* a, int64_t rows, int64_t cols, int64_t s0, int64_t s1, std::vector<T>& out) {
    out.resize(static_cast<size_t>(rows * cols));
    bool ok = true;
    for (int64_t i = 0; i < rows; ++i)
        for (int64_t j = 0; j < cols; ++j) {
            T v;
            std::memcpy(&v, a + i * s0 + j * s1, sizeof v);
            ok = ok && finite(v);
            out[static_cast<size_t>(j * rows + i)] = v;
        }
    return ok;
}

template <class T> void store_row_major(const std::vector<T>& col, int64_t rows, int64_t cols, void* out) {
    T* o = static_cast<T*>(out);
    for (int64_t i = 0; i < rows; ++i)
        for (int64_t j = 0; j < cols; ++j) o[i * cols + j] = col[static_cast<size_t>(j * rows + i)];
}

template <class T, class Int>
int32_t inv(const Lapack<Int>& L, int k, int64_t n, const char* a, int64_t s0, int64_t s1, void* out) {
    std::vector<T> m;
    if (!column_major(a, n, n, s0, s1, m)) return UJIT_LINALG_NONFINITE;
    if (n == 0) return UJIT_LINALG_OK;
    Int N = static_cast<Int>(n), info = 0, lwork = -1;
    std::vector<Int> ipiv(static_cast<size_t>(n));
    L.getrf[k](&N, &N, m.data(), &N, ipiv.data(), &info);
    if (info > 0) return UJIT_LINALG_SINGULAR;
    T query{};
    L.getri[k](&N, m.data(), &N, ipiv.data(), &query, &lwork, &info);  // the work size LAPACK wants
    lwork = std::max<Int>(static_cast<Int>(std::real(query)), N);
    std::vector<T> work(static_cast<size_t>(lwork));
    L.getri[k](&N, m.data(), &N, ipiv.data(), work.data(), &lwork, &info);
    if (info > 0) return UJIT_LINALG_SINGULAR;
    store_row_major(m, n, n, out);
    return UJIT_LINALG_OK;
}

template <class T, class Int> int32_t slogdet(const Lapack<Int>& L, int k, int64_t n, const char* a, int64_t s0,
                                              int64_t s1, void* sign_out, void* logdet_out, void* det_out) {
    using R = decltype(std::abs(T{}));
    std::vector<T> m;
    if (!column_major(a, n, n, s0, s1, m)) return UJIT_LINALG_NONFINITE;
    T sign = T(1);
    R logdet = 0;
    if (n > 0) {
        Int N = static_cast<Int>(n), info = 0;
        std::vector<Int> ipiv(static_cast<size_t>(n));
        L.getrf[k](&N, &N, m.data(), &N, ipiv.data(), &info);
        if (info > 0) {  // a zero pivot: NumPy's (0, -inf)
            sign = T(0);
            logdet = -std::numeric_limits<R>::infinity();
        } else {
            bool odd = false;
            for (int64_t i = 0; i < n; ++i) odd ^= ipiv[static_cast<size_t>(i)] != static_cast<Int>(i + 1);
            sign = odd ? T(-1) : T(1);
            for (int64_t i = 0; i < n; ++i) {  // NumPy's slogdet_from_factored_diagonal
                T d = m[static_cast<size_t>(i * n + i)];
                R mag = std::abs(d);
                sign *= d / mag;
                logdet += std::log(mag);
            }
            if constexpr (std::is_floating_point_v<T>) sign = sign < 0 ? T(-1) : T(1);
        }
    }
    if (sign_out) std::memcpy(sign_out, &sign, sizeof sign);
    if (logdet_out) std::memcpy(logdet_out, &logdet, sizeof logdet);
    if (det_out) {
        T det = sign * std::exp(logdet);
        std::memcpy(det_out, &det, sizeof det);
    }
    return UJIT_LINALG_OK;
}

template <class T, class Int> int32_t solve(const Lapack<Int>& L, int k, int64_t n, const char* a, int64_t s0,
                                            int64_t s1, int64_t nrhs, const char* bm, int64_t b0, int64_t b1,
                                            void* out) {
    std::vector<T> m, rhs;
    bool ok = column_major(a, n, n, s0, s1, m);
    ok = column_major(bm, n, nrhs, b0, b1, rhs) && ok;
    if (!ok) return UJIT_LINALG_NONFINITE;
    if (n == 0 || nrhs == 0) return UJIT_LINALG_OK;
    Int N = static_cast<Int>(n), R = static_cast<Int>(nrhs), info = 0;
    std::vector<Int> ipiv(static_cast<size_t>(n));
    L.gesv[k](&N, &R, m.data(), &N, ipiv.data(), rhs.data(), &N, &info);
    if (info > 0) return UJIT_LINALG_SINGULAR;
    store_row_major(rhs, n, nrhs, out);
    return UJIT_LINALG_OK;
}

// Runs `f` with the loaded table and the element type of `kind`.
template <class F> int32_t dispatch(int32_t kind, int64_t n, int64_t m, F&& f) {
    const LapackLoad& l = lapack();
    if (!l.available) return UJIT_LINALG_NO_LAPACK;
    if (!l.wide && (n > INT_MAX || m > INT_MAX || n * std::max<int64_t>(n, m) > INT_MAX)) return UJIT_LINALG_TOO_LARGE;
    auto with = [&](auto& table) -> int32_t {
        switch (kind) {
        case UJIT_LINALG_F32: return f(table, float{});
        case UJIT_LINALG_F64: return f(table, double{});
        case UJIT_LINALG_C64: return f(table, std::complex<float>{});
        default: return f(table, std::complex<double>{});
        }
    };
    return l.wide ? with(l.ilp64) : with(l.lp64);
}

}  // namespace
}  // namespace ujit::cpu

extern "C" {

int32_t ujit_rt_linalg_inv(int32_t kind, int64_t n, const void* a, int64_t s0, int64_t s1, void* out) {
    return ujit::cpu::dispatch(kind, n, n, [&](const auto& L, auto t) {
        return ujit::cpu::inv<decltype(t)>(L, kind, n, static_cast<const char*>(a), s0, s1, out);
    });
}

int32_t ujit_rt_linalg_slogdet(int32_t kind, int64_t n, const void* a, int64_t s0, int64_t s1, void* sign, void* logdet,
                               void* det) {
    return ujit::cpu::dispatch(kind, n, n, [&](const auto& L, auto t) {
        return ujit::cpu::slogdet<decltype(t)>(L, kind, n, static_cast<const char*>(a), s0, s1, sign, logdet, det);
    });
}

int32_t ujit_rt_linalg_solve(int32_t kind, int64_t n, const void* a, int64_t s0, int64_t s1, int64_t nrhs,
                             const void* b, int64_t b0, int64_t b1, void* out) {
    return ujit::cpu::dispatch(kind, n, nrhs, [&](const auto& L, auto t) {
        return ujit::cpu::solve<decltype(t)>(L, kind, n, static_cast<const char*>(a), s0, s1, nrhs,
                                             static_cast<const char*>(b), b0, b1, out);
    });
}

void ujit_rt_triangle(const void* a, int64_t rows, int64_t cols, int64_t s0, int64_t s1, int64_t itemsize, void* out,
                      int64_t k, int32_t upper) {
    const char* src = static_cast<const char*>(a);
    char* o = static_cast<char*>(out);
    const size_t n = static_cast<size_t>(itemsize);
    for (int64_t i = 0; i < rows; ++i)
        for (int64_t j = 0; j < cols; ++j) {
            char* dst = o + (i * cols + j) * itemsize;
            bool keep = upper ? j - i >= k : j - i <= k;
            if (keep)
                std::memcpy(dst, src + i * s0 + j * s1, n);
            else
                std::memset(dst, 0, n);
        }
}
}
