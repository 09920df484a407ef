# Dict literals are outside the subset.
# RUN: %ujit check --verify %s
from numba import njit


@njit
def f(x):
    # expected-error@+1:9 {{dict literals are not supported by ujit}}
    d = {}
    return x
