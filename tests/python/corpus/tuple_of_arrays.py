"""Functions returning tuples of arrays and indexing tuples with constants."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def split_even_odd(a):
    n_even = 0
    for x in a:
        if x % 2 == 0:
            n_even += 1
    even = np.empty(n_even, a.dtype)
    odd = np.empty(a.size - n_even, a.dtype)
    i = j = 0
    for x in a:
        if x % 2 == 0:
            even[i] = x
            i += 1
        else:
            odd[j] = x
            j += 1
    return even, odd


@njit
def use(a):
    t = split_even_odd(a)
    return t[0].sum() - t[1].sum(), t[1]


def check():
    check_same(split_even_odd, np.arange(11))
    check_same(use, np.arange(7))
