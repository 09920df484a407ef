# A malformed signature string is reported inside the string.
# RUN: %ujit check --verify %s
from numba import njit


# expected-error@+1:23 {{invalid signature 'float64(float64': expected ',' or ')'}}
@njit('float64(float64')
def f(x):
    return x
