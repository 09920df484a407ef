// Matrix products for generated CPU code: out (m x n) = a (m x k) @ b (k x n), every operand
// given by its data pointer and two strides in bytes (a vector is a matrix of one row or one
// column). Through BLAS (blas_loader.hpp) when there is one, else a blocked loop. `dtype` is
// a ujit::DType of float32, float64, complex64 or complex128. `out` must not overlap a or b.
#pragma once

#include <cstdint>

extern "C" void ujit_rt_matmul(int32_t dtype, int64_t m, int64_t k, int64_t n, const void* a, int64_t as0, int64_t as1,
                               const void* b, int64_t bs0, int64_t bs1, void* out, int64_t os0, int64_t os1);
