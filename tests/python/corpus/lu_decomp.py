"""LU decomposition with partial pivoting (Doolittle, in place), then forward and back
substitution, against np.linalg.solve."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def lu(a):
    n = a.shape[0]
    lu = a.copy()
    perm = np.arange(n)
    for k in range(n):
        p = k + np.argmax(np.abs(lu[k:, k]))
        if p != k:
            tmp = lu[k].copy()
            lu[k] = lu[p]
            lu[p] = tmp
            perm[k], perm[p] = perm[p], perm[k]
        for i in range(k + 1, n):
            lu[i, k] /= lu[k, k]
            lu[i, k + 1:] -= lu[i, k] * lu[k, k + 1:]
    return lu, perm


@njit
def lu_solve(a, b):
    m, perm = lu(a)
    n = a.shape[0]
    y = b[perm].copy()
    for i in range(n):
        y[i] -= np.dot(m[i, :i], y[:i])
    x = np.empty(n)
    for i in range(n - 1, -1, -1):
        x[i] = (y[i] - np.dot(m[i, i + 1:], x[i + 1:])) / m[i, i]
    return x


def check():
    rng = np.random.RandomState(18)
    a = rng.rand(6, 6)
    b = rng.rand(6)
    check_same(lu, a)
    x = check_same(lu_solve, a, b)
    np.testing.assert_allclose(x, np.linalg.solve(a, b), rtol=1e-9)
