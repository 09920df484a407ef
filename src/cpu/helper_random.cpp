// MT19937 after Matsumoto & Nishimura's reference code, with CPython's seeding
// (Modules/_randommodule.c: random_seed → init_by_array).
#include "cpu/helper_random.hpp"

#include <random>

namespace ujit::cpu {

namespace {
constexpr int M = 397;
constexpr uint32_t MATRIX_A = 0x9908b0dfU;
constexpr uint32_t UPPER_MASK = 0x80000000U;
constexpr uint32_t LOWER_MASK = 0x7fffffffU;
}  // namespace

MersenneTwister::MersenneTwister() {
    std::random_device rd;
    uint32_t key[4] = {rd(), rd(), rd(), rd()};
    init_by_array(key, 4);
}

void MersenneTwister::init_genrand(uint32_t s) {
    mt_[0] = s;
    for (int i = 1; i < N; ++i) mt_[i] = 1812433253U * (mt_[i - 1] ^ (mt_[i - 1] >> 30)) + static_cast<uint32_t>(i);
    index_ = N;
}

void MersenneTwister::init_by_array(const uint32_t* key, int length) {
    init_genrand(19650218U);
    int i = 1, j = 0;
    for (int k = N > length ? N : length; k; --k) {
        mt_[i] = (mt_[i] ^ ((mt_[i - 1] ^ (mt_[i - 1] >> 30)) * 1664525U)) + key[j] + static_cast<uint32_t>(j);
        ++i;
        ++j;
        if (i >= N) {
            mt_[0] = mt_[N - 1];
            i = 1;
        }
        if (j >= length) j = 0;
    }
    for (int k = N - 1; k; --k) {
        mt_[i] = (mt_[i] ^ ((mt_[i - 1] ^ (mt_[i - 1] >> 30)) * 1566083941U)) - static_cast<uint32_t>(i);
        ++i;
        if (i >= N) {
            mt_[0] = mt_[N - 1];
            i = 1;
        }
    }
    mt_[0] = 0x80000000U;  // MSB is 1, assuring a non-zero initial array
    index_ = N;
}

void MersenneTwister::seed(uint64_t magnitude) {
    // CPython splits abs(n) into 32-bit chunks, least significant first; 0 gives [0].
    uint32_t key[2] = {static_cast<uint32_t>(magnitude), static_cast<uint32_t>(magnitude >> 32)};
    init_by_array(key, key[1] ? 2 : 1);
}

uint32_t MersenneTwister::next_uint32() {
    static const uint32_t mag01[2] = {0U, MATRIX_A};
    if (index_ >= N) {
        int kk = 0;
        for (; kk < N - M; ++kk) {
            uint32_t y = (mt_[kk] & UPPER_MASK) | (mt_[kk + 1] & LOWER_MASK);
            mt_[kk] = mt_[kk + M] ^ (y >> 1) ^ mag01[y & 1U];
        }
        for (; kk < N - 1; ++kk) {
            uint32_t y = (mt_[kk] & UPPER_MASK) | (mt_[kk + 1] & LOWER_MASK);
            mt_[kk] = mt_[kk + (M - N)] ^ (y >> 1) ^ mag01[y & 1U];
        }
        uint32_t y = (mt_[N - 1] & UPPER_MASK) | (mt_[0] & LOWER_MASK);
        mt_[N - 1] = mt_[M - 1] ^ (y >> 1) ^ mag01[y & 1U];
        index_ = 0;
    }
    uint32_t y = mt_[index_++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}

double MersenneTwister::next_double() {
    uint32_t a = next_uint32() >> 5, b = next_uint32() >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}

MersenneTwister& thread_random() {
    thread_local MersenneTwister state;
    return state;
}

}  // namespace ujit::cpu

extern "C" {

double ujit_rt_random(void) { return ujit::cpu::thread_random().next_double(); }

void ujit_rt_random_seed(int64_t seed) {
    uint64_t magnitude = seed < 0 ? 0 - static_cast<uint64_t>(seed) : static_cast<uint64_t>(seed);
    ujit::cpu::thread_random().seed(magnitude);
}

// CPython: a + (b - a) * random()
double ujit_rt_random_uniform(double a, double b) { return a + (b - a) * ujit_rt_random(); }
}
