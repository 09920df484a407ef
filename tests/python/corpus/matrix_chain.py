"""Matrix chain multiplication order by dynamic programming, with the split table read back
recursively into a parenthesisation string."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def chain_order(dims):
    n = dims.shape[0] - 1
    cost = np.zeros((n, n), np.int64)
    split = np.zeros((n, n), np.int64)
    for length in range(2, n + 1):
        for i in range(n - length + 1):
            j = i + length - 1
            cost[i, j] = np.iinfo(np.int64).max
            for k in range(i, j):
                c = cost[i, k] + cost[k + 1, j] + dims[i] * dims[k + 1] * dims[j + 1]
                if c < cost[i, j]:
                    cost[i, j] = c
                    split[i, j] = k
    return cost[0, n - 1], split


@njit
def parens(split, i, j):
    if i == j:
        return "A" + str(i + 1)
    k = split[i, j]
    return "(" + parens(split, i, k) + parens(split, k + 1, j) + ")"


@njit
def best(dims):
    c, s = chain_order(dims)
    return c, parens(s, 0, dims.shape[0] - 2)


def check():
    check_same(best, np.array([30, 35, 15, 5, 10, 20, 25]))
    check_same(best, np.array([10, 20, 30]))
