"""float32 accumulation: a float32 accumulator stays float32 (and loses digits), one that starts
as a Python float is float64; the difference between them is what users measure."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def sum32(x):
    acc = np.float32(0.0)
    for v in x:
        acc += v
    return acc


@njit
def sum64(x):
    acc = 0.0
    for v in x:
        acc += v
    return acc


@njit
def kahan32(x):
    s = np.float32(0.0)
    c = np.float32(0.0)
    for v in x:
        y = v - c
        t = s + y
        c = (t - s) - y
        s = t
    return s


def check():
    x = np.full(100000, 0.1, dtype=np.float32)
    check_same(sum32, x, rtol=0.0)  # Numba boxes a float32 result as a Python float
    check_same(sum64, x, rtol=0.0)
    check_same(kahan32, x, rtol=0.0)
    assert abs(sum32(x) - 10000.0) > abs(kahan32(x) - 10000.0)
