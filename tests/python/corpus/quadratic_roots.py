"""Roots of quadratics with complex results: cmath.sqrt of the discriminant, the numerically
stable form, and a check that both roots satisfy the equation."""
import cmath

import numpy as np
from numba import njit
from _same import check_same


@njit
def roots(a, b, c):
    disc = cmath.sqrt(b * b - 4 * a * c)
    q = -0.5 * (b + disc) if b >= 0 else -0.5 * (b - disc)
    r1 = q / a
    r2 = c / q
    return r1, r2


@njit
def residuals(coefs):
    out = np.empty(coefs.shape[0])
    for i in range(coefs.shape[0]):
        a, b, c = coefs[i, 0], coefs[i, 1], coefs[i, 2]
        r1, r2 = roots(a, b, c)
        out[i] = max(abs(a * r1 * r1 + b * r1 + c), abs(a * r2 * r2 + b * r2 + c))
    return out


def check():
    check_same(roots, 1.0, -3.0, 2.0)
    check_same(roots, 1.0, 2.0, 5.0)
    check_same(roots, 2.0, 0.0, 8.0)
    coefs = np.random.RandomState(22).randn(10, 3)
    check_same(residuals, coefs)
    assert (residuals(coefs) < 1e-9).all()
