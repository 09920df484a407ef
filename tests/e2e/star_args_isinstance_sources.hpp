// The kernels of gpu_star_isinstance_test.cpp (run on a GPU, and on the CPU through
// cpu_star_isinstance_test.cpp) and the functions of star_args_isinstance_test.cpp: calls
// with a starred tuple, f(a, *t), and isinstance deciding which branch compiles.
#pragma once

#include "ujit/ujit.hpp"

namespace ujit::gputest {

inline const char* kStarIsinstanceSource = R"PY(
import cmath
import math
import numpy as np
from numba import cuda, njit


@cuda.jit(device=True)
def weigh(a, b, c):
    return a + b * 10 + c * 100


@cuda.jit(device=True)
def halve(x):
    if isinstance(x, int):
        return x // 2
    return x.real / 2  # complex only: never compiled for an int


# out[i] = weigh(x[i], *(i, 2)) + max(*(x[i], 3)): a device function and a builtin take the
# items of a tuple made in the kernel; isinstance picks halve's branch per argument type.
@cuda.jit
def spread_kernel(x, out, z):
    i = cuda.grid(1)
    if i < x.shape[0]:
        t = (i, 2)
        out[i] = weigh(x[i], *t) + max(*(x[i], 3)) + halve(x[i]) + halve(z[i]) * 1000
        if isinstance(z[i], complex) and not isinstance(x[i], float):
            out[i] += 1000000


# numba-cuda's polar_as_complex_usecase: the tuple a call returns, spread into complex().
@cuda.jit
def polar_kernel(z, re, im):
    i = cuda.grid(1)
    if i < z.shape[0]:
        w = complex(*cmath.polar(z[i]))
        re[i] = w.real
        im[i] = w.imag


@njit
def add3(a, b, c):
    return a + b * 10 + c * 100


@njit
def forward(*args):
    return add3(*args)


@njit
def consumer(func, *args):
    return func(*args)


@njit
def spreads(a, b):
    t = (a, b)
    u = (b, 2.5)
    return (add3(*t, 1), add3(1, *u), add3(*(a, b, a)), forward(a, *t), consumer(add3, *t, 3),
            max(*t), math.atan2(*u), complex(*cmath.polar(a + 1j)))


@njit
def classify(x):
    if isinstance(x, (int, float)):
        if isinstance(x, int):
            return 1
        return 2
    elif isinstance(x, complex):
        return 3
    elif isinstance(x, tuple):
        return 4
    elif isinstance(x, np.int32):
        return 5
    return 0


@njit
def spread_if_tuple(x):
    if isinstance(x, tuple):
        return add3(*x)
    return x + 0.5
)PY";

inline Module& star_isinstance_module() {
    static Module m = Module::from_string(kStarIsinstanceSource, "star_isinstance.py");
    return m;
}

}  // namespace ujit::gputest
