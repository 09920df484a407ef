"""Fitting a polynomial by least squares: the normal equations solved with np.linalg.solve,
and the residual's norm."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def polyfit(x, y, degree):
    n = x.shape[0]
    X = np.empty((n, degree + 1))
    for i in range(n):
        for j in range(degree + 1):
            X[i, j] = x[i] ** j
    A = X.T @ X
    rhs = X.T @ y
    coef = np.linalg.solve(A, rhs)
    fit = X @ coef
    return coef, np.linalg.norm(y - fit)


def check():
    x = np.linspace(-1.0, 1.0, 30)
    y = 1.0 - 2.0 * x + 0.5 * x ** 2 + 0.01 * np.sin(40 * x)
    check_same(polyfit, x, y, 2, rtol=1e-7)
    check_same(polyfit, x, y, 4, rtol=1e-6)
