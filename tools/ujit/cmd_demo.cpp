// ujit demo: the course's CPU examples compiled and run, each result checked against a
// C++ reference, with compile and run times; then the PTX of the course's add_kernel.
#include "commands.hpp"
#include "dump.hpp"
#include "examples_dir.hpp"

#include "ujit/ujit.hpp"

#include <fmt/format.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <functional>
#include <numbers>
#include <string>

namespace ujit::cli {

namespace {

constexpr int64_t kSamples = 10'000'000;  // monte_carlo_pi
constexpr int64_t kElements = 1'000'000;  // the ufuncs

template <class F> double time_ms(F&& f) {
    auto start = std::chrono::steady_clock::now();
    f();
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

struct Row {
    explicit Row(std::string c) : call(std::move(c)) {}
    std::string call, result;
    double compile_ms = 0;
    std::string run;  // run time(s), formatted
    bool ok = true;
};

void print_row(const Row& r) {
    std::printf("%-34s %-30s %9.1f ms   %s%s\n", r.call.c_str(), r.result.c_str(), r.compile_ms, r.run.c_str(),
                r.ok ? "" : "   MISMATCH");
}

ujit::Function load(const std::string& dir, const std::string& file, const std::string& name) {
    return ujit::Module::from_file(dir + "/" + file).function(name);
}

Row demo_hypot(const std::string& dir) {
    ujit::Function f = load(dir, "hypot.py", "hypot");
    Row r("hypot(3.0, 4.0)");
    ujit::Specialization spec;
    r.compile_ms = time_ms([&] { spec = f.compile("float64(float64, float64)"); });
    ujit::Value v;
    r.run = fmt::format("{:.4f} ms", time_ms([&] { v = spec.call({3.0, 4.0}); }));
    r.result = v.repr();
    r.ok = v.as<double>() == 5.0;
    return r;
}

Row demo_monte_carlo_pi(const std::string& dir) {
    ujit::Function f = load(dir, "monte_carlo_pi.py", "monte_carlo_pi");
    Row r(fmt::format("monte_carlo_pi({})", kSamples));
    ujit::Specialization spec;
    r.compile_ms = time_ms([&] { spec = f.compile("float64(int64)"); });
    ujit::Value v;
    r.run = fmt::format("{:.1f} ms", time_ms([&] { v = spec.call({ujit::Value(int64_t{kSamples})}); }));
    r.result = v.repr();
    r.ok = std::abs(v.as<double>() - std::numbers::pi) < 0.01;  // ~6 sigma for 10M samples
    return r;
}

// Applies a ufunc over kElements: a one-element call first (it compiles the loop), then
// the full call on one thread and on the pool. Checks every element with `check`.
Row demo_ufunc(const ujit::Function& f, const std::string& call, const std::vector<ujit::Array>& inputs,
               const std::vector<ujit::Value>& scalars, const std::function<bool(int64_t, float)>& check) {
    Row r(call);
    auto values = [&](bool one) {
        std::vector<ujit::Value> vs;
        for (const auto& a : inputs) {
            ujit::ArrayRef ref = a.ref();
            if (one) ref.shape = {1};
            vs.emplace_back(ref);
        }
        for (const auto& s : scalars) vs.push_back(s);
        return vs;
    };
    r.compile_ms = time_ms([&] { f.vectorize_call(values(true)); });
    ujit::Array out;
    double serial = time_ms([&] { out = f.vectorize_call(values(false)); });
    ujit::Options parallel;
    parallel.target = ujit::Target::Parallel;
    ujit::Array out_parallel;
    double pooled = time_ms([&] { out_parallel = f.vectorize_call(values(false), parallel); });
    r.run = fmt::format("cpu {:.1f} ms, parallel {:.1f} ms", serial, pooled);
    const float* y = out.data<float>();
    const float* yp = out_parallel.data<float>();
    for (int64_t i = 0; i < out.size() && r.ok; ++i) r.ok = check(i, y[i]) && y[i] == yp[i];
    r.result = fmt::format("{}[{}], y[0]={}", ujit::dtype_name(out.dtype()), out.size(),
                           ujit::Value::of(out.dtype(), y[0]).repr());
    return r;
}

bool close(double got, double want, double rel, double abs_tol) {
    return std::abs(got - want) <= abs_tol + rel * std::abs(want);
}

Row demo_gaussian_pdf(const std::string& dir) {
    ujit::Function f = load(dir, "gaussian_pdf.py", "gaussian_pdf");
    ujit::Array x(ujit::DType::Float32, {kElements});
    for (int64_t i = 0; i < kElements; ++i) x.data<float>()[i] = static_cast<float>(-4.0 + 8.0 * i / kElements);
    const double sqrt_2pi = static_cast<float>(std::sqrt(2 * std::numbers::pi));
    return demo_ufunc(f, "gaussian_pdf(x[1M] float32, 0.0, 1.0)", {x}, {0.0, 1.0}, [&](int64_t i, float y) {
        double xi = x.data<float>()[i];
        return close(y, std::exp(-0.5 * xi * xi) / sqrt_2pi, 1e-6, 0);
    });
}

Row demo_polar_distance(const std::string& dir) {
    ujit::Function f = load(dir, "polar_distance.py", "polar_distance");
    std::vector<ujit::Array> in;
    for (int k = 0; k < 4; ++k) in.emplace_back(ujit::DType::Float32, std::vector<int64_t>{kElements});
    for (int64_t i = 0; i < kElements; ++i) {
        double t = static_cast<double>(i) / kElements;
        in[0].data<float>()[i] = static_cast<float>(1.0 + t);                  // rho1
        in[1].data<float>()[i] = static_cast<float>(2 * std::numbers::pi * t);  // theta1
        in[2].data<float>()[i] = static_cast<float>(2.0 - t);                  // rho2
        in[3].data<float>()[i] = static_cast<float>(1.0 + 3 * t);              // theta2
    }
    return demo_ufunc(f, "polar_distance(4 x float32[1M])", in, {}, [&](int64_t i, float y) {
        double r1 = in[0].data<float>()[i], t1 = in[1].data<float>()[i];
        double r2 = in[2].data<float>()[i], t2 = in[3].data<float>()[i];
        double want = std::hypot(r1 * std::cos(t1) - r2 * std::cos(t2), r1 * std::sin(t1) - r2 * std::sin(t2));
        return close(y, want, 1e-5, 1e-5);  // float32 arithmetic throughout, as in Numba
    });
}

}  // namespace

int run_demo(const ParsedArgs& args) {
    std::string dir = find_examples_dir(args.get("--examples"));
    std::printf("ujit %s: the Numba course examples from %s\n\n", ujit::version().c_str(), dir.c_str());
    std::printf("%-34s %-30s %12s   %s\n", "call", "result", "compile", "run");
    bool ok = true;
    for (auto* demo : {demo_hypot, demo_monte_carlo_pi, demo_gaussian_pdf, demo_polar_distance}) {
        Row r = demo(dir);
        print_row(r);
        std::fflush(stdout);
        ok = ok && r.ok;
    }

    ujit::Function kernel = load(dir, "add_kernel.py", "add_kernel");
    ujit::Options cuda;
    cuda.target = ujit::Target::CUDA;
    if (auto a = args.get("--arch")) cuda.arch = *a;
    ujit::Specialization spec;
    double ms = time_ms([&] { spec = kernel.compile("void(float32[:], float32[:], float32[:])", cuda); });
    std::printf("\nadd_kernel(x, y, out) for CUDA %s, PTX compiled in %.1f ms:\n\n%s\n", cuda.arch.c_str(), ms,
                spec.ptx().c_str());
    if (!ok) std::fprintf(stderr, "ujit: error: an example's result differs from its reference (MISMATCH above)\n");
    return ok ? 0 : 1;
}

}  // namespace ujit::cli
