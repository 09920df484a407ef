# An array expression whose result is not stored into an existing array would allocate.
# RUN: %ujit check --verify %s
from numba import njit


@njit('float64(float64[:])')
def f(a):
    # expected-error@+1:9 {{this array expression makes a new array, which ujit cannot allocate yet}}
    b = a * 2.0
    return b[0]
