"""Recursive merge sort returning new arrays."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def merge_sort(a):
    if len(a) <= 1:
        return a.copy()
    mid = len(a) // 2
    left = merge_sort(a[:mid])
    right = merge_sort(a[mid:])
    out = np.empty_like(a)
    i = j = k = 0
    while i < len(left) and j < len(right):
        if left[i] <= right[j]:
            out[k] = left[i]
            i += 1
        else:
            out[k] = right[j]
            j += 1
        k += 1
    while i < len(left):
        out[k] = left[i]
        i += 1
        k += 1
    while j < len(right):
        out[k] = right[j]
        j += 1
        k += 1
    return out


def check():
    check_same(merge_sort, np.random.RandomState(2).rand(101))
    check_same(merge_sort, np.array([3, 1, 2]))
