"""Rounding and order statistics with edge cases: round() and np.round half to even, np.median
of even lengths, percentiles at the ends, and np.sort placing NaN last."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def rounds(x):
    out = np.empty(x.shape[0], np.int64)
    for i in range(x.shape[0]):
        out[i] = round(x[i])
    return out, np.round(x), np.round(x, 1), np.rint(x)


@njit
def medians(a):
    return np.median(a), np.median(a[:-1]), np.percentile(a, 0.0), np.percentile(a, 100.0), np.percentile(a, 37.5)


@njit
def nan_sorted(a):
    s = np.sort(a)
    return s, np.argsort(a), np.isnan(s).sum()


def check():
    check_same(rounds, np.array([0.5, 1.5, 2.5, -0.5, -1.5, 2.675, 0.45, -2.5]))
    check_same(medians, np.array([5.0, 1.0, 4.0, 2.0, 3.0, 9.0]))
    check_same(nan_sorted, np.array([3.0, np.nan, 1.0, -np.inf, np.nan, 2.0]))
