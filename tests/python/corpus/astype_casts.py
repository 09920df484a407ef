"""Casting arrays: float to int truncates toward zero, int to uint8 wraps, bool from numbers,
float64 to float32 rounds, and np.arange/np.linspace lengths with float steps."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def casts(x):
    return x.astype(np.int64), x.astype(np.int32), (x * 100).astype(np.int64).astype(np.uint8), \
        x.astype(np.bool_), x.astype(np.float32)


@njit
def ranges(start, stop, step):
    a = np.arange(start, stop, step)
    l1 = np.linspace(start, stop, 7)
    return a.shape[0], a, l1


def check():
    check_same(casts, np.array([-2.7, -0.5, 0.0, 0.4, 1.999, 3.5, 1e3, -1e3]))
    check_same(ranges, 0.0, 1.0, 0.1)
    check_same(ranges, 1.0, -1.0, -0.25)
    check_same(ranges, 0, 10, 3)
