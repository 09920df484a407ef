#include "gufunc_baseline.hpp"

#include <cmath>

namespace ujit::bench {

void batch_matmul_2x2_f32(const float* a, const float* b, float* c, int64_t n) {
    for (int64_t t = 0; t < n; ++t, a += 4, b += 4, c += 4)
        for (int i = 0; i < 2; ++i)
            for (int j = 0; j < 2; ++j) {
                double tmp = 0.0;
                for (int k = 0; k < 2; ++k) tmp += a[i * 2 + k] * b[k * 2 + j];
                c[i * 2 + j] = float(tmp);
            }
}

void l2_norm_f32(const float* x, float* out, int64_t rows, int64_t cols) {
    for (int64_t r = 0; r < rows; ++r, x += cols) {
        double acc = 0.0;
        for (int64_t i = 0; i < cols; ++i) acc += x[i] * x[i];
        out[r] = float(std::sqrt(acc));
    }
}

}  // namespace ujit::bench
