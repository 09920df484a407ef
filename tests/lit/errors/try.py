# Exception handling is outside the subset.
# RUN: %ujit check --verify %s
from numba import njit


@njit
def f(x):
    # expected-error@+1:5 {{'try' statements are not supported by ujit}}
    try:
        return 1.0 / x
    except ZeroDivisionError:
        return 0.0
