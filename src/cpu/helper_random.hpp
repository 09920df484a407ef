// Python's `random` module for generated CPU code as Numba compiles it: CPython's Mersenne
// Twister (MT19937) and CPython's draws over it (random() as genrand_res53, getrandbits,
// randrange), but seeded as Numba seeds it: random.seed(n) is init_genrand with n's low
// 32 bits (numba/_random.c: numba_rnd_init), not CPython's init_by_array, so
// `random.seed(42); random.random()` gives Numba's 0.3745401188473625 (NumPy's first draw
// for seed 42), not CPython's 0.6394267984578837. Each thread has its own state; an
// unseeded thread starts from std::random_device.
//
// Generated code draws without a call: each twist tempers all 624 outputs into a buffer at
// the start of the thread's state block (RandomBlock), whose address it gets once per
// function from ujit_rt_random_state (declared without memory effects, so LLVM hoists it),
// and a draw is a load and an index increment, with ujit_rt_random_refill when the buffer
// is used up (cpu_target.cpp, emit_random). The sequence is CPython's either way.
//
// np.random.* has a second generator per thread, as in Numba (whose NumPy state is apart
// from its `random` state): the same MT19937, draws and seeding (NumPy's legacy
// np.random.seed is init_genrand too), so `np.random.seed(42); np.random.random()` gives
// NumPy's 0.3745401188473625.
#pragma once

#include <cstddef>
#include <cstdint>

extern "C" {
double ujit_rt_random(void);
void ujit_rt_random_seed(int64_t seed);
double ujit_rt_random_uniform(double a, double b);
void* ujit_rt_random_state(void);        // the calling thread's RandomBlock
void ujit_rt_random_refill(void* state);  // twist: 624 fresh outputs, index 0
// np.random: the thread's second generator (its RandomBlock, refilled as above).
double ujit_rt_np_random(void);
void ujit_rt_np_random_seed(int64_t seed);  // NumPy's legacy seed with the low 32 bits
void* ujit_rt_np_random_state(void);
}

namespace ujit::cpu {

// The layout generated code reads: `index` (int32) at offset 0, `out` (uint32[624]) at
// kRandomOutOffset; out[index] is the next genrand_uint32 result while index < 624.
struct RandomBlock {
    static constexpr int N = 624;
    int32_t index = N;   // N: twist before the next draw
    uint32_t out[N];     // tempered outputs of the last twist
    uint32_t mt[N];      // the MT19937 state
};
inline constexpr size_t kRandomOutOffset = offsetof(RandomBlock, out);

class MersenneTwister {
public:
    MersenneTwister();                   // seeded from std::random_device
    void seed(uint32_t seed) {  // Numba's random.seed and np.random.seed; forgets the spare normal draw
        init_genrand(seed);
        has_gauss_ = false;
    }
    uint32_t next_uint32() {             // genrand_uint32
        if (b_.index >= RandomBlock::N) refill();
        return b_.out[b_.index++];
    }
    double next_double();                // genrand_res53: [0, 1) with 53 random bits
    // A standard normal draw as NumPy's legacy_gauss and Numba's _gauss_impl: the polar
    // method, whose second value is kept for the next call.
    double next_gauss();
    void refill();                       // twist and temper all N outputs
    RandomBlock& block() { return b_; }

private:
    void init_genrand(uint32_t s);
    void init_by_array(const uint32_t* key, int length);
    RandomBlock b_;  // first, at the generator's address (generated code reads it)
    bool has_gauss_ = false;
    double gauss_ = 0.0;
};

// The calling thread's generators: random.* in generated code uses the first,
// np.random.* the second.
MersenneTwister& thread_random();
MersenneTwister& thread_np_random();

}  // namespace ujit::cpu
