"""Clamping and combining arrays with NumPy's binary ufuncs: np.maximum/np.minimum propagate
NaN, np.fmax/np.fmin ignore it; np.add, np.multiply and np.subtract by name."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def clamp(a, lo, hi):
    return np.minimum(np.maximum(a, lo), hi)


@njit
def combine(a, b):
    return (np.fmax(a, b), np.fmin(a, b), np.add(a, b), np.multiply(a, 2.0), np.subtract(b, a),
            np.maximum(a, 0.0).sum(), np.true_divide(a, 4))


def check():
    a = np.array([-3.0, 0.5, np.nan, 7.0, 2.0])
    b = np.array([1.0, np.nan, 2.0, -1.0, 2.0])
    check_same(clamp, a, 0.0, 5.0)
    check_same(clamp, np.arange(10), 2, 6)
    check_same(combine, a, b)
