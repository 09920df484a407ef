"""Creating arrays: zeros, ones, empty, full, arange, linspace, eye, *_like, dtypes."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def make(n):
    a = np.zeros((n, 2))
    b = np.ones(n, dtype=np.int32)
    c = np.full((2, n), 7.5)
    d = np.arange(1, n, 2)
    e = np.linspace(0.0, 1.0, n)
    f = np.eye(n)
    g = np.zeros_like(c)
    h = np.arange(n, dtype=np.float32)
    i = np.empty(n)
    i[:] = 3
    j = np.ones((n, n), np.uint8)
    return a, b, c, d, e, f, g, h, i, j, np.identity(2)


def check():
    check_same(make, 5)
