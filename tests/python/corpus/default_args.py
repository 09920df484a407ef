"""Functions with default arguments called with and without them, from Python and compiled code."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def gauss_kernel(n, sigma=1.0, normalize=True):
    k = np.empty(n)
    c = (n - 1) / 2
    for i in range(n):
        k[i] = np.exp(-((i - c) ** 2) / (2 * sigma * sigma))
    if normalize:
        k /= k.sum()
    return k


@njit
def use():
    return gauss_kernel(5), gauss_kernel(5, 2.0), gauss_kernel(3, normalize=False)


def check():
    check_same(gauss_kernel, 7)
    check_same(gauss_kernel, 7, 0.5)
    check_same(gauss_kernel, 7, normalize=False)
    check_same(use)
