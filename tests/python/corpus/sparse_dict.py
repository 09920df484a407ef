"""A sparse matrix as a dict keyed by (row, col) tuples: built from triplets (duplicates add),
multiplied by a vector, and its transpose."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def build(rows, cols, vals):
    m = {}
    for k in range(rows.shape[0]):
        key = (rows[k], cols[k])
        if key in m:
            m[key] += vals[k]
        else:
            m[key] = vals[k]
    return m


@njit
def matvec(rows, cols, vals, x, n):
    m = build(rows, cols, vals)
    y = np.zeros(n)
    for key, v in m.items():
        y[key[0]] += v * x[key[1]]
    return y, len(m)


@njit
def transpose_sum(rows, cols, vals):
    m = build(rows, cols, vals)
    t = {}
    for (i, j), v in m.items():
        t[(j, i)] = v
    total = 0.0
    for key in t:
        total += t[key] * (key[0] + 1)
    return total


def check():
    rng = np.random.RandomState(6)
    rows = rng.randint(0, 5, 30)
    cols = rng.randint(0, 5, 30)
    vals = rng.rand(30)
    check_same(matvec, rows, cols, vals, rng.rand(5), 5)
    check_same(transpose_sum, rows, cols, vals)
