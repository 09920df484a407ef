// The `random` module's integer and normal draws for generated CPU code, from the thread's
// `random` generator (helper_random.hpp), as Numba computes them (numba/cpython/randomimpl.py):
// randrange/randint by CPython's getrandbits rejection (so the values are CPython's for the
// same seed), getrandbits(k) for 1 <= k <= 64, and gauss/normalvariate by Numba's polar
// method (NumPy's legacy_gauss, not CPython's own algorithms: Numba's stream is its own).
#pragma once

#include <cstdint>

extern "C" {
// start + step * r, r uniform over the range's length; 0, or 1 for an empty range ("empty
// range for randrange()"), 2 for a zero step ("zero step for randrange()").
int32_t ujit_rt_random_randrange(int64_t start, int64_t stop, int64_t step, int64_t* out);
// getrandbits(k), 1 <= k <= 64 (the caller checks): the low word first, as CPython.
uint64_t ujit_rt_random_getrandbits(int64_t k);
double ujit_rt_random_gauss(void);
}
