"""Finding the delay between two signals by cross-correlation (np.correlate of a padded
signal), after smoothing with np.convolve."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def smooth(x, width):
    k = np.ones(width) / width
    return np.convolve(x, k)[width - 1:x.size]


@njit
def best_lag(a, b, max_lag):
    padded = np.zeros(a.size + 2 * max_lag)
    padded[max_lag:max_lag + a.size] = a
    c = np.correlate(padded, b)
    return np.argmax(c) - max_lag, c


def check():
    r = np.random.RandomState(2)
    a = r.standard_normal(120)
    b = np.roll(a, 7) + 0.1 * r.standard_normal(120)
    check_same(smooth, a, 5)
    check_same(best_lag, b, a, 20)
