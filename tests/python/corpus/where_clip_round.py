"""Cleaning a 2-D measurement array: np.where with scalars and arrays, np.clip with array
bounds, np.round to decimals, np.floor/np.ceil, and np.isnan replacement."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def clean(a, lo, hi):
    b = np.where(np.isnan(a), 0.0, a)
    c = np.clip(b, lo, hi)
    return c, np.round(c, 2), np.floor(c * 10) / 10, np.ceil(c)


@njit
def relu_pair(a):
    return np.where(a > 0, a, 0.01 * a), np.where(a > 0)[0]


def check():
    rng = np.random.RandomState(23)
    a = rng.randn(5, 6) * 3
    a[1, 2] = np.nan
    a[4, 0] = np.nan
    check_same(clean, a, -2.0, 2.5)
    check_same(clean, a, np.full((5, 6), -1.0), np.linspace(0.5, 3.0, 6))
    check_same(relu_pair, rng.randn(10))
