"""The 1-D heat equation with an explicit scheme and array slices."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def heat(u, alpha, steps):
    for _ in range(steps):
        u[1:-1] = u[1:-1] + alpha * (u[2:] - 2 * u[1:-1] + u[:-2])
    return u


def check():
    u = np.zeros(50)
    u[20:30] = 1.0
    check_same(heat, u, 0.25, 100)
