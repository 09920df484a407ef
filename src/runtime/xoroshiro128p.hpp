// numba.cuda.random's host side: the states create_xoroshiro128p_states makes, computed on the
// CPU as Numba does (init_xoroshiro128p_states_cpu): generator 0 seeded by splitmix64 and
// jumped `subsequence_start` times, each next one the previous jumped 2^64 steps on.
#pragma once

#include <cstdint>

namespace ujit::runtime {

struct Xoroshiro128p {
    uint64_t s0 = 0, s1 = 0;
};

Xoroshiro128p xoroshiro128p_seeded(uint64_t seed);  // splitmix64(seed) in both words
uint64_t xoroshiro128p_next(Xoroshiro128p& s);     // returns s0 + s1, then steps
void xoroshiro128p_jump(Xoroshiro128p& s);         // 2^64 steps on

// Fills `n` states: row i at `data + i * row_stride` (bytes) holds s0, and s1 at
// `column_stride` bytes after it.
void init_xoroshiro128p_states(char* data, int64_t n, int64_t row_stride, int64_t column_stride, uint64_t seed,
                               uint64_t subsequence_start);

}  // namespace ujit::runtime
