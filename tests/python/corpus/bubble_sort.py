"""Bubble sort in place with an early exit."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def bubble_sort(a):
    n = len(a)
    for i in range(n):
        swapped = False
        for j in range(n - i - 1):
            if a[j] > a[j + 1]:
                a[j], a[j + 1] = a[j + 1], a[j]
                swapped = True
        if not swapped:
            break
    return a


def check():
    check_same(bubble_sort, np.random.RandomState(0).randint(0, 100, 50))
    check_same(bubble_sort, np.array([3.5, -1.0, 2.0]))
