# Set literals are outside the subset.
# RUN: %ujit check --verify %s
from numba import njit


@njit
def f(x):
    # expected-error@+1:9 {{set literals are not supported by ujit}}
    s = {x, 1}
    return x
