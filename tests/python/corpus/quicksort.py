"""Recursive quicksort (Lomuto partition) in place."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def partition(a, lo, hi):
    pivot = a[hi]
    i = lo - 1
    for j in range(lo, hi):
        if a[j] <= pivot:
            i += 1
            a[i], a[j] = a[j], a[i]
    a[i + 1], a[hi] = a[hi], a[i + 1]
    return i + 1


@njit
def quicksort(a, lo, hi):
    if lo < hi:
        p = partition(a, lo, hi)
        quicksort(a, lo, p - 1)
        quicksort(a, p + 1, hi)


@njit
def sort(a):
    quicksort(a, 0, len(a) - 1)
    return a


def check():
    check_same(sort, np.random.RandomState(1).rand(200))
    check_same(sort, np.array([5, 4, 3, 2, 1]))
