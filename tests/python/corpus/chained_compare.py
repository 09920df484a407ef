"""Chained comparisons, including ones whose middle has a side effect-free call."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def count_between(a, lo, hi):
    n = 0
    for x in a:
        if lo < x <= hi:
            n += 1
    return n


@njit
def is_sorted3(a, b, c):
    return a <= b <= c, a < b > c, 0 <= abs(b - a) < 5 != c


def check():
    check_same(count_between, np.random.RandomState(0).rand(100), 0.25, 0.75)
    check_same(count_between, np.arange(10), 2, 7)
    check_same(is_sorted3, 1, 2, 3)
    check_same(is_sorted3, 1.5, 4, 3)
    check_same(is_sorted3, 3, 2, 5)
