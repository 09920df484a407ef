# An assignment's targets are names, attributes, subscripts and tuples of them.
# RUN: %ujit check --verify %s
from numba import njit


@njit
def f(a, x):
    # expected-error@+1:11 {{cannot assign to function call}}
    a[0], abs(x) = 1, 2
    return x
