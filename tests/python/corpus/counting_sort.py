"""Counting sort of small non-negative integers."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def counting_sort(a, maxval):
    counts = np.zeros(maxval + 1, dtype=np.int64)
    for x in a:
        counts[x] += 1
    out = np.empty_like(a)
    k = 0
    for v in range(maxval + 1):
        for _ in range(counts[v]):
            out[k] = v
            k += 1
    return out


def check():
    check_same(counting_sort, np.random.RandomState(0).randint(0, 10, 40), 9)
