// parallel=True rows of the Numba comparison (tools/bench/run_prange.sh runs this, then
// prange_peers.py for Numba): a prange fill of sin(i) ** 2 and a prange sum reduction, each
// on all of the pool's threads and on one (set_num_threads(1)), median of 7 after a warm-up.
// Each result is a line `row | impl | value | unit | note`; the speedup lines divide the
// one-thread time by the parallel one.
//
//   bench_prange [fill_elements] [sum_iterations]      (defaults: 10000000 100000000)
#include "bench_util.hpp"
#include "ujit/threads.hpp"
#include "ujit/ujit.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstdlib>
#include <string>

static const char* kSource = R"(
import math
from numba import njit, prange


@njit(parallel=True)
def prange_fill(out):
    for i in prange(out.shape[0]):
        out[i] = math.sin(i) ** 2


@njit(parallel=True)
def prange_sum(n):
    s = 0.0
    for i in prange(n):
        s += 1.0 / (1.0 + i)
    return s
)";

int main(int argc, char** argv) {
    int64_t n_fill = argc > 1 ? std::atoll(argv[1]) : 10'000'000;
    int64_t n_sum = argc > 2 ? std::atoll(argv[2]) : 100'000'000;
    ujit::Module m = ujit::Module::from_string(kSource, "bench_prange.py");
    ujit::Function fill = m.function("prange_fill");
    ujit::Function sum = m.function("prange_sum");
    ujit::Array out(ujit::DType::Float64, {n_fill});
    const int threads = ujit::get_num_threads();
    auto row = [](const std::string& name, const std::string& impl, double v, const char* unit,
                  const std::string& note) { fmt::print("{} | {} | {:.2f} | {} | {}\n", name, impl, v, unit, note); };

    double fill_ms[2], sum_ms[2], sums[2];
    for (int one = 0; one < 2; ++one) {
        ujit::set_num_threads(one ? 1 : threads);
        fill(out);  // compile and warm up
        fill_ms[one] = ujit::bench::median_ms(7, [&] { fill(out); });
        sums[one] = sum(n_sum).as<double>();
        sum_ms[one] = ujit::bench::median_ms(7, [&] { sum(n_sum); });
    }
    ujit::set_num_threads(threads);
    for (int64_t i = 0; i < n_fill; i += n_fill / 7 + 1)
        if (out.data<double>()[i] != std::pow(std::sin(double(i)), 2)) {
            fmt::print(stderr, "bench_prange: wrong fill at {}\n", i);
            return 1;
        }
    std::string fill_name = fmt::format("prange fill sin(i)**2, {}M float64", n_fill / 1'000'000);
    std::string sum_name = fmt::format("prange sum 1/(1+i), {}M", n_sum / 1'000'000);
    row(fill_name, "ujit parallel", fill_ms[0], "ms", fmt::format("{} threads", threads));
    row(fill_name, "ujit 1 thread", fill_ms[1], "ms", "set_num_threads(1)");
    row(fill_name, "ujit speedup", fill_ms[1] / fill_ms[0], "x", fmt::format("{} threads", threads));
    row(sum_name, "ujit parallel", sum_ms[0], "ms", fmt::format("{} threads, sum {:.12g}", threads, sums[0]));
    row(sum_name, "ujit 1 thread", sum_ms[1], "ms", fmt::format("sum {:.12g}", sums[1]));
    row(sum_name, "ujit speedup", sum_ms[1] / sum_ms[0], "x", fmt::format("{} threads", threads));
    return 0;
}
