// Linear algebra for generated CPU code: np.dot / np.vdot of vectors and np.linalg.norm, with
// Numba's semantics (numba/np/linalg.py). Products go through the BLAS of blas_loader.hpp when
// there is one and through plain loops otherwise. Arrays are passed as a data pointer with
// shape and strides in bytes (any sign), `dtype` a ujit::DType.
#pragma once

#include <cstdint>

extern "C" {
// sum(x[i] * y[i]) over n elements, or sum(conj(x[i]) * y[i]) when `conjugate`; written to
// *out in the dtype (float32, float64, complex64, complex128).
void ujit_rt_dot(int32_t dtype, int64_t n, const void* x, int64_t x_stride, const void* y, int64_t y_stride,
                 int32_t conjugate, void* out);

// np.linalg.norm(x, ord) of a vector (ndim 1: shape[1] and strides[1] unused) or a matrix,
// in float64 (the caller narrows it for float32 and complex64). `has_ord` 0 is ord=None.
// *status: 0, or kNormInvalidMatrixOrder, or kNormNeedsSvd (ord=2/-2 of a matrix).
double ujit_rt_norm(const void* data, int32_t dtype, int32_t ndim, const int64_t* shape, const int64_t* strides,
                    int32_t has_ord, double ord, int32_t* status);
}

namespace ujit::cpu {
inline constexpr int32_t kNormInvalidMatrixOrder = 1;
inline constexpr int32_t kNormNeedsSvd = 2;
}  // namespace ujit::cpu
