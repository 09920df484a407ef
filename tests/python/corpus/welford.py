"""Running mean and variance (Welford), returned as a tuple."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def running_stats(xs):
    n = 0
    mean = 0.0
    m2 = 0.0
    for x in xs:
        n += 1
        delta = x - mean
        mean += delta / n
        m2 += delta * (x - mean)
    if n < 2:
        return mean, 0.0
    return mean, m2 / (n - 1)


def check():
    check_same(running_stats, np.random.RandomState(5).rand(500))
    check_same(running_stats, np.array([3.0]))
    check_same(running_stats, np.arange(10))
