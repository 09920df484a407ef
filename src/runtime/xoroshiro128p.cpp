// The published xoroshiro128+ and splitmix64 (Blackman and Vigna), with Numba's seeding.
#include "runtime/xoroshiro128p.hpp"

#include <cstring>

namespace ujit::runtime {

namespace {

uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

constexpr uint64_t kJump[2] = {0xBEAC0467EBA5FACBULL, 0xD86B048B86AA9922ULL};

void store(char* row, int64_t column_stride, const Xoroshiro128p& s) {
    std::memcpy(row, &s.s0, sizeof s.s0);  // rows of a NumPy array need not be aligned
    std::memcpy(row + column_stride, &s.s1, sizeof s.s1);
}

}  // namespace

Xoroshiro128p xoroshiro128p_seeded(uint64_t seed) {
    uint64_t z = seed + 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    z ^= z >> 31;
    return {z, z};
}

uint64_t xoroshiro128p_next(Xoroshiro128p& s) {
    const uint64_t result = s.s0 + s.s1;
    const uint64_t s1 = s.s1 ^ s.s0;
    s.s0 = rotl(s.s0, 55) ^ s1 ^ (s1 << 14);
    s.s1 = rotl(s1, 36);
    return result;
}

void xoroshiro128p_jump(Xoroshiro128p& s) {
    Xoroshiro128p acc;
    for (uint64_t word : kJump)
        for (int b = 0; b < 64; ++b) {
            if (word & (uint64_t{1} << b)) {
                acc.s0 ^= s.s0;
                acc.s1 ^= s.s1;
            }
            xoroshiro128p_next(s);
        }
    s = acc;
}

void init_xoroshiro128p_states(char* data, int64_t n, int64_t row_stride, int64_t column_stride, uint64_t seed,
                               uint64_t subsequence_start) {
    if (n < 1) return;
    Xoroshiro128p s = xoroshiro128p_seeded(seed);
    for (uint64_t k = 0; k < subsequence_start; ++k) xoroshiro128p_jump(s);
    store(data, column_stride, s);
    for (int64_t i = 1; i < n; ++i) {
        xoroshiro128p_jump(s);
        store(data + i * row_stride, column_stride, s);
    }
}

}  // namespace ujit::runtime
