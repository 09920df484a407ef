"""Newton's method for square roots with a tolerance loop."""
from numba import njit
from _same import check_same


@njit
def newton_sqrt(x, tol=1e-12):
    if x == 0:
        return 0.0
    g = x / 2.0
    while abs(g * g - x) > tol * x:
        g = 0.5 * (g + x / g)
    return g


def check():
    for x in (2.0, 10.0, 1e6, 0.25, 0):
        check_same(newton_sqrt, x)
    check_same(newton_sqrt, 2, 1e-3)
