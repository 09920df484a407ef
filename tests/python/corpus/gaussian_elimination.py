"""Determinant by Gaussian elimination with partial pivoting."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def det(m):
    a = m.astype(np.float64)
    n = a.shape[0]
    sign = 1.0
    for col in range(n):
        piv = col
        for r in range(col + 1, n):
            if abs(a[r, col]) > abs(a[piv, col]):
                piv = r
        if a[piv, col] == 0:
            return 0.0
        if piv != col:
            tmp = a[col].copy()
            a[col] = a[piv]
            a[piv] = tmp
            sign = -sign
        for r in range(col + 1, n):
            f = a[r, col] / a[col, col]
            a[r, col:] -= f * a[col, col:]
    result = sign
    for i in range(n):
        result *= a[i, i]
    return result


def check():
    check_same(det, np.random.RandomState(0).rand(5, 5))
    check_same(det, np.array([[1, 2], [2, 4]]))
    assert abs(det(np.array([[2.0, 1.0], [1.0, 3.0]])) - 5.0) < 1e-12
