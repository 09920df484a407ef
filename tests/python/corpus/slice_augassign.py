"""Augmented assignment through slices of arrays (views written in place)."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def bump(a, b):
    a[1:5] += 1
    a[::2] *= 2
    a[-3:] -= b[:3]
    return a


@njit
def rows_cols(m):
    m[:, 0] *= 10
    m[1] += m[0]
    m[1:, 1:] /= 2
    m[0, :] **= 2
    return m


def check():
    check_same(bump, np.arange(10.0), np.ones(5))
    check_same(rows_cols, np.arange(12.0).reshape(3, 4))
