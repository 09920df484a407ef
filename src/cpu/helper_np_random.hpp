// np.random's distributions beyond random() for generated CPU code, drawn from the calling
// thread's np.random generator (helper_random.hpp) in the order NumPy's legacy RandomState
// draws them, which is also Numba's (numba/np/random/legacy.py), so that after
// np.random.seed(s) the values are NumPy's. The *_fill forms write n values into a
// contiguous array: the size= forms (np.random.normal(0, 1, size=(3, 4)), randint(0, 10, n)).
#pragma once

#include <cstdint>

extern "C" {
// NumPy's legacy_gauss: a standard normal value (the polar method, the pair's second value
// kept for the next call).
double ujit_rt_np_random_gauss(void);
// low + r, r uniform in [0, n) for n >= 1: masked rejection on the fewest bits that hold
// n - 1, 32 bits per draw, the high word first (NumPy's legacy randint, Numba's randrange).
int64_t ujit_rt_np_random_randint(int64_t low, int64_t n);

enum UjitNpRandomKind : int32_t {
    UJIT_NP_RANDOM = 0,
    UJIT_NP_UNIFORM = 1,
    UJIT_NP_NORMAL = 2,
    UJIT_NP_EXPONENTIAL = 3
};
// out[i] = random(), uniform(a, b) = a + (b - a) * random(), normal(a, b) = a + b * gauss(), or
// exponential(a) = a * -log(1 - random()) (NumPy's legacy_exponential).
void ujit_rt_np_random_fill(int32_t kind, double* out, int64_t n, double a, double b);
// out[i] = randint(low, low + range) stored in `itemsize` bytes (1, 2, 4 or 8).
void ujit_rt_np_random_fill_int(void* out, int64_t n, int32_t itemsize, int64_t low, int64_t range);
// nplib5: shuffle, permutation and choice (1-D, elements of `itemsize` bytes, byte strides).
// NumPy's legacy shuffle (and Numba's): for i = n-1 down to 1, swap x[i] with x[j], j
// uniform in [0, i] (the masked draw of randint).
void ujit_rt_np_random_shuffle(void* data, int64_t n, int64_t stride, int64_t itemsize);
// out (contiguous, n items) = a copy of src (null: 0, 1, ..., n-1 as int64), then shuffled:
// np.random.permutation.
void ujit_rt_np_random_permute(const void* src, int64_t n, int64_t stride, int64_t itemsize, void* out);
// out (contiguous, m items) = Numba's np.random.choice of src (null: arange(n) as int64): with
// replace, src[randint(0, n)] each (NumPy's draws too); without, a partial Fisher-Yates over a
// copy (Numba's own order). Returns 0, 1 for an empty population, 2 for m > n without replace.
int32_t ujit_rt_np_random_choice(const void* src, int64_t n, int64_t stride, int64_t itemsize, void* out, int64_t m,
                                 int32_t replace);
}
