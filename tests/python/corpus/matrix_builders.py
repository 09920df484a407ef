"""Building matrices: np.outer, np.tril/np.triu with offsets, np.trace, np.diag of a
matrix and of a vector with k, np.fliplr/np.flipud, and np.cumprod/np.diff(n=2)."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def builders(v, m):
    return (np.outer(v, v), np.tril(m), np.triu(m, 1), np.trace(m),
            np.diag(m), np.diag(v, 1), np.fliplr(m), np.flipud(m))


@njit
def sequences(v):
    return np.cumprod(v), np.diff(v, n=2), np.diff(v)


def check():
    v = np.array([1.0, 2.0, -1.0, 0.5])
    m = np.arange(9.0).reshape(3, 3)
    check_same(builders, v, m)
    check_same(sequences, v)
