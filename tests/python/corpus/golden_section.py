"""Golden-section search for the minimum of a unimodal function, the function an inner closure
over the caller's parameters, with a while loop on the bracket width."""
import math

from numba import njit
from _same import check_same

INV_PHI = (math.sqrt(5.0) - 1.0) / 2.0


@njit
def minimize(a0, b0, center, scale):
    def f(x):
        return scale * (x - center) ** 2 + math.cos(x)

    a, b = a0, b0
    c = b - INV_PHI * (b - a)
    d = a + INV_PHI * (b - a)
    steps = 0
    while abs(b - a) > 1e-9:
        if f(c) < f(d):
            b = d
        else:
            a = c
        c = b - INV_PHI * (b - a)
        d = a + INV_PHI * (b - a)
        steps += 1
    x = 0.5 * (a + b)
    return x, f(x), steps


def check():
    check_same(minimize, -5.0, 5.0, 1.0, 2.0)
    check_same(minimize, 0.0, 10.0, 3.0, 0.5)
