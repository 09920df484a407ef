"""int32 arrays: sums widen, array-with-array results keep NumPy's dtypes (an int32 array with
the literal 2 is int64 in Numba, NumPy 1.x's value-based casting says int32: not compared)."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def ints(a, b, c):
    s = 0
    for x in a:
        s += x
    return s, a + b, a * b, a.sum(), b.max(), a // (b + c), a % (b + c), -a, a - b


def check():
    check_same(ints, np.arange(10, dtype=np.int32), np.arange(10, dtype=np.int32)[::-1].copy(), np.ones(10, np.int32))
    check_same(ints, np.arange(5, dtype=np.int64), np.ones(5, dtype=np.int64), np.ones(5, np.int64))
