# Numba has no ordering of complex numbers for min/max.
# RUN: %ujit check --verify %s
from numba import njit


@njit('float64(complex128[:])')
def f(z):
    # expected-error@+1:12 {{minimum of a complex array is not supported by ujit}}
    return z.min().real
