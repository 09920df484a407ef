"""Newton's method and bisection taking @njit functions as arguments (first-class functions),
and Kepler's equation solved with a closure over the eccentricity."""
import math

import numpy as np
from numba import njit
from _same import check_same


@njit
def cubic(x):
    return x ** 3 - 2.0 * x - 5.0


@njit
def cubic_prime(x):
    return 3.0 * x ** 2 - 2.0


@njit
def newton(f, df, x0, tol, maxiter):
    x = x0
    for i in range(maxiter):
        step = f(x) / df(x)
        x -= step
        if abs(step) < tol:
            return x, i + 1
    return x, maxiter


@njit
def bisect(f, a, b, tol):
    fa = f(a)
    while b - a > tol:
        m = 0.5 * (a + b)
        fm = f(m)
        if (fm < 0) == (fa < 0):
            a, fa = m, fm
        else:
            b = m
    return 0.5 * (a + b)


@njit
def kepler(mean_anomalies, e):
    def g(E, M):
        return E - e * math.sin(E) - M

    def dg(E):
        return 1.0 - e * math.cos(E)

    out = np.empty_like(mean_anomalies)
    for k in range(mean_anomalies.shape[0]):
        M = mean_anomalies[k]
        E = M
        for _ in range(50):
            d = g(E, M) / dg(E)
            E -= d
            if abs(d) < 1e-14:
                break
        out[k] = E
    return out


def check():
    check_same(newton, cubic, cubic_prime, 2.0, 1e-12, 50)
    check_same(bisect, cubic, 2.0, 3.0, 1e-10)
    check_same(kepler, np.linspace(0.1, 3.0, 9), 0.3)
