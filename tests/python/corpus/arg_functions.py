"""argmax, argmin, argsort and np.sort."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def args(a):
    return np.argmax(a), np.argmin(a), np.argsort(a), np.sort(a), a.argmax()


def check():
    check_same(args, np.array([3.0, 1.0, 4.0, 1.5, 9.0, 2.6]))
    check_same(args, np.array([5, 3, 8, 1]))
