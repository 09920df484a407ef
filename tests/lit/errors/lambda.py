# Lambdas compile as inner functions; default parameter values and escaping closures do not.
# RUN: %ujit check --verify %s
from numba import njit


@njit
def f(x):
    # expected-error@+1:17 {{default parameter values are not supported by ujit}}
    g = lambda y=1: y + 1
    return g(x)
