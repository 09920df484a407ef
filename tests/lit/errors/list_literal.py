# List literals are outside the subset (ujit has tuples and arrays).
# RUN: %ujit check --verify %s
from numba import njit


@njit
def f(x):
    # expected-error@+1:9 {{list literals are not supported by ujit}}
    a = [x, x]
    return x
