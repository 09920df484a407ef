"""A histogram by hand: equal-width bins, counts in an int array."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def histogram(data, nbins, lo, hi):
    counts = np.zeros(nbins, dtype=np.int64)
    width = (hi - lo) / nbins
    for x in data:
        if x < lo or x >= hi:
            continue
        b = int((x - lo) / width)
        counts[b] += 1
    return counts


def check():
    data = np.random.RandomState(2).randn(1000)
    check_same(histogram, data, 10, -3.0, 3.0)
