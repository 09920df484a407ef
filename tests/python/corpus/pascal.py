"""Pascal's triangle in a 2-D int array, and binomial coefficients from it."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def pascal(n):
    t = np.zeros((n, n), dtype=np.int64)
    for i in range(n):
        t[i, 0] = 1
        for j in range(1, i + 1):
            t[i, j] = t[i - 1, j - 1] + t[i - 1, j]
    return t


@njit
def binom(n, k):
    return pascal(n + 1)[n, k]


def check():
    check_same(pascal, 10)
    check_same(binom, 30, 15)
