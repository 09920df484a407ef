"""Inner functions that close over arrays and scalars of the outer function, called in loops;
and a function that returns a closure's result computed on a view."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def weighted(a, w, shift):
    def f(i):
        return a[i] * w[i % w.shape[0]] + shift

    total = 0.0
    for i in range(a.shape[0]):
        total += f(i)
    return total


@njit
def normalized_rows(m):
    means = np.empty(m.shape[0])
    for i in range(m.shape[0]):
        means[i] = m[i].mean()

    def centered(i, j):
        return m[i, j] - means[i]

    out = np.empty_like(m)
    for i in range(m.shape[0]):
        for j in range(m.shape[1]):
            out[i, j] = centered(i, j)
    return out


def check():
    rng = np.random.RandomState(32)
    check_same(weighted, rng.rand(10), np.array([1.0, -1.0, 0.5]), 0.25)
    check_same(normalized_rows, rng.rand(4, 5))
