# More indices than dimensions, as NumPy words it.
# RUN: %ujit check --verify %s
from numba import njit


@njit('float64(float64[:])')
def f(a):
    # expected-error@+1:14 {{too many indices for array: array is 1-dimensional, but 2 were indexed}}
    return a[0, 1:]
