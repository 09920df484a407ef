"""while True with break, and a counter of iterations until convergence."""
import math

from numba import njit
from _same import check_same


@njit
def fixed_point(x0):
    x = x0
    n = 0
    while True:
        nx = math.cos(x)
        n += 1
        if abs(nx - x) < 1e-12:
            break
        x = nx
    return x, n


def check():
    check_same(fixed_point, 1.0)
