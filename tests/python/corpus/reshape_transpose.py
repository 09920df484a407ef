"""reshape, transpose, ravel, flatten and iterating over rows."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def shapes(n):
    a = np.arange(n * 6).reshape(n, 6)
    t = a.T
    b = a.reshape((3, -1))
    s = 0
    for row in a:
        s += row[0]
    return t.copy(), b, a.ravel(), t.flatten(), s, a.size, a.ndim, t.shape


def check():
    check_same(shapes, 2)
