# Context managers are outside the subset.
# RUN: %ujit check --verify %s
from numba import njit


@njit
def f(x):
    # expected-error@+1:5 {{'with' statements are not supported by ujit}}
    with x:
        return x
