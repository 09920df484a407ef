"""Filtering with boolean masks: np.logical_and/or/xor/not combinations, np.count_nonzero,
and comparisons by name (np.greater, np.less_equal)."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def select(x, y):
    inside = np.logical_and(np.greater(x, 0.2), np.less_equal(x, 0.8))
    either = np.logical_or(inside, y > 0.9)
    odd = np.logical_xor(x > 0.5, y > 0.5)
    total = 0.0
    for i in range(x.shape[0]):
        if either[i]:
            total += x[i] * y[i]
    return total, np.count_nonzero(inside), np.count_nonzero(np.logical_not(odd)), odd


def check():
    rng = np.random.RandomState(4)
    check_same(select, rng.rand(50), rng.rand(50))
