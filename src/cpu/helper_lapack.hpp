// np.linalg.solve, inv, det and slogdet for generated CPU code, through the LAPACK that the
// OpenBLAS ujit already opens for BLAS exports (cpu/blas_loader.hpp: dgetrf_, dgetri_,
// dgesv_ and their s/c/z forms; scipy_-prefixed and ILP64 `64_` spellings too), as Numba
// calls SciPy's LAPACK. Where no library has them, liblapack.so.3 is tried; without either
// the calls return UJIT_LINALG_NO_LAPACK and the caller raises a clear error.
// Operands are strided (any layout); results are C-contiguous.
#pragma once

#include <cstdint>

extern "C" {
enum UjitLinalgKind : int32_t { UJIT_LINALG_F32 = 0, UJIT_LINALG_F64 = 1, UJIT_LINALG_C64 = 2, UJIT_LINALG_C128 = 3 };
enum UjitLinalgStatus : int32_t {
    UJIT_LINALG_OK = 0,
    UJIT_LINALG_SINGULAR = 1,   // "Matrix is singular to machine precision."
    UJIT_LINALG_NONFINITE = 2,  // "Array must not contain infs or NaNs."
    UJIT_LINALG_NO_LAPACK = 3,
    UJIT_LINALG_TOO_LARGE = 4,  // a size LAPACK's 32-bit integers cannot hold
    // nplib7's factorizations (cpu/helper_lapack_decomp.hpp), with Numba's errors
    UJIT_LINALG_NOT_POSITIVE_DEFINITE = 5,  // LinAlgError "Matrix is not positive definite."
    UJIT_LINALG_NO_CONVERGENCE = 6,         // ValueError "Internal algorithm failed to converge."
    UJIT_LINALG_EMPTY = 7,                  // LinAlgError "Arrays cannot be empty"
    UJIT_LINALG_INCOMPATIBLE = 8,  // LinAlgError "Incompatible array sizes, system is not dimensionally valid."
    UJIT_LINALG_DOMAIN_CHANGE = 9,  // ValueError "eig() argument must not cause a domain change."
    UJIT_LINALG_NOT_SQUARE = 10,    // LinAlgError "Last 2 dimensions of the array must be square."
    UJIT_LINALG_BAD_ORDER = 11,     // ValueError "Invalid norm order for matrices." (np.linalg.cond's p)
};
// out (n x n, C order) = inv(a); a is n x n with byte strides s0, s1.
int32_t ujit_rt_linalg_inv(int32_t kind, int64_t n, const void* a, int64_t s0, int64_t s1, void* out);
// sign (a's dtype) and logdet (its real dtype) of a, as NumPy's slogdet from the LU factors;
// det (a's dtype, when not null) = sign * exp(logdet), as NumPy and Numba compute det.
int32_t ujit_rt_linalg_slogdet(int32_t kind, int64_t n, const void* a, int64_t s0, int64_t s1, void* sign, void* logdet,
                               void* det);
// out (n x nrhs, C order) = solve(a, b); b is n x nrhs with byte strides b0, b1.
int32_t ujit_rt_linalg_solve(int32_t kind, int64_t n, const void* a, int64_t s0, int64_t s1, int64_t nrhs,
                             const void* b, int64_t b0, int64_t b1, void* out);
// np.triu (upper != 0) / np.tril of a rows x cols matrix with byte strides s0, s1 and items of
// `itemsize` bytes: out (C order) keeps a[i][j] where j - i >= k (triu) or j - i <= k (tril),
// zero bytes elsewhere. No LAPACK needed.
void ujit_rt_triangle(const void* a, int64_t rows, int64_t cols, int64_t s0, int64_t s1, int64_t itemsize, void* out,
                      int64_t k, int32_t upper);
}
