#include "baseline_loops.hpp"

#include <algorithm>
#include <cmath>
#include <random>

namespace ujit::bench {

__attribute__((noinline)) double hypot_native(double x, double y) {
    x = std::fabs(x);
    y = std::fabs(y);
    double t = std::min(x, y);
    x = std::max(x, y);
    t = t / x;
    return x * std::sqrt(1 + t * t);
}

void add_f32(const float* x, const float* y, float* out, int64_t n) {
    for (int64_t i = 0; i < n; ++i) out[i] = x[i] + y[i];
}
void add_f64(const double* x, const double* y, double* out, int64_t n) {
    for (int64_t i = 0; i < n; ++i) out[i] = x[i] + y[i];
}

static const float kSqrt2Pi = float(std::sqrt(2 * M_PI));

void gaussian_f32(const float* x, float mean, float sigma, float* out, int64_t n) {
    for (int64_t i = 0; i < n; ++i) {
        float z = (x[i] - mean) / sigma;  // float32 op float32 stays float32
        float z2 = z * z;                 // float32 ** 2 stays float32
        double e = std::exp(-0.5 * double(z2));  // the literal -0.5 is float64
        out[i] = float(e / double(sigma * kSqrt2Pi));
    }
}
void gaussian_f64(const double* x, double mean, double sigma, double* out, int64_t n) {
    const double s2p = std::sqrt(2 * M_PI);
    for (int64_t i = 0; i < n; ++i) {
        double z = (x[i] - mean) / sigma;
        out[i] = std::exp(-0.5 * z * z) / (sigma * s2p);
    }
}

void polar_distance_f32(const float* rho1, const float* theta1, const float* rho2, const float* theta2, float* out,
                        int64_t n) {
    for (int64_t i = 0; i < n; ++i) {
        float x1 = rho1[i] * std::cos(theta1[i]), y1 = rho1[i] * std::sin(theta1[i]);
        float x2 = rho2[i] * std::cos(theta2[i]), y2 = rho2[i] * std::sin(theta2[i]);
        float d2 = (x1 - x2) * (x1 - x2) + (y1 - y2) * (y1 - y2);
        out[i] = float(std::pow(double(d2), 0.5));  // float32 ** 0.5 (a float64) is float64
    }
}

double monte_carlo_pi(int64_t nsamples) {
    static std::mt19937 gen(12345);  // MT19937, the generator CPython and ujit use
    auto random = [] {               // CPython's random(): genrand_res53
        uint32_t a = gen() >> 5, b = gen() >> 6;
        return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
    };
    int64_t acc = 0;
    for (int64_t i = 0; i < nsamples; ++i) {
        double x = random(), y = random();
        if (x * x + y * y < 1.0) ++acc;
    }
    return 4.0 * double(acc) / double(nsamples);
}

}  // namespace ujit::bench
