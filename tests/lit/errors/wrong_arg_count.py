# Calling a jitted function with the wrong number of arguments.
# RUN: %ujit check --verify %s
from numba import njit


@njit
def square(x):
    return x * x


@njit('float64(float64)')
def f(x):
    # expected-error@+1:12 {{'square' takes 1 argument but 2 were given}}
    return square(x, x)
