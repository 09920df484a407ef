"""Integer array arithmetic where Python and C disagree: floor division and modulo of negative
numbers (NumPy follows Python), integer true division to float, int32 arrays wrapping in
place, shifts, and sums of bool arrays."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def floor_ops(a, d):
    return a // d, a % d, a / d, np.floor_divide(a, d), np.mod(a, d)


@njit
def wrap32(a):
    for i in range(a.shape[0]):
        a[i] = a[i] * 3 + 1


@njit
def bool_counts(a):
    m = a > 0
    return m.sum(), np.sum(m), m.mean(), (m * 1).sum(), np.cumsum(m)


@njit
def shifts(a):
    return a << 2, a >> 1, a & 0xF, a | 1, a ^ a[::-1], ~a


def check():
    a = np.array([-7, -3, 0, 3, 7, 10, -10], dtype=np.int64)
    check_same(floor_ops, a, 3)
    check_same(floor_ops, a, -4)
    check_same(floor_ops, a, np.array([2, -2, 5, -5, 3, -3, 4]))
    check_same(wrap32, np.array([2 ** 30, -2 ** 30, 7, 2 ** 31 - 1], dtype=np.int32))
    check_same(bool_counts, a)
    check_same(shifts, a)
