// Python's `random` module for generated CPU code: CPython's Mersenne Twister (MT19937),
// seeded exactly as CPython seeds it from an int (init_by_array over the 32-bit chunks
// of abs(n)), and random() as genrand_res53, so `random.seed(42); random.random()` gives
// 0.6394267984578837 as in CPython. Each thread has its own state; an unseeded thread
// starts from std::random_device.
#pragma once

#include <cstdint>

extern "C" {
double ujit_rt_random(void);
void ujit_rt_random_seed(int64_t seed);
double ujit_rt_random_uniform(double a, double b);
}

namespace ujit::cpu {

class MersenneTwister {
public:
    MersenneTwister();                   // seeded from std::random_device
    void seed(uint64_t magnitude);       // CPython random.seed(int) with abs(n) given
    uint32_t next_uint32();              // genrand_uint32
    double next_double();                // genrand_res53: [0, 1) with 53 random bits

private:
    void init_genrand(uint32_t s);
    void init_by_array(const uint32_t* key, int length);
    static constexpr int N = 624;
    uint32_t mt_[N];
    int index_ = N + 1;
};

// The calling thread's generator (the one random.* in generated code uses).
MersenneTwister& thread_random();

}  // namespace ujit::cpu
