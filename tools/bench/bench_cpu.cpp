// The CPU rows of the Numba comparison (tools/bench/run_cpu.sh runs this, then
// cpu_peers.py for Numba, then cpu_summary.py for the ratios): the course's @njit and
// @vectorize examples on one thread, 10M elements, median of 7, with the hand-written
// C++ loop (-O3 -march=native, scalar libm) where there is one. Each result is a line
//   row | impl | value | unit | note
// with the same data as cpu_peers.py (x[i] = scale * sin(0.001 i)).
//
//   bench_cpu [n_elements]
#include "baseline_loops.hpp"
#include "bench_util.hpp"
#include "ujit/ujit.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstdlib>
#include <string>

static const char* kSource = R"(
import math
import random
import numpy as np
from numba import njit, vectorize

SQRT_2PI = np.float32((2 * math.pi) ** 0.5)

@njit
def monte_carlo_pi(nsamples):
    acc = 0
    for i in range(nsamples):
        x = random.random()
        y = random.random()
        if (x ** 2 + y ** 2) < 1.0:
            acc += 1
    return 4.0 * acc / nsamples

@vectorize(['float32(float32, float32, float32)', 'float64(float64, float64, float64)'])
def gaussian_pdf(x, mean, sigma):
    return math.exp(-0.5 * ((x - mean) / sigma) ** 2) / (sigma * SQRT_2PI)

@vectorize(['float32(float32, float32)', 'float64(float64, float64)'])
def add(x, y):
    return x + y

@njit
def polar_to_cartesian(rho, theta):
    x = rho * math.cos(theta)
    y = rho * math.sin(theta)
    return x, y

@vectorize(['float32(float32, float32, float32, float32)'])
def polar_distance(rho1, theta1, rho2, theta2):
    x1, y1 = polar_to_cartesian(rho1, theta1)
    x2, y2 = polar_to_cartesian(rho2, theta2)
    return ((x1 - x2) ** 2 + (y1 - y2) ** 2) ** 0.5

@njit
def gaussian_loop(x, out, mean, sigma):
    for i in range(x.shape[0]):
        out[i] = math.exp(-0.5 * ((x[i] - mean) / sigma) ** 2) / (sigma * 2.5066282746310002)

@njit
def hypot(x, y):
    x = abs(x)
    y = abs(y)
    t = min(x, y)
    x = max(x, y)
    t = t / x
    return x * math.sqrt(1 + t * t)

@njit
def hypot_loop(x, y, out):
    for i in range(x.shape[0]):
        out[i] = hypot(x[i], y[i])
)";

using namespace ujit;

namespace {

constexpr int kReps = 7;

template <class T> Array filled(int64_t n, DType dt, double scale, double offset = 0) {
    Array a(dt, {n});
    T* p = a.data<T>();
    for (int64_t i = 0; i < n; ++i) p[i] = T(offset + scale * std::sin(0.001 * double(i)));
    return a;
}

void row(const std::string& name, const char* impl, double ms, const std::string& note = "") {
    fmt::print("{} | {} | {:.2f} | ms | {}\n", name, impl, ms, note);
    std::fflush(stdout);
}

// Largest |a - b| / |b| over the elements: ujit against the C++ loop (same semantics).
template <class T> double max_rel(const Array& a, const T* b) {
    double m = 0;
    for (int64_t i = 0; i < a.size(); ++i) {
        double x = a.data<T>()[i], y = b[i];
        m = std::max(m, std::fabs(x - y) / std::max(1e-300, std::fabs(y)));
    }
    return m;
}

template <class T> void ufunc_rows(const Module& mod, int64_t n, DType dt, const char* tn) {
    Array x = filled<T>(n, dt, 3.0), y = filled<T>(n, dt, 2.0), out(dt, {n}), ref(dt, {n});
    Function add = mod.function("add");
    add.vectorize_call({x, y}, out.ref());  // compile outside the timing
    row(fmt::format("add {} ufunc, one thread", tn), "ujit",
        bench::median_ms(kReps, [&] { add.vectorize_call({x, y}, out.ref()); }));
    row(fmt::format("add {} ufunc, one thread", tn), "c++", bench::median_ms(kReps, [&] {
            if constexpr (sizeof(T) == 4)
                bench::add_f32(x.data<T>(), y.data<T>(), ref.data<T>(), n);
            else
                bench::add_f64(x.data<T>(), y.data<T>(), ref.data<T>(), n);
        }));

    Function g = mod.function("gaussian_pdf");
    Value mean = Value::of(dt, 0.5), sigma = Value::of(dt, 1.5);
    g.vectorize_call({x, mean, sigma}, out.ref());
    std::string name = fmt::format("gaussian_pdf {} ufunc, one thread", tn);
    row(name, "ujit", bench::median_ms(kReps, [&] { g.vectorize_call({x, mean, sigma}, out.ref()); }));
    double t = bench::median_ms(kReps, [&] {
        if constexpr (sizeof(T) == 4)
            bench::gaussian_f32(x.data<T>(), 0.5f, 1.5f, ref.data<T>(), n);
        else
            bench::gaussian_f64(x.data<T>(), 0.5, 1.5, ref.data<T>(), n);
    });
    row(name, "c++", t, fmt::format("ujit's max rel diff from it {:.1e}", max_rel<T>(out, ref.data<T>())));
}

}  // namespace

int main(int argc, char** argv) {
    int64_t n = argc > 1 ? std::atoll(argv[1]) : 10'000'000;
    auto mod = Module::from_string(kSource, "bench_cpu.py");
    fmt::print("bench_cpu: {} elements, median of {} runs, one thread\n", n, kReps);

    Function mc = mod.function("monte_carlo_pi");
    mc(n);
    double pi = 0;
    double t = bench::median_ms(kReps, [&] { pi = mc(n).scalar().f; });
    row(fmt::format("monte_carlo_pi({})", n), "ujit", t, fmt::format("pi ~ {:.5f}", pi));
    t = bench::median_ms(kReps, [&] { pi = bench::monte_carlo_pi(n); });
    row(fmt::format("monte_carlo_pi({})", n), "c++", t, fmt::format("std::mt19937; pi ~ {:.5f}", pi));

    ufunc_rows<float>(mod, n, DType::Float32, "float32");
    ufunc_rows<double>(mod, n, DType::Float64, "float64");

    {
        Array r1 = filled<float>(n, DType::Float32, 2.0), t1 = filled<float>(n, DType::Float32, 3.0);
        Array r2 = filled<float>(n, DType::Float32, 1.5), t2 = filled<float>(n, DType::Float32, -2.0);
        Array out(DType::Float32, {n}), ref(DType::Float32, {n});
        Function pd = mod.function("polar_distance");
        pd.vectorize_call({r1, t1, r2, t2}, out.ref());
        row("polar_distance float32 ufunc, one thread", "ujit",
            bench::median_ms(kReps, [&] { pd.vectorize_call({r1, t1, r2, t2}, out.ref()); }));
        double t = bench::median_ms(kReps, [&] {
            bench::polar_distance_f32(r1.data<float>(), t1.data<float>(), r2.data<float>(), t2.data<float>(),
                                      ref.data<float>(), n);
        });
        row("polar_distance float32 ufunc, one thread", "c++", t,
            fmt::format("ujit's max rel diff from it {:.1e}", max_rel<float>(out, ref.data<float>())));
    }
    {
        // hypot divides by max(|x|, |y|): keep x away from 0 (0/0 raises ZeroDivisionError).
        Array x = filled<double>(n, DType::Float64, 3.0, 3.5), y = filled<double>(n, DType::Float64, 2.0);
        Array out(DType::Float64, {n}), ref(DType::Float64, {n});
        Function gl = mod.function("gaussian_loop");
        gl(x, out, 0.5, 1.5);
        row("gaussian_loop float64 @njit loop", "ujit", bench::median_ms(kReps, [&] { gl(x, out, 0.5, 1.5); }));
        double t =
            bench::median_ms(kReps, [&] { bench::gaussian_f64(x.data<double>(), 0.5, 1.5, ref.data<double>(), n); });
        row("gaussian_loop float64 @njit loop", "c++", t,
            fmt::format("ujit's max rel diff from it {:.1e}", max_rel<double>(out, ref.data<double>())));
        Function hl = mod.function("hypot_loop");
        hl(x, y, out);
        row("hypot_loop float64 @njit loop", "ujit", bench::median_ms(kReps, [&] { hl(x, y, out); }));
        row("hypot_loop float64 @njit loop", "c++", bench::median_ms(kReps, [&] {
                for (int64_t i = 0; i < n; ++i)
                    ref.data<double>()[i] = bench::hypot_native(x.data<double>()[i], y.data<double>()[i]);
            }));
    }
    return 0;
}
