// Hand-written C++ peers for the benchmarks, compiled -O3 -march=native in their own TU.
#pragma once

#include <cstdint>

namespace ujit::bench {

double hypot_native(double x, double y);  // the course's stable hypot
void add_f32(const float* x, const float* y, float* out, int64_t n);
void add_f64(const double* x, const double* y, double* out, int64_t n);
// gaussian_pdf with Numba's semantics: the -0.5 * (...)**2 term in float64, stored float32.
void gaussian_f32(const float* x, float mean, float sigma, float* out, int64_t n);
void gaussian_f64(const double* x, double mean, double sigma, double* out, int64_t n);

// polar_distance (the course's): float32 cos/sin, the ** 0.5 in float64.
void polar_distance_f32(const float* rho1, const float* theta1, const float* rho2, const float* theta2, float* out,
                        int64_t n);

// monte_carlo_pi with std::mt19937 and CPython's 53-bit combination of two draws.
double monte_carlo_pi(int64_t nsamples);

}  // namespace ujit::bench
