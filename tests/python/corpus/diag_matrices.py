"""Diagonal matrices: building one with np.diag, scaling rows and columns, reading the
diagonal back, the trace and a diagonally dominant check."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def scale_rows(d, m):
    return np.dot(np.diag(d), m), np.dot(m, np.diag(d))


@njit
def dominant(m):
    d = np.abs(np.diag(m))
    rest = np.abs(m).sum(axis=1) - d
    return np.all(d > rest), np.trace(m), np.diag(m, 1), np.diag(m, -1)


@njit
def tridiagonal(n):
    return np.diag(np.full(n, 2.0)) + np.diag(np.full(n - 1, -1.0), 1) + np.diag(np.full(n - 1, -1.0), -1)


def check():
    r = np.random.RandomState(9)
    m = r.standard_normal((4, 4))
    check_same(scale_rows, np.array([1.0, 2.0, 3.0, 4.0]), m)
    check_same(dominant, m + np.diag(np.full(4, 10.0)))
    check_same(dominant, m)
    check_same(tridiagonal, 5)
