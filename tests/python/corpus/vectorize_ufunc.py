"""@vectorize ufuncs, lazily typed and with explicit signatures, on arrays and scalars."""
import math

import numpy as np
from numba import njit, vectorize
from _same import same


@vectorize
def rel_diff(x, y):
    return 2 * (x - y) / (x + y)


@vectorize(["float64(float64, float64)", "float32(float32, float32)"])
def logaddexp(x, y):
    m = max(x, y)
    return m + math.log(math.exp(x - m) + math.exp(y - m))


def check():
    a = np.arange(1.0, 6.0)
    b = a[::-1].copy()
    same(rel_diff(a, b), 2 * (a - b) / (a + b))
    same(rel_diff(3.0, 1.0), 1.0)
    same(logaddexp(a, b), np.logaddexp(a, b))
    # Called from Python, a @vectorize with signatures is a real numpy.ufunc (in Numba too) and
    # NumPy (1.22+) dispatches float32 inputs to the loop registered for exactly float32.
    a32, b32 = a.astype(np.float32), b.astype(np.float32)
    same(logaddexp(a32, b32), np.logaddexp(a32, b32))
    # In compiled code Numba picks the first loop the inputs cast to safely (its
    # ufunc_find_matching_loop): float64 here.
    same(in_compiled(a32, b32), np.logaddexp(a, b))


@njit
def in_compiled(x, y):
    return logaddexp(x, y)
