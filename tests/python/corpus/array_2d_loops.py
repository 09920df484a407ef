"""Row and column sums of a 2-D array with nested loops and shape unpacking."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def row_col_sums(m):
    rows, cols = m.shape
    r = np.zeros(rows)
    c = np.zeros(cols)
    for i in range(rows):
        for j in range(cols):
            r[i] += m[i, j]
            c[j] += m[i, j]
    return r, c, r.sum() == c.sum()


def check():
    check_same(row_col_sums, np.arange(12.0).reshape(3, 4))
