"""parallel=True over the rows of a matrix: prange with a per-row result array, a scalar
max reduction, and a sum reduction, compared with the serial py_func."""
import numpy as np
from numba import njit, prange
from _same import check_same


@njit(parallel=True)
def row_norms(a):
    out = np.empty(a.shape[0])
    for i in prange(a.shape[0]):
        s = 0.0
        for j in range(a.shape[1]):
            s += a[i, j] * a[i, j]
        out[i] = np.sqrt(s)
    return out


@njit(parallel=True)
def max_abs(a):
    m = 0.0
    for i in prange(a.shape[0]):
        m = max(m, np.abs(a[i]).max())
    return m


@njit(parallel=True)
def count_above(a, t):
    n = 0
    for i in prange(a.shape[0]):
        for j in range(a.shape[1]):
            if a[i, j] > t:
                n += 1
    return n


def check():
    a = np.random.RandomState(14).randn(200, 30)
    check_same(row_norms, a)
    check_same(max_abs, a)
    check_same(count_above, a, 1.5)
