"""Nested loops with break and continue: the first pair summing to a target."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def two_sum(a, target):
    n = len(a)
    ans = (-1, -1)
    for i in range(n):
        if a[i] > target:
            continue
        done = False
        for j in range(i + 1, n):
            if a[i] + a[j] == target:
                ans = (i, j)
                done = True
                break
        if done:
            break
    return ans


def check():
    check_same(two_sum, np.array([2, 7, 11, 15, 3, 6]), 9)
    check_same(two_sum, np.array([1, 2]), 10)
