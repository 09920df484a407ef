# Class definitions are outside the subset.
# RUN: %ujit check --verify %s
from numba import njit


# expected-error@+1:1 {{class definitions are not supported by ujit}}
class Point:
    pass


@njit
def f(x):
    return x
