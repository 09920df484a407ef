# `ujit run` of slice assignment, del of a slice, a lambda sort key and np.array of a list
# (the CHECK lines are CPython's and NumPy's output for the same function).
# RUN: %ujit run %s splice 6 | FileCheck %s
import numpy as np
from numba import njit


@njit
def splice(n):
    l = list(range(n))
    l[1:3] = [10, 11, 12]
    del l[::2]
    m = sorted(l, key=lambda x: x % 3, reverse=True)
    a = np.array([[i, i + 1] for i in range(n)])
    print(l, m, a.shape[0], a.shape[1], a.sum())
    return m


# CHECK: [10, 12, 4] [10, 4, 12] 6 2 36
# CHECK-NEXT: [10, 4, 12]
