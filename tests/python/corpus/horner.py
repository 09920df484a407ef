"""Polynomial evaluation by Horner's rule, on scalars and on an array."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def horner(coeffs, x):
    result = 0.0
    for c in coeffs:
        result = result * x + c
    return result


@njit
def horner_array(coeffs, xs):
    out = np.empty_like(xs)
    for i in range(xs.shape[0]):
        out[i] = horner(coeffs, xs[i])
    return out


def check():
    c = np.array([1.0, -2.0, 0.5, 3.0])
    check_same(horner, c, 1.5)
    check_same(horner, c, 2)
    check_same(horner_array, c, np.linspace(-1, 1, 7))
