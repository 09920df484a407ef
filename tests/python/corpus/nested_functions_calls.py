"""Helper functions calling each other with default arguments and keyword calls."""
from numba import njit
from _same import check_same


@njit
def clamp(x, lo=0.0, hi=1.0):
    return min(max(x, lo), hi)


@njit
def lerp(a, b, t):
    return a + (b - a) * clamp(t)


@njit
def many(n):
    s = 0.0
    for i in range(n):
        s += lerp(0.0, 10.0, i / (n - 1)) + clamp(i, hi=3.0) + clamp(-i, lo=-2.0)
    return s


def check():
    check_same(many, 11)
    check_same(clamp, 5.0)
    check_same(clamp, 0.5, hi=0.25)
