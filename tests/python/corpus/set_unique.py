"""Distinct values with a set, and set algebra."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def n_distinct(a):
    s = set()
    for x in a:
        s.add(x)
    return len(s)


@njit
def overlap(n):
    a = set(range(n))
    b = set([x * 2 for x in range(n)])
    return len(a & b), len(a | b), len(a - b), 3 in a


def check():
    check_same(n_distinct, np.array([1, 2, 2, 3, 3, 3, 7]))
    check_same(overlap, 10)
