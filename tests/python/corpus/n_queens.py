"""N-queens by recursive backtracking over bool arrays of used columns and diagonals, counting
solutions and returning the first one found."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def place(row, n, cols, d1, d2, pos, first):
    if row == n:
        if first[0] < 0:
            first[:] = pos
        return 1
    total = 0
    for c in range(n):
        if cols[c] or d1[row + c] or d2[row - c + n - 1]:
            continue
        cols[c] = d1[row + c] = d2[row - c + n - 1] = True
        pos[row] = c
        total += place(row + 1, n, cols, d1, d2, pos, first)
        cols[c] = d1[row + c] = d2[row - c + n - 1] = False
    return total


@njit
def queens(n):
    cols = np.zeros(n, np.bool_)
    d1 = np.zeros(2 * n - 1, np.bool_)
    d2 = np.zeros(2 * n - 1, np.bool_)
    pos = np.zeros(n, np.int64)
    first = np.full(n, -1, np.int64)
    return place(0, n, cols, d1, d2, pos, first), first


def check():
    for n in (4, 6, 8):
        check_same(queens, n)
