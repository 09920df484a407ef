"""Eager compilation with signature strings and numba types."""
import numpy as np
from numba import njit, float64, int64
from _same import check_same



@njit("float64(float64[:])")
def total(a):
    s = 0.0
    for x in a:
        s += x
    return s


@njit(int64(int64, int64))
def add(a, b):
    return a + b


@njit(["float64(float64)", "int64(int64)"])
def twice(x):
    return x * 2


def check():
    check_same(total, np.arange(10.0))
    check_same(add, 2, 3)
    check_same(twice, 2.5)
    check_same(twice, 4)
    assert type(twice(4)) is int  # the exact int64(int64) signature, though float64 is listed first
