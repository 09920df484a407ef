"""Conditional expressions and and/or returning values of unified types."""
from numba import njit
from _same import check_same


@njit
def classify(x):
    kind = "neg" if x < 0 else ("zero" if x == 0 else "pos")
    sign = -1 if x < 0 else 1
    mag = x if x >= 0 else -x
    return kind, sign, mag, (x > 0 and x < 10), (x < -5 or x > 5)


@njit
def default_or(x):
    y = x or 7
    z = x and 3.5
    return y, z


def check():
    for x in (-7, 0, 3, 12):
        check_same(classify, x)
    check_same(classify, 2.5)
    check_same(default_or, 0)
    check_same(default_or, 4)
