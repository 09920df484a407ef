"""Repeated squaring of a matrix with np.dot and np.eye, integer exponents."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def mat_pow(m, k):
    result = np.eye(m.shape[0])
    base = m.copy()
    while k > 0:
        if k & 1:
            result = np.dot(result, base)
        base = np.dot(base, base)
        k >>= 1
    return result


def check():
    check_same(mat_pow, np.array([[1.0, 1.0], [1.0, 0.0]]), 10)
    check_same(mat_pow, np.random.RandomState(0).rand(3, 3), 5)
