"""Longest common subsequence by dynamic programming on a 2-D table of two strings."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def lcs(a, b):
    n, m = len(a), len(b)
    table = np.zeros((n + 1, m + 1), dtype=np.int64)
    for i in range(1, n + 1):
        for j in range(1, m + 1):
            if a[i - 1] == b[j - 1]:
                table[i, j] = table[i - 1, j - 1] + 1
            else:
                table[i, j] = max(table[i - 1, j], table[i, j - 1])
    return table[n, m]


def check():
    check_same(lcs, "AGGTAB", "GXTXAYB")
    check_same(lcs, "", "abc")
