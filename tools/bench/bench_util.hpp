// Small timing helpers shared by the benchmarks: median of repeated runs.
#pragma once

#include <algorithm>
#include <chrono>
#include <vector>

namespace ujit::bench {

inline double now_ms() {
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
