"""Returning tuples of different types and unpacking them at the call site."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def stats3(a):
    return a.min(), a.max(), len(a), a.mean() > 0.5


@njit
def use(a):
    lo, hi, n, upper = stats3(a)
    return (hi - lo) / n, upper, n


def check():
    check_same(use, np.random.RandomState(0).rand(9))
    check_same(use, np.arange(5))
