// Hand-written C++ peers for bench_gufunc, compiled -O3 -march=native in their own TU,
// with the semantics of the course's gufuncs (float64 accumulators, float32 stores).
#pragma once

#include <cstdint>

namespace ujit::bench {

// c[i] = a[i] @ b[i] for n contiguous 2x2 float32 matrices.
void batch_matmul_2x2_f32(const float* a, const float* b, float* c, int64_t n);
// out[r] = sqrt(sum(x[r, :]**2)) over rows of `cols` float32 values.
void l2_norm_f32(const float* x, float* out, int64_t rows, int64_t cols);

}  // namespace ujit::bench
