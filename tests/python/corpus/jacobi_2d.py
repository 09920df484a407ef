"""Laplace's equation on a square by Jacobi sweeps with slices, stopped when the largest
change (np.abs(...).max()) drops below a tolerance; the iteration count must agree."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def laplace(n, tol, max_iter):
    u = np.zeros((n, n))
    u[0, :] = 1.0
    for it in range(max_iter):
        new = u.copy()
        new[1:-1, 1:-1] = 0.25 * (u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:])
        change = np.abs(new - u).max()
        u = new
        if change < tol:
            return u, it + 1
    return u, max_iter


def check():
    check_same(laplace, 12, 1e-5, 5000)
