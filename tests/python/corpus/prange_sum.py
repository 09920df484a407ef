"""parallel=True with prange: a reduction and an independent loop."""
import numpy as np
from numba import njit, prange
from _same import check_same


@njit(parallel=True)
def psum(a):
    s = 0.0
    for i in prange(a.shape[0]):
        s += a[i] * a[i]
    return s


@njit(parallel=True)
def prow_norms(m):
    out = np.empty(m.shape[0])
    for i in prange(m.shape[0]):
        out[i] = np.sqrt((m[i] ** 2).sum())
    return out


def check():
    check_same(psum, np.arange(1000.0))
    check_same(prow_norms, np.random.RandomState(0).rand(50, 7))
