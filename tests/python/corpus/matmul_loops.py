"""Matrix product with three loops, against the same loops in Python."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def matmul(a, b):
    n, k = a.shape
    k2, m = b.shape
    assert k == k2
    c = np.zeros((n, m))
    for i in range(n):
        for j in range(m):
            s = 0.0
            for p in range(k):
                s += a[i, p] * b[p, j]
            c[i, j] = s
    return c


def check():
    rng = np.random.RandomState(0)
    check_same(matmul, rng.rand(4, 5), rng.rand(5, 3))
    check_same(matmul, np.arange(6.0).reshape(2, 3), np.ones((3, 2)))
