"""Trapezoid-rule integration of math.sin and a polynomial."""
import math

from numba import njit
from _same import check_same


@njit
def integrate_sin(a, b, n):
    h = (b - a) / n
    s = 0.5 * (math.sin(a) + math.sin(b))
    for i in range(1, n):
        s += math.sin(a + i * h)
    return s * h


@njit
def integrate_poly(a, b, n):
    h = (b - a) / n
    s = 0.0
    for i in range(n + 1):
        x = a + i * h
        w = 0.5 if i == 0 or i == n else 1.0
        s += w * (3 * x ** 2 - 2 * x + 1)
    return s * h


def check():
    check_same(integrate_sin, 0.0, math.pi, 1000)
    check_same(integrate_poly, 0, 2, 100)
