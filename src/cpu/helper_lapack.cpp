#include "cpu/helper_lapack.hpp"

#include "cpu/lapack_support.hpp"

#include <limits>

namespace ujit::cpu {
namespace {

// The Fortran entry points, with `Int` LAPACK's integer (int, or int64_t for ILP64).
template <class Int> struct Lapack {
    using Getrf = void (*)(const Int* m, const Int* n, void* a, const Int* lda, Int* ipiv, Int* info);
    using Getri = void (*)(const Int* n, void* a, const Int* lda, const Int* ipiv, void* work, const Int* lwork,
                           Int* info);
    using Gesv = void (*)(const Int* n, const Int* nrhs, void* a, const Int* lda, Int* ipiv, void* b, const Int* ldb,
                          Int* info);
    Getrf getrf;
    Getri getri;
    Gesv gesv;
    explicit Lapack(int32_t k)
        : getrf(reinterpret_cast<Getrf>(lapack_routine(k, "getrf"))),
          getri(reinterpret_cast<Getri>(lapack_routine(k, "getri"))),
          gesv(reinterpret_cast<Gesv>(lapack_routine(k, "gesv"))) {}
};

template <class T, class Int>
int32_t inv(const Lapack<Int>& L, int64_t n, const char* a, int64_t s0, int64_t s1, void* out) {
    std::vector<T> m;
    if (!column_major(a, n, n, s0, s1, m)) return UJIT_LINALG_NONFINITE;
    if (n == 0) return UJIT_LINALG_OK;
    Int N = static_cast<Int>(n), info = 0, lwork = -1;
    std::vector<Int> ipiv(static_cast<size_t>(n));
    L.getrf(&N, &N, m.data(), &N, ipiv.data(), &info);
    if (info > 0) return UJIT_LINALG_SINGULAR;
    T query{};
    L.getri(&N, m.data(), &N, ipiv.data(), &query, &lwork, &info);  // the work size LAPACK wants
    lwork = std::max<Int>(static_cast<Int>(std::real(query)), N);
    std::vector<T> work(static_cast<size_t>(lwork));
    L.getri(&N, m.data(), &N, ipiv.data(), work.data(), &lwork, &info);
    if (info > 0) return UJIT_LINALG_SINGULAR;
    store_row_major(m, n, n, out);
    return UJIT_LINALG_OK;
}

template <class T, class Int> int32_t slogdet(const Lapack<Int>& L, int64_t n, const char* a, int64_t s0, int64_t s1,
                                              void* sign_out, void* logdet_out, void* det_out) {
    using R = decltype(std::abs(T{}));
    std::vector<T> m;
    if (!column_major(a, n, n, s0, s1, m)) return UJIT_LINALG_NONFINITE;
    T sign = T(1);
    R logdet = 0;
    if (n > 0) {
        Int N = static_cast<Int>(n), info = 0;
        std::vector<Int> ipiv(static_cast<size_t>(n));
        L.getrf(&N, &N, m.data(), &N, ipiv.data(), &info);
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

template <class T, class Int> int32_t solve(const Lapack<Int>& L, int64_t n, const char* a, int64_t s0, int64_t s1,
                                            int64_t nrhs, const char* bm, int64_t b0, int64_t b1, void* out) {
    std::vector<T> m, rhs;
    bool ok = column_major(a, n, n, s0, s1, m);
    ok = column_major(bm, n, nrhs, b0, b1, rhs) && ok;
    if (!ok) return UJIT_LINALG_NONFINITE;
    if (n == 0 || nrhs == 0) return UJIT_LINALG_OK;
    Int N = static_cast<Int>(n), R = static_cast<Int>(nrhs), info = 0;
    std::vector<Int> ipiv(static_cast<size_t>(n));
    L.gesv(&N, &R, m.data(), &N, ipiv.data(), rhs.data(), &N, &info);
    if (info > 0) return UJIT_LINALG_SINGULAR;
    store_row_major(rhs, n, nrhs, out);
    return UJIT_LINALG_OK;
}

// f(table, T{}) with the routines of `kind`; NO_LAPACK where one is missing.
template <class F> int32_t with_lapack(int32_t kind, int64_t rows, int64_t cols, F&& f) {
    return lapack_dispatch(kind, rows, cols, [&](auto i, auto t) -> int32_t {
        Lapack<decltype(i)> L(kind);
        if (!L.getrf || !L.getri || !L.gesv) return UJIT_LINALG_NO_LAPACK;
        return f(L, t);
    });
}

}  // namespace
}  // namespace ujit::cpu

extern "C" {

int32_t ujit_rt_linalg_inv(int32_t kind, int64_t n, const void* a, int64_t s0, int64_t s1, void* out) {
    return ujit::cpu::with_lapack(kind, n, n, [&](const auto& L, auto t) {
        return ujit::cpu::inv<decltype(t)>(L, n, static_cast<const char*>(a), s0, s1, out);
    });
}

int32_t ujit_rt_linalg_slogdet(int32_t kind, int64_t n, const void* a, int64_t s0, int64_t s1, void* sign, void* logdet,
                               void* det) {
    return ujit::cpu::with_lapack(kind, n, n, [&](const auto& L, auto t) {
        return ujit::cpu::slogdet<decltype(t)>(L, n, static_cast<const char*>(a), s0, s1, sign, logdet, det);
    });
}

int32_t ujit_rt_linalg_solve(int32_t kind, int64_t n, const void* a, int64_t s0, int64_t s1, int64_t nrhs,
                             const void* b, int64_t b0, int64_t b1, void* out) {
    return ujit::cpu::with_lapack(kind, n, std::max(n, nrhs), [&](const auto& L, auto t) {
        return ujit::cpu::solve<decltype(t)>(L, n, static_cast<const char*>(a), s0, s1, nrhs,
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
