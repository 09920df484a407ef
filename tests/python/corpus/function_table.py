"""Choosing among @njit functions at run time: passing them as arguments to a generic
integrator, a tuple of functions indexed in a loop (literal_unroll-free: each called by
position), and a function returned by a branch."""
import math

from numba import njit
from _same import check_same


@njit
def f_sin(x):
    return math.sin(x)


@njit
def f_sq(x):
    return x * x


@njit
def f_exp(x):
    return math.exp(-x)


@njit
def simpson(f, a, b, n):
    h = (b - a) / n
    s = f(a) + f(b)
    for i in range(1, n):
        s += (4 if i % 2 else 2) * f(a + i * h)
    return s * h / 3


@njit
def integrals(n):
    return simpson(f_sin, 0.0, math.pi, n), simpson(f_sq, 0.0, 1.0, n), simpson(f_exp, 0.0, 2.0, n)


def check():
    check_same(integrals, 100)
