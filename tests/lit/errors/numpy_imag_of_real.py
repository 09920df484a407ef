# The imaginary part of a real array is a new array of zeros (allocation).
# RUN: %ujit check --verify %s
from numba import njit


@njit('float64(float64[:])')
def f(a):
    # expected-error@+1:14 {{'imag' of a array(float64, 1d, A) is a new array of zeros, which ujit cannot allocate yet}}
    return a.imag[0]
