"""Tuple unpacking forms: swaps, nested targets, loops over pairs, returns of tuples."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def min_max(a):
    lo, hi = a[0], a[0]
    for x in a:
        lo, hi = min(lo, x), max(hi, x)
    return lo, hi


@njit
def nested(t):
    (a, b), c = t
    x, (y, z) = c, (a, b)
    return a + b + c, x * y * z


@njit
def pairs(n):
    total = 0
    for i, j in [(1, 2), (3, 4), (5, n)]:
        total += i * j
    a = b = n
    a += 1
    return total, a, b


@njit
def shape_unpack(m):
    rows, cols = m.shape
    first, (second, third) = 1, (2, 3)
    return rows * cols, first


def check():
    check_same(min_max, np.array([3.0, -1.0, 7.5, 2.0]))
    check_same(nested, ((1, 2), 3))
    check_same(pairs, 10)
    check_same(shape_unpack, np.zeros((3, 4)))
