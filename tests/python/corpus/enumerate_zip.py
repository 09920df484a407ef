"""enumerate and zip over arrays, with a start."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def weighted(a, w):
    s = 0.0
    for i, (x, y) in enumerate(zip(a, w)):
        s += i * x * y
    for k, x in enumerate(a, 1):
        s += k * x
    return s


def check():
    check_same(weighted, np.arange(5.0), np.ones(5) * 0.5)
