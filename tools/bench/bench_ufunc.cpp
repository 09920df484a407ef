// (c) ufunc throughput on 10M elements, float32 and float64, targets cpu and parallel,
// against a hand-written C++ loop compiled -O3 -march=native (same semantics) in the same
// run. tools/bench/ufunc_numpy.py measures the same work in NumPy where it is installed.
//
//   bench_ufunc [n_elements]
#include "baseline_loops.hpp"
#include "bench_util.hpp"
#include "ujit/ujit.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstdlib>
#include <thread>

static const char* kSource = R"(
import math
import numpy as np
from numba import vectorize

SQRT_2PI = np.float32((2 * math.pi) ** 0.5)

@vectorize(['float32(float32, float32)', 'float64(float64, float64)'])
def add(x, y):
    return x + y

@vectorize(['float32(float32, float32, float32)', 'float64(float64, float64, float64)'])
def gaussian_pdf(x, mean, sigma):
    return math.exp(-0.5 * ((x - mean) / sigma) ** 2) / (sigma * SQRT_2PI)
)";

using namespace ujit;

template <class T> static Array filled(int64_t n, DType dt, double scale) {
    Array a(dt, {n});
    T* p = a.data<T>();
    for (int64_t i = 0; i < n; ++i) p[i] = T(scale * std::sin(0.001 * double(i)));
    return a;
}

template <class T> static double max_rel_diff(const Array& a, const std::vector<T>& b) {
    double m = 0;
    for (int64_t i = 0; i < a.size(); ++i) {
        double x = a.data<T>()[i], y = b[i];
        m = std::max(m, std::fabs(x - y) / std::max(1e-30, std::fabs(y)));
    }
    return m;
}

template <class T> static void run(const Module& mod, int64_t n, DType dt, const char* tname) {
    Array x = filled<T>(n, dt, 3.0), y = filled<T>(n, dt, 2.0), out(dt, {n});
    std::vector<T> ref(n);
    const int reps = 7;
    const unsigned cores = std::thread::hardware_concurrency();
    Options cpu, par;
    par.target = Target::Parallel;

    // add
    Function add = mod.function("add");
    add.vectorize_call({x, y}, out.ref(), cpu);  // compile outside the timing
    add.vectorize_call({x, y}, out.ref(), par);
    double t_peer = bench::median_ms(reps, [&] {
        if constexpr (sizeof(T) == 4)
            bench::add_f32(x.data<T>(), y.data<T>(), ref.data(), n);
        else
            bench::add_f64(x.data<T>(), y.data<T>(), ref.data(), n);
    });
    double t_cpu = bench::median_ms(reps, [&] { add.vectorize_call({x, y}, out.ref(), cpu); });
    double t_par = bench::median_ms(reps, [&] { add.vectorize_call({x, y}, out.ref(), par); });
    double err = max_rel_diff<T>(out, ref);
    fmt::print("add {:<8} peer {:7.2f} ms | cpu {:7.2f} ms = {:.2f}x peer | parallel {:7.2f} ms = {:.2f}x speed-up on "
               "{} cores | max rel diff {:.1e}\n",
               tname, t_peer, t_cpu, t_cpu / t_peer, t_par, t_cpu / t_par, cores, err);

    // gaussian_pdf
    Function g = mod.function("gaussian_pdf");
    Value mean = Value::of(dt, 0.5), sigma = Value::of(dt, 1.5);
    g.vectorize_call({x, mean, sigma}, out.ref(), cpu);
    g.vectorize_call({x, mean, sigma}, out.ref(), par);
    t_peer = bench::median_ms(reps, [&] {
        if constexpr (sizeof(T) == 4)
            bench::gaussian_f32(x.data<T>(), 0.5f, 1.5f, ref.data(), n);
        else
            bench::gaussian_f64(x.data<T>(), 0.5, 1.5, ref.data(), n);
    });
    t_cpu = bench::median_ms(reps, [&] { g.vectorize_call({x, mean, sigma}, out.ref(), cpu); });
    t_par = bench::median_ms(reps, [&] { g.vectorize_call({x, mean, sigma}, out.ref(), par); });
    err = max_rel_diff<T>(out, ref);
    fmt::print("gaussian {:<3} peer {:7.2f} ms | cpu {:7.2f} ms = {:.2f}x peer | parallel {:7.2f} ms = {:.2f}x "
               "speed-up on {} cores | max rel diff {:.1e}\n",
               tname, t_peer, t_cpu, t_cpu / t_peer, t_par, t_cpu / t_par, cores, err);
}

int main(int argc, char** argv) {
    int64_t n = argc > 1 ? std::atoll(argv[1]) : 10'000'000;
    auto mod = Module::from_string(kSource, "bench_ufunc.py");
    fmt::print("ufunc throughput, {} elements, median of 7 runs (ratios: ujit time / peer time)\n", n);
    run<float>(mod, n, DType::Float32, "f32");
    run<double>(mod, n, DType::Float64, "f64");
    return 0;
}
