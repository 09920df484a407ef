"""Counting integers in a dict and returning the most common."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def most_common(a):
    counts = {}
    for x in a:
        if x in counts:
            counts[x] += 1
        else:
            counts[x] = 1
    best = -1
    best_n = 0
    for k, v in counts.items():
        if v > best_n or (v == best_n and k < best):
            best, best_n = k, v
    return best, best_n, len(counts)


def check():
    check_same(most_common, np.array([3, 1, 3, 2, 1, 3, 7]))
