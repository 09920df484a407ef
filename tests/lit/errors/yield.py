# Generators are outside the subset.
# RUN: %ujit check --verify %s
from numba import njit


@njit
def f(n):
    for i in range(n):
        # expected-error@+1:9 {{'yield' expressions are not supported by ujit}}
        yield i
