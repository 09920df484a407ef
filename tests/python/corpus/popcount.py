"""Counting bits with shifts and masks, and Kernighan's trick."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def popcount(x):
    c = 0
    while x:
        x &= x - 1
        c += 1
    return c


@njit
def popcounts(a):
    out = np.zeros(a.shape[0], dtype=np.int64)
    for i in range(a.shape[0]):
        v = a[i]
        while v > 0:
            out[i] += v & 1
            v >>= 1
    return out


def check():
    for x in (0, 1, 255, 2 ** 40 + 3):
        check_same(popcount, x)
    check_same(popcounts, np.array([0, 1, 7, 1023, 12345]))
