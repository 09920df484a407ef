"""Augmented assignments on scalars of every operator."""
from numba import njit
from _same import check_same


@njit
def ops(a, b):
    x = a
    x += b
    x -= 1
    x *= 3
    y = x
    y //= 4
    z = x
    z %= 7
    w = a
    w **= 2
    v = a
    v /= 4
    u = a
    u <<= 2
    u >>= 1
    u |= 8
    u &= 13
    u ^= 5
    return x, y, z, w, v, u


def check():
    check_same(ops, 7, 5)
    check_same(ops, -7, 2)
