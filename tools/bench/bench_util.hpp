// Small timing helpers shared by the benchmarks: median of repeated runs.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <vector>

#include <time.h>

namespace ujit::bench {

// UJIT_BENCH_CPU_TIME=1: the process's CPU time instead of the wall clock, for CPU-only
// rows (compile times) on a shared build host, where wall times mostly measure waiting.
inline double now_ms() {
    static const bool cpu_time = [] {
        const char* v = std::getenv("UJIT_BENCH_CPU_TIME");
        return v && v[0] == '1';
    }();
    if (cpu_time) {
        timespec ts{};
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
        return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) * 1e-6;
    }
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// Runs `f` `reps` times and returns the median wall time in milliseconds.
template <class F> double median_ms(int reps, F&& f) {
    std::vector<double> t;
    for (int i = 0; i < reps; ++i) {
        double t0 = now_ms();
        f();
        t.push_back(now_ms() - t0);
    }
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
}

}  // namespace ujit::bench
