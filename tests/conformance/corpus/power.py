# The ** operator: int ** non-negative int is an int64; float ** int and float ** float are
# float64; exact where the result is representable.
from numba import njit


# cases: (2, 10), (-3, 3), (0, 0), (7, 0), (2, 62), (-2, 63), (-1, 1001), (10, 18)
@njit
def int_pow(a, n):
    return a ** n


# cases: (2.0, 10), (-2.0, 3), (0.5, 3), (2.0, -2), (0.0, 0), (-1.5, 2)
@njit
def float_pow_int(x, n):
    return x ** n


# cases: (4.0, 0.5), (2.0, -1.0), (0.0, 0.0), (-8.0, 1.0), (1.0, 1e300)
@njit
def float_pow_float(x, y):
    return x ** y


# Repeated squaring (Numba) and pow() (CPython) may round differently.
# tol: 1e-14
# cases: (1.1, 10), (3.7, 5), (0.9, 50)
@njit
def float_pow_int_inexact(x, n):
    return x ** n


# Literal exponents.
# cases: 3, -4
@njit
def square_and_cube(n):
    return n ** 2, n ** 3


# cases: 2.5, -0.5
@njit
def float_literal_exponents(x):
    return x ** 2, x ** 3, x ** 0


# An int raised to a float is a float.
# cases: (4, 0.5), (2, -1.0)
@njit
def int_pow_float(n, y):
    return n ** y


# pow() is the same operator.
# cases: (3, 4), (-2, 5)
@njit
def builtin_pow(a, n):
    return pow(a, n)
