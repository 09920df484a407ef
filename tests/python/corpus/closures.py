"""Inner functions closing over locals, called inside the outer function."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def apply_scaled(a, k):
    def scale(x):
        return x * k + 1

    out = np.empty_like(a)
    for i in range(a.shape[0]):
        out[i] = scale(a[i])
    return out


@njit
def counter(n):
    def step(x, by):
        return x + by

    c = 0
    for i in range(n):
        c = step(c, i)
    return c


def check():
    check_same(apply_scaled, np.arange(5.0), 3.0)
    check_same(counter, 10)
