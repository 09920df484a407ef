// Many threads using one ujit::Module at once: compiling the same and different functions
// and signatures, calling them, applying a parallel ufunc, with and without the disk cache.
// Tagged [threads]: tools/scripts/tsan.sh runs these under ThreadSanitizer, where a data race
// fails the test even when the results happen to come out right.
#include "unit/cache/cache_test_support.hpp"

#include <catch2/catch.hpp>

#include "ujit/ujit.hpp"

#include <atomic>
#include <cmath>
#include <string>
#include <thread>
#include <vector>

using namespace ujit::cache::test;

namespace {

const char* kSource = R"(from numba import njit, vectorize
import math

@njit
def poly(x, y):
    return 3 * x * x + 2 * y + 1

@njit
def hyp(x, y):
    return math.sqrt(x * x + y * y)

@njit
def total(n):
    s = 0
    for i in range(n):
        s += i
    return s

@njit
def through(x, y):
    return poly(x, y) + hyp(x, y)

@vectorize(['float64(float64, float64)', 'float32(float32, float32)'])
def vadd(a, b):
    return a * 2 + b
)";

constexpr int kThreads = 8;

// Runs body(thread_index) on kThreads threads started together.
template <class F> void on_threads(F body) {
    std::atomic<int> ready{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t)
        threads.emplace_back([&, t] {
            ++ready;
            while (ready.load() < kThreads) std::this_thread::yield();
            body(t);
        });
    for (auto& th : threads) th.join();
}

void run_mix(const ujit::Module& m, std::vector<std::string>& failures) {
    std::vector<std::string> errors(kThreads);
    on_threads([&](int t) {
        try {
            for (int round = 0; round < 3; ++round) {
                // Same function and signature on every thread, then one per thread.
                double p = m.function("poly")(2.0, 1.0).as<double>();
                if (p != 15.0) errors[size_t(t)] = "poly: " + std::to_string(p);
                switch ((t + round) % 4) {
                case 0:
                    if (m.function("hyp")(3.0, 4.0).as<double>() != 5.0) errors[size_t(t)] = "hyp";
                    break;
                case 1:
                    if (m.function("total")(int64_t(100)).as<int64_t>() != 4950) errors[size_t(t)] = "total";
                    break;
                case 2:
                    if (m.function("through")(int64_t(2), int64_t(1)).as<double>() != 15.0 + std::sqrt(5.0))
                        errors[size_t(t)] = "through";
                    break;
                case 3: m.function("poly").compile("float32(float32, float32)"); break;
                }
                ujit::Array a(ujit::DType::Float64, {1000});
                for (int64_t i = 0; i < 1000; ++i) a.data<double>()[i] = double(i);
                ujit::Options par;
                par.target = ujit::Target::Parallel;
                ujit::Array out = m.function("vadd").vectorize_call({a, 1.0}, par);
                for (int64_t i = 0; i < 1000; ++i)
                    if (out.data<double>()[i] != 2.0 * double(i) + 1.0) errors[size_t(t)] = "vadd";
            }
        } catch (const std::exception& e) {
            errors[size_t(t)] = e.what();
        }
    });
    for (const auto& e : errors)
        if (!e.empty()) failures.push_back(e);
}

}  // namespace

TEST_CASE("threads: one Module compiled and called from many threads", "[threads][driver]") {
    TempDir tmp;
    ScopedEnv dir("UJIT_CACHE_DIR", tmp.path().string());
    ScopedEnv off("UJIT_CACHE", std::string("0"));
    auto m = ujit::Module::from_string(kSource, "threads.py");
    std::vector<std::string> failures;
    run_mix(m, failures);
    for (const auto& f : failures) FAIL_CHECK(f);
    CHECK(failures.empty());
}

TEST_CASE("threads: Modules of one source sharing the disk cache", "[threads][cache]") {
    TempDir tmp;
    ScopedEnv dir("UJIT_CACHE_DIR", tmp.path().string());
    ScopedEnv on("UJIT_CACHE", std::nullopt);
    std::vector<std::string> failures;
    // A cold cache, filled by the threads of the first Module, then read by a second Module.
    for (int pass = 0; pass < 2; ++pass) {
        auto m = ujit::Module::from_string(kSource, "threads.py");
        run_mix(m, failures);
    }
    for (const auto& f : failures) FAIL_CHECK(f);
    CHECK(failures.empty());
}

TEST_CASE("threads: a Module per thread, same source", "[threads][driver]") {
    TempDir tmp;
    ScopedEnv dir("UJIT_CACHE_DIR", tmp.path().string());
    std::vector<double> got(kThreads);
    on_threads([&](int t) {
        auto m = ujit::Module::from_string(kSource, "threads.py");
        got[size_t(t)] = m.function("hyp")(3.0, 4.0).as<double>();
    });
    for (double g : got) CHECK(g == 5.0);
}
