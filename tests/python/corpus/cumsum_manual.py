"""Prefix sums by hand and with np.cumsum, and moving averages from them."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def moving_average(a, w):
    c = np.zeros(len(a) + 1)
    for i in range(len(a)):
        c[i + 1] = c[i] + a[i]
    out = np.empty(len(a) - w + 1)
    for i in range(len(out)):
        out[i] = (c[i + w] - c[i]) / w
    return out, np.cumsum(a), np.cumprod(a[:5])


def check():
    check_same(moving_average, np.random.RandomState(1).rand(30), 5)
