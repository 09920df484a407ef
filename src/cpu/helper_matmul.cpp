// Matrix products for generated CPU code (np.dot of matrices and vectors, `@`): BLAS's gemm
// when an operand's strides fit BLAS (row- or column-major with a leading dimension; others
// are copied to a contiguous buffer first), else a blocked loop over contiguous copies.
#include "cpu/helper_matmul.hpp"

#include "cpu/blas_loader.hpp"
#include "runtime/dtype.hpp"

#include <algorithm>
#include <climits>
#include <complex>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <type_traits>

namespace ujit::cpu {
namespace {

struct FreeDeleter {
    void operator()(void* p) const { std::free(p); }
};
using Buffer = std::unique_ptr<char, FreeDeleter>;

// A strided rows x cols matrix of T.
struct Matrix {
    const char* data;
    int64_t rows, cols, s0, s1;  // strides in bytes
};

// How BLAS reads `m`: not transposed (row-major, ld = row stride) or transposed (column-major).
struct BlasView {
    const void* data;
    int trans;
    int ld;
};

bool fits_int(int64_t v) { return v >= 1 && v <= INT_MAX; }

template <class T> bool blas_view(const Matrix& m, BlasView* v) {
    const int64_t is = sizeof(T);
    if ((m.cols == 1 || m.s1 == is) && m.s0 % is == 0) {
        int64_t ld = m.rows == 1 ? std::max<int64_t>(m.cols, 1) : m.s0 / is;
        if (ld >= std::max<int64_t>(m.cols, 1) && fits_int(ld)) {
            *v = {m.data, CblasNoTrans, static_cast<int>(ld)};
            return true;
        }
    }
    if ((m.rows == 1 || m.s0 == is) && m.s1 % is == 0) {
        int64_t ld = m.cols == 1 ? std::max<int64_t>(m.rows, 1) : m.s1 / is;
        if (ld >= std::max<int64_t>(m.rows, 1) && fits_int(ld)) {
            *v = {m.data, CblasTrans, static_cast<int>(ld)};
            return true;
        }
    }
    return false;
}

// A row-major contiguous copy of `m`; null when out of memory.
template <class T> Buffer contiguous_copy(const Matrix& m) {
    Buffer out(static_cast<char*>(std::malloc(std::max<int64_t>(m.rows * m.cols, 1) * sizeof(T))));
    if (!out) return out;
    T* dst = reinterpret_cast<T*>(out.get());
    for (int64_t r = 0; r < m.rows; ++r)
        for (int64_t c = 0; c < m.cols; ++c) std::memcpy(dst++, m.data + r * m.s0 + c * m.s1, sizeof(T));
    return out;
}

template <class T> Matrix row_major(const char* data, int64_t rows, int64_t cols) {
    return {data, rows, cols, cols * static_cast<int64_t>(sizeof(T)), static_cast<int64_t>(sizeof(T))};
}

template <class T> void call_gemm(const BlasApi& api, int ta, int tb, int m, int n, int k, const BlasView& a,
                                  const BlasView& b, T* c, int ldc) {
    if constexpr (std::is_same_v<T, float>)
        api.sgemm(CblasRowMajor, ta, tb, m, n, k, 1.0f, static_cast<const float*>(a.data), a.ld,
                  static_cast<const float*>(b.data), b.ld, 0.0f, c, ldc);
    else if constexpr (std::is_same_v<T, double>)
        api.dgemm(CblasRowMajor, ta, tb, m, n, k, 1.0, static_cast<const double*>(a.data), a.ld,
                  static_cast<const double*>(b.data), b.ld, 0.0, c, ldc);
    else {
        const T one(1), zero(0);
        (std::is_same_v<T, std::complex<float>> ? api.cgemm : api.zgemm)(CblasRowMajor, ta, tb, m, n, k, &one, a.data,
                                                                         a.ld, b.data, b.ld, &zero, c, ldc);
    }
}

// out = a @ b through BLAS; false when BLAS is absent or the sizes do not fit its ints.
template <class T> bool matmul_blas(Matrix a, Matrix b, char* out, int64_t os0, int64_t os1) {
    const BlasApi* api = blas();
    const int64_t is = sizeof(T);
    if (!api || !fits_int(a.rows) || !fits_int(b.cols) || !fits_int(a.cols)) return false;
    if (os1 != is || os0 % is != 0 || (a.rows > 1 && os0 / is < b.cols) || (a.rows > 1 && !fits_int(os0 / is)))
        return false;  // out is C-contiguous by typing; anything else takes the loop
    Buffer ca, cb;
    BlasView va, vb;
    if (!blas_view<T>(a, &va)) {
        if (!(ca = contiguous_copy<T>(a))) return false;
        a = row_major<T>(ca.get(), a.rows, a.cols);
        blas_view<T>(a, &va);
    }
    if (!blas_view<T>(b, &vb)) {
        if (!(cb = contiguous_copy<T>(b))) return false;
        b = row_major<T>(cb.get(), b.rows, b.cols);
        blas_view<T>(b, &vb);
    }
    int ldc = a.rows > 1 ? static_cast<int>(os0 / is) : static_cast<int>(b.cols);
    call_gemm<T>(*api, va.trans, vb.trans, static_cast<int>(a.rows), static_cast<int>(b.cols), static_cast<int>(a.cols),
                 va, vb, reinterpret_cast<T*>(out), ldc);
    return true;
}

// Without BLAS: rows of `out` accumulated over panels of b's rows (i-k-j order, the inner
// loop unit-stride over contiguous copies so that it vectorizes).
template <class T> void matmul_loop(const Matrix& a, const Matrix& b, char* out, int64_t os0, int64_t os1) {
    Buffer ca = contiguous_copy<T>(a), cb = contiguous_copy<T>(b);
    Buffer row(static_cast<char*>(std::malloc(std::max<int64_t>(b.cols, 1) * sizeof(T))));
    const int64_t m = a.rows, k = a.cols, n = b.cols;
    if (!ca || !cb || !row) {  // no memory: element by element, straight from the operands
        for (int64_t i = 0; i < m; ++i)
            for (int64_t j = 0; j < n; ++j) {
                T acc(0);
                for (int64_t p = 0; p < k; ++p) {
                    T x, y;
                    std::memcpy(&x, a.data + i * a.s0 + p * a.s1, sizeof x);
                    std::memcpy(&y, b.data + p * b.s0 + j * b.s1, sizeof y);
                    acc += x * y;
                }
                std::memcpy(out + i * os0 + j * os1, &acc, sizeof acc);
            }
        return;
    }
    const T* A = reinterpret_cast<const T*>(ca.get());
    const T* B = reinterpret_cast<const T*>(cb.get());
    T* acc = reinterpret_cast<T*>(row.get());
    constexpr int64_t kPanel = 256;
    for (int64_t i = 0; i < m; ++i) {
        std::fill(acc, acc + n, T(0));
        for (int64_t p0 = 0; p0 < k; p0 += kPanel)
            for (int64_t p = p0; p < std::min(k, p0 + kPanel); ++p) {
                const T x = A[i * k + p];
                const T* brow = B + p * n;
                for (int64_t j = 0; j < n; ++j) acc[j] += x * brow[j];
            }
        for (int64_t j = 0; j < n; ++j) std::memcpy(out + i * os0 + j * os1, &acc[j], sizeof(T));
    }
}

template <class T> void matmul(const Matrix& a, const Matrix& b, char* out, int64_t os0, int64_t os1) {
    if (a.rows == 0 || b.cols == 0) return;
    if (a.cols == 0) {  // an empty sum: zeros
        for (int64_t i = 0; i < a.rows; ++i)
            for (int64_t j = 0; j < b.cols; ++j) {
                T z(0);
                std::memcpy(out + i * os0 + j * os1, &z, sizeof z);
            }
        return;
    }
    if (!matmul_blas<T>(a, b, out, os0, os1)) matmul_loop<T>(a, b, out, os0, os1);
}

}  // namespace
}  // namespace ujit::cpu

extern "C" void ujit_rt_matmul(int32_t dtype, int64_t m, int64_t k, int64_t n, const void* a, int64_t as0, int64_t as1,
                               const void* b, int64_t bs0, int64_t bs1, void* out, int64_t os0, int64_t os1) {
    using namespace ujit::cpu;
    const Matrix ma{static_cast<const char*>(a), m, k, as0, as1};
    const Matrix mb{static_cast<const char*>(b), k, n, bs0, bs1};
    char* o = static_cast<char*>(out);
    switch (static_cast<ujit::DType>(dtype)) {
    case ujit::DType::Float32: return matmul<float>(ma, mb, o, os0, os1);
    case ujit::DType::Float64: return matmul<double>(ma, mb, o, os0, os1);
    case ujit::DType::Complex64: return matmul<std::complex<float>>(ma, mb, o, os0, os1);
    case ujit::DType::Complex128: return matmul<std::complex<double>>(ma, mb, o, os0, os1);
    default: return;  // typing admits only these
    }
}
