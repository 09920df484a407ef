"""for/else: the first multiple, or -1 when the loop ran out."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def first_multiple(a, k):
    for i in range(len(a)):
        if a[i] % k == 0:
            found = i
            break
    else:
        found = -1
    return found


@njit
def primes_below(n):
    out = []
    for p in range(2, n):
        for d in range(2, p):
            if p % d == 0:
                break
        else:
            out.append(p)
    return out


def check():
    check_same(first_multiple, np.array([3, 5, 7, 10, 11]), 5)
    check_same(first_multiple, np.array([3, 5, 7]), 4)
    check_same(primes_below, 50)
