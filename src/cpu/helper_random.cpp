// MT19937 after Matsumoto & Nishimura's reference code, seeded as Numba and NumPy's legacy
// generator seed it (init_genrand); init_by_array seeds an unseeded thread's generator.
#include "cpu/helper_random.hpp"

#include <cmath>
#include <random>
#include <type_traits>

namespace ujit::cpu {

static_assert(std::is_standard_layout_v<RandomBlock> && offsetof(RandomBlock, index) == 0);
static_assert(std::is_standard_layout_v<MersenneTwister>);

namespace {
constexpr int N = RandomBlock::N;
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
    b_.mt[0] = s;
    for (int i = 1; i < N; ++i)
        b_.mt[i] = 1812433253U * (b_.mt[i - 1] ^ (b_.mt[i - 1] >> 30)) + static_cast<uint32_t>(i);
    b_.index = N;
}

void MersenneTwister::init_by_array(const uint32_t* key, int length) {
    init_genrand(19650218U);
    int i = 1, j = 0;
    for (int k = N > length ? N : length; k; --k) {
        b_.mt[i] = (b_.mt[i] ^ ((b_.mt[i - 1] ^ (b_.mt[i - 1] >> 30)) * 1664525U)) + key[j] + static_cast<uint32_t>(j);
        ++i;
        ++j;
        if (i >= N) {
            b_.mt[0] = b_.mt[N - 1];
            i = 1;
        }
        if (j >= length) j = 0;
    }
    for (int k = N - 1; k; --k) {
        b_.mt[i] = (b_.mt[i] ^ ((b_.mt[i - 1] ^ (b_.mt[i - 1] >> 30)) * 1566083941U)) - static_cast<uint32_t>(i);
        ++i;
        if (i >= N) {
            b_.mt[0] = b_.mt[N - 1];
            i = 1;
        }
    }
    b_.mt[0] = 0x80000000U;  // MSB is 1, assuring a non-zero initial array
    b_.index = N;
}

void MersenneTwister::refill() {
    static const uint32_t mag01[2] = {0U, MATRIX_A};
    uint32_t* mt = b_.mt;
    int kk = 0;
    for (; kk < N - M; ++kk) {
        uint32_t y = (mt[kk] & UPPER_MASK) | (mt[kk + 1] & LOWER_MASK);
        mt[kk] = mt[kk + M] ^ (y >> 1) ^ mag01[y & 1U];
    }
    for (; kk < N - 1; ++kk) {
        uint32_t y = (mt[kk] & UPPER_MASK) | (mt[kk + 1] & LOWER_MASK);
        mt[kk] = mt[kk + (M - N)] ^ (y >> 1) ^ mag01[y & 1U];
    }
    uint32_t y = (mt[N - 1] & UPPER_MASK) | (mt[0] & LOWER_MASK);
    mt[N - 1] = mt[M - 1] ^ (y >> 1) ^ mag01[y & 1U];
    for (int i = 0; i < N; ++i) {  // tempering, all at once (it vectorizes)
        uint32_t t = mt[i];
        t ^= (t >> 11);
        t ^= (t << 7) & 0x9d2c5680U;
        t ^= (t << 15) & 0xefc60000U;
        t ^= (t >> 18);
        b_.out[i] = t;
    }
    b_.index = 0;
}

double MersenneTwister::next_double() {
    uint32_t a = next_uint32() >> 5, b = next_uint32() >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}

double MersenneTwister::next_gauss() {
    if (has_gauss_) {
        has_gauss_ = false;
        return gauss_;
    }
    double x1, x2, r2;
    do {
        x1 = 2.0 * next_double() - 1.0;
        x2 = 2.0 * next_double() - 1.0;
        r2 = x1 * x1 + x2 * x2;
    } while (r2 >= 1.0 || r2 == 0.0);
    double f = std::sqrt(-2.0 * std::log(r2) / r2);
    gauss_ = f * x1;
    has_gauss_ = true;
    return f * x2;
}

MersenneTwister& thread_random() {
    thread_local MersenneTwister state;
    return state;
}

MersenneTwister& thread_np_random() {
    thread_local MersenneTwister state;
    return state;
}

}  // namespace ujit::cpu

extern "C" {

double ujit_rt_random(void) { return ujit::cpu::thread_random().next_double(); }

// Numba's random.seed takes a uint32: an int64 seed is cut to its low 32 bits.
void ujit_rt_random_seed(int64_t seed) { ujit::cpu::thread_random().seed(static_cast<uint32_t>(seed)); }

void* ujit_rt_random_state(void) { return &ujit::cpu::thread_random().block(); }

void ujit_rt_random_refill(void* state) {
    // The block is the generator's first member (standard layout): same address.
    static_cast<ujit::cpu::MersenneTwister*>(state)->refill();
}

double ujit_rt_np_random(void) { return ujit::cpu::thread_np_random().next_double(); }

void ujit_rt_np_random_seed(int64_t seed) { ujit::cpu::thread_np_random().seed(static_cast<uint32_t>(seed)); }

void* ujit_rt_np_random_state(void) { return &ujit::cpu::thread_np_random().block(); }

// CPython: a + (b - a) * random()
double ujit_rt_random_uniform(double a, double b) { return a + (b - a) * ujit_rt_random(); }
}
