#include "cpu/helper_random_module.hpp"

#include "cpu/helper_random.hpp"

namespace {

uint64_t getrandbits(ujit::cpu::MersenneTwister& g, int k) {
    if (k <= 32) return g.next_uint32() >> (32 - k);
    uint64_t low = g.next_uint32();
    uint64_t high = g.next_uint32() >> (64 - k);
    return (high << 32) | low;
}

int bit_length(uint64_t v) { return v == 0 ? 0 : 64 - __builtin_clzll(v); }

}  // namespace

extern "C" {

int32_t ujit_rt_random_randrange(int64_t start, int64_t stop, int64_t step, int64_t* out) {
    if (step == 0) return 2;
    // The length of range(start, stop, step), as Python's (and Numba's) randrange computes it.
    int64_t n = 0;
    if (step > 0 && stop > start) n = static_cast<int64_t>((static_cast<uint64_t>(stop) - start - 1) / step + 1);
    if (step < 0 && stop < start)
        n = static_cast<int64_t>((static_cast<uint64_t>(start) - stop - 1) / (0 - static_cast<uint64_t>(step)) + 1);
    if (n <= 0) return 1;
    ujit::cpu::MersenneTwister& g = ujit::cpu::thread_random();
    const int k = bit_length(static_cast<uint64_t>(n));  // CPython's _randbelow_with_getrandbits
    uint64_t r;
    do r = getrandbits(g, k);
    while (r >= static_cast<uint64_t>(n));
    *out = static_cast<int64_t>(static_cast<uint64_t>(start) + r * static_cast<uint64_t>(step));
    return 0;
}

uint64_t ujit_rt_random_getrandbits(int64_t k) { return getrandbits(ujit::cpu::thread_random(), static_cast<int>(k)); }

double ujit_rt_random_gauss(void) { return ujit::cpu::thread_random().next_gauss(); }
}
