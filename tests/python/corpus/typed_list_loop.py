"""numba.typed.List made in Python and filled in compiled code, then read back in Python:
the recommended container for lists crossing the boundary."""
import numpy as np
from numba import njit
from numba.typed import List


@njit
def fill(lst, n):
    for i in range(n):
        lst.append(i * 0.5)
    return len(lst)


@njit
def total(lst):
    s = 0.0
    for v in lst:
        s += v
    return s


def check():
    lst = List()
    lst.append(1.0)
    assert fill(lst, 5) == 6
    assert list(lst) == [1.0, 0.0, 0.5, 1.0, 1.5, 2.0]
    assert total(lst) == 6.0
