# Lambdas are outside the subset.
# RUN: %ujit check --verify %s
from numba import njit


@njit
def f(x):
    # expected-error@+1:9 {{lambda expressions are not supported by ujit}}
    g = lambda y: y + 1
    return x
