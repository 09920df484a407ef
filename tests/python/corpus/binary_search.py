"""Binary search in a sorted array, -1 when absent."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def binary_search(a, x):
    lo, hi = 0, len(a) - 1
    while lo <= hi:
        mid = (lo + hi) // 2
        if a[mid] == x:
            return mid
        elif a[mid] < x:
            lo = mid + 1
        else:
            hi = mid - 1
    return -1


def check():
    a = np.arange(0, 200, 3)
    for x in (0, 3, 99, 100, 197, 198, -5):
        check_same(binary_search, a, x)
