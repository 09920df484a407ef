"""Generators that yield arrays: row blocks of a matrix as copies and as views, consumed by a
for loop that keeps some of them in a list, and by sum() of their sums."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def blocks(m, size):
    for start in range(0, m.shape[0], size):
        yield m[start:start + size].copy()


@njit
def views(m, size):
    for start in range(0, m.shape[0], size):
        yield m[start:start + size]


@njit
def use(m, size):
    kept = []
    for b in blocks(m, size):
        if b.sum() > 0:
            kept.append(b)
    total = 0.0
    for v in views(m, size):
        total += v.sum()
    return len(kept), total, [k.shape[0] for k in kept]


def check():
    m = np.random.RandomState(40).randn(23, 3)
    check_same(use, m, 4)
