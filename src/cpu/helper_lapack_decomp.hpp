// np.linalg's factorizations for generated CPU code (nplib/lower_linalg_decomp.cpp), through
// the LAPACK of cpu/lapack_support.hpp as Numba calls SciPy's (numba/np/linalg.py names the
// routines: potrf, geqrf + orgqr/ungqr, syevd/heevd, geev, gesdd, gelsd). Operands are strided
// (any layout, byte strides s0, s1); every result is C-contiguous in caller-allocated memory
// of the operand's dtype (`kind`: UjitLinalgKind) or its real type. The return is a
// UjitLinalgStatus; Numba's checks come first, in Numba's order (square, then finite).
#pragma once

#include "cpu/helper_lapack.hpp"

#include <cstdint>

extern "C" {
// out (n x n) = the lower Cholesky factor of a (its lower triangle is read; not checked for
// NaN, as Numba's).
int32_t ujit_rt_linalg_cholesky(int32_t kind, int64_t n, const void* a, int64_t s0, int64_t s1, void* out);
// a (m x n) = q (m x k) r (k x n), k = min(m, n).
int32_t ujit_rt_linalg_qr(int32_t kind, int64_t m, int64_t n, const void* a, int64_t s0, int64_t s1, void* q, void* r);
// Hermitian a (its lower triangle): ascending eigenvalues w (n, real type), eigenvectors as the
// columns of v (n x n; null: values only).
int32_t ujit_rt_linalg_eigh(int32_t kind, int64_t n, const void* a, int64_t s0, int64_t s1, void* w, void* v);
// General a: eigenvalues w (n) and right eigenvectors as the columns of v (n x n; null: values
// only). A real a gives real results, and DOMAIN_CHANGE where an eigenvalue is complex.
int32_t ujit_rt_linalg_eig(int32_t kind, int64_t n, const void* a, int64_t s0, int64_t s1, void* w, void* v);
// Singular values s (min(m, n), descending, real type) and, unless u is null, u (m x m) and
// vh (n x n) when `full`, else u (m x k) and vh (k x n).
int32_t ujit_rt_linalg_svd(int32_t kind, int64_t m, int64_t n, const void* a, int64_t s0, int64_t s1, int32_t full,
                           void* u, void* s, void* vh);
// Least squares of a (m x n) against b (b_rows x nrhs, strides b0, b1) with gelsd: x (n x nrhs),
// singular values s (min(m, n)), *rank; residuals (nrhs, real type) written and
// *residual_count = nrhs where rank == n < m, else 0 (NumPy's empty residuals). Numba's checks
// in its order: finite, not empty, b_rows == m.
int32_t ujit_rt_linalg_lstsq(int32_t kind, int64_t m, int64_t n, const void* a, int64_t s0, int64_t s1, int64_t b_rows,
                             int64_t nrhs, const void* b, int64_t b0, int64_t b1, double rcond, void* x,
                             void* residuals, int64_t* residual_count, int32_t* rank, void* s);
// out (n x m) = pinv(a): singular values at most rcond * the largest are taken as zero.
int32_t ujit_rt_linalg_pinv(int32_t kind, int64_t m, int64_t n, const void* a, int64_t s0, int64_t s1, double rcond,
                            void* out);
// *rank = the count of singular values above tol (has_tol 0: NumPy's default,
// max(s) * max(m, n) * eps of the real type).
int32_t ujit_rt_linalg_matrix_rank(int32_t kind, int64_t m, int64_t n, const void* a, int64_t s0, int64_t s1,
                                   int32_t has_tol, double tol, int64_t* rank);
// *out = np.linalg.cond(a, p) as Numba computes it: the ratio of the extreme singular values
// (p absent, 2 or -2), else norm(a, p) * norm(inv(a), p) for p = 1, -1, inf, -inf; a NaN is inf.
int32_t ujit_rt_linalg_cond(int32_t kind, int64_t m, int64_t n, const void* a, int64_t s0, int64_t s1, int32_t has_p,
                            double p, double* out);
// out = a ** power by repeated squaring (a negative power: of inv(a)), as Numba's matrix_power:
// a is m x n, square unless power is 0 (then out is m x n, ones on its diagonal).
int32_t ujit_rt_linalg_matrix_power(int32_t kind, int64_t m, int64_t n, const void* a, int64_t s0, int64_t s1,
                                    int64_t power, void* out);
}
