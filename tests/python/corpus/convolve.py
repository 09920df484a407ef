"""1-D convolution by hand and with np.convolve."""
import numpy as np
from numba import njit
from _same import check_same



@njit
def conv_valid(x, k):
    n, m = len(x), len(k)
    out = np.zeros(n - m + 1)
    for i in range(n - m + 1):
        for j in range(m):
            out[i] += x[i + j] * k[m - 1 - j]
    return out


@njit
def conv_np(x, k):
    return np.convolve(x, k)


def check():
    x = np.random.RandomState(0).rand(20)
    k = np.array([0.25, 0.5, 0.25])
    check_same(conv_valid, x, k)
    check_same(conv_np, x, k)
