"""Median-free descriptive statistics by hand: mean, variance, skewness, min/max positions."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def describe(x):
    n = x.size
    mean = x.sum() / n
    var = ((x - mean) ** 2).sum() / (n - 1)
    std = np.sqrt(var)
    skew = (((x - mean) / std) ** 3).mean()
    return mean, var, skew, x.argmin(), x.argmax()


def check():
    check_same(describe, np.random.RandomState(3).randn(200))
