// (g) gufunc throughput (@guvectorize) against hand-written C++ loops compiled -O3
// -march=native with the same semantics, in the same run:
//   batch_matrix_mult on 4M 2x2 float32 matrices (the course's benchmark; Numba's CPU
//   gufunc took 97 ms on the lent machine, NumPy matmul 108 ms): cpu and parallel;
//   l2_norm over (1M, 16) float32: cpu.
//
//   bench_gufunc [n_matrices]
#include "bench_util.hpp"
#include "gufunc_baseline.hpp"
#include "ujit/ujit.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstdlib>
#include <thread>

static const char* kSource = R"(
import math
from numba import guvectorize

@guvectorize(['void(float32[:,:], float32[:,:], float32[:,:])'], '(m, n), (n, p) -> (m, p)')
def batch_matrix_mult(a, b, c):
    for i in range(a.shape[0]):
        for j in range(b.shape[1]):
            tmp = 0.
            for k in range(a.shape[1]):
                tmp += a[i, k] * b[k, j]
            c[i, j] = tmp

@guvectorize(['void(float32[:], float32[:])'], '(n)->()')
def l2_norm(x, out):
    acc = 0.0
    for i in range(x.shape[0]):
        acc += x[i] * x[i]
    out[0] = math.sqrt(acc)
)";

using namespace ujit;

static Array filled(std::vector<int64_t> shape, double phase) {
    Array a(DType::Float32, std::move(shape));
    for (int64_t i = 0; i < a.size(); ++i) a.data<float>()[i] = float(std::sin(0.001 * double(i) + phase));
    return a;
}

static double max_abs_diff(const Array& a, const Array& b) {
    double m = 0;
    for (int64_t i = 0; i < a.size(); ++i) m = std::max(m, double(std::fabs(a.data<float>()[i] - b.data<float>()[i])));
    return m;
}

int main(int argc, char** argv) {
    const int64_t n = argc > 1 ? std::atoll(argv[1]) : 4'000'000;
    const int reps = 7;
    const unsigned cores = std::thread::hardware_concurrency();
    auto mod = Module::from_string(kSource, "bench_gufunc.py");
    Options cpu, par;
    par.target = Target::Parallel;
    fmt::print("gufunc throughput, median of {} runs (ratios: ujit time / peer time)\n", reps);

    Function mm = mod.function("batch_matrix_mult");
    Array a = filled({n, 2, 2}, 0.0), b = filled({n, 2, 2}, 1.0), c(DType::Float32, {n, 2, 2}),
          ref(DType::Float32, {n, 2, 2});
    mm.gufunc_call({a, b}, {c.ref()}, cpu);  // compile outside the timing
    mm.gufunc_call({a, b}, {c.ref()}, par);
    double t_peer = bench::median_ms(
        reps, [&] { bench::batch_matmul_2x2_f32(a.data<float>(), b.data<float>(), ref.data<float>(), n); });
    double t_cpu = bench::median_ms(reps, [&] { mm.gufunc_call({a, b}, {c.ref()}, cpu); });
    double t_par = bench::median_ms(reps, [&] { mm.gufunc_call({a, b}, {c.ref()}, par); });
    fmt::print("batch_matrix_mult {}x 2x2 f32: peer {:7.2f} ms | cpu {:7.2f} ms = {:.2f}x peer | parallel {:7.2f} ms "
               "= {:.2f}x speed-up on {} cores | max abs diff {:.1e}\n",
               n, t_peer, t_cpu, t_cpu / t_peer, t_par, t_cpu / t_par, cores, max_abs_diff(c, ref));

    Function l2 = mod.function("l2_norm");
    const int64_t rows = 1'000'000, cols = 16;
    Array x = filled({rows, cols}, 0.5), norms(DType::Float32, {rows}), norms_ref(DType::Float32, {rows});
    l2.gufunc_call({x}, {norms.ref()}, cpu);
    t_peer = bench::median_ms(reps, [&] { bench::l2_norm_f32(x.data<float>(), norms_ref.data<float>(), rows, cols); });
    t_cpu = bench::median_ms(reps, [&] { l2.gufunc_call({x}, {norms.ref()}, cpu); });
    fmt::print("l2_norm ({}, {}) f32: peer {:7.2f} ms | cpu {:7.2f} ms = {:.2f}x peer throughput | max abs diff "
               "{:.1e}\n",
               rows, cols, t_peer, t_cpu, t_peer / t_cpu, max_abs_diff(norms, norms_ref));
    return 0;
}
