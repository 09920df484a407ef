"""int(), float(), bool() and complex() conversions of numbers (Numba has no int(str))."""
from numba import njit
from _same import check_same


@njit
def conv(x):
    return int(x), float(x), bool(x), int(-x), complex(x)


@njit
def truthy(n):
    return bool(n), bool(n - n), not n, bool(0.0), int(True) + int(False)


def check():
    for x in (3.7, -3.7, 0.0, 2, -5):
        check_same(conv, x)
    check_same(truthy, 3)
